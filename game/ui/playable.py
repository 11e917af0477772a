"""The cards in the player's hand that can go onto the table now, as the engine judges it: each is in
a meld move the engine lists as legal (a new meld, an addition, a first meld reaching its minimum).

The table outlines them when the player asks for it in the settings. The coach (game/ai) is to offer
the same judgement for a seat's view; until then the table asks the engine's list here. No pygame.
"""

from __future__ import annotations

from game.rules.actions import AddToMeld, LayMelds, MeldMove
from game.rules.legal import legal_actions
from game.rules.state import GameState, Phase


def playable_cards(state: GameState, seat: int) -> frozenset[int]:
    """The cards of `seat`'s hand some legal meld move of this turn lays; none outside its meld phase."""
    if state.phase != Phase.MELD or state.turn != seat:
        return frozenset()
    out: set[int] = set()
    for a in legal_actions(state):
        if isinstance(a, LayMelds):
            out.update(c for m in a.melds for c in m)
        elif isinstance(a, AddToMeld):
            out.update(a.cards)
        elif isinstance(a, MeldMove):
            out.update(c for m in a.new for c in m)
            out.update(c for _mid, cards in a.add for c in cards)
    return frozenset(out & set(state.hands[seat]))
