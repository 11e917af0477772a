"""A computer player's failure or the engine's, written to the game's log (game/keep/logs.py) with its
traceback and the position it happened in, as JSON: a player who meets one sees a move made for the
computer, and the log keeps what to look into. The shell's turns and the table server both write here;
the tests fail on any such line (tests/conftest.py)."""

from __future__ import annotations

import json
import logging

from game.rules.state import GameState

log = logging.getLogger("bolivia.players")


def log_failure(what: str, why: BaseException, state: GameState) -> None:
    """Log `what` went wrong, the exception `why` with its traceback, and the position `state` as JSON."""
    try:
        where = json.dumps(state.to_json(), separators=(",", ":"))
    except Exception as also:  # a state too broken to write: say that instead
        where = f"(the position could not be written: {also!r})"
    log.error("%s: %r\nposition: %s", what, why, where, exc_info=(type(why), why, why.__traceback__))
