"""The table server's contract, end to end over a real connection on 127.0.0.1: hello, create, join,
start, state, move, refused, error; and a whole hand played by four headless clients."""

from __future__ import annotations

import asyncio

from game.i18n import speaking
from game.net.client import SeatPlayer, TableClient, play_seat
from game.net.protocol import PROTOCOL_VERSION
from game.rules.actions import Discard
from game.rules.errors import IllegalAction
from tests.server_helpers import keys_in, seated_table, serve_and_run

STATE_KEYS = {"type", "seat", "turn", "phase", "hand", "hand_sizes", "melds", "pile", "scores", "events", "legal"}


async def _south_to_act(south: TableClient, north: TableClient) -> dict:
    """South's state when South is to act; North (seat 2) plays its first legal moves meanwhile."""
    while True:
        msg = await south.until("state", timeout=10)
        if msg["to_act"] == 0 and msg["legal"]:
            return msg
        if msg["to_act"] == 2 and msg["phase"] in ("draw", "meld", "answer"):
            mine = await north.until("state", timeout=10)
            while mine["version"] != msg["version"]:
                mine = await north.until("state", timeout=10)
            await north.move(mine["legal"][0])


def test_create_join_start_move_refuse() -> None:
    async def body(server, url):
        south = await TableClient.connect(url)
        assert south.hello == {"type": "hello", "protocol": PROTOCOL_VERSION, "max_frame": 65536}
        south.log = []
        seated = await south.create(variant="bolivia", players=4, name="South", language="fr")
        assert seated["type"] == "seated" and seated["seat"] == 0
        assert len(seated["token"]) >= 22  # at least 128 random bits in url-safe base64
        north = await TableClient.connect(url)
        north.log = []
        assert (await north.join(seated["table"].lower(), name="North", seat=2))["seat"] == 2
        other = await TableClient.connect(url)
        taken = await other.join(seated["table"], name="X", seat=2)
        assert taken["type"] == "error" and taken["reason"] == "That seat is taken."
        assert "token" not in taken
        await north.start("random")
        refused = await north.until("error")
        assert refused["reason"] == "Only the player who made the table starts it."
        await south.start("random")
        state = await _south_to_act(south, north)
        assert STATE_KEYS <= set(state) and state["seat"] == 0 and state["phase"] == "draw"
        assert len(state["hand"]) == state["hand_sizes"][0]
        # Seat 2 moves out of turn, and seat 0 claims to move for seat 2: both refused, nothing changes.
        await north.move({"draw": "stock"})
        assert (await north.until("refused"))["reason"] == "It is not your turn."
        await south.send({"type": "move", "seat": 2, "move": {"draw": "stock"}})
        assert (await south.until("refused"))["reason"] == "Vous ne jouez que votre propre place."
        # A move the engine refuses: its reason, in the client's language (French here).
        table = server.tables[seated["table"]].table
        card = table.state.hands[0][0]
        with speaking("fr"):
            try:
                table.state.copy().apply(Discard(card))
            except IllegalAction as why:
                expected = str(why)
        await south.move({"discard": state["hand"][0]})
        assert (await south.until("refused"))["reason"] == expected
        assert table.version == state["version"]
        await south.move(state["legal"][0])
        after = await south.until("state")
        assert after["version"] == state["version"] + 1
        assert {e["type"] for e in after["events"]} & {"drew", "took_pile", "took_top"}
        await asyncio.sleep(0.1)
        for client in (south, north):
            for msg in client.log:
                assert not {"hands", "stock"} & keys_in(msg), msg
                if msg["type"] == "state":
                    assert bool(msg["legal"]) == (msg["to_act"] == msg["seat"] and msg["phase"] != "deal")

    serve_and_run(None, body)


def test_unknown_table_and_requests_before_a_seat() -> None:
    async def body(server, url):
        c = await TableClient.connect(url)
        await c.move({"draw": "stock"})
        assert (await c.until("error"))["reason"] == "Create a table, join one or resume your seat first."
        assert (await c.join("NOSUCH", name="x"))["reason"] == "There is no table NOSUCH."
        bad = await c.create(variant="bolivia", players=5)
        assert bad["type"] == "error" and "players" in bad["reason"]
        bad = await c.create(house={"take_top": "maybe"})
        assert bad["type"] == "error"

    serve_and_run(None, body)


def test_four_headless_clients_play_a_whole_hand() -> None:
    async def body(server, url):
        clients = await seated_table(url)
        for c in clients:
            c.log = []
        await clients[0].start("random")
        levels = ["first", "random", "easy", "random"]
        counts = await asyncio.gather(*(play_seat(c, SeatPlayer(lv, seed=s), hands=1, timeout=20)
                                        for s, (c, lv) in enumerate(zip(clients, levels, strict=True))))
        assert all(n["refused"] == 0 and n["errors"] == 0 and n["hands"] == 1 for n in counts), counts
        overs = [next(m for m in c.log if m["type"] == "hand_over") for c in clients]
        assert all(o == overs[0] for o in overs)
        table = next(iter(server.tables.values())).table
        assert table.state.hand_no == 2 and table.state.results[0]["totals"] == overs[0]["totals"]
        assert sum(n["moves"] for n in counts) == len(table.record.hands[0].moves)

    serve_and_run(None, body)


def test_computers_fill_the_empty_seats_and_play_a_hand() -> None:
    async def body(server, url):
        [south] = await seated_table(url, people=1, players=2)
        await south.start("easy")
        counts = await play_seat(south, SeatPlayer("random", seed=3), hands=1, timeout=20)
        assert counts["hands"] == 1 and counts["refused"] == 0

    serve_and_run(None, body)
