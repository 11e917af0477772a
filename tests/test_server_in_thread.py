"""The server embedded: started in a thread of its own on a given host and port, used by a client from
another loop, stopped with its tables saved."""

from __future__ import annotations

import asyncio

from game.keep.safe_json import read_json_file
from game.net.client import TableClient
from game.net.in_thread import ServerThread
from game.net.table import Table


def test_a_server_in_a_thread_serves_and_stops_with_its_tables_saved(tmp_path) -> None:
    running = ServerThread("127.0.0.1", 0, tmp_path)
    url = running.start()
    try:
        async def play():
            c = await TableClient.connect(url)
            seated = await c.create(players=2, name="South")
            await c.start("easy")
            state = await c.until("state")
            await c.close()
            return seated["table"], state

        code, state = asyncio.run(asyncio.wait_for(play(), 20))
        assert state["seat"] == 0 and state["phase"] in ("draw", "meld")
    finally:
        running.stop()
    assert not running._thread.is_alive()
    table = Table.from_json(read_json_file(tmp_path / "tables" / f"{code}.json"))
    assert table.started and table.version >= state["version"]
