"""Every screen has a way out: the scoring screen's Esc (the pause menu) and G (the score sheet) as at
the table; the pause menu's Quit asks first, as Esc on the main menu does, and the game stays saved."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep.storage import Storage
from game.shell.flow import Flow
from scenes.rules import RulesScene
from scenes.scoring import ScoringScene
from scenes.table import TableScene
from tests.scene_helpers import FakeClock, key, play_table_hand


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1024, 640), storage=Storage(tmp_path / "data"))
    f.app.clock = FakeClock()
    yield f
    f.close()


def frames(flow: Flow, n: int = 1) -> None:
    flow.app.run(frames=n)


def press(flow: Flow, *keys: int) -> None:
    for k in keys:
        flow.app.scenes.current.handle_event(key(k))
        frames(flow)


def scoring_screen(flow: Flow) -> ScoringScene:
    flow.start_game(2, 5, "greedy", 5000, "instant")
    frames(flow, 3)
    table = flow.app.scenes.current
    assert isinstance(table, TableScene)
    play_table_hand(table, 5)
    table.apply_events([])
    flow.hand_ended(table)
    frames(flow)
    scoring = flow.app.scenes.current
    assert isinstance(scoring, ScoringScene)
    return scoring


def test_scoring_screen_esc_opens_the_pause_menu_and_its_rooms_come_back(flow: Flow) -> None:
    scoring = scoring_screen(flow)
    press(flow, pygame.K_ESCAPE)
    assert scoring.dialogs.paused is not None and not scoring.continued
    labels = [b.label for b in scoring.dialogs.paused.buttons]
    assert labels == ["Resume", "Settings", "Rules", "Main menu", "Quit"]
    scoring.dialogs.paused.buttons[2].activate()  # Rules
    frames(flow)
    rules = flow.app.scenes.current
    assert isinstance(rules, RulesScene)
    rules.on_back()
    frames(flow)
    assert flow.app.scenes.current is scoring and scoring.dialogs.paused is not None
    press(flow, pygame.K_ESCAPE)  # Esc leaves the pause menu
    assert scoring.dialogs.paused is None
    press(flow, pygame.K_RETURN)  # and Next hand still works
    assert scoring.continued


def test_scoring_screen_g_shows_the_score_sheet_and_g_goes_back(flow: Flow) -> None:
    scoring = scoring_screen(flow)
    drawn: list[str] = []
    import scenes.scoring as scoring_module

    real = scoring_module.draw_score_sheet

    def spy(surface, *args, **kw):
        drawn.append(kw.get("back", ""))
        return real(surface, *args, **kw)

    scoring_module.draw_score_sheet = spy
    try:
        press(flow, pygame.K_g)
        assert scoring.sheet and drawn == ["G or Esc: back to the scores"]
        press(flow, pygame.K_RETURN)  # a key on the sheet only closes it
        assert not scoring.sheet and not scoring.continued
        press(flow, pygame.K_g, pygame.K_g)
        assert not scoring.sheet and not scoring.continued
    finally:
        scoring_module.draw_score_sheet = real


@pytest.mark.parametrize("where", ["table", "scoring"])
def test_pause_quit_asks_first_and_the_game_stays_saved(flow: Flow, where: str) -> None:
    if where == "scoring":
        scene = scoring_screen(flow)
        dialogs = scene.dialogs
    else:
        flow.start_game(2, 5, "greedy", 5000, "instant")
        frames(flow, 3)
        scene = flow.app.scenes.current
        dialogs = scene.dialogs
    flow.app.running = True
    scene.handle_event(key(pygame.K_ESCAPE))
    dialogs.paused.buttons[-1].activate()  # Quit
    assert flow.app.running and dialogs.dialog is not None  # asked, not gone
    assert dialogs.dialog.message == "Quit Bolivia?"
    scene.handle_event(key(pygame.K_ESCAPE))  # Esc on the question: stay
    assert flow.app.running and dialogs.dialog is None and dialogs.paused is not None
    dialogs.paused.buttons[-1].activate()
    scene.handle_event(key(pygame.K_y))  # yes: quit
    assert not flow.app.running
    assert flow.storage.has_save()  # nothing lost: Continue finds the game


def test_the_demos_scoring_screen_waits_while_paused(flow: Flow) -> None:
    scoring = scoring_screen(flow)
    scoring.auto_continue = 0.5
    scoring.handle_event(key(pygame.K_ESCAPE))
    scoring.update(5.0)
    assert not scoring.continued  # the pause menu holds it
    scoring.handle_event(key(pygame.K_ESCAPE))
    scoring.update(1.0)
    assert scoring.continued
