"""The tables' files on the server: each table's whole save, and one journal of moves for all the tables
since. Read back, a table is at its last move; a torn last line, lines older than the save, damaged lines
and a journal of the older kind (one a table) are handled; the lines of all the tables that moved at once
are written and synced together; the journal's pieces go once the saves hold them."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

from game.keep.safe_json import read_json_file
from game.net import table_files
from game.net.table import Table
from game.net.table_files import JOURNAL_MAX, TableFiles, old_journal_of, read_journal, read_table, segments_in


def _table(code: str = "JRNL42", seed: int = 7) -> Table:
    table = Table.create(code, "bolivia", 2, None, {}, seed=seed)
    table.take_seat("Ann", "en")
    table.start("first")
    return table


def _move(table: Table) -> None:
    seat = table.computer_seat()
    table.play_computer(table.state.to_act if seat is None else seat, None)


def _play(files: TableFiles, table: Table, moves: int, after=None) -> None:
    async def run() -> None:
        await files.save(table)  # the deal: the whole save
        for _i in range(moves):
            _move(table)
            await files.save(table)
            if after is not None:
                after(table)

    asyncio.run(run())


def _files(tmp_path) -> tuple[TableFiles, ThreadPoolExecutor]:
    writers = ThreadPoolExecutor(max_workers=2)
    return TableFiles(tmp_path, writers), writers


def _journal(tmp_path) -> bytes:
    return b"".join(path.read_bytes() for _n, path in segments_in(tmp_path))


def _lines_of(tmp_path, code: str) -> int:
    return len(read_journal(tmp_path).get(code, []))


def test_read_back_after_every_move_is_the_table_at_that_move(tmp_path) -> None:
    files, writers = _files(tmp_path)
    path = tmp_path / "JRNL42.json"
    seen: list[int] = []

    def compare(table: Table) -> None:
        back = read_table(path)
        assert back.version == table.version
        assert [back.full_state(s) for s in (0, 1)] == [table.full_state(s) for s in (0, 1)]
        seen.append(table.version)

    table = _table()
    _play(files, table, 30, compare)
    writers.shutdown()
    assert len(seen) == 30
    # The moves went to the journal, one line each, not into the whole save again.
    assert Table.from_json(read_json_file(path)).version < table.version
    assert _lines_of(tmp_path, "JRNL42") >= 20
    assert [p.name for _n, p in segments_in(tmp_path)] == ["moves-000001.journal"]


def test_a_torn_last_line_is_ignored_and_a_damaged_line_ends_its_tables_lines(tmp_path) -> None:
    files, writers = _files(tmp_path)
    table = _table()
    _play(files, table, 12)
    writers.shutdown()
    path = tmp_path / "JRNL42.json"
    [(_n, piece)] = segments_in(tmp_path)
    whole = piece.read_bytes()
    last_start = whole.rstrip(b"\n").rfind(b"\n") + 1
    piece.write_bytes(whole[:last_start] + whole[last_start:-10])  # killed in the middle of a line
    back = read_table(path)
    assert back.version == table.version - 1
    piece.write_bytes(whole[:last_start] + b'{"table":"JRNL42","at":' + b"\n")  # a line end, but damaged
    assert read_table(path).version == table.version - 1
    # A line lost in the middle: the lines after it do not follow on, and are not used.
    lines = whole.split(b"\n")
    piece.write_bytes(b"\n".join(lines[:3] + [b"\xff\xfe not a line"] + lines[4:]))
    assert read_table(path).version == Table.from_json(read_json_file(path)).version + 3


def test_lines_older_than_the_save_are_passed_over(tmp_path) -> None:
    files, writers = _files(tmp_path)
    table = _table()
    _play(files, table, 8)
    path = tmp_path / "JRNL42.json"
    stale = _journal(tmp_path)
    files.save_now(table)  # the whole save: the journal's piece is not needed any more
    files.close()
    assert segments_in(tmp_path) == []
    (tmp_path / "moves-000001.journal").write_bytes(stale)  # a crash came before it was deleted
    assert read_table(path).full_state(0) == table.full_state(0)
    writers.shutdown()


def test_a_new_hand_and_a_long_journal_write_the_whole_save(tmp_path) -> None:
    files, writers = _files(tmp_path)
    table = _table()
    path = tmp_path / "JRNL42.json"
    hands = []

    def check(t: Table) -> None:
        saved = Table.from_json(read_json_file(path)).version
        since = [line for line in read_journal(tmp_path).get(t.code, []) if line["at"] >= saved]
        assert len(since) <= JOURNAL_MAX
        if t.state.hand_no != (hands[-1] if hands else 1):  # a hand was dealt: the save holds it, no lines
            assert since == [] and saved == t.version
        hands.append(t.state.hand_no)

    _play(files, table, 400, check)
    writers.shutdown()
    assert hands[-1] >= 2  # a new hand came
    assert read_table(path).full_state(1) == table.full_state(1)


def test_the_lines_of_every_table_that_moved_at_once_are_written_and_synced_together(tmp_path,
                                                                                     monkeypatch) -> None:
    """One write and one sync for all the tables that moved in one turn of the loop, not one a table:
    with 200 tables, a file each, syncing was most of the server's work."""
    writes, syncs = [], []
    real_write, real_sync = os.write, table_files._sync

    def counting_write(fd, data):
        writes.append(data.count(b"\n"))
        return real_write(fd, data)

    def counting_sync(fds, closing):
        syncs.append(len(fds))
        return real_sync(fds, closing)

    monkeypatch.setattr(table_files.os, "write", counting_write)
    monkeypatch.setattr(table_files, "_sync", counting_sync)
    files, writers = _files(tmp_path)
    tables = [_table(f"JRNL{i:02d}", seed=i) for i in range(12)]

    async def one(table: Table) -> None:
        _move(table)
        await files.save(table)

    async def run() -> None:
        for table in tables:
            await files.save(table)  # the deal: the whole save
        for _round in range(3):
            await asyncio.gather(*(one(t) for t in tables))  # every table moves in the same turn

    asyncio.run(run())
    writers.shutdown()
    assert writes == [12, 12, 12] and syncs == [1, 1, 1]
    for table in tables:
        assert read_table(tmp_path / f"{table.code}.json").version == table.version
        assert _lines_of(tmp_path, table.code) == 3


def test_pieces_of_the_journal_go_once_the_saves_hold_their_lines(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(table_files, "SEGMENT_BYTES", 3000)  # a piece every few dozen lines
    files, writers = _files(tmp_path)
    busy, idle = _table("BUSY01", seed=3), _table("IDLE01", seed=4)
    most = 0

    async def run() -> None:
        nonlocal most
        for table in (busy, idle):
            await files.save(table)
        _move(idle)
        await files.save(idle)  # one line, in the first piece: it holds that piece until saved whole
        for _i in range(150):
            _move(busy)
            await files.save(busy)
            most = max(most, len(segments_in(tmp_path)))
            assert read_table(tmp_path / "BUSY01.json").version == busy.version
        assert segments_in(tmp_path)[0][0] == 1  # the idle table's line keeps its piece
        assert len(segments_in(tmp_path)) < most  # the busy table's whole saves freed the others
        assert idle.dealt  # ... and its next change writes it whole
        _move(idle)
        await files.save(idle)
        assert segments_in(tmp_path)[0][0] > 1

    asyncio.run(run())
    for table in (busy, idle):
        assert read_table(tmp_path / f"{table.code}.json").version == table.version
    assert most >= 3
    for table in (busy, idle):
        files.save_now(table)
    files.close()
    writers.shutdown()
    assert segments_in(tmp_path) == []


def test_a_folder_read_back_puts_the_journal_into_the_saves_and_a_table_journal_of_old_is_read(tmp_path) -> None:
    files, writers = _files(tmp_path)
    new, old = _table("NEWONE", seed=5), _table("OLDONE", seed=6)
    _play(files, new, 10)
    files.save_now(old)
    old_version = old.version
    lines = []
    for _i in range(5):  # the older server's journal: CODE.journal, lines without the table's code
        at, seat = old.version, old.state.to_act
        _move(old)
        lines.append(old.journal[-1].replace('"table":"OLDONE",', ""))
        assert f'"at":{at},"seat":{seat},' in lines[-1]
    old.journal.clear()
    old_journal_of(tmp_path / "OLDONE.json").write_text("\n".join(lines) + "\n", encoding="utf-8")
    writers.shutdown()

    writers = ThreadPoolExecutor(max_workers=2)
    again = TableFiles(tmp_path, writers)
    tables, problems = again.read_back(sorted(tmp_path.glob("*.json")))
    assert problems == []
    back = {t.code: t for t in tables}
    assert back["NEWONE"].full_state(0) == new.full_state(0)
    assert back["OLDONE"].version == old_version + 5 and back["OLDONE"].full_state(1) == old.full_state(1)
    # Both are saved whole at their last move; the journals read are gone; the next lines begin a new piece.
    assert segments_in(tmp_path) == [] and not old_journal_of(tmp_path / "OLDONE.json").exists()
    assert Table.from_json(read_json_file(tmp_path / "NEWONE.json")).version == new.version

    async def run() -> None:
        _move(back["NEWONE"])
        await again.save(back["NEWONE"])

    asyncio.run(run())
    writers.shutdown()
    assert [n for n, _p in segments_in(tmp_path)] == [2]
    assert read_table(tmp_path / "NEWONE.json").version == new.version + 1
