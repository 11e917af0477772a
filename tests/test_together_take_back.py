"""Taking back meld moves at a table with friends, as alone: a whole turn over the network (on 127.0.0.1)
with two melds laid and both taken back, one at a time, the partner at the table told of each; what
cannot be taken back (before the draw, past the draw, after the discard, another seat's move) refused
with the reason a player reads; the server's record and save follow."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

from game.net.client import TableClient
from game.net.table import Refused, Table
from game.rules.actions import DrawStock
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.state import Phase, shuffled_deck
from game.rules.take_back import UNDOABLE
from tests.server_helpers import serve_and_run

UNDO = {"undo": True}
NOTHING_AFTER_DRAW = "Nothing to undo: the draw showed new cards, so it stays."


def _meld_moves(state: dict) -> list[dict]:
    return [m for m in state["legal"] if "meld" in m]


async def _my_state(client: TableClient) -> dict:
    """The next state where seat 0 (Ann) is to act."""
    while True:
        msg = await client.until("state", timeout=20)
        if msg["to_act"] == 0 and msg["legal"]:
            return msg


async def _partner_plays(bo: TableClient, told: list[dict]) -> None:
    """Bo (seat 2) plays the first legal move whenever he is to act, and keeps what he was told."""
    while True:
        msg = await bo.recv(30)
        if msg.get("type") == "state":
            told.extend(e for e in msg["events"] if e["type"] == "took_back")
            if msg["to_act"] == 2 and msg["legal"]:
                await bo.move(msg["legal"][0])


def test_a_whole_turn_with_two_melds_taken_back_over_the_network(tmp_path) -> None:
    async def body(server, url):
        ann = await TableClient.connect(url)
        seated = await ann.create(players=4, name="Ann")
        code = seated["table"]
        bo = await TableClient.connect(url)
        assert (await bo.join(code, name="Bo", seat=2))["seat"] == 2
        table = server.tables[code].table
        table.state = changed(table.state, seed=0)  # a known deal: Ann can meld on her first turn
        await ann.start("first")
        told: list[dict] = []
        partner = asyncio.ensure_future(_partner_plays(bo, told))
        try:
            state = await _my_state(ann)
            assert state["phase"] == "draw"
            await ann.move(UNDO)  # nothing played yet this turn
            assert (await ann.until("refused", "state"))["reason"] == "Nothing to undo."
            await ann.move({"draw": "stock"})
            drawn = await ann.until("state")
            assert drawn["phase"] == "meld"
            await ann.move(UNDO)  # the draw showed new cards: it stays
            assert (await ann.until("refused", "state"))["reason"] == NOTHING_AFTER_DRAW

            first = _meld_moves(drawn)[0]
            await ann.move(first)
            one = await ann.until("state")
            assert one["version"] == drawn["version"] + 1 and len(one["hand"]) < len(drawn["hand"])
            seconds = _meld_moves(one)
            assert seconds, "a second meld move to lay"
            await ann.move(seconds[0])
            two = await ann.until("state")
            assert sum(len(m["cards"]) for m in two["melds"][0]) > sum(len(m["cards"]) for m in one["melds"][0])

            # Taken back, the last first: the table is as it was before each move, at a new version.
            await ann.move(UNDO)
            back1 = await ann.until("state")
            assert sorted(back1["hand"]) == sorted(one["hand"]) and back1["melds"] == one["melds"]
            assert back1["version"] == two["version"] + 1 and back1["phase"] == "meld" and back1["legal"]
            taken = [e for e in back1["events"] if e["type"] == "took_back"]
            assert taken and taken[0]["seat"] == 0
            assert Counter(taken[0]["cards"]) == Counter(back1["hand"]) - Counter(two["hand"])
            await ann.move(UNDO)
            back2 = await ann.until("state")
            assert sorted(back2["hand"]) == sorted(drawn["hand"]) and back2["melds"] == drawn["melds"]
            assert back2["legal"] == drawn["legal"]  # every move she had after the draw, hers again
            await ann.move(UNDO)  # back to the draw: no further
            assert (await ann.until("refused", "state"))["reason"] == NOTHING_AFTER_DRAW

            # The server's record holds the turn as it stands: the draw, no meld.
            record = server.tables[code].table.record
            assert [m["type"] for _s, m in record.hands[-1].moves][-1] == "DrawStock"
            assert record.hands[-1].undone == 2

            # The partner saw both melds go back, with their cards.
            for _i in range(100):
                if len(told) >= 2:
                    break
                await asyncio.sleep(0.02)
            assert [e["seat"] for e in told] == [0, 0]

            # A meld again, then the discard ends the turn: nothing of it comes back.
            await ann.move(first)
            again = await ann.until("state")
            discard = next(m for m in again["legal"] if "discard" in m)
            await ann.move(discard)
            after = await ann.until("state")
            assert after["to_act"] != 0
            await ann.move(UNDO)
            assert (await ann.until("refused"))["reason"] == "It is not your turn."
            return json.dumps(told)
        finally:
            partner.cancel()

    serve_and_run(tmp_path, body)


def test_take_backs_are_refused_in_each_language_and_for_another_seat() -> None:
    """At the table itself: the refusal in the asker's language, and a seat's melds are its own."""
    from game.i18n import speaking

    table = Table.create("T", "bolivia", 4, None, {}, seed=0)
    for s in range(4):
        table.take_seat(f"P{s}", "fr")
    table.start("first", shuffled_deck(table.state.rules, 0, 1))
    while table.state.to_act != 0 or table.state.phase != Phase.DRAW:
        table.apply(table.state.to_act, legal_actions(table.state)[0])
    table.apply(0, DrawStock())
    meld = next(a for a in legal_actions(table.state) if isinstance(a, UNDOABLE))
    table.apply(0, meld)
    for seat in (1, 2, 3):  # another seat cannot take Ann's meld back
        try:
            table.play(seat, UNDO)
        except Refused as why:
            assert str(why) == "It is not your turn."
        else:
            raise AssertionError("another seat took a meld back")
    try:
        table.play(0, {"undo": "yes"})
    except Refused as why:
        assert "undo" in str(why)
    else:
        raise AssertionError("a malformed take-back was taken")
    outs = table.play(0, UNDO)
    assert {s for s, _m in outs} == {0, 1, 2, 3}
    with speaking("fr"):
        try:
            table.play(0, UNDO)
        except Refused as why:
            french = str(why)
    with speaking("sv"):
        try:
            table.play(0, UNDO)
        except Refused as why:
            swedish = str(why)
    assert french != NOTHING_AFTER_DRAW and swedish != NOTHING_AFTER_DRAW and french != swedish


def test_a_guest_lobby_shows_the_house_rules_the_table_plays() -> None:
    """The `table` message names the house rules as every seat will play them; a guest's lobby says them in
    its own player's language (the host's has its own setup's)."""
    from game.i18n import speaking
    from scenes.together import _house_lines

    table = Table.create("T", "bolivia", 4, None, {"black_three_in_hand": "5"}, seed=0)
    message = json.loads(json.dumps(table.lobby()))
    assert message["house"]["black_three_in_hand"] == "5"  # every option, with the value played
    english = _house_lines(message)
    assert len(english) == 1 and english[0].startswith("House rules: ") and "5" in english[0]
    with speaking("fr"):
        french = _house_lines(message)
    assert french and french != english
    plain = json.loads(json.dumps(Table.create("U", "bolivia", 4, None, {}, seed=0).lobby()))
    assert _house_lines(plain) == ["House rules: as the game's own rules"]
    assert _house_lines({**message, "house": {"no_such_rule": "1"}}) == []  # a server not ours: nothing said
