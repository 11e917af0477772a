"""Seats that survive the network: a token resumes its seat with the whole state, never another seat's
or another table's; a person gone past the seat timeout is played by the computer, said to the table in
each player's language, and gets the seat back on return."""

from __future__ import annotations

import asyncio

from game.net.client import SeatPlayer, TableClient, play_seat
from tests.server_helpers import seated_table, serve_and_run


def test_a_token_resumes_its_own_seat_only() -> None:
    async def body(server, url):
        south, west = await seated_table(url, people=2, players=2)
        other = await seated_table(url, people=1, players=2)
        await south.start("random")
        first = await west.until("state")
        token, code = west.token, west.table
        west.ws.transport.abort()  # the network drops: no closing handshake
        await asyncio.sleep(0.05)
        back = await TableClient.connect(url)
        seated = await back.resume(code, token)
        assert seated == {"type": "seated", "table": code, "seat": 1}  # no new token handed out
        state = await back.recv(5)  # right after `seated`: the whole state
        assert state["seat"] == 1 and state["events"] == []
        assert state["hand"] == server.tables[code].table.full_state(1)["hand"]
        assert state["version"] >= first["version"]
        # South's token names seat 0 of this table only: not seat 1, not the other table.
        stranger = await TableClient.connect(url)
        wrong = await stranger.resume(code, token[:-1] + ("A" if token[-1] != "A" else "B"))
        assert wrong == {"type": "error", "reason": "That token holds no seat at this table."}
        stranger = await TableClient.connect(url)
        elsewhere = await stranger.resume(other[0].table, south.token)
        assert elsewhere["type"] == "error"
        stranger = await TableClient.connect(url)
        assert (await stranger.resume(code, other[0].token))["type"] == "error"

    serve_and_run(None, body)


def test_resuming_while_connected_moves_the_seat_to_the_new_connection() -> None:
    async def body(server, url):
        [south, west] = await seated_table(url, people=2, players=2)
        again = await TableClient.connect(url)
        assert (await again.resume(south.table, south.token))["seat"] == 0
        await again.start("random")
        assert (await again.until("state"))["seat"] == 0
        assert server.tables[south.table].conns[0] is not None

    serve_and_run(None, body)


def test_a_seat_gone_past_the_timeout_is_played_by_the_computer_and_handed_back() -> None:
    async def body(server, url):
        south, west = await seated_table(url, people=2, players=2, language="fr")
        await south.start("first")
        await west.until("state")
        token, code = west.token, west.table
        await west.close()
        away = await south.until("notice", timeout=5)
        assert away["kind"] == "away" and away["seat"] == 1
        assert away["text"] == "West s’est absenté : l’ordinateur joue à sa place"
        # South plays on; the computer answers for West. A few of West's moves are made for it.
        table = server.tables[code].table
        before = len(table.record.hands[-1].moves)
        task = asyncio.ensure_future(play_seat(south, SeatPlayer("first"), hands=None, timeout=10))
        for _i in range(200):
            if sum(1 for s, _m in table.record.hands[-1].moves if s == 1) >= 2 or table.state.hand_no > 1:
                break
            await asyncio.sleep(0.02)
        assert len(table.record.hands[-1].moves) > before or table.state.hand_no > 1
        task.cancel()
        back = await TableClient.connect(url)
        assert (await back.resume(code, token, language="sv"))["seat"] == 1
        notice = await back.until("notice")
        assert notice["kind"] == "back" and notice["text"] == "West är tillbaka och spelar igen"
        assert not table.seats[1].computer_plays

    serve_and_run(None, body, seat_timeout=0.2)


def test_a_dropped_connection_is_told_to_the_table_at_once_with_the_seat_timeout() -> None:
    """The table hears of a drop at once, not only when the computer takes the seat: its seats say the
    person is no longer connected, and how long the seat waits for them."""
    async def body(server, url):
        south, west = await seated_table(url, people=2, players=2)
        await south.start("first")
        await west.until("state")
        west.ws.transport.abort()  # the network drops: no closing handshake
        while True:
            told = await south.until("table", timeout=5)
            if told["seats"][1]["person"] and not told["seats"][1]["connected"]:  # (older ones: West joining)
                break
        assert told["seat_timeout"] == 30.0
        assert told["seats"][1]["name"] == "West" and not told["seats"][1]["away"]  # the seat waits for West

    serve_and_run(None, body, seat_timeout=30.0)
