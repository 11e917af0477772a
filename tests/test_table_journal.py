"""A table's files on the server: its whole save and the journal of moves since it. Read back, a table
is at its last move; a torn last line, lines older than the save and a damaged line are handled."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from game.keep.safe_json import read_json_file
from game.net import table_files
from game.net.table import Table
from game.net.table_files import JOURNAL_MAX, TableFiles, journal_of, read_table


def _table() -> Table:
    table = Table.create("JRNL42", "bolivia", 2, None, {}, seed=7)
    table.take_seat("Ann", "en")
    table.start("first")
    return table


def _play(files: TableFiles, table: Table, moves: int, after=None) -> None:
    async def run() -> None:
        await files.save(table)  # the deal: the whole save
        for _i in range(moves):
            seat = table.computer_seat()
            if seat is None:
                seat = table.state.to_act
            table.play_computer(seat, None)
            await files.save(table)
            if after is not None:
                after(table)

    asyncio.run(run())


def _files(tmp_path) -> tuple[TableFiles, ThreadPoolExecutor]:
    writers = ThreadPoolExecutor(max_workers=2)
    return TableFiles(tmp_path, writers), writers


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
    assert list(files._fds) == ["JRNL42"]  # its journal stays open for the next line
    # The moves went to the journal, one line each, not into the whole save again.
    assert Table.from_json(read_json_file(path)).version < table.version
    assert journal_of(path).read_text().count("\n") >= 20


def test_a_torn_last_line_is_ignored(tmp_path) -> None:
    files, writers = _files(tmp_path)
    table = _table()
    _play(files, table, 12)
    writers.shutdown()
    path = tmp_path / "JRNL42.json"
    whole = journal_of(path).read_bytes()
    last_start = whole.rstrip(b"\n").rfind(b"\n") + 1
    journal_of(path).write_bytes(whole[:last_start] + whole[last_start:-10])  # killed in the middle of a line
    back = read_table(path)
    assert back.version == table.version - 1
    journal_of(path).write_bytes(whole[:last_start] + b'{"at":' + b"\n")  # a line end, but damaged
    assert read_table(path).version == table.version - 1


def test_lines_older_than_the_save_are_passed_over(tmp_path) -> None:
    files, writers = _files(tmp_path)
    table = _table()
    _play(files, table, 8)
    path = tmp_path / "JRNL42.json"
    stale = journal_of(path).read_bytes()
    files.save_now(table)  # the whole save; a crash came before the journal was emptied
    assert journal_of(path).read_bytes() == b""
    journal_of(path).write_bytes(stale)
    assert read_table(path).full_state(0) == table.full_state(0)
    writers.shutdown()


def test_a_new_hand_and_a_long_journal_write_the_whole_save(tmp_path) -> None:
    files, writers = _files(tmp_path)
    table = _table()
    path = tmp_path / "JRNL42.json"
    hands = []

    def check(t: Table) -> None:
        lines = journal_of(path).read_text().count("\n") if journal_of(path).exists() else 0
        assert lines <= JOURNAL_MAX
        if t.state.hand_no != (hands[-1] if hands else 1):  # a hand was dealt: the save holds it, no lines
            assert lines == 0 and Table.from_json(read_json_file(path)).version == t.version
        hands.append(t.state.hand_no)

    _play(files, table, 400, check)
    writers.shutdown()
    assert hands[-1] >= 2  # a new hand came
    assert read_table(path).full_state(1) == table.full_state(1)


def test_journals_open_at_once_stay_within_their_bound(tmp_path, monkeypatch) -> None:
    """A journal stays open for the next line, but never more than OPEN_JOURNALS of them: the system's
    limit of open files is not one file a table ever played."""
    monkeypatch.setattr(table_files, "OPEN_JOURNALS", 5)
    files, writers = _files(tmp_path)
    tables = []
    for i in range(12):
        table = Table.create(f"JRNL{i:02d}", "bolivia", 2, None, {}, seed=i)
        table.take_seat("Ann", "en")
        table.start("first")
        tables.append(table)
    most = 0

    async def run() -> None:
        nonlocal most
        for table in tables:
            await files.save(table)  # the deal: the whole save
        for _round in range(4):  # every table moves, in turn, as the server's tables do
            for table in tables:
                table.play_computer(table.state.to_act, None)
                await files.save(table)
                most = max(most, len(files._fds))

    asyncio.run(run())
    writers.shutdown()
    assert most <= 5 + 1  # the bound, and the one just written before the next sync closes another
    for table in tables:
        assert read_table(tmp_path / f"{table.code}.json").version == table.version
        assert journal_of(tmp_path / f"{table.code}.json").read_text().count("\n") == 4
    files.close()
