"""One running game per data folder: a second copy, a real second process, opens read-only (after
asking) and writes nothing; a copy that crashed leaves no lock behind."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.i18n import set_language
from game.keep.saved_game import SavedGame
from game.keep.settings import Settings
from game.keep.storage import Storage
from game.rules.actions import Deal
from game.rules.state import GameState
from game.shell.flow import Flow
from scenes.menu import MenuScene
from tests.helpers import finished_game
from tests.scene_helpers import FakeClock, key

ROOT = Path(__file__).resolve().parent.parent
HOLDER = ("import sys; from game.keep.storage import Storage; s = Storage(sys.argv[1]); "
          "print(s.claim(), flush=True); sys.stdin.read()")


@pytest.fixture
def other_copy(tmp_path: Path) -> Iterator[subprocess.Popen]:
    """Another process that holds the folder, as a running game does, until its stdin closes."""
    folder = tmp_path / "data"
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "True"
    yield proc
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)


def test_a_second_copy_is_read_only_and_a_killed_one_leaves_no_lock(other_copy: subprocess.Popen,
                                                                     tmp_path: Path) -> None:
    second = Storage(tmp_path / "data")
    assert not second.claim() and second.read_only
    other_copy.kill()  # a crash: nobody releases the lock by hand
    other_copy.wait(10)
    third = Storage(tmp_path / "data")
    assert third.claim() and not third.read_only
    third.release()


def test_the_second_copy_asks_and_then_writes_nothing(other_copy: subprocess.Popen, tmp_path: Path) -> None:
    store = Storage(tmp_path / "data")
    state = GameState(2, 5)
    state.apply(Deal())
    theirs = SavedGame(state, ["human", "normal"]).to_json()
    (tmp_path / "data" / "save.json").write_text(json.dumps(theirs), encoding="utf-8")
    (tmp_path / "data" / "stats.json").write_text("{broken", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (tmp_path / "data").iterdir()}
    flow = Flow((1024, 640), storage=store)
    flow.app.clock = FakeClock()
    try:
        flow.start_menu()
        flow.app.run(frames=1)
        menu = flow.app.scenes.current
        assert isinstance(menu, MenuScene) and store.read_only and flow.other_copy
        assert menu.dialog is not None and "already open" in menu.dialog.message
        assert menu.on_continue is not None  # their game can be looked at
        menu.dialog.yes.activate()  # Open read-only
        flow.choose_language("fr")  # kept for this session only
        set_language("en")
        flow.continue_game()
        flow.autosave(flow.table.state)
        store.save_settings(Settings())
        store.record_game(finished_game(), 0, ["human", "normal"])
        store.clear_game()
        assert store.flush()
        assert {p.name: p.read_bytes() for p in (tmp_path / "data").iterdir()} == before
        (problem,) = store.take_problems()
        assert "statistics" in problem and "left as it is" in problem
    finally:
        flow.close()


def test_quit_is_the_other_answer(other_copy: subprocess.Popen, tmp_path: Path) -> None:
    flow = Flow((1024, 640), storage=Storage(tmp_path / "data"))
    flow.app.clock = FakeClock()
    try:
        flow.start_menu()
        flow.app.run(frames=1)
        assert flow.app.scenes.current.dialog is not None
        pygame.event.post(key(pygame.K_RETURN))  # the safe answer has the focus: Quit
        assert flow.app.run(frames=50) < 50
    finally:
        flow.close()


def test_the_first_copy_removes_what_killed_writes_left(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / ".save.json.abc123.tmp").write_text("half a save")
    (folder / ".settings.json.x.tmp").write_text("{")
    (folder / "save.json.bad").write_text("kept")
    store = Storage(folder)
    assert store.claim()
    assert sorted(p.name for p in folder.iterdir()) == ["bolivia.lock", "save.json.bad"]
    store.release()
