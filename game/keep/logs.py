"""Where the game writes what it has to say.

Run from a terminal, warnings go to stderr. A windowed build (PyInstaller with no console) has
`sys.stdout` and `sys.stderr` set to None: there the log, uncaught tracebacks and anything
printed go to a file in the user log folder instead, so a crash on a player's machine leaves a
trace. The previous run's log is kept beside it as `bolivia.log.1`.

- Linux: `$XDG_STATE_HOME/bolivia` (or `~/.local/state/bolivia`)
- Windows: `%LOCALAPPDATA%\\Bolivia\\Logs`
- macOS: `~/Library/Logs/Bolivia`
"""

from __future__ import annotations

import faulthandler
import logging
import os
import sys
import time
from pathlib import Path
from typing import TextIO

from game.keep.folders import user_log_folder

LOG_NAME = "bolivia.log"
FIRST_FRAME_ENV = "BOLIVIA_FIRST_FRAME_FILE"  # the benchmark's stopwatch: see game/tools/bench.py

log = logging.getLogger("bolivia")
_stream: TextIO | None = None  # the log file, kept open while the game runs


def log_dir() -> Path:
    """The user log folder for this platform (game/keep/folders.py; not created here)."""
    return user_log_folder()


def _open_log_file() -> TextIO | None:
    """Open a fresh log file, keeping the previous one; None if the folder cannot be written."""
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / LOG_NAME
        if path.exists():
            os.replace(path, folder / (LOG_NAME + ".1"))
        return open(path, "w", encoding="utf-8", buffering=1)  # line-buffered: a crash loses nothing
    except OSError:
        return None


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Send the game's log somewhere useful; returns the log file's path when there is one."""
    global _stream
    root = logging.getLogger()
    if sys.stdout is not None and sys.stderr is not None:
        if not root.handlers:
            logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
        return None
    if _stream is None:
        _stream = _open_log_file()
    if _stream is None:  # nowhere to write: stay silent rather than fail to start
        logging.getLogger().addHandler(logging.NullHandler())
        return None
    # Windowed build: tracebacks, warnings and stray prints land in the log too.
    sys.stdout = sys.stderr = _stream
    handler = logging.StreamHandler(_stream)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.handlers[:] = [handler]
    root.setLevel(level)
    try:
        faulthandler.enable(_stream)  # a crash inside SDL still leaves a Python stack
    except (ValueError, OSError):
        pass
    sys.excepthook = _log_uncaught
    log.info("Bolivia starting (Python %s, %s)", sys.version.split()[0],
             "frozen" if getattr(sys, "frozen", False) else "from source")
    return Path(_stream.name)


def _log_uncaught(kind, value, tb) -> None:
    log.critical("uncaught exception", exc_info=(kind, value, tb))


def first_frame_drawn() -> None:
    """Called by the app once, after its first frame is on screen."""
    log.info("first frame drawn")
    path = os.environ.get(FIRST_FRAME_ENV)
    if path:
        try:
            Path(path).write_text(repr(time.time()), encoding="utf-8")
        except OSError:
            pass
