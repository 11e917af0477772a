"""A connection's socket is read in pieces of READ_SIZE (asyncio's own 256 kB buffer was mapped from the
system and given back at every read), and a frame larger than a piece, up to the 64 kB limit, is still
read whole: a create of 65,000 bytes is answered, with the reason its name is refused."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from game.net.protocol import MAX_FRAME
from game.net.server import READ_SIZE
from tests.server_helpers import serve_and_run


def test_reads_in_pieces_and_a_frame_over_several_pieces_is_read_whole(tmp_path) -> None:
    async def body(server, url):
        async with connect(url, max_size=None) as ws:
            assert json.loads(await ws.recv())["type"] == "hello"
            [conn] = server._conns
            assert conn.ws.transport.max_size == READ_SIZE < 128 * 1024
            frame = json.dumps({"type": "create", "name": "x" * (MAX_FRAME - 600)})
            assert READ_SIZE < len(frame) <= MAX_FRAME
            await ws.send(frame)
            reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert reply["type"] == "error" and "name" in reply["reason"]
            await ws.send(json.dumps({"type": "create", "name": "South"}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "seated"

    serve_and_run(tmp_path, body)
