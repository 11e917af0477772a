"""The table server's computer players are never silent either: one that raises, or a move of its that the
engine refuses, is logged with its traceback and the position as JSON (game/keep/failures.py), and the
table plays the first legal move for it, as the game on one machine does (tests/test_controller_failures.py)."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from game.net import server as server_module
from game.net.server import Hosted, TableServer
from game.net.table import Table
from game.rules.actions import Discard, action_to_json
from game.rules.legal import legal_actions
from game.rules.state import Phase


def _table() -> Table:
    """A table of one person and one computer, the computer to act first."""
    for seed in range(40):
        table = Table.create("FAIL35", "bolivia", 2, None, {}, seed=seed)
        table.take_seat("Ann", "en")
        table.start("first")
        if table.computer_seat() is not None and table.state.phase == Phase.DRAW:
            return table
    raise AssertionError("no seed gives the computer the first turn")


def _position(record: logging.LogRecord) -> dict:
    return json.loads(record.getMessage().split("position: ", 1)[1])


@pytest.mark.player_failures
def test_a_computer_move_the_engine_refuses_is_logged_and_replaced(caplog) -> None:
    table = _table()
    seat = table.computer_seat()
    not_now = Discard(table.state.hands[seat][0])  # a discard before drawing
    first = legal_actions(table.state)[0]
    before = table.state.to_json()
    with caplog.at_level(logging.ERROR, logger="bolivia.players"):
        outs = table.play_computer(seat, not_now)
    assert outs and table.record.hands[-1].moves[-1][1] == action_to_json(first)  # played for it instead
    (record,) = caplog.records
    assert "refused" in record.getMessage() and _position(record)["hands"] == before["hands"]


@pytest.mark.player_failures
def test_a_computer_player_that_raises_at_the_table_is_logged_with_its_position(caplog, monkeypatch) -> None:
    table = _table()
    before = table.state.to_json()

    def broken(level, state, view, rng):
        raise ZeroDivisionError("thinking too hard")

    monkeypatch.setattr(server_module, "_think", broken)

    async def drive() -> None:
        server = TableServer(port=0)
        hosted = Hosted(table)
        server.tables[table.code] = hosted
        try:
            await server._drive(hosted)
        finally:
            await server.close()

    with caplog.at_level(logging.ERROR, logger="bolivia.players"):
        asyncio.run(drive())
    assert caplog.records, "the failure was not logged"
    record = caplog.records[0]
    assert "failed at the table" in record.getMessage() and record.exc_info[0] is ZeroDivisionError
    assert _position(record)["hands"] == before["hands"]
    assert table.computer_seat() is None  # the table played on to the person's turn
