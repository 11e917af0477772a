"""`python -m game warnings`: how the adviser's discard warnings do over arena games (the measure of
issue "one coach the player can trust"; README "Headless tools").

The arena's duplicate deals are played (players A and B, `coach hard` by default). At every discard
decision of every seat, from that seat's view: the adviser's warnings for the hand
(adviser.discard_warnings), its own discard (adviser.discard_choice), whether the card discarded was
warned, whether the seat could have foreseen a take (risk.discard_risk), and whether the next seat
then took it (the pile or the top card alone). Printed as one JSON object:
  decisions, warned (share of decisions whose discard was warned), hint_warned (the adviser's own
  discard warned: must be 0), taken, foreseen_taken, foreseen_taken_warned (share), and the same for the
  avoidable takes (the hand held a card they could not be known to take), per level; and `ms`, per
  level, the milliseconds of its decisions (`p50`, `p95`, `max`): a `coach` decision is one call of the
  adviser, so these are the advice's times on this machine.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import Counter

from game.ai import PLAYERS, get_player
from game.ai.adviser import discard_choice, discard_warnings
from game.ai.risk import discard_risk, hand_risks
from game.rules.actions import Deal, Discard, DrawStock, TakePile, TakeTop
from game.rules.cards import FACE
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.tools.arena import deal_seed, seat_orders


def measure_hand(players: int, seed: int, names: list[str], rng: random.Random, variant: str,
                 counts: dict[str, Counter], times: dict[str, list[float]] | None = None) -> None:
    state = GameState(players, seed, RULESETS[variant])
    state.apply(Deal())
    choosers = [get_player(n) for n in names]
    pending: tuple[int, int, bool, bool, bool] | None = None  # (seat, card, warned, foreseen, avoidable)
    while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
        seat = state.to_act
        legal = legal_actions(state)
        if not legal:
            break
        view = view_of(state, seat)
        start = time.perf_counter()
        action = choosers[seat](view, legal, rng)
        if times is not None:  # a `coach` decision is one call of the adviser: the advice's time
            times[names[seat]].append((time.perf_counter() - start) * 1000)
        if pending is not None and state.phase == Phase.DRAW and seat == (pending[0] + 1) % players:
            p_seat, card, warned, foreseen, avoidable = pending
            took = isinstance(action, (TakePile, TakeTop)) and state.pile and state.pile[-1] == card
            c = counts[names[p_seat]]
            if took:
                c["taken"] += 1
                if foreseen:
                    c["foreseen_taken"] += 1
                    c["foreseen_taken_warned"] += warned
                    if avoidable:  # the hand held a card the next opponent could not be known to take
                        c["avoidable_taken"] += 1
                        c["avoidable_taken_warned"] += warned
            pending = None
        if isinstance(action, Discard) and state.phase == Phase.MELD and len(state.hands[seat]) > 1:
            warnings = discard_warnings(view)
            risks = hand_risks(view)
            choice = discard_choice(view, risks)
            c = counts[names[seat]]
            c["decisions"] += 1
            warned = next((w for k, w in warnings.items() if FACE[k] == FACE[action.card]), None) is not None
            c["warned"] += warned
            if choice is not None and warnings.get(choice) is not None:
                c["hint_warned"] += 1
            foreseen = discard_risk(view, action.card) is not None
            c["foreseen"] += foreseen
            pending = (seat, action.card, warned, foreseen, any(r is None for r in risks.values()))
        try:
            state.apply(action)
        except IllegalAction:
            state.apply(next((a for a in legal if isinstance(a, DrawStock)), legal[0]))


def run(players: int, deals: int, seed: int, a: str, b: str, variant: str) -> dict:
    counts: dict[str, Counter] = {a: Counter(), b: Counter()}
    times: dict[str, list[float]] = {a: [], b: []}
    for deal in range(deals):
        for order, a_seats in enumerate(seat_orders(players)):
            names = [a if is_a else b for is_a in a_seats]
            rng = random.Random(f"arena:{seed}:{deal}:{order}")
            measure_hand(players, deal_seed(seed, deal), names, rng, variant, counts, times)
    total: Counter = Counter()
    for c in counts.values():
        total.update(c)
    return {"players": players, "deals": deals, "seed": seed, "variant": variant, "a": a, "b": b,
            "all": _summary(total), "levels": {name: _summary(c) for name, c in counts.items()},
            "ms": {name: _times(ms) for name, ms in times.items()}}


def _times(ms: list[float]) -> dict:
    """Milliseconds a decision (nearest-rank percentiles)."""
    if not ms:
        return {"decisions": 0}
    ordered = sorted(ms)

    def rank(p: float) -> float:
        return round(ordered[max(0, math.ceil(p * len(ordered)) - 1)], 2)
    return {"decisions": len(ms), "p50": rank(0.5), "p95": rank(0.95), "max": round(ordered[-1], 2)}


def _summary(c: Counter) -> dict:
    n = max(c["decisions"], 1)
    f = c["foreseen_taken"]
    return {"decisions": c["decisions"], "warned": round(c["warned"] / n, 4), "hint_warned": c["hint_warned"],
            "foreseen": round(c["foreseen"] / n, 4), "taken": c["taken"], "foreseen_taken": f,
            "foreseen_taken_warned": round(c["foreseen_taken_warned"] / f, 4) if f else None,
            "avoidable_taken": c["avoidable_taken"],
            "avoidable_taken_warned": round(c["avoidable_taken_warned"] / c["avoidable_taken"], 4)
            if c["avoidable_taken"] else None}


def cmd_warnings(args: argparse.Namespace) -> int:
    from game.tools.cli import BadInput

    if args.players not in (2, 3, 4):
        raise BadInput("--players must be 2, 3 or 4")
    if not 1 <= args.deals <= 100_000:
        raise BadInput("--deals must be from 1 to 100000")
    if args.variant.lower() not in RULESETS:
        raise BadInput(f"unknown variant {args.variant!r}: choose {', '.join(RULESETS)}")
    for name in (args.a, args.b):
        try:
            get_player(name)
        except ValueError as why:
            raise BadInput(str(why)) from None
    print(json.dumps(run(args.players, args.deals, args.seed, args.a, args.b, args.variant.lower())))
    return 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help="how the adviser's discard warnings do over arena deals")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deals", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--variant", default="bolivia")
    p.add_argument("a", nargs="?", default="coach", help=f"player A ({', '.join(PLAYERS)})")
    p.add_argument("b", nargs="?", default="hard", help="player B")
    p.set_defaults(run=cmd_warnings)
