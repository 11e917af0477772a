"""`python -m game review-bench`: does the review see what matters? The same deals are played twice, seat
0 standing for the player: once by A (Normal, by default) and once by B (Expert), the other seats by
the same level both times; each hand's review (game/ai/review.py) is asked of seat 0's moves.

A review that sees what matters names more cost in the weaker player's moves. Output, one JSON object:
for A and for B, the mean cost named a hand (the named moments' points added up, none named counting 0)
with its 95% interval, the same over every moment found (not only the three named), the moments named
a hand, the mean cost of a moment named, the share of the
seat's decisions where the adviser would have played otherwise; and A's named cost a hand minus B's on
the same deal, with its 95% interval. Everything is counted, not timed, so a seed gives the same figures
on any machine; the seconds taken are reported beside them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

from game.ai import get_player
from game.ai.review import Review, review_hand
from game.rules.actions import Deal, DrawStock
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.record import GameRecord
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.tools.arena import checked_table

SEAT = 0  # the seat standing for the player


def play_deal(players: int, seed: int, variant: str, player: str, others: str) -> GameRecord:
    """One hand from a fresh deal, `player` at seat 0 and `others` elsewhere, recorded."""
    state = GameState(players, seed, RULESETS[variant])
    record = GameRecord.of(state)
    record.play(state, Deal())
    choosers = [get_player(player if seat == SEAT else others) for seat in range(players)]
    rng = random.Random(f"review-bench:{seed}")
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        legal = legal_actions(state)
        action = choosers[state.to_act](view_of(state, state.to_act), legal, rng)
        try:
            record.play(state, action)
        except IllegalAction:  # a computer player's slip: the arena's fallback, so the hand goes on
            record.play(state, next((a for a in legal if isinstance(a, DrawStock)), legal[0]))
    return record


def mean_ci(xs: list[float]) -> tuple[float, list[float]]:
    """The mean and its 95% interval (normal approximation)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, [mean, mean]
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, [mean - half, mean + half]


def _summary(reviews: list[Review]) -> dict:
    named = [r.named_cost for r in reviews]
    mean, ci = mean_ci(named)
    moments = [m.cost for r in reviews for m in r.moments]
    decisions = sum(r.decisions for r in reviews)
    found, found_ci = mean_ci([r.found_cost for r in reviews])
    return {
        "named_cost_per_hand": round(mean, 1), "ci95": [round(x, 1) for x in ci],
        "found_cost_per_hand": round(found, 1), "found_ci95": [round(x, 1) for x in found_ci],
        "found_per_hand": round(sum(r.found for r in reviews) / len(reviews), 3),
        "moments_per_hand": round(sum(len(r.moments) for r in reviews) / len(reviews), 3),
        "cost_per_moment": round(sum(moments) / len(moments), 1) if moments else None,
        "decisions": decisions,
        "differed_share": round(sum(r.differed for r in reviews) / decisions, 4) if decisions else None,
    }


def run(hands: int, seed: int, players: int, variant: str, a: str, b: str, others: str) -> dict:
    start = time.perf_counter()
    reviews: dict[str, list[Review]] = {a: [], b: []}
    for deal in range(hands):
        deal_seed = seed * 1_000_003 + deal
        for level in (a, b):
            record = play_deal(players, deal_seed, variant, level, others)
            reviews[level].append(review_hand(record, record.hands[0], SEAT))
    diff, diff_ci = mean_ci([x.named_cost - y.named_cost for x, y in zip(reviews[a], reviews[b], strict=True)])
    return {"hands": hands, "seed": seed, "players": players, "variant": variant, "a": a, "b": b,
            "others": others, "review_a": _summary(reviews[a]), "review_b": _summary(reviews[b]),
            "a_minus_b_per_hand": round(diff, 1), "ci95": [round(x, 1) for x in diff_ci],
            "seconds": round(time.perf_counter() - start, 1)}


def cmd_review_bench(args: argparse.Namespace) -> int:
    from game.tools.cli import BadInput

    if not 1 <= args.hands <= 10_000:
        raise BadInput("--hands must be from 1 to 10000")
    if args.a == args.b:
        raise BadInput("A and B must be two different levels")
    checked_table(args.players, args.variant, (args.a, args.b, args.others))
    print(json.dumps(run(args.hands, args.seed, args.players, args.variant.lower(), args.a, args.b, args.others)))
    return 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help="the review's named cost of A's moves against B's on the same deals")
    p.add_argument("--hands", type=int, default=50)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", default="bolivia")
    p.add_argument("--others", default="normal", help="the level of the other seats")
    p.add_argument("a", nargs="?", default="normal")
    p.add_argument("b", nargs="?", default="expert")
    p.set_defaults(run=cmd_review_bench)
