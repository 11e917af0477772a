"""Why a move is refused, and the rules that several kinds of move share, each written once: the pile's
top card, cards chosen from the hand, the first meld's minimum, one meld a rank, black threes and the
keep-two rule with the partner's answer. The engine, the move generator and the computer players all
ask these (game/rules/judge.py puts them together, one judgement per kind of move).

A refusal is put into words only when it is read: the computer players check many moves and read no
reason, so the hot paths build no sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.i18n import _
from game.rules.cards import NATURAL, label
from game.rules.errors import IllegalAction
from game.rules.going_out import can_go_out
from game.rules.melds import RANK_MELD, Meld, side_may_go_out
from game.rules.names import rank_plural
from game.rules.ruleset import RuleSet


class Refusal:
    """A move the rules refuse; str() is the reason a player reads, translated when read."""

    __slots__ = ("_say",)

    def __init__(self, say: Callable[[], str]) -> None:
        self._say = say

    def __str__(self) -> str:
        return self._say()

    def __repr__(self) -> str:
        return f"Refusal({self._say()!r})"

    def error(self) -> IllegalAction:
        return IllegalAction(self._say())

    @staticmethod
    def said(reason: str) -> Refusal:
        """A reason already put into words (a meld's shape, judged by game/rules/melds.py)."""
        return Refusal(lambda: reason)


# ----- the pile's top card ----------------------------------------------------------------------------

PILE_EMPTY = Refusal(lambda: _("The pile is empty."))
PILE_BLOCKED = Refusal(lambda: _("The pile is blocked: a three or a wild card is on top."))


def pile_blocked(pile: Sequence[int]) -> bool:
    """A three or a wild card on top: nobody can take the pile or its top card."""
    return bool(pile) and not NATURAL[pile[-1]]


def top_refusal(pile: Sequence[int]) -> Refusal | None:
    """Whether the pile or its top card may be taken at all."""
    if not pile:
        return PILE_EMPTY
    if not NATURAL[pile[-1]]:
        return PILE_BLOCKED
    return None


# ----- cards and melds chosen --------------------------------------------------------------------------

CHOSEN_TWICE = Refusal(lambda: _("The same card was chosen twice."))
NOT_YOUR_MELD = Refusal(lambda: _("That meld is not one of your side's melds."))


def hand_refusal(hand: Sequence[int], cards: Sequence[int]) -> Refusal | None:
    """The cards chosen are distinct and all in the hand."""
    if len(set(cards)) != len(cards):
        return CHOSEN_TWICE
    held = set(hand)
    for c in cards:
        if c not in held:
            return Refusal(lambda c=c: _("{card} is not in your hand.").format(card=label(c)))
    return None


def find_meld(melds: Sequence[Meld], meld_id: int) -> Meld | None:
    for m in melds:
        if m.id == meld_id:
            return m
    return None


def meld_of_rank(melds: Sequence[Meld], rank: int) -> Meld | None:
    """The first of a side's melds of this rank (Standard Canasta: its only one)."""
    return next((m for m in melds if m.kind == RANK_MELD and m.key == rank), None)


def first_meld_refusal(minimum: int, points: int) -> Refusal | None:
    """`minimum`: the first-meld minimum, 0 once the side has melded."""
    if minimum and points < minimum:
        return Refusal(lambda: _("You need {need} points for your first meld; these cards make {have}.").format(
            need=minimum, have=points))
    return None


def one_meld_per_rank_refusal(melds: Sequence[Meld]) -> Refusal | None:
    """Standard Canasta: a side holds at most one meld of each rank."""
    seen: set[int] = set()
    for m in melds:
        if m.kind == RANK_MELD:
            if m.key in seen:
                return Refusal(lambda rank=m.key: _("Your side has a meld of {ranks} already: these cards go onto "
                                                    "it.").format(ranks=rank_plural(rank)))
            seen.add(m.key)
    return None


# ----- going out: the keep-two rule, black threes and the partner's answer -----------------------------

PARTNER_SAID_NO = Refusal(lambda: _("Your partner said no: you may not go out this turn, so keep at least two "
                                    "cards in hand."))
ASK_FIRST = Refusal(lambda: _("At this table you go out only after your partner says yes: ask first, or keep at "
                              "least two cards in hand."))
MUST_STAY_ABLE = Refusal(lambda: _("Your partner said yes, so you must go out this turn, and this would leave you "
                                   "unable to."))
BLACK_THREES_LAST = Refusal(lambda: _("Black threes may be melded only as you go out: meld them last, keeping at "
                                      "most one card to discard."))
MUST_GO_OUT = Refusal(lambda: _("Your partner said yes, so you must go out this turn: meld the rest of your hand "
                                "before the last discard."))


def qualifies(melds: Sequence[Meld], rules: RuleSet) -> bool:
    """Whether a side with these melds has the canastas going out needs."""
    return side_may_go_out([m.canasta(rules) for m in melds], rules)


def out_refusal(qualifies_after: bool, rules: RuleSet, permission: bool | None) -> Refusal | None:
    """Why a move may not leave one card or none in hand: the keep-two rule. Only a side with the
    canastas it needs goes out, and only as the partner's answer allows (`permission`, None: not asked)."""
    if not qualifies_after:
        return Refusal(lambda: _("Your side can't go out yet (it needs {need}): keep at least two cards in "
                                 "hand.").format(need=rules.go_out_need()))
    if not rules.out_allowed(permission):
        return PARTNER_SAID_NO if permission is False else ASK_FIRST
    return None


def may_leave(left: int, qualifies_after: bool, rules: RuleSet, permission: bool | None) -> bool:
    """The keep-two rule as a test, for the move generator: whether a move may leave `left` cards."""
    return left > 1 or out_refusal(qualifies_after, rules, permission) is None


def cards_left_refusal(hand_after: Sequence[int], melds_after: Sequence[Meld], rules: RuleSet,
                       permission: bool | None) -> Refusal | None:
    """The keep-two rule and the partner's answer, judged on the hand and the side's melds a move leaves.
    After a "yes" the player must still be able to go out this turn."""
    if len(hand_after) <= 1:
        return out_refusal(qualifies(melds_after, rules), rules, permission)
    if permission is True and not can_go_out(list(hand_after), [(m.kind, m.key, m.cards) for m in melds_after],
                                             rules):
        return MUST_STAY_ABLE
    return None


def black_threes_allowed(left: int, qualifies_after: bool, rules: RuleSet, permission: bool | None) -> bool:
    """Black threes are melded only as the player goes out: at most the final discard left in hand."""
    return left <= 1 and qualifies_after and rules.out_allowed(permission)


def black_threes_refusal(left: int, melds_after: Sequence[Meld], rules: RuleSet,
                         permission: bool | None) -> Refusal | None:
    """For a move that melds black threes (new, or added to the side's meld of them)."""
    if black_threes_allowed(left, left <= 1 and qualifies(melds_after, rules), rules, permission):
        return None
    return BLACK_THREES_LAST


def discard_refusal(left: int, side_melds: Sequence[Meld], rules: RuleSet, permission: bool | None
                    ) -> Refusal | None:
    """A discard leaving `left` cards: the last card goes out, as the side's canastas and the partner's
    answer allow; after a "yes" only the last card may be discarded."""
    if left == 0:
        if not qualifies(side_melds, rules):
            return Refusal(lambda: _("Your side can't go out yet: it needs {need}.").format(need=rules.go_out_need()))
        if not rules.out_allowed(permission):
            return Refusal(lambda: rules.out_refused(permission))
    elif permission is True:
        return MUST_GO_OUT
    return None
