"""The table's question before a risky discard: the one adviser's warning (game/ai/adviser.py), judged
from the player's own view only. The adviser's own discard is never questioned, and a warning that
names a safer card names the one the adviser would discard."""

from __future__ import annotations

from game.ai.adviser import discard_warnings
from game.rules.cards import FACE
from game.rules.view import PlayerView


def discard_risk(view: PlayerView, card: int, names: list[str]) -> str | None:
    """The warning for discarding `card` now, or None."""
    warnings = discard_warnings(view, names)
    return next((w for c, w in warnings.items() if FACE[c] == FACE[card]), None)
