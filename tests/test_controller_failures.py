"""A computer player that fails, or a move of its that the engine refuses, is never silent: the game
plays the first legal move for it (a player must not be stuck) and the log gets what happened, with the
traceback and the position, so it can be looked into."""

from __future__ import annotations

import json
import logging

import pytest

from game.ai import get_player
from game.rules.actions import Discard
from game.rules.legal import legal_actions
from game.rules.state import GameState, Phase
from game.shell.controller import TurnController


def _first_turn() -> GameState:
    s = GameState(2, 5, target=5000)
    TurnController(s, {}, set(), "instant", threaded=False).deal()
    return s


def _play_one(s: GameState, chooser) -> tuple[TurnController, object]:
    c = TurnController(s, {0: chooser, 1: chooser}, set(), "instant", threaded=False)
    for _ in range(5):
        applied = c.update(1.0, False)
        if applied is not None:
            return c, applied
    raise AssertionError("no move was made")


@pytest.mark.player_failures
def test_a_player_that_raises_is_logged_with_its_position(caplog) -> None:
    s = _first_turn()
    first = legal_actions(s)[0]
    before = s.to_json()

    def broken(view, legal, rng):
        raise ZeroDivisionError("thinking too hard")

    with caplog.at_level(logging.ERROR, logger="bolivia.players"):
        c, applied = _play_one(s, broken)
    assert applied.action == first and c.errors == ["ZeroDivisionError('thinking too hard')"]
    (record,) = caplog.records
    assert "decision failed" in record.getMessage() and record.exc_info[0] is ZeroDivisionError
    position = json.loads(record.getMessage().split("position: ", 1)[1])
    assert position["hands"] == [list(h) for h in before["hands"]]  # the position the player failed in


@pytest.mark.player_failures
def test_a_move_the_engine_refuses_is_logged_and_replaced(caplog) -> None:
    s = _first_turn()
    assert s.phase == Phase.DRAW
    not_now = Discard(s.hands[s.turn][0])  # a discard before drawing: the engine refuses it

    with caplog.at_level(logging.ERROR, logger="bolivia.players"):
        c, applied = _play_one(s, lambda view, legal, rng: not_now)
    assert applied.action != not_now and len(c.errors) == 1
    (record,) = caplog.records
    assert "refused" in record.getMessage() and "position: {" in record.getMessage()


def test_a_game_of_working_players_logs_nothing(caplog) -> None:
    s = _first_turn()
    with caplog.at_level(logging.ERROR, logger="bolivia.players"):
        c, _applied = _play_one(s, get_player("greedy"))
    assert not c.errors and not caplog.records
