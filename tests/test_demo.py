"""The demo is the real app with every seat a computer: CI runs it headless, as players would see it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.shell.window import place_window

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BOLIVIA_HOME=str(tmp_path / "home"))
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=240)


def test_demo_plays_and_saves_its_last_frame(tmp_path):
    shot = tmp_path / "demo.png"
    done = _run("--demo", "--players", "4", "--seed", "3", "--frames", "400", "--screenshot", str(shot),
                tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    img = pygame.image.load(str(shot))
    w, h = img.get_size()
    # No --size: the window fits the (dummy driver's 1024x768) screen, with room for its bars.
    assert (w, h) == place_window(None, [(1024, 768)]).size
    colours = {img.get_at((x, y))[:3] for x in range(0, w, 41) for y in range(0, h, 37)}
    assert len(colours) > 20, "the demo's last frame is blank"
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").iterdir()), "the demo wrote files"


def test_bad_command_line_gives_a_clear_error(tmp_path):
    for args in (["--players", "5"], ["--frames", "0"], ["--size", "huge"], ["--bogus"]):
        done = _run(*args, tmp_path=tmp_path)
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr
        assert done.stderr.strip().startswith("error") or "usage" in done.stderr, done.stderr
