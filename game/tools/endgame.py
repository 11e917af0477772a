"""`python -m game endgame`: games won from positions near the target, A against B (the measure of
Expert's game-aware going out against Expert as it was, `expert expert-hand`).

Each game starts at a fresh deal with every side's score drawn within `--within` points below the
target (seeded), and is played to its end. Like the arena's deals, each start is played once per seat
order, so the cards and the scores even out, and with the same dice in every order. Output, one JSON
object: games, wins of A and of B, draws, the starts whose seat orders did not even out (`split_starts`:
with the same dice a start splits only where A and B decided differently), and A's wins minus B's with a
95% interval (per start, over the seat orders).
"""

from __future__ import annotations

import argparse
import json
import math
import random

from game.ai import get_player
from game.rules.actions import Deal, DrawStock
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.tools.arena import checked_table, seat_orders


def play_game(players: int, seed: int, start: int, names: list[str], variant: str, within: int,
              rng: random.Random) -> int | None:
    """The winning side of one game from a near-target start (None: a draw)."""
    rules = RULESETS[variant]
    fresh = GameState(players, seed, rules)
    dice = random.Random(f"endgame:{seed}:{start}")
    state = changed(fresh, scores=[fresh.target - dice.randrange(1, within + 1) for _s in range(fresh.sides)])
    choosers = [get_player(n) for n in names]
    while state.phase != Phase.GAME_OVER:
        if state.phase == Phase.DEAL:
            state.apply(Deal())
            continue
        legal = legal_actions(state)
        if not legal:
            return None
        seat = state.to_act
        action = choosers[seat](view_of(state, seat), legal, rng)
        try:
            state.apply(action)
        except IllegalAction:
            state.apply(next((a for a in legal if isinstance(a, DrawStock)), legal[0]))
    return state.winner


def run(players: int, starts: int, seed: int, a: str, b: str, variant: str, within: int) -> dict:
    probe = GameState(players, 0)
    diffs: list[float] = []
    wins_a = wins_b = draws = games = split = 0
    for start in range(starts):
        d = 0.0
        orders = seat_orders(players)
        for a_seats in orders:
            names = [a if is_a else b for is_a in a_seats]
            # The same dice for every seat order (common random numbers): where A and B decide alike the
            # games are the same and even out exactly, so only the decisions that differ move the measure.
            rng = random.Random(f"endgame:{seed}:{start}")
            winner = play_game(players, seed * 1_000_003 + start, start, names, variant, within, rng)
            games += 1
            if winner is None:
                draws += 1
            elif winner == probe.side_of(a_seats.index(True)):
                wins_a += 1
                d += 1
            else:
                wins_b += 1
                d -= 1
        diffs.append(d / len(orders))
        split += d != 0
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    return {"players": players, "starts": starts, "seed": seed, "variant": variant, "within": within, "a": a, "b": b,
            "games": games, "split_starts": split, "wins_a": wins_a, "wins_b": wins_b, "draws": draws,
            "a_minus_b_per_game": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}


def cmd_endgame(args: argparse.Namespace) -> int:
    from game.tools.cli import BadInput

    if not 1 <= args.starts <= 100_000 or not 1 <= args.within <= 100_000:
        raise BadInput("--starts and --within must be from 1 to 100000")
    checked_table(args.players, args.variant, (args.a, args.b))
    print(json.dumps(run(args.players, args.starts, args.seed, args.a, args.b, args.variant.lower(), args.within)))
    return 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help="games won from positions near the target, A against B")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--starts", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--within", type=int, default=2000, help="every side starts this close below the target")
    p.add_argument("--variant", default="bolivia")
    p.add_argument("a", nargs="?", default="expert")
    p.add_argument("b", nargs="?", default="expert-hand")
    p.set_defaults(run=cmd_endgame)
