"""The partner's "May I go out?" goes to the partner: a person gets the two answers as their legal
moves, a computer partner answers on the server."""

from __future__ import annotations

from game.net.client import TableClient
from game.net.server import Hosted
from game.net.table import Seat, Table
from game.rules.state import Phase
from tests.helpers import position
from tests.server_helpers import serve_and_run

ESCALERA = "4H 5H 6H 7H 8H 9H TH"


def test_a_person_partner_is_asked_and_answers() -> None:
    state = position(4, ["KH 9D", "6D 6D", "5S 5S", "6S 6S"], melds=[[ESCALERA, "KS KS KD KD KC KC"], []],
                     phase=Phase.MELD, turn=0)
    table = Table("ASKME2", state, [Seat() for _s in range(4)])
    table.take_seat("South", "en")
    table.take_seat("West", "en")
    table.take_seat("North", "en")
    table.take_seat("East", "en")
    table.started = True
    outs = dict(table.play(0, {"ask": True}))
    assert outs[2]["to_act"] == 2 and outs[2]["phase"] == "answer"
    assert outs[2]["legal"] == [{"answer": True}, {"answer": False}]
    assert outs[0]["legal"] == [] and outs[0]["events"] == [{"type": "asked", "seat": 0}]
    outs = dict(table.play(2, {"answer": True}))
    assert outs[0]["to_act"] == 0 and outs[0]["permission"] is True
    assert outs[0]["events"] == [{"type": "answered", "seat": 2, "yes": True}]


def test_a_computer_partner_answers_on_the_server() -> None:
    state = position(4, ["KH 9D", "6D 6D", "5S 5S", "6S 6S"], melds=[[ESCALERA, "KS KS KD KD KC KC"], []],
                     phase=Phase.MELD, turn=0)
    table = Table("ASKME3", state, [Seat(level="easy") for _s in range(4)], computers="easy")
    _seat, token = table.take_seat("South", "en", 0)
    table.started = True

    async def body(server, url):
        server.tables[table.code] = Hosted(table)
        south = await TableClient.connect(url)
        assert (await south.resume(table.code, token))["seat"] == 0
        await south.until("state")
        await south.move({"ask": True})
        while True:
            msg = await south.until("state", timeout=10)
            answered = [e for e in msg["events"] if e["type"] == "answered"]
            if answered:
                assert answered[0]["seat"] == 2 and msg["to_act"] == 0 and msg["legal"]
                return

    serve_and_run(None, body)
