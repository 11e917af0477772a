"""Whether a discard hands the next opponent something, judged only from what the player's own seat
knows (its PlayerView: the table, the pile, and the cards seen going into hands), never from the
hidden hands. The table asks before a risky discard, once, naming the risk.

The risks, surest first:
- the next opponent is known to hold two naturals of the card's rank (seen picked up with a pile):
  they can take the pile;
- the next opponent took the pile on that rank earlier in the hand (the table remembers the pile
  takes it saw): they liked that rank then, and may well hold more of it;
- the card completes one of their side's runs into an escalera (they may take the top card onto it);
- the pile is big and the rank is still live (two naturals of it may be in their hand): a pile of
  BIG_PILE cards or more is worth a great deal to whoever takes it.
"""

from __future__ import annotations

from collections.abc import Collection

from game.ai.memory import CardMemory
from game.i18n import _
from game.rules.cards import NATURAL, RANK
from game.rules.melds import extends_run
from game.rules.view import PlayerView
from game.ui.narrate import card_name

# Ten cards: two thirds of a fresh deal. A club player starts guarding the pile about there: its
# taker gets that many cards to build canastas with, on top of the points of the new meld.
BIG_PILE = 10

def rank_plural(rank: int) -> str:
    names = {4: _("fours"), 5: _("fives"), 6: _("sixes"), 7: _("sevens"), 8: _("eights"), 9: _("nines"),
             10: _("tens"), 11: _("jacks"), 12: _("queens"), 13: _("kings"), 14: _("aces")}
    return names.get(rank, str(rank))


def discard_risk(view: PlayerView, card: int, names: list[str],
                 took_on: Collection[tuple[int, int]] = ()) -> str | None:
    """A sentence naming what discarding `card` risks, or None when it is safe as far as the seat knows.
    `took_on`: (seat, rank) of the pile takes seen this hand."""
    if not NATURAL[card]:
        return None  # a wild card or a black three blocks the pile: nobody takes it
    nxt = view.next_seat()
    if view.side_of(nxt) == view.side:
        return None  # never at these tables (partners sit apart), but a partner is no risk
    who = names[nxt]
    rank = RANK[card]
    pile_after = len(view.pile) + 1
    memory = CardMemory(view)
    if memory.known_naturals(nxt, rank) >= 2:
        return _("{who} picked up two {ranks}: they can take the pile ({n} cards).").format(
            who=who, ranks=rank_plural(rank), n=pile_after)
    if (nxt, rank) in took_on and memory.p_holds_naturals(nxt, rank, 2) > 0:
        return _("{who} took the pile on {ranks} before: they may take it again ({n} cards).").format(
            who=who, ranks=rank_plural(rank), n=pile_after)
    for m in view.melds[view.side_of(nxt)]:
        if extends_run(m, card, view.rules) and m.size + 1 == view.rules.run_max:
            return _("{card} completes {who}'s run into an escalera: they can take it.").format(
                card=card_name(card), who=who)
    if pile_after >= BIG_PILE and memory.p_holds_naturals(nxt, rank, 2) > 0:
        return _("The pile would hold {n} cards, and {who} may hold two {ranks}.").format(
            n=pile_after, who=who, ranks=rank_plural(rank))
    return None
