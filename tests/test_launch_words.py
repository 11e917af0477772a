"""The game from a terminal: `--help` gives the game's own options first and names the headless tools; the
tools' own help stays theirs; Ctrl-C ends the game quietly (no traceback, exit 130) with the game saved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.__main__ import main
from game.keep.saved_game import SavedGame
from game.keep.storage import Storage
from game.rules.state import GameState

ROOT = Path(__file__).resolve().parent.parent


def test_help_gives_the_games_own_options_and_names_the_tools(capsys) -> None:
    for flag in ("--help", "-h"):
        try:
            main([flag])
        except SystemExit as end:
            assert end.code == 0
        out = capsys.readouterr().out
        for option in ("--demo", "--continue", "--deal", "--size", "--frames", "--screenshot"):
            assert option in out, option
        assert out.index("--demo") < out.index("Headless tools")
        assert "python -m game TOOL" in out and "meld" in out and "house-check" in out


def test_a_tools_help_stays_its_own(capsys) -> None:
    try:
        main(["meld", "--help"])
    except SystemExit as end:
        assert end.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m game meld") and "--demo" not in out


def test_ctrl_c_in_the_terminal_saves_and_leaves_quietly(tmp_path: Path) -> None:
    home = tmp_path / "home"
    state = GameState(4, 3)
    Storage(home).save_game(SavedGame(state, ["human", "greedy", "greedy", "greedy"], "normal", 3))
    first_frame = tmp_path / "first-frame"
    env = {**os.environ, "BOLIVIA_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "BOLIVIA_FIRST_FRAME_FILE": str(first_frame), "XDG_STATE_HOME": str(tmp_path / "logs")}
    child = subprocess.Popen([sys.executable, "-m", "game", "--continue", "--size", "1024x640"], cwd=ROOT, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 90
        while not first_frame.exists() and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.1)
        assert first_frame.exists(), child.poll()
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    saved = Storage(home).load_game()
    assert saved is not None and saved.state.hand_no >= 1  # the game, dealt, is still there to continue
