"""The tables on disk, in the server's folder: each table's whole save (CODE.json: the game's own save format
with the table beside it, written atomically), and one journal of moves for all the tables
(moves-NNNNNN.journal: one line a move, `{"table": CODE, "at": VERSION, "seat": S, "move": {...}}`).

A move costs one line, not the whole save again: a table's save is written whole when a hand is dealt,
after JOURNAL_MAX lines of it, for any change that is not a move (a seat taken, away, back) and on
closing. The lines of every table that moved in one turn of the server's loop are written together, at
the end of that turn, in one write, and synced to disk with one sync, on a thread; the tables that move
while a sync runs wait for the next. A line is in the system's hands as soon as it is written (a killed
server loses nothing), and no one is told of a move before its line is synced.

The journal is cut into pieces of about SEGMENT_BYTES: a piece is deleted once every table with a line in
it has been saved whole since; a table whose lines hold an old piece back is saved whole at its next change.

A table read back is its save, then its lines of the journal that follow it (game/net/table.Table.replay),
in order: a line older than the save is passed over, a torn last line (a kill in the middle of writing it)
or a damaged one is not used, and a table's lines stop at the first that does not follow on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
from collections.abc import Iterable
from concurrent.futures import Executor
from pathlib import Path

from game.i18n import _, ngettext
from game.keep.atomic_files import write_text_atomic
from game.keep.safe_json import BadFile, parse_json, read_json_file
from game.net.table import Table

log = logging.getLogger("bolivia.server")

JOURNAL_MAX = 100  # lines of a table since its whole save before it is written whole again: a restart replays no more
SEGMENT_BYTES = 4 * 1024 * 1024  # a piece of the journal, before the next one is begun
MAX_SEGMENT_READ = 2 * SEGMENT_BYTES  # read of a piece at most (a line is under 2 kB): a hostile file is cut short
MAX_LINE = 64 * 1024  # a longer line is damaged: never parsed
_SEGMENT = re.compile(r"moves-(\d{6})\.journal")
_sync_data = getattr(os, "fdatasync", os.fsync)  # the lines' data and the file's length; not its times


def segment_name(number: int) -> str:
    return f"moves-{number:06d}.journal"


def segments_in(folder: Path) -> list[tuple[int, Path]]:
    """The journal's pieces in a folder, the oldest first."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = [(int(m.group(1)), folder / name) for name in names if (m := _SEGMENT.fullmatch(name))]
    return sorted(found)


def old_journal_of(path: Path) -> Path:
    """The journal a table had of its own (CODE.journal) before there was one for all tables: still read."""
    return path.with_suffix(".journal")


def _read_lines(path: Path, problems: list[str] | None = None) -> list[str]:
    """A journal file's whole lines (the piece after the last line end is torn or empty), damaged bytes
    replaced: such a line is then not valid JSON, or does not follow on, and is not used."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SEGMENT_READ)
    except OSError as why:
        log.warning("journal %s not read: %s", path.name, why.strerror or why)
        if problems is not None:
            problems.append(_("{name}: it could not be read ({why})").format(name=path.name,
                                                                             why=why.strerror or why))
        return []
    return data.decode("utf-8", errors="replace").split("\n")[:-1]


def read_journal(folder: Path, codes: set[str] | None = None,
                 problems: list[str] | None = None) -> dict[str, list[dict]]:
    """Every table's lines in the folder's journal, in the order they were written (only `codes`' when
    given); lines that are not a table's move (damaged, a torn line's rest) are left out, and said in
    `problems` when given, a sentence a piece."""
    out: dict[str, list[dict]] = {}
    for _n, path in segments_in(folder):
        damaged = 0
        for line in _read_lines(path, problems):
            if not line or codes is not None and not any(c in line for c in codes):
                continue  # (a line of a table names its code: the others are not parsed for nothing)
            try:
                data = parse_json(line) if len(line) <= MAX_LINE else None
            except BadFile:
                data = None
            if not isinstance(data, dict) or not isinstance(code := data.get("table"), str):
                damaged += 1
                continue
            if codes is None or code in codes:
                out.setdefault(code, []).append(data)
        if damaged and problems is not None:
            problems.append(ngettext("{name}: {n} damaged line was not used",
                                     "{name}: {n} damaged lines were not used", damaged).format(
                name=path.name, n=damaged))
    return out


def _old_lines(path: Path) -> list[object]:
    lines: list[object] = []
    for line in _read_lines(old_journal_of(path)) if old_journal_of(path).is_file() else []:
        try:
            lines.append(parse_json(line))
        except BadFile:
            lines.append(None)  # damaged: its table's lines stop here
    return lines


def read_table(path: Path) -> Table:
    """The table saved at `path` (CODE.json) at its last move: its save, then its lines of the folder's
    journal. BadFile or ValueError when the save is not a table's."""
    table = Table.from_json(read_json_file(path))
    table.replay(_old_lines(path) + read_journal(path.parent, {table.code}).get(table.code, []))
    return table


def _sync(fds: list[int], closing: list[int]) -> None:
    """On a writer thread: the journal's new lines onto the disk; pieces ended are closed once synced."""
    for fd in fds:
        try:
            _sync_data(fd)
        except OSError as why:
            log.warning("journal not synced: %s", why)
    for fd in closing:
        with contextlib.suppress(OSError):
            os.close(fd)


class TableFiles:
    """The tables' files of one server (folder None: nothing is kept). Each table's changes come one at
    a time (the server holds the table's lock), so a table's lines are in order and its save has one
    writer; everything here but the disk's waits runs on the server's loop."""

    def __init__(self, folder: Path | None, writers: Executor) -> None:
        self.folder = folder
        self._writers = writers
        self._paths: dict[str, Path] = {}
        self._lines: dict[str, int] = {}  # each table's lines since its whole save
        # The journal's pieces: number -> the tables with a line in it not yet in a whole save.
        self._holding: dict[int, set[str]] = {}
        self._tables: dict[str, Table] = {}  # the tables with lines in the journal
        self._number = 0  # the piece being written, 0: none open yet
        self._fd: int | None = None
        self._size = 0
        self._batch: list[str] = []  # lines of this loop turn, written at its end
        self._batch_tables: list[Table] = []
        self._written: asyncio.Future | None = None  # the batch's: done once it is written and synced
        self._unsynced: list[asyncio.Future] = []  # batches written since the last sync began
        self._fds: list[int] = []  # ... to these files
        self._closing: list[int] = []  # pieces ended, closed after their next sync
        self._syncing = False

    def path(self, code: str) -> Path | None:
        if self.folder is None:
            return None
        path = self._paths.get(code)
        if path is None:  # made once a table: a path costs more than the journal line it names
            path = self._paths[code] = self.folder / f"{code}.json"
        return path

    # ----- reading the folder back ------------------------------------------------------------------

    def read_back(self, paths: Iterable[Path]) -> tuple[list[Table], list[str]]:
        """The saved tables (CODE.json) at their last move, and the problems of those that could not be
        read (each `NAME: why`, damaged ones renamed .bad). The journal read is then in the saves: a
        table it moved on is saved whole, and the journal's pieces deleted, so that the next lines begin
        a piece of their own. A piece stays when a save could not be written."""
        if self.folder is None:
            return [], []
        problems: list[str] = []
        journal = read_journal(self.folder, problems=problems)
        for problem in problems:
            log.warning("journal: %s", problem)
        pieces = segments_in(self.folder)
        tables = []
        for path in paths:
            try:
                table = Table.from_json(read_json_file(path))
                if table.code != path.stem:
                    raise ValueError(_("its code is not its name"))
            except (BadFile, ValueError) as why:
                problems.append(f"{path.name}: {why}")
                log.warning("table %s set aside: %s", path.name, why)
                with contextlib.suppress(OSError):
                    path.rename(path.with_suffix(".bad"))
                continue
            old = old_journal_of(path)
            lines = _old_lines(path) + journal.get(table.code, [])
            if lines:
                table.replay(lines)
                if not self.save_now(table):
                    for number, _p in pieces:  # its lines hold every piece until it is saved whole
                        self._holding.setdefault(number, set()).add(table.code)
                    self._tables[table.code] = table
                    tables.append(table)
                    continue
            with contextlib.suppress(OSError):
                if old.is_file():
                    old.unlink()
            tables.append(table)
        for number, path in pieces:
            self._number = max(self._number, number)
            if not self._holding.get(number):
                self._holding.pop(number, None)
                with contextlib.suppress(OSError):
                    path.unlink()
        return tables, problems

    # ----- saving -----------------------------------------------------------------------------------

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
                await asyncio.get_running_loop().run_in_executor(self._writers, write_text_atomic, path, text)
            except OSError as why:
                table.dealt = True
                log.warning("table %s not saved: %s", table.code, why)
                return
            self._saved_whole(table.code)
            return
        if self._written is None:  # the first line of this loop turn: written at its end
            self._written = asyncio.get_running_loop().create_future()
            asyncio.get_running_loop().call_soon(self._write_batch)
        self._batch += lines
        self._batch_tables.append(table)
        self._lines[table.code] = self._lines.get(table.code, 0) + len(lines)
        await self._written

    def save_now(self, table: Table) -> bool:
        """The whole save, written at once (closing, or a table read back with lines in the journal);
        False when the disk refused it."""
        path = self.path(table.code)
        table.journal.clear()
        if path is None:
            return True
        try:
            write_text_atomic(path, table.to_text())
        except OSError as why:
            log.warning("table %s not saved: %s", table.code, why)
            return False
        self._saved_whole(table.code)
        return True

    async def drain(self) -> None:
        """Until the lines written so far are synced and no sync runs (closing)."""
        while self._written is not None or self._syncing:
            waiting = [f for f in (self._written, *self._unsynced) if f is not None]
            if waiting:
                await asyncio.wait(waiting)
            else:
                await asyncio.sleep(0.005)

    def close(self) -> None:
        """After every table's last save (save_now) and the last sync: the journal's pieces are in the
        saves, and go (a piece still holding a table's lines that its save could not take stays)."""
        for fd in [*self._closing, *([self._fd] if self._fd is not None else [])]:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._closing.clear()
        self._fd = None
        self._drop_pieces(everything=True)

    def _saved_whole(self, code: str) -> None:
        """Its lines are in its save now: no piece of the journal is kept for them."""
        self._lines[code] = 0
        self._tables.pop(code, None)
        for holding in self._holding.values():
            holding.discard(code)
        self._drop_pieces()

    def _drop_pieces(self, everything: bool = False) -> None:
        """The pieces before the one being written (all of them, closing) that no table's lines hold."""
        assert self.folder is not None or not self._holding
        for number in [n for n, holding in self._holding.items() if not holding and (everything or n != self._number)]:
            del self._holding[number]
            with contextlib.suppress(OSError):
                os.unlink(self.folder / segment_name(number))  # type: ignore[operator]

    # ----- the journal ------------------------------------------------------------------------------

    def _open_next(self) -> None:
        """A new piece of the journal; the tables that hold the one before are saved whole at their next change."""
        assert self.folder is not None
        if self._fd is not None:
            self._closing.append(self._fd)  # closed once its lines are synced
            self._fd = None
            for code in self._holding.get(self._number, ()):
                table = self._tables.get(code)
                if table is not None:
                    table.dealt = True
            self._drop_pieces()
        self._number += 1
        self._fd = os.open(self.folder / segment_name(self._number), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self._holding.setdefault(self._number, set())
        self._size = 0

    def _write_batch(self) -> None:
        """The end of a loop turn: its lines, of every table that moved, in one write; then synced."""
        lines, self._batch = self._batch, []
        tables, self._batch_tables = self._batch_tables, []
        written, self._written = self._written, None
        data = ("\n".join(lines) + "\n").encode()
        try:
            if self._fd is None or self._size + len(data) > SEGMENT_BYTES and self._size:
                self._open_next()
            assert self._fd is not None
            done = os.write(self._fd, data)
            self._size += done
            if done != len(data):
                raise OSError("the journal's lines were cut short")
        except OSError as why:
            log.warning("journal not written: %s", why)
            for table in tables:
                table.dealt = True  # the next change writes the whole save
            with contextlib.suppress(OSError):
                if self._size:  # a line cut short: the next lines begin a piece of their own
                    self._open_next()
        else:
            holding = self._holding[self._number]
            for table in tables:
                holding.add(table.code)
                self._tables[table.code] = table
        if written is not None:
            self._unsynced.append(written)
        if self._fd is not None and self._fd not in self._fds:
            self._fds.append(self._fd)
        if not self._syncing:
            self._start_sync()

    def _start_sync(self) -> None:
        waiting, self._unsynced = self._unsynced, []
        fds, self._fds = self._fds, []
        closing, self._closing = self._closing, []
        if not waiting and not closing:
            self._syncing = False
            return
        self._syncing = True
        done = asyncio.get_running_loop().run_in_executor(self._writers, _sync, fds + closing, closing)
        done.add_done_callback(lambda _f: self._synced(waiting))

    def _synced(self, waiting: list[asyncio.Future]) -> None:
        for waiter in waiting:
            if not waiter.done():
                waiter.set_result(None)
        self._start_sync()  # the batches written meanwhile, if any
