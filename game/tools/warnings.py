"""`python -m game warnings`: how the adviser's discard warnings do over arena games (the measure of
issue "one coach the player can trust"; README "Headless tools").

The arena's duplicate deals are played (players A and B, `coach hard` by default). At every
discard decision of every seat, from that seat's view: what the adviser says for the hand
(adviser.discard_advice: a warning the table asks with, or, for the adviser's own discard when every
card is a risk, a caution it tells as the card goes); whether the card discarded had either; the takes
the seat could see coming (`seen_takes`, the issue's four to the letter, not the adviser's judgement);
and whether the next seat then took it (the pile or the top card alone) in a way it could foresee
(`foreseen_take`). Printed as one JSON object:
  decisions; foreseen (share of discards with a take to see coming; judged_foreseen, the share the
  adviser's risk.discard_risk calls risky); warned (share of discards warned or cautioned); asked
  (warned, the table asking first); cautioned; hint_warned (the hint's card questioned: must be 0;
  `coach` plays the hint, for another level the adviser's own discard is looked at); taken;
  foreseen_taken; foreseen_taken_warned (share); the same for the avoidable takes (the hand held a
  natural they could not be known to take); per level. And `ms`, per level, the milliseconds of its
  decisions (`p50`, `p95`, `max`): a `coach` decision is one call of the adviser, so these are the
  advice's times on this machine.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import Counter

from game.ai import PLAYERS, get_player
from game.ai.adviser import choose_coach, discard_advice
from game.ai.memory import CardMemory
from game.ai.risk import discard_risk, hand_risks
from game.rules.actions import Action, Deal, Discard, DrawStock, TakePile, TakeTop
from game.rules.cards import FACE, NATURAL, RANK, WILD
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.melds import RANK_MELD, RUN, extends_run
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import PlayerView, view_of
from game.tools.arena import checked_table, deal_seed, seat_orders


def measure_hand(players: int, seed: int, names: list[str], rng: random.Random, variant: str,
                 counts: dict[str, Counter], times: dict[str, list[float]] | None = None) -> None:
    state = GameState(players, seed, RULESETS[variant])
    state.apply(Deal())
    choosers = [get_player(n) for n in names]
    pending: tuple[int, int, bool, frozenset[str], bool] | None = None  # (seat, card, warned, kinds, avoidable)
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
            p_seat, card, warned, kinds, avoidable = pending
            took = isinstance(action, (TakePile, TakeTop)) and state.pile and state.pile[-1] == card
            c = counts[names[p_seat]]
            if took:
                c["taken"] += 1
                if foreseen_take(kinds, action):
                    c["foreseen_taken"] += 1
                    c["foreseen_taken_warned"] += warned
                    if avoidable:  # the hand held a card the next opponent could not be known to take
                        c["avoidable_taken"] += 1
                        c["avoidable_taken_warned"] += warned
            pending = None
        if isinstance(action, Discard) and state.phase == Phase.MELD and len(state.hands[seat]) > 1:
            warnings, choice = discard_advice(view)
            risks = hand_risks(view)
            c = counts[names[seat]]
            c["decisions"] += 1
            warned = _said(warnings, action.card) is not None
            asked = warned and (choice is None or FACE[choice] != FACE[action.card])
            c["warned"] += warned
            c["asked"] += asked
            # The hint's card questioned: `coach` plays the hint itself; for another level, the discard
            # the adviser would have hinted.
            hinted = action.card if choosers[seat] is choose_coach else choice
            if hinted is not None and _said(warnings, hinted) is not None:
                c["hint_warned"] += choice is None or FACE[choice] != FACE[hinted]
            kinds = seen_takes(view, action.card)
            c["foreseen"] += bool(kinds)
            c["judged_foreseen"] += discard_risk(view, action.card) is not None
            pending = (seat, action.card, warned, kinds, any(r is None for k, r in risks.items() if NATURAL[k]))
        try:
            state.apply(action)
        except IllegalAction:
            state.apply(next((a for a in legal if isinstance(a, DrawStock)), legal[0]))


def seen_takes(view: PlayerView, card: int) -> frozenset[str]:
    """The issue's takes the seat can see coming of this discard, read to the letter, with none of the
    adviser's judgement of how likely they are (risk.discard_risk weighs the last two): "run", the card
    goes onto a run of the next opponent's side (any length); "pair", a pair of its rank was seen going
    into their hand; "took", they took the pile on its rank this hand; "unfrozen", Standard's pile is
    not frozen for them and they have a meld of the rank, so a natural and a wild card of theirs take it."""
    if not NATURAL[card]:
        return frozenset()
    nxt = view.next_seat()
    side = view.side_of(nxt)
    if side == view.side or view.hand_counts[nxt] == 0:
        return frozenset()
    rank = RANK[card]
    rules = view.rules
    kinds = set()
    if any(m.kind == RUN and extends_run(m, card, rules) for m in view.melds[side]):
        kinds.add("run")
    if CardMemory(view).known_naturals(nxt, rank) >= 2:
        kinds.add("pair")
    if (nxt, rank) in view.pile_takes:
        kinds.add("took")
    if (rules.pile_freezes and view.hand_counts[nxt] >= 2
            and rules.pile_freeze(view.pile + (card,), bool(view.melds[side])) is None
            and any(m.kind == RANK_MELD and m.key == rank for m in view.melds[side])):
        kinds.add("unfrozen")
    return frozenset(kinds)


def foreseen_take(kinds: frozenset[str], take: Action) -> bool:
    """Whether a take of the discard was one the seat could see coming: any of the first three, or the
    unfrozen pile taken as foreseen, with a wild card (a hidden natural pair takes any pile)."""
    if kinds - {"unfrozen"}:
        return True
    return "unfrozen" in kinds and isinstance(take, TakePile) and any(WILD[c] for c in take.cards)


def _said(warnings: dict[int, str | None], card: int) -> str | None:
    return next((w for k, w in warnings.items() if FACE[k] == FACE[card]), None)


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
    return {"decisions": c["decisions"], "warned": round(c["warned"] / n, 4), "asked": round(c["asked"] / n, 4),
            "cautioned": round((c["warned"] - c["asked"]) / n, 4), "hint_warned": c["hint_warned"],
            "foreseen": round(c["foreseen"] / n, 4), "judged_foreseen": round(c["judged_foreseen"] / n, 4),
            "taken": c["taken"], "foreseen_taken": f,
            "foreseen_taken_warned": round(c["foreseen_taken_warned"] / f, 4) if f else None,
            "avoidable_taken": c["avoidable_taken"],
            "avoidable_taken_warned": round(c["avoidable_taken_warned"] / c["avoidable_taken"], 4)
            if c["avoidable_taken"] else None}


def cmd_warnings(args: argparse.Namespace) -> int:
    from game.tools.cli import BadInput

    if not 1 <= args.deals <= 100_000:
        raise BadInput("--deals must be from 1 to 100000")
    checked_table(args.players, args.variant, (args.a, args.b))
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
