"""`python -m game arena`: duplicate deals between two computer players (a contract: keep the name,
options and keys).

A deal is one hand from a fresh deal. It is played once per seat order: at four players A holds
seats 0+2 and then 1+3; at two players seat 0 and then seat 1; at three players A sits at each seat
in turn with B in the other two. The same cards come to the same seats in every replay, so luck
cancels out and what remains is the players' skill. A's point difference per deal is A's side score
minus the mean of the B sides' scores, averaged over the seat orders.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable

from game.ai import PLAYERS, get_player
from game.ai.levels import REFUSED
from game.rules.actions import Deal, DrawStock
from game.rules.cards import BLACK_THREE
from game.rules.errors import IllegalAction
from game.rules.events import PileTaken, WentOut
from game.rules.house import HouseError, check_house, parse_pairs, with_house
from game.rules.legal import legal_actions
from game.rules.melds import BOLIVIA_CANASTA, ESCALERA
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import view_of


def seat_orders(players: int) -> list[list[bool]]:
    """For each replay of a deal, which seats A holds."""
    if players == 4:
        return [[True, False, True, False], [False, True, False, True]]
    return [[seat == a for seat in range(players)] for a in range(players)]


def deal_seed(seed: int, deal: int) -> int:
    return seed * 1_000_003 + deal


class Tally:
    """Per-level counts over every hand a level played."""

    def __init__(self) -> None:
        self.hands = 0
        self.escaleras = 0
        self.bolivias = 0
        self.pile_takes = 0
        self.went_out = 0
        self.black_threes = 0
        self.illegal = 0
        self.ms: list[float] = []

    def merge(self, other: Tally) -> None:
        for k in ("hands", "escaleras", "bolivias", "pile_takes", "went_out", "black_threes", "illegal"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.ms += other.ms

    def to_json(self) -> dict:
        n = max(self.hands, 1)
        return {"hands": self.hands, "escaleras_per_hand": round(self.escaleras / n, 3),
                "bolivias_per_hand": round(self.bolivias / n, 3), "pile_takes_per_hand": round(self.pile_takes / n, 3),
                "go_out_rate": round(self.went_out / n, 3),
                "black_three_penalties_per_hand": round(self.black_threes / n, 3),
                "illegal_actions": self.illegal}


def play_hand(players: int, seed: int, names: list[str], rng: random.Random,
              tallies: dict[str, Tally], variant: str = "bolivia", house: tuple[tuple[str, str], ...] = ()
              ) -> tuple[list[int], bool]:
    """Play one hand from a fresh deal with these players per seat; returns the side scores and
    whether the engine left a seat with no legal move (the hand is then scored as it stands)."""
    state = GameState(players, seed, with_house(RULESETS[variant], dict(house)))
    state.apply(Deal())
    choosers = [get_player(n) for n in names]
    stuck = False
    while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
        seat = state.to_act
        legal = legal_actions(state)
        if not legal:
            stuck = True  # engine edge case: a one-card hand in the meld phase that may not go out
            break
        tally = tallies[names[seat]]
        view = view_of(state, seat)
        refused = REFUSED["plans"]
        start = time.perf_counter()
        action = choosers[seat](view, legal, rng)
        tally.ms.append((time.perf_counter() - start) * 1000)
        tally.illegal += REFUSED["plans"] - refused  # a plan the player's own check caught
        try:
            events = state.apply(action)
        except IllegalAction:
            tally.illegal += 1
            action = next((a for a in legal if isinstance(a, DrawStock)), legal[0])
            events = state.apply(action)
        for e in events:
            if isinstance(e, PileTaken):
                tally.pile_takes += 1
            elif isinstance(e, WentOut):
                tally.went_out += 1
    if stuck:
        scores = [s["total"] for s in state.score_hand(None)]
    else:
        scores = [s["total"] for s in state.results[-1]["scores"]]
    for side in range(state.sides):
        seats = state.seats_of(side)
        tally = tallies[names[seats[0]]]
        tally.hands += 1
        for m in state.melds[side]:
            c = m.canasta(state.rules)
            tally.escaleras += c == ESCALERA
            tally.bolivias += c == BOLIVIA_CANASTA
        tally.black_threes += sum(1 for s in seats for c in state.hands[s] if BLACK_THREE[c])
    return scores, stuck


def play_deal(players: int, seed: int, deal: int, a: str, b: str, variant: str = "bolivia",
              house: tuple[tuple[str, str], ...] = ()) -> dict:
    """One deal in every seat order: A's mean difference, wins and the per-level tallies."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    diffs: list[float] = []
    wins = 0.0
    stuck = 0
    probe = GameState(players, 0)
    for order, a_seats in enumerate(seat_orders(players)):
        names = [a if is_a else b for is_a in a_seats]
        rng = random.Random(f"arena:{seed}:{deal}:{order}")
        scores, was_stuck = play_hand(players, deal_seed(seed, deal), names, rng, tallies, variant, house)
        stuck += was_stuck
        a_side = probe.side_of(a_seats.index(True))
        others = [s for i, s in enumerate(scores) if i != a_side]
        diffs.append(scores[a_side] - sum(others) / len(others))
        if scores[a_side] > max(others):
            wins += 1
        elif scores[a_side] == max(others):
            wins += 0.5
    return {"diff": sum(diffs) / len(diffs), "wins": wins, "plays": len(diffs), "stuck": stuck,
            "tallies": dict(tallies)}


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = (len(s) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def _deal_job(args: tuple) -> dict:
    return play_deal(*args)


def run_arena(players: int, deals: int, seed: int, a: str, b: str, workers: int = 1,
              progress: Callable[[int], None] | None = None, variant: str = "bolivia",
              house: tuple[tuple[str, str], ...] = ()) -> dict:
    start = time.perf_counter()
    jobs = [(players, seed, d, a, b, variant, house) for d in range(deals)]
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = list(pool.imap(_deal_job, jobs, chunksize=1))
    else:
        results = []
        for i, job in enumerate(jobs):
            results.append(_deal_job(job))
            if progress:
                progress(i + 1)
    tallies: dict[str, Tally] = defaultdict(Tally)
    for r in results:
        for name, t in r["tallies"].items():
            tallies[name].merge(t)
    diffs = [r["diff"] for r in results]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    plays = sum(r["plays"] for r in results)
    return {
        "players": players, "deals": deals, "seed": seed, "a": a, "b": b, "variant": variant, "house": dict(house),
        "mean_diff": round(mean, 1), "ci95": [round(mean - half, 1), round(mean + half, 1)],
        "hand_win_rate": round(sum(r["wins"] for r in results) / plays, 3),
        "ms": {name: {"p50": round(_percentile(t.ms, 0.5), 2), "p95": round(_percentile(t.ms, 0.95), 2),
                      "max": round(max(t.ms, default=0.0), 2)} for name, t in sorted(tallies.items())},
        "levels": {name: t.to_json() for name, t in sorted(tallies.items())},
        "stuck_hands": sum(r["stuck"] for r in results),
        "seconds": round(time.perf_counter() - start, 1),
    }


def _print_table(r: dict) -> None:
    print(f"arena: {r['a']} (A) against {r['b']} (B), {r['players']} players, {r['deals']} duplicate deals, "
          f"seed {r['seed']}, {r['variant']}")
    print(f"A's mean difference per deal: {r['mean_diff']:+.1f}  95% CI [{r['ci95'][0]:+.1f}, {r['ci95'][1]:+.1f}]"
          f"  hand win rate {r['hand_win_rate']:.3f}")
    print(f"{'level':<8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'esc/h':>7} {'bol/h':>7} {'piles/h':>8} "
          f"{'out':>6} {'b3/h':>6} {'illegal':>8}")
    for name, lv in r["levels"].items():
        ms = r["ms"][name]
        print(f"{name:<8} {ms['p50']:>8.2f} {ms['p95']:>8.2f} {ms['max']:>8.2f} {lv['escaleras_per_hand']:>7.3f} "
              f"{lv['bolivias_per_hand']:>7.3f} {lv['pile_takes_per_hand']:>8.3f} {lv['go_out_rate']:>6.3f} "
              f"{lv['black_three_penalties_per_hand']:>6.3f} {lv['illegal_actions']:>8}")
    print(f"{r['seconds']} s; hands the engine left without a legal move: {r['stuck_hands']}")


def checked_table(players: int, variant: str, levels: tuple[str, ...] | list[str]) -> str:
    """The measuring tools' common arguments checked (BadInput, one line, exit 2): the table size, the
    game (its name, lowercased, returned) and the levels named."""
    from game.tools.cli import BadInput

    if players not in (2, 3, 4):
        raise BadInput("--players must be 2, 3 or 4")
    if variant.lower() not in RULESETS:
        raise BadInput(f"unknown variant {variant!r}: choose {', '.join(RULESETS)}")
    for name in levels:
        try:
            get_player(name)
        except ValueError as why:
            raise BadInput(str(why)) from None
    return variant.lower()


def cmd_arena(args: argparse.Namespace) -> int:
    from game.tools.cli import BadInput

    if args.deals < 1:
        raise BadInput("--deals must be at least 1")
    checked_table(args.players, args.variant, (args.a, args.b))
    try:
        house = tuple(sorted(check_house(args.variant.lower(), parse_pairs(args.house)).items()))
    except HouseError as why:
        raise BadInput(str(why)) from None
    workers = max(1, min(args.workers, 4 * (os.cpu_count() or 1)))  # a typo must not start a thousand processes
    result = run_arena(args.players, args.deals, args.seed, args.a, args.b, workers, variant=args.variant.lower(),
                       house=house)
    if args.json:
        print(json.dumps(result))
    else:
        _print_table(result)
    illegal = sum(lv["illegal_actions"] for lv in result["levels"].values())
    return 1 if illegal else 0


def register(subparsers: argparse._SubParsersAction, name: str) -> None:
    p = subparsers.add_parser(name, help="duplicate deals between two computer players")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deals", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="one line of JSON")
    p.add_argument("--workers", type=int, default=1, help="processes playing deals side by side")
    p.add_argument("--variant", default="bolivia", help="the game: bolivia, standard or samba")
    p.add_argument("--house", action="append", default=[], metavar="NAME=VALUE", help="a house rule (repeatable)")
    p.add_argument("a", help=f"player A ({', '.join(PLAYERS)}; expert@N: Expert with N simulated moves a decision)")
    p.add_argument("b", help="player B")
    p.set_defaults(run=cmd_arena)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(0)
