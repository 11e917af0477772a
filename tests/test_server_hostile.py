"""Hostile clients change nothing: malformed JSON, binary frames, unknown types, moves out of turn or for
another seat, oversize frames, floods and a client that never speaks each get an error or a closed
connection, while another table plays a whole hand without noticing."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.client import SeatPlayer, TableClient, play_seat
from game.net.server import Connection
from tests.server_helpers import seated_table, serve_and_run


async def _replies(ws, n: int, timeout: float = 5.0) -> list[dict]:
    return [json.loads(await asyncio.wait_for(ws.recv(), timeout)) for _i in range(n)]


def test_hostile_frames_get_errors_or_a_closed_connection_and_disturb_no_other_table() -> None:
    async def body(server, url):
        # A good table plays a whole hand all along.
        [good] = await seated_table(url, people=1, players=2)
        await good.start("random")
        good_play = asyncio.ensure_future(play_seat(good, SeatPlayer("first"), hands=1, timeout=20))

        async with connect(url, max_size=None) as ws:
            await ws.recv()  # hello
            for frame in ("{not json", "[1, 2]", '"text"', json.dumps({"type": "nuke"}), json.dumps({"no": 1}),
                          json.dumps({"type": "create", "players": "four"}), "9" * 5000, "[" * 10000,
                          json.dumps({"type": "join", "table": None}), b"\x00\x01binary"):
                await ws.send(frame)
                [reply] = await _replies(ws, 1)
                assert reply["type"] == "error" and reply["reason"], frame

        # Moves out of turn and for another seat, at a table of their own.
        south, west = await seated_table(url, people=2, players=2)
        await south.start("random")
        state = await south.until("state")
        idle, mover = (west, south) if state["to_act"] == 0 else (south, west)
        await idle.move({"draw": "stock"})
        assert (await idle.until("refused"))["reason"] == "It is not your turn."
        await mover.send({"type": "move", "seat": idle.seat, "move": {"draw": "stock"}})
        assert (await mover.until("refused"))["reason"] == "You play only your own seat."
        await mover.move({"take_top": 99})
        assert (await mover.until("refused"))["type"] == "refused"

        # An oversize frame closes that connection (1009).
        async with connect(url, max_size=None) as ws:
            await ws.recv()
            await ws.send(json.dumps({"type": "create", "name": "x" * 70_000}))
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1009

        # A flood: told to slow down, then closed.
        async with connect(url, max_size=None) as ws:
            await ws.recv()
            for _i in range(1000):
                await ws.send('{"type": "nuke"}')
            seen = []
            try:
                while True:
                    seen.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
            except ConnectionClosed:
                pass
            assert any(m["reason"] == "Too many messages: slow down." for m in seen)
            assert len(seen) < 200

        # A client that connects and never speaks is closed after the hello timeout.
        async with connect(url) as ws:
            await ws.recv()
            try:
                await asyncio.wait_for(ws.recv(), 5)
                raise AssertionError("a silent client was sent something")
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1008

        counts = await good_play
        assert counts == {**counts, "refused": 0, "errors": 0, "hands": 1}
        fresh = await TableClient.connect(url)
        assert fresh.hello["type"] == "hello"

    serve_and_run(None, body, timeout=60, hello_timeout=0.5)


def test_a_client_playing_at_full_speed_is_never_held_back() -> None:
    """Story: a headless client answering every state at once was told to slow down after 80 moves and
    its move dropped, and its table waited for ever. A frame that moves the game on costs nothing."""
    conn = Connection(ws=None)  # type: ignore[arg-type]
    for _i in range(1000):
        assert conn.allowed()
        conn.refund()
    assert conn.dropped == 0
    flooded = Connection(ws=None)  # type: ignore[arg-type]
    assert sum(flooded.allowed() for _i in range(1000)) < 100


def test_a_move_naming_cards_that_do_not_exist_is_refused_with_a_reason_and_changes_nothing() -> None:
    """Cards no pack holds, cards not in the hand and melds that are not there: each move is refused with
    a reason the player can read, in their language (never an error, never a failed frame), a card
    written a thousand characters long is not said back whole, and the table plays on as before."""
    async def body(server, url):
        south, west = await seated_table(url, people=2, players=2)
        await south.start("random")
        state = await south.until("state")
        mover = south if state["to_act"] == 0 else west
        if mover is west:
            await west.until("state")
        table = server.tables[south.table].table
        before = (table.version, table.full_state(0), table.full_state(1))
        refused = []
        for move in ({"discard": "ZZ"}, {"discard": "1" * 5000}, {"discard": "0S"}, {"take_pile": ["QX", "QX"]},
                     {"meld": {"new": [["KX", "KH", "KS"]]}}, {"meld": {"add": [[0, ["7H"]]]}}, {"take_top": 3},
                     {"combine": [0, 40]}, {"discard": ""}):
            await mover.move(move)
            reply = await mover.recv(5)
            while reply["type"] not in ("refused", "error"):
                reply = await mover.recv(5)
            assert reply["type"] == "refused", (move, reply)
            assert reply["reason"] and len(reply["reason"]) < 200 and "Traceback" not in reply["reason"], move
            refused.append(reply["reason"])
        assert refused[0] == "unknown card 'ZZ': write rank and suit, like 7H, TD, 10S or JK"
        assert refused[1].startswith("unknown card '111111111111…'")
        assert refused[6] == "That meld is not one of your side's melds."
        assert (table.version, table.full_state(0), table.full_state(1)) == before
        # In French, the player's own words.
        await mover.send({"type": "move", "move": {"discard": "ZZ"}, "language": "fr"})
        reply = await mover.until("refused")
        assert reply["reason"].startswith("carte inconnue 'ZZ'")
        # The table plays on: the seat's own first legal move is applied.
        await mover.move(mover.state["legal"][0])
        assert (await mover.until("state"))["version"] == table.version == before[0] + 1

    serve_and_run(None, body)
