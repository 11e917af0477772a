"""Files written atomically, in the foreground or by one background thread.

A temporary file in the same folder, flushed and fsynced, then `os.replace`d over the old one, so a crash
or a power cut leaves either the old file or the new one, never half of one. The autosave after each move
goes through `BackgroundWriter`: an fsync can take longer than a frame.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON so that `path` always holds either the old content or the whole new content."""
    write_text_atomic(Path(path), json.dumps(data, ensure_ascii=False, indent=1))


def write_text_atomic(path: Path, text: str) -> None:
    """A temporary file in the same folder, flushed and fsynced, then renamed over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


class BackgroundWriter:
    """One background thread writing files, newest content wins: an fsync can take longer than a
    frame, so the autosave after each move never waits for the disk. `flush` waits for it."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, str] = {}
        self._busy: Path | None = None
        self._thread: threading.Thread | None = None
        self.errors: list[OSError] = []

    def submit(self, path: Path, text: str) -> None:
        with self._cond:
            self._pending[path] = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, daemon=True, name="bolivia-save")
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._pending:
                    if not self._cond.wait(timeout=5.0) and not self._pending:
                        self._thread = None  # idle for a while: let the thread go
                        return
                    continue
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._busy = path
            try:
                write_text_atomic(path, text)
            except OSError as why:
                with self._cond:
                    self.errors.append(why)
            finally:
                with self._cond:
                    self._busy = None
                    self._cond.notify_all()

    def cancel(self, path: Path, timeout: float = 5.0) -> None:
        """Drop a pending write of `path` and wait for one in progress to land."""
        with self._cond:
            self._pending.pop(path, None)
            self._cond.wait_for(lambda: self._busy != path, timeout)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything submitted is on disk; False if that took longer than `timeout`."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and self._busy is None, timeout)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
