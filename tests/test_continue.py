"""A saved game continued from the command line (`--continue`, with `--demo` played by the computer),
a game that reaches a dead end sent back to the menu with its save kept aside, and sounds that never
hold up closing."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.ai import get_player
from game.ai.simple import choose_greedy
from game.keep.saved_game import SavedGame
from game.keep.storage import Storage
from game.rules.actions import DrawStock
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.shell.controller import TurnController
from game.shell.flow import Flow
from game.ui.sounds import SoundBoard
from scenes.menu import MenuScene
from scenes.table import TableScene
from tests.scene_helpers import FakeClock
from tests.test_state_validation import mid_hand


def dead_end() -> GameState:
    """A state no checker would let in: the player to act holds one card and may not go out."""
    s = mid_hand(phase=Phase.MELD, melded=False)
    return _one_card_left(s, s.turn)


def _one_card_left(s: GameState, seat: int) -> GameState:
    """The position with all but the first card of the seat's hand put back under the stock."""
    hand = s.hands[seat]
    return changed(s, stock=s.stock + hand[1:], hands=[h[:1] if p == seat else h for p, h in enumerate(s.hands)])


@pytest.mark.player_failures  # a state no game reaches: the player fails on it, as it may
def test_a_dead_end_stops_the_controller_and_says_why() -> None:
    s = dead_end()
    told: list[str] = []
    c = TurnController(s, {p: get_player("greedy") for p in range(s.players)}, set(), "instant", threaded=False)
    c.on_dead_end = told.append
    assert c.update(1.0, False) is None and c.update(1.0, False) is None
    assert told == ["the player to act has no legal move"] and c.dead_end == told[0]


def human_dead_end() -> GameState:
    """Seat 0, the player, to meld with one card left and a side that has not melded: no discard (it would
    go out), no meld, nothing to do."""
    s = GameState(4, 3, target=5000)
    rng = random.Random(3)
    while not (s.phase == Phase.MELD and s.turn == 0 and not s.has_melded(0)):
        s.apply(choose_greedy(view_of(s, s.to_act), legal_actions(s), rng))
    return _one_card_left(s, 0)


def test_the_players_own_dead_end_stops_the_controller_once(monkeypatch) -> None:
    import game.shell.controller as controller

    s = human_dead_end()
    counted: list[int] = []
    real = controller.has_legal_action
    monkeypatch.setattr(controller, "has_legal_action", lambda st: counted.append(1) or real(st))
    told: list[str] = []
    c = TurnController(s, {p: get_player("greedy") for p in (1, 2, 3)}, {0}, "instant", threaded=False)
    c.on_dead_end = told.append
    assert c.human_to_act
    assert all(c.update(1.0, False) is None for _ in range(5))
    assert told == ["you have no legal move"] and c.dead_end == told[0] and counted == [1]


def test_a_player_with_moves_is_asked_once_per_position_and_never_stopped(monkeypatch) -> None:
    import game.shell.controller as controller

    s = mid_hand(phase=Phase.DRAW)
    counted: list[int] = []
    real = controller.has_legal_action
    monkeypatch.setattr(controller, "has_legal_action", lambda st: counted.append(1) or real(st))
    c = TurnController(s, {}, {s.turn}, "instant", threaded=False)
    for _ in range(3):
        c.update(1.0, False)
    c.play(DrawStock())
    for _ in range(3):
        c.update(1.0, False)
    assert c.dead_end is None and counted == [1, 1]


@contextmanager
def table_game(tmp_path: Path):
    """A four-player game against Greedy on a fake clock, its table on screen; the flow, closed after."""
    flow = Flow((1024, 640), storage=Storage(tmp_path))
    flow.app.clock = FakeClock()
    try:
        flow.start_game(4, 3, "greedy", 5000, "instant")
        flow.app.run(frames=2)
        assert isinstance(flow.table, TableScene)
        yield flow
    finally:
        flow.close()


def test_the_players_dead_end_keeps_the_save_aside_and_returns_to_the_menu(tmp_path: Path) -> None:
    with table_game(tmp_path) as flow:
        table = flow.table
        assert table.controller.human == {0}
        table.state.set_position(human_dead_end())
        flow.autosave(table.state)  # the save holds the dead end, as a save continued would
        for _ in range(10):
            flow.app.run(frames=1)  # never raises: the frame loop goes on, now on the menu
        menu = flow.app.scenes.current
        assert isinstance(menu, MenuScene) and menu.on_continue is None and flow.table is None
        assert any("you have no legal move" in n.message and "save.json.bad" in n.message for n in menu.notices)
        assert not (tmp_path / "save.json").exists() and (tmp_path / "save.json.bad").exists()


@pytest.mark.player_failures  # the same broken state, through the whole shell
def test_a_dead_end_keeps_the_save_aside_and_returns_to_the_menu(tmp_path: Path) -> None:
    with table_game(tmp_path) as flow:
        table = flow.table
        table.controller.human = set()
        table.state.set_position(dead_end())
        for _ in range(10):
            flow.app.run(frames=1)
        menu = flow.app.scenes.current
        assert isinstance(menu, MenuScene) and menu.on_continue is None
        assert any("no legal move" in n.message and "save.json.bad" in n.message for n in menu.notices)


def _game(args: list[str], home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, BOLIVIA_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], env=env, capture_output=True, text=True,
                          timeout=120)


def test_continue_with_demo_plays_the_saved_game_and_without_a_save_opens_the_menu(tmp_path: Path) -> None:
    state = mid_hand(phase=Phase.DRAW)
    Storage(tmp_path).save_game(SavedGame(state, ["human", "greedy", "greedy", "greedy"], "fast", 3))
    done = _game(["--continue", "--demo", "--frames", "60", "--size", "1024x640"], tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    (tmp_path / "save.json").write_text("[[[")
    done = _game(["--continue", "--frames", "3", "--size", "1024x640"], tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert (tmp_path / "save.json.bad").read_text() == "[[["
    done = _game(["--continue", "--demo", "--frames", "3", "--size", "1024x640"], tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


def test_continue_in_the_flow_plays_every_seat_with_demo(tmp_path: Path) -> None:
    state = mid_hand(phase=Phase.DRAW)
    Storage(tmp_path).save_game(SavedGame(state, ["human", "greedy", "greedy", "greedy"], "fast", 3))
    flow = Flow((1024, 640), storage=Storage(tmp_path), demo=True)
    flow.app.clock = FakeClock()
    try:
        flow.continue_game(demo=True)
        flow.app.run(frames=2)
        table = flow.table
        assert isinstance(table, TableScene) and table.controller.human == set()
        before = table.state.to_json()
        for _ in range(100):
            table.update(0.5)
            flow.app.run(frames=1)
        assert table.state.to_json() != before
    finally:
        flow.close()


class _SlowOutput:
    channels = 2

    def load(self, pcm: bytes) -> bytes:
        return pcm

    def play(self, sound: object, volume: float) -> None:
        raise AssertionError("played after stop")


def test_stopped_sounds_touch_the_mixer_no_more() -> None:
    board = SoundBoard(output=_SlowOutput())
    board.start()
    board.stop()
    loaded = len(board._sounds)
    board._render_all()  # what the thread would go on doing
    assert len(board._sounds) == loaded and board.play("deal") is False
