"""The table's word before a discard: the one adviser's (game/ai/adviser.py), judged from the player's
own view only. A warning (`ask`) makes the table ask first; the adviser's own discard is never
questioned: when every card is a risk, it carries a caution the table tells as the card goes. A
warning that names a safer card names the one the adviser would discard."""

from __future__ import annotations

from game.ai.adviser import DiscardNote, discard_note
from game.rules.view import PlayerView

__all__ = ["DiscardNote", "discard_risk"]


def discard_risk(view: PlayerView, card: int, names: list[str]) -> DiscardNote | None:
    """What the table says before discarding `card` now, or None."""
    return discard_note(view, card, names)
