"""Each table on disk, in the server's folder: its whole save (CODE.json: the game's own save format with
the table beside it, written atomically) and its journal (CODE.journal: one line a move since that save).

A move costs one line appended to the journal, not the whole save again: the save is written whole when
a hand is dealt, after JOURNAL_MAX lines, for any change that is not a move (a seat taken, away, back)
and on closing, and the journal is emptied after it. A line is in the system's hands as soon as it is
written (a killed server loses nothing); the lines are synced to disk in groups, every table that moved
while one sync ran waiting for the next, one thread hop for all of them, and no one is told of a move
before its line is synced.

A table read back is its save, then the journal's lines that follow it (game/net/table.Table.replay): a
torn last line (a kill in the middle of writing it) is ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from concurrent.futures import Executor
from pathlib import Path

from game.keep.atomic_files import write_text_atomic
from game.keep.safe_json import read_json_file
from game.net.table import Table

log = logging.getLogger("bolivia.server")

JOURNAL_MAX = 100  # lines in a journal before the whole save is written again: a restart replays no more
OPEN_JOURNALS = 256  # journals kept open at most (a system allows some 1,024 files): the least recently used close
_sync_data = getattr(os, "fdatasync", os.fsync)  # a line's data and the file's length; not its times
MAX_JOURNAL_BYTES = 4 * 1024 * 1024  # read of a journal at most: a line is under 2 kB


def journal_of(path: Path) -> Path:
    return path.with_suffix(".journal")


def read_table(path: Path) -> Table:
    """The table saved at `path` (CODE.json) at its last move: its save, then its journal's moves.
    BadFile or ValueError when the save is not a table's."""
    table = Table.from_json(read_json_file(path))
    try:
        with open(journal_of(path), "rb") as f:
            data = f.read(MAX_JOURNAL_BYTES)
    except OSError:
        return table
    table.replay(data.decode("utf-8", errors="replace"))
    return table


def _fsync_all(fds: list[int]) -> None:
    for fd in fds:
        try:
            _sync_data(fd)
        except OSError as why:
            log.warning("journal not synced: %s", why)


class TableFiles:
    """The tables' files of one server (folder None: nothing is kept). Each table's changes come one at
    a time (the server holds the table's lock), so a table's files have one writer."""

    def __init__(self, folder: Path | None, writers: Executor) -> None:
        self.folder = folder
        self._writers = writers
        # The journals open for appending, the most recently written last: opening one cost more than
        # writing its line, so they stay open, OPEN_JOURNALS at most (the least recently written, synced,
        # are closed), not one for each table ever played.
        self._fds: dict[str, int] = {}
        self._lines: dict[str, int] = {}  # lines in each journal
        self._unsynced: dict[str, int] = {}  # the journals written since the last sync began
        self._waiting: list[asyncio.Future] = []
        self._paths: dict[str, Path] = {}
        self._syncing = False

    def path(self, code: str) -> Path | None:
        if self.folder is None:
            return None
        path = self._paths.get(code)
        if path is None:  # made once a table: a path costs more than the journal line it names
            path = self._paths[code] = self.folder / f"{code}.json"
        return path

    async def save(self, table: Table) -> None:
        """The change just made, kept before anyone is told of it. A disk that refuses (full, read-only)
        is logged and the game goes on: the next change writes the whole save again."""
        path = self.path(table.code)
        if path is None:
            table.journal.clear()
            return
        lines, table.journal = table.journal, []
        if not lines or table.dealt or self._lines.get(table.code, 0) + len(lines) > JOURNAL_MAX:
            table.dealt = False
            text = table.to_text()
            try:
                await asyncio.get_running_loop().run_in_executor(self._writers, self._write_whole, table.code,
                                                                 path, text)
            except OSError as why:
                table.dealt = True
                log.warning("table %s not saved: %s", table.code, why)
            return
        try:
            self._append(table.code, path, "".join(line + "\n" for line in lines).encode(), len(lines))
        except OSError as why:
            table.dealt = True  # the next change writes the whole save
            log.warning("table %s not saved: %s", table.code, why)
            return
        await self._synced()

    def save_now(self, table: Table) -> None:
        """The whole save, written at once (closing, or a table read back with a journal)."""
        path = self.path(table.code)
        table.journal.clear()
        if path is not None:
            try:
                self._write_whole(table.code, path, table.to_text())
            except OSError as why:
                log.warning("table %s not saved: %s", table.code, why)

    def close(self) -> None:
        for fd in self._fds.values():
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds.clear()

    def _write_whole(self, code: str, path: Path, text: str) -> None:
        """The save, then the journal emptied: its lines are in the save now (a line left by a crash
        between the two is older than the save, and passed over)."""
        write_text_atomic(path, text)
        with contextlib.suppress(FileNotFoundError):
            os.truncate(journal_of(path), 0)  # an open journal appends at its new end
        self._lines[code] = 0

    def _append(self, code: str, path: Path, data: bytes, lines: int) -> None:
        fd = self._fds.pop(code, None)
        if fd is None:
            fd = os.open(journal_of(path), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self._fds[code] = fd  # last: the most recently written
        if os.write(fd, data) != len(data):
            raise OSError("the journal line was cut short")
        self._lines[code] = self._lines.get(code, 0) + lines
        self._unsynced[code] = fd

    async def _synced(self) -> None:
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        if not self._syncing:
            self._syncing = True
            asyncio.get_running_loop().call_soon(self._sync)  # after the other frames of this loop turn
        await waiter

    def _sync(self) -> None:
        batch, self._unsynced = self._unsynced, {}
        waiting, self._waiting = self._waiting, []
        done = asyncio.get_running_loop().run_in_executor(self._writers, _fsync_all, list(batch.values()))
        done.add_done_callback(lambda _f: self._synced_all(batch, waiting))

    def _synced_all(self, batch: dict[str, int], waiting: list[asyncio.Future]) -> None:
        # Beyond OPEN_JOURNALS, the least recently written are closed, on the loop where lines are written,
        # and none with a line not yet synced (no sync is under way now: this one has ended).
        for code in list(self._fds)[:max(0, len(self._fds) - OPEN_JOURNALS)]:
            if code not in self._unsynced:
                with contextlib.suppress(OSError):
                    os.close(self._fds.pop(code))
        for waiter in waiting:
            if not waiter.done():
                waiter.set_result(None)
        if self._waiting:
            self._sync()
        else:
            self._syncing = False
