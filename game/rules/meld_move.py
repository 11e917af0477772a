"""One meld move judged as a whole: new melds, additions and combines checked on the table and hand
they leave (docs/RULES.md). Pure: the same judgement serves the engine, the table's staging
and the computer players' own checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.i18n import _
from game.rules.actions import MeldMove
from game.rules.cards import VALUE
from game.rules.errors import IllegalAction
from game.rules.melds import BLACK_THREES, RANK_MELD, Meld, classify, order_cards
from game.rules.refusals import (
    NOT_YOUR_MELD,
    Refusal,
    black_threes_refusal,
    cards_left_refusal,
    first_meld_refusal,
    hand_refusal,
    one_meld_per_rank_refusal,
)
from game.rules.ruleset import RuleSet

CHOOSE_CARDS = Refusal(lambda: _("Choose the cards to meld."))
CHOOSE_CARDS_TO_ADD = Refusal(lambda: _("Choose the cards to add."))
TWO_DIFFERENT_MELDS = Refusal(lambda: _("Choose two different melds to combine."))
COMBINED_ONCE = Refusal(lambda: _("Each meld can be combined into another only once."))
SAME_RANK_ONLY = Refusal(lambda: _("Only two melds of the same rank can be combined."))
NOT_THAT_MELD = Refusal(lambda: _("These cards don't belong on that meld."))


@dataclass(frozen=True)
class MeldJudgement:
    """What a staged meld move would do. `reason` is None exactly when the move is legal."""

    reason: str | None
    points: int  # point values of the cards the move lays from hand (new melds and additions)
    minimum: int  # first-meld minimum the move must reach: 0 once the side has melded
    cards_left: int  # cards the player would hold after the move
    goes_out: bool  # legal and melds the whole hand: the player goes out without a discard
    discard_goes_out: bool  # legal and leaves one card, whose discard goes out
    canastas: tuple[str, ...]  # canastas the move completes, in table order

    @property
    def legal(self) -> bool:
        return self.reason is None

    @property
    def reaches_minimum(self) -> bool:
        return self.points >= self.minimum


class MeldPlan(NamedTuple):
    """A legal meld move worked out: the side's melds after it (new melds with id 0, in order). A named
    tuple: the computer players' checks make one for every legal move they look at."""

    cards: tuple[int, ...]  # every card leaving the hand
    adds: tuple[tuple[int, tuple[int, ...]], ...]  # (meld id, cards), one entry per meld
    combines: tuple[tuple[int, int], ...]
    new: tuple[Meld, ...]  # id 0: the engine numbers them
    melds_after: tuple[Meld, ...]
    hand_after: tuple[int, ...]


def move_cards(move: MeldMove) -> list[int]:
    return [c for m in move.new for c in m] + [c for _mid, cards in move.add for c in cards]


def move_points(move: MeldMove) -> int:
    return sum(VALUE[c] for c in move_cards(move))


def plan_meld_move(move: MeldMove, hand: Sequence[int], side_melds: Sequence[Meld], rules: RuleSet, minimum: int,
                   permission: bool | None) -> MeldPlan:
    """meld_plan, raising IllegalAction with the reason of a refused move."""
    plan = meld_plan(move, hand, side_melds, rules, minimum, permission)
    if isinstance(plan, Refusal):
        raise plan.error()
    return plan


def meld_plan(move: MeldMove, hand: Sequence[int], side_melds: Sequence[Meld], rules: RuleSet, minimum: int,
              permission: bool | None, ordered: bool = True) -> MeldPlan | Refusal:
    """Judge a meld move completely: the plan, or the Refusal saying why not.
    `minimum`: the first-meld minimum, 0 when the side has melded. `permission`: the partner's answer.
    `ordered`: the plan's melds hold their cards in table order (not needed to tell legal from illegal,
    which the computer players ask many times a decision)."""
    try:
        return _meld_plan(move, hand, side_melds, rules, minimum, permission, ordered)
    except IllegalAction as why:  # a meld's shape (melds.classify)
        return Refusal.said(str(why))


def _meld_plan(move: MeldMove, hand: Sequence[int], side_melds: Sequence[Meld], rules: RuleSet, minimum: int,
               permission: bool | None, ordered: bool) -> MeldPlan | Refusal:
    by_id = {m.id: m for m in side_melds}
    adds: dict[int, tuple[int, ...]] = {}
    for mid, more in move.add:
        if mid not in by_id:
            return NOT_YOUR_MELD
        if not more:
            return CHOOSE_CARDS_TO_ADD
        adds[mid] = adds.get(mid, ()) + tuple(more)
    cards = move_cards(move)
    if not cards and not move.combine:
        return CHOOSE_CARDS
    why = hand_refusal(hand, cards)
    if why:
        return why
    gone: set[int] = set()
    into_of: dict[int, int] = {}
    for src, into in move.combine:
        if src not in by_id or into not in by_id:
            return NOT_YOUR_MELD
        if src == into:
            return TWO_DIFFERENT_MELDS
        # A meld combined twice, or combined and then combined into (a chain): a meld that is gone is also
        # an `into` of the move, so the second test holds every chain.
        if src in gone or src in {i for _s, i in move.combine}:
            return COMBINED_ONCE
        a, b = by_id[src], by_id[into]
        if a.kind != RANK_MELD or b.kind != RANK_MELD or a.key != b.key:
            return SAME_RANK_ONLY
        gone.add(src)
        into_of[src] = into
    # Judged on the table the move leaves: each meld with its additions and the melds combined into it.
    final: dict[int, tuple[int, ...]] = {}
    for mid, more in adds.items():
        target = into_of.get(mid, mid)
        final.setdefault(target, by_id[target].cards)
        if target != mid:
            final[target] += by_id[mid].cards
        final[target] += more
    for src, into in into_of.items():
        if src not in adds:
            final.setdefault(into, by_id[into].cards)
            final[into] += by_id[src].cards
    grown: dict[int, Meld] = {}
    for mid, cards_after in final.items():
        meld = by_id[mid]
        try:
            shape = classify(cards_after, rules)
        except IllegalAction as why:
            if mid in into_of.values():
                raise
            # The shape's reason is a sentence of its own; after the colon it goes on in lower case.
            reason = str(why)
            return Refusal(lambda reason=reason: _("These cards don't fit on that meld: {why}").format(
                why=reason[:1].lower() + reason[1:]))
        if (shape.kind, shape.key) != (meld.kind, meld.key):
            return NOT_THAT_MELD
        grown[mid] = Meld(mid, meld.kind, meld.key, order_cards(meld.kind, cards_after) if ordered else cards_after)
    shapes = [classify(m, rules) for m in move.new]
    new = tuple([Meld(0, s.kind, s.key, order_cards(s.kind, m) if ordered else tuple(m))
                 for s, m in zip(shapes, move.new, strict=True)])
    if minimum:
        why = first_meld_refusal(minimum, sum(VALUE[c] for c in cards))
        if why:
            return why
    # (List comprehensions, and no copying of an unchanged table: the computer players judge many moves.)
    unchanged = tuple(side_melds) if not grown and not gone else tuple(
        [grown.get(m.id, m) for m in side_melds if m.id not in gone])
    melds_after = unchanged + new
    if rules.one_meld_per_rank:
        why = one_meld_per_rank_refusal(melds_after)
        if why:
            return why
    used = set(cards)
    hand_after = tuple([c for c in hand if c not in used])
    if (shapes and any(s.kind == BLACK_THREES for s in shapes)) or (
            adds and any(by_id[mid].kind == BLACK_THREES for mid in adds)):
        why = black_threes_refusal(len(hand_after), melds_after, rules, permission)
        if why:
            return why
    why = cards_left_refusal(hand_after, melds_after, rules, permission)
    if why:
        return why
    return MeldPlan(tuple(cards), tuple(adds.items()), tuple(move.combine), new, melds_after, hand_after)


def judge_meld_move(move: MeldMove, hand: list[int] | tuple[int, ...], side_melds: list[Meld] | tuple[Meld, ...],
                    rules: RuleSet, minimum: int, permission: bool | None) -> MeldJudgement:
    """The judgement of a staged move, legal or not: its points, the minimum, and what it leads to."""
    cards = move_cards(move)
    points = sum(VALUE[c] for c in cards)
    plan = meld_plan(move, hand, side_melds, rules, minimum, permission)
    if isinstance(plan, Refusal):
        return MeldJudgement(str(plan), points, minimum, len(hand) - len(set(cards) & set(hand)), False, False, ())
    before = {m.id: m.canasta(rules) for m in side_melds}
    made = tuple(c for m in plan.melds_after if (c := m.canasta(rules)) and (m.id == 0 or before.get(m.id) is None))
    left = len(plan.hand_after)
    return MeldJudgement(None, points, minimum, left, left == 0, left == 1, made)
