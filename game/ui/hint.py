"""The table's hint: the one adviser's (game/ai/adviser.py), worked out on a copy of the game from the
player's own seat view. The table shows `advice.hint.reason` and outlines `advice.hint.cards`."""

from __future__ import annotations

from game.ai.adviser import Advice, Hint, advise
from game.rules.state import GameState
from game.rules.view import view_of

__all__ = ["Advice", "Hint", "suggest"]


def suggest(state: GameState, seat: int, names: list[str] | None = None) -> Advice:
    """The adviser's hint and warnings for the seat, from its view of a copy (safe on a thread), seeded by
    the view as every other caller of the adviser is."""
    return advise(view_of(state.copy(), seat), names)
