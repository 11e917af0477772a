"""What a discard hands the next opponent, judged only from what the seat could know: its own view
(the table, the pile, the cards seen going into hands, the pile takes of this hand). Never the hidden
hands. The adviser (game/ai/adviser.py) words these and keeps its hint clear of them.

The takes the seat can foresee, surest first:
- the card goes onto one of the next opponent's side's runs (they may take the top card alone), above
  all when it completes an escalera;
- the next opponent is known to hold a natural pair of the rank (seen picked up with a pile);
- Standard Canasta: the pile is not frozen for their side and they have a meld of the rank, so one
  natural of it and one wild card from their hand take the pile onto that meld (where the house rule
  take_onto_meld is played, the card alone does: a sure take);
- they took the pile on this rank earlier in the hand and may hold another pair of it.
A wild card or a three is never taken (the pile cannot be taken while one is on top), so it carries
no risk here; whether its block is worth anything is `block_matters`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.memory import CardMemory, hypergeom_at_least
from game.rules.cards import FACE, NATURAL, RANK, WILD_FACE
from game.rules.melds import RANK_MELD, RUN, Meld, extends_run
from game.rules.view import PlayerView

ESCALERA_RUN = "escalera"  # the card completes one of their runs into an escalera
RUN_END = "run"  # the card extends one of their runs
KNOWN_PAIR = "pair"  # they picked up a pair of its rank
UNFROZEN = "unfrozen"  # Standard: a natural and a wild card take the unfrozen pile onto their meld
ONTO_MELD = "onto"  # Standard's house rule take_onto_meld: the card alone takes the unfrozen pile onto their meld
TOOK_BEFORE = "took"  # they took the pile on this rank earlier in the hand
SEVERITY = {ESCALERA_RUN: 5, ONTO_MELD: 5, KNOWN_PAIR: 4, UNFROZEN: 3, TOOK_BEFORE: 2, RUN_END: 1}
# Below this chance that the next opponent holds a natural and a wild card, an unfrozen pile is no worry.
UNFROZEN_LIVE = 0.25
BLOCK_PILE = 6  # a pile of this many cards is worth blocking even when no card of the hand is at risk


@dataclass(frozen=True)
class Risk:
    kind: str
    seat: int  # the opponent who can take it
    card: int
    pile: int  # cards in the pile once this one is on it
    meld: Meld | None = None  # their run or meld it goes onto

    @property
    def severity(self) -> int:
        return SEVERITY[self.kind]


def discard_risk(view: PlayerView, card: int, memory: CardMemory | None = None) -> Risk | None:
    """The surest take the next opponent could make of this discard, or None as far as the seat knows."""
    if not NATURAL[card]:
        return None
    nxt = view.next_seat()
    side = view.side_of(nxt)
    if side == view.side or view.hand_counts[nxt] == 0:
        return None
    rules = view.rules
    rank = RANK[card]
    pile = len(view.pile) + 1
    memory = memory if memory is not None else CardMemory(view)
    found: list[Risk] = []
    for m in view.melds[side]:
        if m.kind == RUN and extends_run(m, card, rules):
            kind = ESCALERA_RUN if m.size + 1 >= rules.run_max else RUN_END
            found.append(Risk(kind, nxt, card, pile, m))
    if memory.known_naturals(nxt, rank) >= 2:
        found.append(Risk(KNOWN_PAIR, nxt, card, pile))
    if rules.pile_freezes and rules.pile_freeze(view.pile + (card,), bool(view.melds[side])) is None:
        onto = next((m for m in view.melds[side] if m.kind == RANK_MELD and m.key == rank), None)
        if onto is not None and rules.take_onto_meld:
            found.append(Risk(ONTO_MELD, nxt, card, pile, onto))
        elif onto is not None and view.hand_counts[nxt] >= 2 and natural_and_wild(memory, nxt, rank) >= UNFROZEN_LIVE:
            found.append(Risk(UNFROZEN, nxt, card, pile, onto))
    if (nxt, rank) in view.pile_takes and memory.p_holds_naturals(nxt, rank, 2) > 0:
        found.append(Risk(TOOK_BEFORE, nxt, card, pile))
    return max(found, key=lambda r: r.severity, default=None)


def natural_and_wild(memory: CardMemory, seat: int, rank: int) -> float:
    """The chance that `seat` holds at least one natural of `rank` and one wild card."""
    hidden = memory.hidden[seat]
    known = memory.known[seat]
    nat = 1.0 if memory.known_naturals(seat, rank) else hypergeom_at_least(
        memory.unseen_total, memory.unseen_naturals(rank), hidden, 1)
    wild = 1.0 if any(WILD_FACE[f] for f in known) else hypergeom_at_least(
        memory.unseen_total, memory.unseen_wilds(), hidden, 1)
    return nat * wild


def hand_risks(view: PlayerView) -> dict[int, Risk | None]:
    """Each distinct face of the hand (its first card) and the risk of discarding it."""
    memory = CardMemory(view)
    firsts: dict[int, int] = {}
    for c in sorted(view.hand):
        firsts.setdefault(FACE[c], c)
    return {c: discard_risk(view, c, memory) for c in firsts.values()}


def foreseeable(view: PlayerView, card: int) -> bool:
    """Whether the seat could have known that the next opponent may take this discard (the measure of
    the warnings: game/tools/warnings.py)."""
    return discard_risk(view, card) is not None


def block_matters(view: PlayerView, risks: dict[int, Risk | None]) -> bool:
    """Whether a wild card or three on the pile stops a take worth stopping: the next opponent holds two
    cards or more, and either the pile is big or every natural of the hand would hand them something."""
    nxt = view.next_seat()
    if view.side_of(nxt) == view.side or view.hand_counts[nxt] < 2:
        return False
    if len(view.pile) + 1 >= BLOCK_PILE:
        return True
    naturals = [r for c, r in risks.items() if NATURAL[c]]
    return bool(naturals) and all(r is not None for r in naturals)
