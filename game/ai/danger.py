"""The danger of the hand ending: an opponent one turn from going out.

A club player watches the opponents' hands shrink. When one holds a card or two and its side has what
going out needs (or one canasta short, with a meld its next draw can finish), every card still in our
hand may count against us at the next turn: the levels and the hint meld down, shed what costs most
and stop saving pairs for a pile they will not see again.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.melds import BOLIVIA_CANASTA, ESCALERA, NATURAL_CANASTA, RUN, WILD_MELD, Meld
from game.rules.view import PlayerView

THREAT_CARDS = 2  # an opponent holding this many cards or fewer may go out at its next turn


@dataclass(frozen=True)
class OutThreat:
    seat: int  # the opponent that may go out
    cards: int  # cards it holds
    ready: bool  # its side already has what going out needs


def out_threat(view: PlayerView) -> OutThreat | None:
    """The opponent most likely to go out at its next turn, from the seat's view, or None."""
    rules = view.rules
    reach = rules.draws(view.players)
    best: OutThreat | None = None
    for seat in range(view.players):
        side = view.side_of(seat)
        n = view.hand_counts[seat]
        if side == view.side or not 0 < n <= THREAT_CARDS or not view.melds[side]:
            continue
        melds = view.melds[side]
        kinds = [m.canasta(rules) for m in melds]
        ready = rules.qualifies(kinds)
        if not ready and not _one_turn_short(melds, kinds, view, n + reach):
            continue
        threat = OutThreat(seat, n, ready)
        if best is None or (threat.ready, -threat.cards) > (best.ready, -best.cards):
            best = threat
    return best


def _one_turn_short(melds: tuple[Meld, ...], kinds: list[str | None], view: PlayerView, cards: int) -> bool:
    """Whether finishing one meld with the cards the seat will hold next turn gives its side what going
    out needs (the pile aside: a side that close usually finishes from its hand and the stock)."""
    rules = view.rules
    for i, m in enumerate(melds):
        if kinds[i] is not None:
            continue
        size = rules.run_max if m.kind == RUN else rules.canasta_size
        if m.size + cards - 1 < size:  # a card is kept back to discard, or laid as the last card
            continue
        made = ESCALERA if m.kind == RUN else BOLIVIA_CANASTA if m.kind == WILD_MELD else NATURAL_CANASTA
        if rules.qualifies(kinds[:i] + [made] + kinds[i + 1:]):
            return True
    return False
