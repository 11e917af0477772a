"""One meld move judged as a whole: new melds, additions and combines checked on the table and hand
they leave (docs/RULES.md). Pure: the same judgement serves the engine, the table's staging
and the computer players' own checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.rules.actions import MeldMove
from game.rules.cards import VALUE, label
from game.rules.errors import IllegalAction
from game.rules.going_out import can_go_out
from game.rules.melds import BLACK_THREES, RANK_MELD, Meld, classify, order_cards, side_may_go_out
from game.rules.names import rank_plural
from game.rules.ruleset import RuleSet


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


@dataclass(frozen=True)
class MeldPlan:
    """A legal meld move worked out: the side's melds after it (new melds with id 0, in order)."""

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


def plan_meld_move(move: MeldMove, hand: list[int] | tuple[int, ...], side_melds: list[Meld] | tuple[Meld, ...],
                   rules: RuleSet, minimum: int, permission: bool | None) -> MeldPlan:
    """Check a meld move completely; IllegalAction with a readable reason, or the plan.
    `minimum`: the first-meld minimum, 0 when the side has melded. `permission`: the partner's answer."""
    by_id = {m.id: m for m in side_melds}
    adds: dict[int, tuple[int, ...]] = {}
    for mid, more in move.add:
        if mid not in by_id:
            raise IllegalAction(_("That meld is not one of your side's melds."))
        if not more:
            raise IllegalAction(_("Choose the cards to add."))
        adds[mid] = adds.get(mid, ()) + tuple(more)
    cards = move_cards(move)
    if not cards and not move.combine:
        raise IllegalAction(_("Choose the cards to meld."))
    if len(set(cards)) != len(cards):
        raise IllegalAction(_("The same card was chosen twice."))
    held = set(hand)
    for c in cards:
        if c not in held:
            raise IllegalAction(_("{card} is not in your hand.").format(card=label(c)))
    gone: set[int] = set()
    into_of: dict[int, int] = {}
    for src, into in move.combine:
        if src not in by_id or into not in by_id:
            raise IllegalAction(_("That meld is not one of your side's melds."))
        if src == into:
            raise IllegalAction(_("Choose two different melds to combine."))
        if src in gone or src in {i for _s, i in move.combine} or into in gone:
            raise IllegalAction(_("Each meld can be combined into another only once."))
        a, b = by_id[src], by_id[into]
        if a.kind != RANK_MELD or b.kind != RANK_MELD or a.key != b.key:
            raise IllegalAction(_("Only two melds of the same rank can be combined."))
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
            raise IllegalAction(_("These cards don't fit on that meld: {why}").format(
                why=reason[:1].lower() + reason[1:])) from None
        if (shape.kind, shape.key) != (meld.kind, meld.key):
            raise IllegalAction(_("These cards don't belong on that meld."))
        grown[mid] = Meld(mid, meld.kind, meld.key, order_cards(meld.kind, cards_after))
    shapes = []
    for m in move.new:
        shapes.append(classify(m, rules))
    new = tuple(Meld(0, s.kind, s.key, order_cards(s.kind, m)) for s, m in zip(shapes, move.new, strict=True))
    if minimum and sum(VALUE[c] for c in cards) < minimum:
        raise IllegalAction(_("You need {need} points for your first meld; these cards make {have}.").format(
            need=minimum, have=sum(VALUE[c] for c in cards)))
    melds_after = tuple(grown.get(m.id, m) for m in side_melds if m.id not in gone) + new
    if rules.one_meld_per_rank:
        check_one_meld_per_rank(melds_after)
    used = set(cards)
    hand_after = tuple(c for c in hand if c not in used)
    left = len(hand_after)
    qualifies = side_may_go_out([m.canasta(rules) for m in melds_after], rules)
    threes = any(s.kind == BLACK_THREES for s in shapes) or any(by_id[mid].kind == BLACK_THREES for mid in adds)
    if threes and (left > 1 or not qualifies or not rules.out_allowed(permission)):
        raise IllegalAction(_("Black threes may be melded only as you go out: meld them last, "
                              "keeping at most one card to discard."))
    if left <= 1:
        if not qualifies:
            raise IllegalAction(_("Your side can't go out yet (it needs {need}): keep at least two cards "
                                  "in hand.").format(need=rules.go_out_need()))
        if permission is False:
            raise IllegalAction(_("Your partner said no: you may not go out this turn, so keep at "
                                  "least two cards in hand."))
        if not rules.out_allowed(permission):
            raise IllegalAction(_("At this table you go out only after your partner says yes: ask first, "
                                  "or keep at least two cards in hand."))
    elif permission is True and not can_go_out(hand_after, [(m.kind, m.key, m.cards) for m in melds_after], rules):
        raise IllegalAction(_("Your partner said yes, so you must go out this turn, and this would "
                              "leave you unable to."))
    return MeldPlan(tuple(cards), tuple(adds.items()), tuple(move.combine), new, melds_after, hand_after)


def check_one_meld_per_rank(melds: tuple[Meld, ...] | list[Meld]) -> None:
    """Standard Canasta: a side holds at most one meld of each rank."""
    seen: set[int] = set()
    for m in melds:
        if m.kind == RANK_MELD:
            if m.key in seen:
                raise IllegalAction(_("Your side has a meld of {ranks} already: these cards go onto it.").format(
                    ranks=rank_plural(m.key)))
            seen.add(m.key)


def judge_meld_move(move: MeldMove, hand: list[int] | tuple[int, ...], side_melds: list[Meld] | tuple[Meld, ...],
                    rules: RuleSet, minimum: int, permission: bool | None) -> MeldJudgement:
    """The judgement of a staged move, legal or not: its points, the minimum, and what it leads to."""
    cards = move_cards(move)
    points = sum(VALUE[c] for c in cards)
    try:
        plan = plan_meld_move(move, hand, side_melds, rules, minimum, permission)
    except IllegalAction as why:
        return MeldJudgement(str(why), points, minimum, len(hand) - len(set(cards) & set(hand)), False, False, ())
    before = {m.id: m.canasta(rules) for m in side_melds}
    made = tuple(c for m in plan.melds_after if (c := m.canasta(rules)) and (m.id == 0 or before.get(m.id) is None))
    left = len(plan.hand_after)
    return MeldJudgement(None, points, minimum, left, left == 0, left == 1, made)
