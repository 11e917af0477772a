"""What happened (W), played as a person plays: the whole hand, told from the game's record, read with the
wheel and PgUp/PgDn, still there after Quit and Continue, and spoken again in the language chosen in the
settings."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.i18n import set_language
from game.keep.storage import Storage
from game.rules.actions import Discard, DrawStock
from game.rules.legal import legal_actions
from game.rules.view import view_of
from game.shell.flow import Flow
from scenes.settings import SettingsScene
from scenes.table import TableScene
from tests.scene_helpers import FakeClock
from tests.table_driver import click, key, perform, run_frames, settle

SIZE = (1366, 768)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def open_flow(home: Path) -> Flow:
    flow = Flow(SIZE, storage=Storage(home))
    flow.app.clock = FakeClock()
    flow.app.running = True
    return flow


def play_turns(flow: Flow, turns: int) -> None:
    """The player's turns through the table's clicks (a draw, then the greedy player's discard or the
    first discard allowed), the computer's turns between them."""
    table = flow.table
    assert isinstance(table, TableScene)
    rng = random.Random(1)
    for _turn in range(turns):
        for _ in range(2000):
            run_frames(flow.app, 1, 0.05)
            if table.controller.human_to_act and table.tweener.idle:
                break
        perform(flow.app, table, DrawStock())
        settle(flow.app, table)
        legal = [a for a in legal_actions(table.state) if isinstance(a, Discard)]
        choice = choose_greedy(view_of(table.state, 0), legal_actions(table.state), rng)
        perform(flow.app, table, choice if isinstance(choice, Discard) else legal[0])
        settle(flow.app, table)


def read_all(flow: Flow) -> list[str]:
    """Every line of the W panel, read from its top (Home) down a page at a time (PgDn)."""
    table = flow.table
    assert isinstance(table, TableScene) and table.overlay == "log"
    key(flow.app, pygame.K_HOME)
    run_frames(flow.app, 1)
    seen = list(table.panels.shown)
    while table.panels.scroll.top < table.panels.scroll.last:
        before = table.panels.scroll.top
        key(flow.app, pygame.K_PAGEDOWN)
        run_frames(flow.app, 1)
        assert table.panels.scroll.top > before
        seen += table.panels.shown[len(seen) - table.panels.scroll.top:]  # the lines this page adds
    return seen


def words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


def test_after_quit_and_continue_w_still_tells_the_hand_so_far(tmp_path: Path) -> None:
    flow = open_flow(tmp_path)
    try:
        flow.start_game(2, 7, "greedy", 5000, "instant")
        run_frames(flow.app, 2)
        play_turns(flow, 6)
        said = list(flow.table.log)  # what the table said, move by move, before the Quit
        assert said[0].startswith("Hand 1") and len(said) > 12
    finally:
        flow.close()  # Quit: the save is written
    flow = open_flow(tmp_path)
    try:
        flow.continue_game()
        run_frames(flow.app, 2)
        table = flow.table
        assert isinstance(table, TableScene)
        assert table.log[:len(said)] == said  # the small panel too (the computer may have played on since)
        key(flow.app, pygame.K_w)
        run_frames(flow.app, 1)
        assert table.overlay == "log"
        assert words(table.panels.shown) == words(table.log)[-len(words(table.panels.shown)):]  # at the newest
        assert words(read_all(flow)) == words(table.log)  # every move of the hand, from its deal, none twice
        assert len(table.log) > len(said) - 1 and table.log[:len(said)] == said
    finally:
        flow.close()


def wheel(flow: Flow, notches: int) -> None:
    """A turn of the mouse wheel as SDL sends it: the wheel event and the old buttons 4 and 5."""
    pos = (SIZE[0] // 2, SIZE[1] // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    button = 4 if notches > 0 else 5
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    run_frames(flow.app, 1)


def test_the_wheel_and_the_page_keys_move_through_the_story_and_a_click_leaves(tmp_path: Path) -> None:
    flow = open_flow(tmp_path)
    try:
        flow.start_game(2, 11, "greedy", 5000, "instant")
        run_frames(flow.app, 2)
        play_turns(flow, 8)
        table = flow.table
        key(flow.app, pygame.K_w)
        run_frames(flow.app, 1)
        scroll = table.panels.scroll
        assert scroll.lines > scroll.room and scroll.top == scroll.last  # longer than the panel; at its end
        newest = list(table.panels.shown)
        wheel(flow, 1)  # up a notch: three lines back, and the panel stays open
        assert table.overlay == "log" and scroll.top == scroll.last - 3
        assert table.panels.shown[3:] == newest[:-3]
        wheel(flow, -1)
        assert scroll.top == scroll.last and table.panels.shown == newest
        key(flow.app, pygame.K_PAGEUP)
        run_frames(flow.app, 1)
        assert scroll.top == max(0, scroll.last - (scroll.room - 1))
        assert table.panels.shown[-1] == newest[0] or scroll.top == 0  # a line kept from the page below
        key(flow.app, pygame.K_END)
        run_frames(flow.app, 1)
        assert table.panels.shown == newest
        key(flow.app, pygame.K_HOME)
        run_frames(flow.app, 1)
        assert table.panels.shown[0].startswith("Hand 1")
        to_act, moves = table.state.to_act, len(table.controller.record.hands[-1].moves)
        run_frames(flow.app, 100, 0.05)  # the computer waits while the story is read
        assert (table.state.to_act, len(table.controller.record.hands[-1].moves)) == (to_act, moves)
        click(flow.app, (5, 5))
        assert table.overlay is None
        key(flow.app, pygame.K_w)
        run_frames(flow.app, 1)
        assert scroll is not table.panels.scroll and table.panels.scroll.at_end  # opened again at the newest
    finally:
        flow.close()


def test_after_a_language_change_w_speaks_the_new_language(tmp_path: Path) -> None:
    flow = open_flow(tmp_path)
    try:
        flow.start_game(2, 5, "greedy", 5000, "instant")
        run_frames(flow.app, 2)
        play_turns(flow, 3)
        table = flow.table
        key(flow.app, pygame.K_w)
        run_frames(flow.app, 1)
        english = list(table.panels.shown)
        assert any(line.startswith("You drew") for line in english)
        key(flow.app, pygame.K_ESCAPE)  # back to the table, then its pause menu, then the settings
        key(flow.app, pygame.K_ESCAPE)
        assert table.paused is not None
        click(flow.app, next(b for b in table.paused.buttons if b.label == "Settings").rect.center)
        run_frames(flow.app, 1)
        settings = flow.app.scenes.current
        assert isinstance(settings, SettingsScene) and settings.focus == "language"
        key(flow.app, pygame.K_RIGHT)  # System (English) -> English -> Français
        key(flow.app, pygame.K_RIGHT)
        key(flow.app, pygame.K_ESCAPE)  # done: back to the game's pause menu
        run_frames(flow.app, 1)
        assert flow.app.scenes.current is table
        key(flow.app, pygame.K_ESCAPE)
        key(flow.app, pygame.K_w)
        run_frames(flow.app, 1)
        french = list(table.panels.shown)
        assert table.overlay == "log" and french and not any(line.startswith("You drew") for line in french)
        assert any("cartes piochées" in line for line in french), french
        assert any("cartes piochées" in line for line in table.log)  # the small panel too
    finally:
        flow.close()
