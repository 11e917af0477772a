"""Closing the table server: it never waits on a client (one that stops reading is cut after the closing
handshake's time), and nothing of it runs once it is closed (a seat left while it closes is not handed to
the computer after its last save)."""

from __future__ import annotations

import asyncio
import json

from game.net.server import CLOSE_TIMEOUT, TableServer
from game.net.table_files import read_table
from tests.server_helpers import seated_table

BIG = "x" * 60_000  # a message far larger than a state, so that a few fill the sockets' buffers


def test_closing_cuts_a_client_that_does_not_read(tmp_path) -> None:
    async def main() -> None:
        server = TableServer(port=0, folder=tmp_path)
        url = await server.start()
        south, west = await seated_table(url, people=2, players=2)
        hosted = server.tables[south.table]
        # West reads nothing more: its side stops taking frames, then the kernel's buffers fill, then
        # the server's own buffer grows: the library's closing handshake waits for it to drain.
        for _i in range(600):
            hosted.conns[1].push(BIG)
        await asyncio.sleep(0.2)
        assert hosted.conns[1].ws.transport.get_write_buffer_size() > 0, "the socket never filled"
        loop = asyncio.get_running_loop()
        began = loop.time()
        # Before, the library's close waited for the buffer to drain, until the keepalive gave up (20 s
        # and more): a game hosting a table could not stop.
        await asyncio.wait_for(server.close(), 4 * CLOSE_TIMEOUT)
        took = loop.time() - began
        print(f"closed in {took:.2f} s")
        assert server._server is not None and not server._conns  # every connection ended
        assert read_table(tmp_path / "tables" / f"{south.table}.json").version == hosted.table.version
        await south.close()
        west.ws.transport.abort()

    asyncio.run(main())


def test_a_seat_left_while_closing_is_not_given_to_the_computer_after_the_last_save(tmp_path) -> None:
    async def main() -> None:
        problems: list[dict] = []
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _loop, context: problems.append(context))
        server = TableServer(port=0, folder=tmp_path, seat_timeout=0.05)
        url = await server.start()
        clients = await seated_table(url, people=2, players=4)
        await clients[0].start("first")
        await clients[0].until("state")
        code = clients[0].table
        await server.close()  # the two people's connections end as it closes
        await asyncio.sleep(0.5)  # ten seat timeouts: nothing of the closed server may run now
        table = server.tables[code].table
        saved = read_table(tmp_path / "tables" / f"{code}.json")
        assert [st.away for st in table.seats] == [False, False, False, False]
        assert [st.away for st in saved.seats] == [False, False, False, False]
        assert saved.version == table.version
        assert not server._tasks and all(not h.timers for h in server.tables.values())
        for c in clients:
            await c.close()
        assert problems == []

    asyncio.run(main())


def test_messages_to_a_slow_reader_come_in_their_order(tmp_path) -> None:
    """A message goes straight onto the socket only when none waits before it: a client that reads late
    gets every message, in the order it was sent, those that waited in the queue included."""

    async def main() -> None:
        server = TableServer(port=0, folder=tmp_path)
        url = await server.start()
        south, west = await seated_table(url, people=2, players=2)
        conn = server.tables[south.table].conns[1]
        queued = 0
        for i in range(150):  # west reads nothing yet: these fill the sockets, then the queue
            conn.push(json.dumps({"type": "test", "n": i, "pad": BIG}))
            queued = max(queued, conn.outbox.qsize())
        assert queued > 0, "every message went straight out: the queue was never tried"
        seen: list[int] = []

        async def read() -> None:
            while len(seen) < 2150:
                msg = await west.recv(10)
                if msg["type"] == "test":  # the lobby's messages before them are passed over
                    seen.append(msg["n"])

        reading = asyncio.ensure_future(read())
        for i in range(150, 2150):  # while west reads and the queue empties, the socket takes some again
            conn.push(json.dumps({"type": "test", "n": i, "pad": BIG[:2000]}))
            await asyncio.sleep(0)
        await reading
        assert seen == list(range(2150))
        for c in (south, west):
            await c.close()
        await server.close()

    asyncio.run(main())
