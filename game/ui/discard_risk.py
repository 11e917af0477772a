"""Whether a discard hands the next opponent something, judged only from what the player's own seat
knows (its PlayerView: the table, the pile, and the cards seen going into hands), never from the
hidden hands. The table asks before a risky discard, once, naming the risk.

The risks, surest first:
- the next opponent is known to hold a pair of the card's rank (seen picked up with a pile):
  they can take the pile;
- on a big pile, the next opponent took the pile on that rank earlier in the hand (the table
  remembers the pile takes it saw): they liked that rank then, and may well hold more of it;
- the card completes one of their side's runs into an escalera (they may take the top card onto it);
- the pile is big (BIG_PILE cards or more: worth a great deal to whoever takes it), the rank is live
  (their chance of holding two naturals of it is at least LIVE), and the hand holds a clearly safer
  discard (a black three, which blocks the pile, or a card half as likely to be taken). When every
  card is about as risky there is no choice to point out, so no question is asked: a warning on
  every discard would soon be clicked away unread.
"""

from __future__ import annotations

from collections.abc import Collection

from game.ai.memory import CardMemory
from game.i18n import _, ngettext
from game.rules.cards import BLACK_THREE, NATURAL, RANK, WILD
from game.rules.melds import extends_run
from game.rules.names import card_name, rank_plural
from game.rules.view import PlayerView

# Ten cards: two thirds of a fresh deal. A club player starts guarding the pile about there: its
# taker gets that many cards to build canastas with, on top of the points of the new meld.
BIG_PILE = 10
LIVE = 0.1  # below this chance that they hold a pair of the rank, a card is no worry

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
        return ngettext("{who} picked up a pair of {ranks}: they can take the pile ({n} card).",
                        "{who} picked up a pair of {ranks}: they can take the pile ({n} cards).", pile_after).format(
            who=who, ranks=rank_plural(rank), n=pile_after)
    if pile_after >= BIG_PILE and (nxt, rank) in took_on and memory.p_holds_naturals(nxt, rank, 2) > 0:
        return _("{who} took the pile with a meld of {ranks} before: they may take it again ({n} cards).").format(
            who=who, ranks=rank_plural(rank), n=pile_after)
    for m in view.melds[view.side_of(nxt)]:
        if extends_run(m, card, view.rules) and m.size + 1 == view.rules.run_max:
            return _("{card} completes {who}'s run into an escalera: they can take it.").format(
                card=card_name(card), who=who)
    if pile_after < BIG_PILE:
        return None
    chance = memory.p_holds_naturals(nxt, rank, 2)
    if chance < LIVE:
        return None
    safer = _safer_discard(view, memory, card, chance)
    if safer is None:
        return None
    return _("The pile would hold {n} cards, and {who} may hold a pair of {ranks}. {card} is a safer discard.").format(
        n=pile_after, who=who, ranks=rank_plural(rank), card=card_name(safer))


def _safer_discard(view: PlayerView, memory: CardMemory, card: int, chance: float) -> int | None:
    """The hand's safest other discard, if it is clearly safer: a black three (it blocks the pile), else the
    natural least likely to give the next opponent the pile, at half this card's chance or less.
    Wild cards are left out: too precious to throw away for safety's sake."""
    nxt = view.next_seat()
    best: tuple[float, int] | None = None
    for c in view.hand:
        if c == card or WILD[c]:
            continue
        risk = 0.0 if BLACK_THREE[c] else memory.p_holds_naturals(nxt, RANK[c], 2) if NATURAL[c] else 1.0
        if best is None or (risk, c) < best:
            best = (risk, c)
    if best is None or best[0] > chance / 2:
        return None
    return best[1]
