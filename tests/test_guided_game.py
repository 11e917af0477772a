"""The guided first game: a whole hand against the computer on the real table, the coach beside the player.
Driven headless to its end through the table's own input (the player plays the coach's move each time): at
each of the player's turns the adviser's hint and its reason are shown without being asked for, and the
hand ends at the scoring screen, which goes back to the lessons with the guided game ticked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep.storage import Storage
from game.lessons import GUIDED
from game.rules.actions import MeldMove
from game.rules.state import Phase
from game.shell.flow import Flow
from scenes.guided import GuidedScene
from scenes.lessons import LessonsScene
from scenes.scoring import ScoringScene
from tests.scene_helpers import FakeClock
from tests.table_driver import key, perform, run_frames


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1366, 768), storage=Storage(tmp_path))
    f.app.clock = FakeClock()
    f.app.running = True
    f.settings.setup.speed = "instant"
    yield f
    f.close()


def test_the_guided_game_is_the_lists_last_entry(flow: Flow) -> None:
    flow.open_lessons("samba")
    run_frames(flow.app, 1)
    lessons = flow.app.scenes.current
    assert isinstance(lessons, LessonsScene)
    last = lessons.buttons.buttons[lessons.entry_count - 1]
    assert last.label == "A guided first game"
    last.activate()
    run_frames(flow.app, 1)
    guided = flow.app.scenes.current
    assert isinstance(guided, GuidedScene) and guided.table.state.rules.name == "samba"
    guided.table.controller.close()


def test_a_guided_hand_shows_the_coachs_reason_at_each_of_the_players_turns_and_ends_at_the_scoring(
        flow: Flow) -> None:
    flow.open_guided("bolivia")
    run_frames(flow.app, 1)
    guided = flow.app.scenes.current
    assert isinstance(guided, GuidedScene)
    table = guided.table
    state = table.state
    turns: list[list[str]] = []  # per turn of the player: the reasons the coach showed in it
    for _frame in range(200_000):
        scene = flow.app.scenes.current
        if isinstance(scene, ScoringScene):
            break
        hint = table.hints.hint
        if (table.controller.human_to_act and hint is not None and table.hints.asked == table.hints.moves
                and table.cards.tweener.idle):
            said = [m.message for m in table.messages.items if m.key == "hint"]
            assert said and hint.reason and hint.reason in said[0], "the reason is on the message line"
            if state.phase == Phase.DRAW:
                turns.append([])
            turns[-1].append(hint.reason)
            if isinstance(hint.move, MeldMove) and hint.move.combine:
                table.play(hint.move)  # two melds combined: a move the driver's clicks don't make
            else:
                perform(flow.app, table, hint.move)
            continue
        run_frames(flow.app, 1)
    else:
        raise AssertionError("the guided hand never reached its scoring screen")
    assert state.results and state.results[-1]["hand"] == 1, "one whole hand, scored"
    assert len(turns) >= 3 and all(turns), "a reason shown at each of the player's turns, unasked"
    assert set(guided.coach.reasons.values()) >= {r for turn in turns for r in turn}
    key(flow.app, pygame.K_RETURN)  # the scoring screen's numbers at once
    for _frame in range(50):
        if isinstance(flow.app.scenes.current, LessonsScene):
            break
        key(flow.app, pygame.K_RETURN)
    assert isinstance(flow.app.scenes.current, LessonsScene)
    assert GUIDED in flow.storage.load_lessons().course("bolivia").done
    assert not flow.storage.has_save(), "a guided game is never saved over the player's game"
