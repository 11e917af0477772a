"""Scoring one side at the end of a hand, line by line as the scoring screen shows it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game.rules.melds import canasta_bonus, canasta_of, meld_points
from game.rules.ruleset import RuleSet

OUT_NORMAL = "normal"
OUT_CONCEALED = "concealed"


@dataclass(frozen=True)
class SideScore:
    melded: int
    bonuses: int
    going_out: int
    red_threes: int
    in_hand: int
    total: int

    def to_json(self) -> dict:
        return asdict(self)


SCORE_LINES = tuple(f.name for f in fields(SideScore))  # a side's score lines, the total last


def red_three_score(count: int, counts_for: bool, rules: RuleSet) -> int:
    """Red threes: 100 each, all of them (six, or four) 1,000 or 800; plus when `counts_for`
    (Bolivia: the side has what it takes to go out; Standard: the side has melded), minus otherwise."""
    if count == 0:
        return 0
    amount = rules.all_red_threes if count == rules.packs * 2 else rules.red_three * count
    return amount if counts_for else -amount


def hand_cost(hand: list[int] | tuple[int, ...], rules: RuleSet) -> int:
    """What the cards left in one player's hand cost at the end of a hand (zero or less): each seat's
    share of its side's in-hand line."""
    return -sum(rules.card_penalty(c) for c in hand)


def score_side(
    melds: list[tuple[str, tuple[int, ...]]],
    red_threes: int,
    hands: list[list[int]] | list[tuple[int, ...]],
    out: str | None,
    rules: RuleSet,
) -> SideScore:
    """Score a side from its melds (kind, cards), red-three count, its players' hands and how it went out."""
    canastas = [canasta_of(kind, cards, rules) for kind, cards in melds]
    melded = sum(meld_points(cards) for _kind, cards in melds)
    bonuses = sum(canasta_bonus(c, rules) for c in canastas)
    going_out = {None: 0, OUT_NORMAL: rules.go_out, OUT_CONCEALED: rules.go_out_concealed}[out]
    threes = red_three_score(red_threes, rules.red_threes_count_for(bool(melds), canastas), rules)
    in_hand = sum(hand_cost(hand, rules) for hand in hands)
    return SideScore(melded, bonuses, going_out, threes, in_hand, melded + bonuses + going_out + threes + in_hand)
