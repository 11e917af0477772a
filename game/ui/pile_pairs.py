"""Which cards from hand take the pile when the player clicks it without choosing them.

The engine lists the takes it allows (game/rules/legal.py); of those, the table picks one for the
player, asking only when the choice matters: a natural pair or a natural card with a wild one
(Standard Canasta), where the wild card offered is the cheapest. No pygame here.
"""

from __future__ import annotations

from game.rules.actions import TakePile
from game.rules.cards import VALUE, WILD
from game.rules.legal import legal_actions
from game.rules.state import GameState, Phase


def pile_takes(state: GameState, staged: set[int]) -> list[tuple[int, ...]]:
    """The choices worth asking about, best first (at most two): each the cards from hand that go with
    the top card, none of them already staged. Empty when the engine allows no take of the pile."""
    if state.phase != Phase.DRAW:
        return []
    takes = {tuple(sorted(a.cards)) for a in legal_actions(state) if isinstance(a, TakePile) and a.onto is None}
    takes = {t for t in takes if not set(t) & staged}
    if not takes:
        return []
    # Fewest cards first (a pair rather than three), then the cheapest to meld (a 2 before a joker).
    ranked = sorted(takes, key=lambda t: (len(t), sum(1 for c in t if WILD[c]), sum(VALUE[c] for c in t), t))
    natural = next((t for t in ranked if not any(WILD[c] for c in t)), None)
    wild = next((t for t in ranked if any(WILD[c] for c in t)), None)
    return [t for t in (natural, wild) if t is not None]
