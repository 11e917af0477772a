"""Tables that survive the server: saved after every move (the game's own save format, and a journal line
a move), read back by a restarted server with their tokens, a killed one's at its last move; `python -m
game serve` prints where it listens, and SIGTERM saves and exits 0."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from game.keep.safe_json import read_json_file
from game.keep.saved_game import SavedGame
from game.net.client import SeatPlayer, TableClient
from game.net.table import Table
from game.net.table_files import read_journal
from tests.server_helpers import seated_table, serve_and_run

ROOT = Path(__file__).resolve().parent.parent


def test_a_restarted_server_brings_every_table_back_with_its_tokens(tmp_path) -> None:
    async def first(server, url):
        south, west = await seated_table(url, people=2, players=2)
        await south.start("random")
        player = SeatPlayer("first")
        for _i in range(6):  # a few moves each
            for c in (south, west):
                while c.state is None or c.state["version"] < server.tables[c.table].table.version:
                    await c.until("state")
                if c.state["legal"]:
                    await c.move(player.choose(c.state))
        await asyncio.sleep(0.1)
        table = server.tables[south.table].table
        return south.table, south.token, west.token, table.version, table.full_state(0), table.full_state(1)

    code, south_token, west_token, version, south_state, west_state = serve_and_run(tmp_path, first)
    saved = read_json_file(tmp_path / "tables" / f"{code}.json")
    assert SavedGame.from_json(saved).state.hand_no == 1  # the game's own save, readable as one
    (tmp_path / "tables" / "BROKEN.json").write_text("{not json", encoding="utf-8")

    async def second(server, url):
        assert set(server.tables) == {code} and server.problems
        assert (tmp_path / "tables" / "BROKEN.bad").exists()
        states = []
        for token in (south_token, west_token):
            c = await TableClient.connect(url)
            assert (await c.resume(code, token))["type"] == "seated"
            states.append(await c.until("state"))
        return states

    south_back, west_back = serve_and_run(tmp_path, second)
    assert south_back["version"] == version
    assert south_back == south_state and west_back == west_state


def _start_server(folder: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--folder", str(folder)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = proc.stdout.readline()
    url = json.loads(line)["listening"]
    assert url.startswith("ws://127.0.0.1:")
    return proc, url


def test_sigterm_saves_every_table_and_exits_0(tmp_path) -> None:
    proc, url = _start_server(tmp_path)
    try:
        async def play():
            [south] = await seated_table(url, people=1, players=2)
            await south.start("random")
            player = SeatPlayer("first")
            while south.state is None or south.state["version"] < 8:  # a few moves of each seat
                msg = await south.until("state")
                if msg["legal"]:
                    await south.move(player.choose(msg))
            await south.close()
            return south.table, south.state["version"]

        code, seen = asyncio.run(asyncio.wait_for(play(), 30))
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    table = Table.from_json(read_json_file(tmp_path / "tables" / f"{code}.json"))
    assert table.version >= seen and table.state.hand_no == 1 and table.started


def test_sigterm_the_moment_the_first_line_is_read_saves_and_exits_0(tmp_path) -> None:
    """The signals are caught before the line is printed: a SIGTERM sent as soon as the address is read
    (a supervisor stopping a server it just started) is a clean stop, the tables read back saved again,
    never the default death of the signal (exit -15)."""
    async def first(server, url):
        south, _west = await seated_table(url, people=2, players=2)  # no computer: the table waits
        await south.start("random")
        return south.table

    code = serve_and_run(tmp_path, first)
    version = Table.from_json(read_json_file(tmp_path / "tables" / f"{code}.json")).version
    assert version >= 1
    for _i in range(3):
        for n in range(300):  # warnings said after the line: the time a late handler left the signal's default
            (tmp_path / "tables" / f"BAD{n:03d}.json").write_text("{", encoding="utf-8")
        proc, _url = _start_server(tmp_path)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=15)
        assert proc.returncode == 0, err
        assert out == "" and "Traceback" not in err and err.count("warning: BAD") == 300
        assert Table.from_json(read_json_file(tmp_path / "tables" / f"{code}.json")).version == version


def test_a_server_killed_mid_hand_comes_back_at_the_last_move_from_its_journal(tmp_path) -> None:
    proc, url = _start_server(tmp_path)
    try:
        async def play():
            south, west = await seated_table(url, people=2, players=2)
            await south.start("random")
            player = SeatPlayer("first")
            while max(c.state["version"] if c.state else 0 for c in (south, west)) < 12:
                for c in (south, west):
                    while c.state is None or c.state["version"] < max(x.state["version"] if x.state else 0
                                                                       for x in (south, west)):
                        await c.until("state")
                    if c.state["legal"]:
                        await c.move(player.choose(c.state))
                        await c.until("state")
            for c in (south, west):  # both have seen the last move: the table waits for one of them
                while c.state["version"] < max(x.state["version"] for x in (south, west)):
                    await c.until("state")
            return south.table, south.token, south.state

        code, token, seen = asyncio.run(asyncio.wait_for(play(), 30))
    finally:
        proc.kill()  # SIGKILL: nothing is saved on the way out
        proc.wait()
    saved = Table.from_json(read_json_file(tmp_path / "tables" / f"{code}.json"))
    assert saved.version < seen["version"]  # the moves since the deal are in the journal only
    assert len(read_journal(tmp_path / "tables")[code]) >= 2

    async def back(server, url):
        c = await TableClient.connect(url)
        assert (await c.resume(code, token))["type"] == "seated"
        return await c.until("state")

    state = serve_and_run(tmp_path, back)
    assert state["version"] == seen["version"]
    assert {k: v for k, v in state.items() if k != "events"} == {k: v for k, v in seen.items() if k != "events"}


def test_bad_serve_options_exit_2_with_one_line(tmp_path) -> None:
    for args in (["--port", "70000"], ["--seat-timeout", "soon"], ["--folder", str(ROOT / "pyproject.toml")]):
        out = subprocess.run([sys.executable, "-m", "game", "serve", *args], cwd=ROOT, capture_output=True,
                             text=True, timeout=30)
        assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, args


def test_a_disk_that_refuses_the_save_does_not_stop_the_game(tmp_path) -> None:
    """Story: a save that failed (a full or read-only disk) was a failed frame: the move was applied but
    nobody was told, and the table went on unseen. Now it is logged and the game goes on."""
    (tmp_path / "tables").write_text("a file where the folder should be", encoding="utf-8")

    async def body(server, url):
        [south] = await seated_table(url, people=1, players=2)
        assert south.table in server.tables
        await south.start("first")
        player = SeatPlayer("first")
        while south.state is None or south.state["version"] < 6:
            msg = await south.recv(10)
            assert msg["type"] not in ("error", "refused"), msg
            if msg["type"] == "state" and msg["legal"]:
                await south.move(player.choose(msg))

    serve_and_run(tmp_path, body)


def test_a_damaged_journal_and_save_are_read_with_a_plain_warning_and_the_table_comes_back(tmp_path) -> None:
    """Lines of the moves journal that are damaged (a disk's garbage, a piece of binary, a line of some
    other program) are not used and said in one plain line each piece; a damaged save is set aside and
    said; the table whose lines are whole comes back at its last good move, and nothing is a traceback."""
    from concurrent.futures import ThreadPoolExecutor

    from game.net.table_files import TableFiles, segments_in

    folder = tmp_path / "tables"
    table = Table.create("GQQDAA", "bolivia", 2, None, {}, seed=11)
    tokens = [table.take_seat(name, "en")[1] for name in ("Ann", "Bo")]  # two people: nobody moves alone
    table.start("first")
    writers = ThreadPoolExecutor(max_workers=1)
    files = TableFiles(folder, writers)

    async def play() -> None:
        await files.save(table)
        for _i in range(6):
            table.play_computer(table.state.to_act, None)
            await files.save(table)

    asyncio.run(play())
    writers.shutdown()
    [(_n, piece)] = segments_in(folder)
    with piece.open("ab") as f:
        f.write(b"\x00\xff\xfe garbage of a disk\n" + b'{"table": 5}\n' + b"[" * 5000 + b"\n")
    (folder / "moves-000002.journal").write_bytes(bytes(b for b in range(256) if b != 10) * 8 + b"\n")
    (folder / "BROKEN.json").write_text('{"format": 1, "kind": "bolivia-save"', encoding="utf-8")

    proc, url = _start_server(tmp_path)
    try:
        async def back():
            c = await TableClient.connect(url)
            assert (await c.resume("GQQDAA", tokens[0]))["type"] == "seated"
            return await c.until("state")

        state = asyncio.run(asyncio.wait_for(back(), 15))
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0 and "Traceback" not in err
    assert state["version"] == table.version and state["hand"] == table.full_state(0)["hand"]
    warnings = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert "warning: moves-000001.journal: 3 damaged lines were not used" in warnings
    assert "warning: moves-000002.journal: 1 damaged line was not used" in warnings
    assert any(line.startswith("warning: BROKEN.json: it is not valid JSON") for line in warnings)
    assert (folder / "BROKEN.bad").exists() and segments_in(folder) == []
