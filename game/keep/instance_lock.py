"""One running game per data folder.

Two copies of the game writing one save overwrite each other's moves, and a game over in one
would delete the other's game. The first copy holds an operating-system lock on `bolivia.lock`
in the data folder for as long as it runs; a second copy finds it taken and opens read-only.
The lock belongs to the open file, not to the file's existence: when a game crashes or is
killed, the system releases it with the process, so no stale lock ever keeps a player out.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

LOCK_FILE = "bolivia.lock"

if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # one byte is enough: all copies lock the same one
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass


# Locks this process holds, by folder, with how many InstanceLocks share each: a second Storage of
# the same process (the tests make many) is the same game, not a second copy.
_HELD: dict[str, list[int]] = {}  # folder -> [fd, users]


class InstanceLock:
    """`acquire()` is True when this process is the only game on the folder (or the folder cannot
    hold a lock at all: a read-only disk is no reason to refuse a game; the writes will say so)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_FILE
        self._key: str | None = None

    @property
    def held(self) -> bool:
        return self._key is not None

    def acquire(self) -> bool:
        if self._key is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            key = str(self.path.resolve())
        except (OSError, RuntimeError):  # RuntimeError: a symlink loop
            return True  # nothing can be written there, by us or by another copy
        held = _HELD.get(key)
        if held is not None:
            held[1] += 1
            self._key = key
            return True
        try:
            # Non-blocking: a FIFO or a device of that name must not hold the start.
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
        except OSError:
            return True
        if not _try_lock(fd):
            os.close(fd)
            return False
        _HELD[key] = [fd, 1]
        self._key = key
        try:  # who holds it, for a curious player; the lock itself is the open file
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        return True

    def release(self) -> None:
        key, self._key = self._key, None
        held = _HELD.get(key) if key is not None else None
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del _HELD[key]
            _unlock(held[0])
            os.close(held[0])
