"""`python -m game partner-measure`: how a level plays the end of a hand (issue "a computer partner a
club player would sit with"; README "Headless tools").

Each level named plays arena deals (the arena's seeds: `deal_seed`) against itself, every seat, one
hand a deal, and these are counted from the seats' own hands, per level, as one JSON line each:
  danger_positions: (seat, hand) pairs where, at the start of the seat's turn, an opponent held one
  or two cards and its side had what going out needs, or one meld short of it that its next draw can
  finish (game/ai/danger.py); danger_points_left: the points (as the
  hand's score counts them) the seat still held when that hand ended, mean and 95% interval;
  stuck_turns_per_hand: turns begun with three cards or fewer (the side melded) in which the seat
  only drew from the stock and discarded, per seat-hand; stuck10_hands: seat-hands with 10 or more;
  black_threes_per_100: black threes in a seat's hand at the hand's end, per 100 seat-hands;
  fed_canastas_per_100: discards the next player took (pile or top card) in a turn that gave its
  side a canasta (or escalera) it had not, per 100 seat-hands; big_piles_fed_per_100: discards the
  next opponent took with a pile of 9 cards or more.

Measured at 2 players on seed 9101 (never tuned on; 200 deals, Expert 100), before and after the levels
read the danger of the hand ending: points left in danger positions, Standard Normal 16.6 -> 13.5, Hard
14.7 -> 13.6, Expert 25.1 -> 20.4; Bolivia Hard 32.9 -> 19.3, Expert 58.5 -> 36.6 (Normal 25.3 -> 25.4);
stuck turns a hand, Standard Hard 1.07 -> 0.69; black threes held per 100, Bolivia Hard 8.8 -> 3.0, Expert
19.0 -> 13.5, Normal 7.8 -> 5.0.
Again at 2 players on seed 9101 with 450 deals (400 to 640 danger positions a level), before and after the
levels kept a wild card to freeze a big Standard pile and stopped discarding cards that plainly take one:
Standard, points left in danger positions Normal 13.2 [11.6, 14.8] -> 14.6 [13.0, 16.3], Hard 13.1 [11.3,
14.9] -> 15.0 [13.4, 16.6]; black threes held per 100 Normal 4.6 -> 2.7, Hard 4.8 -> 2.2; big piles fed
per 100, 39.3 -> 34.6 and 33.3; canastas fed per 100 Normal 16.8 -> 21.2, Hard 22.2 -> 25.4; stuck turns a
hand 0.65 -> 0.69. Bolivia unchanged (Easy 20.2, Normal 23.5, Hard 21.2 points left). Expert after, Standard,
400 deals: 310 danger positions, 18.7 [15.8, 21.5] points left, 0.27 stuck turns a hand, 3.9 black threes and
28.9 canastas fed per 100.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import dataclass, field

from game.ai import get_player
from game.ai.danger import out_threat
from game.rules.actions import Deal, Discard, DrawStock, TakePile, TakeTop
from game.rules.cards import BLACK_THREE
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.tools.arena import checked_table, deal_seed

BIG_PILE = 9


@dataclass
class Counts:
    seat_hands: int = 0
    danger_left: list[int] = field(default_factory=list)
    stuck_turns: int = 0
    stuck10: int = 0
    black_threes: int = 0
    fed_canastas: int = 0
    big_piles_fed: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict:
        n = max(self.seat_hands, 1)
        d = self.danger_left
        mean = sum(d) / len(d) if d else 0.0
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1)) if len(d) > 1 else 0.0
        half = 1.96 * sd / math.sqrt(len(d)) if len(d) > 1 else 0.0
        return {"seat_hands": self.seat_hands, "danger_positions": len(d),
                "danger_points_left": round(mean, 1), "danger_ci95": [round(mean - half, 1), round(mean + half, 1)],
                "stuck_turns_per_hand": round(self.stuck_turns / n, 3), "stuck10_hands": self.stuck10,
                "black_threes_per_100": round(100 * self.black_threes / n, 1),
                "fed_canastas_per_100": round(100 * self.fed_canastas / n, 1),
                "big_piles_fed_per_100": round(100 * self.big_piles_fed / n, 1),
                "seconds": round(self.seconds, 1)}


def _canastas(state: GameState, side: int) -> int:
    return sum(1 for m in state.melds[side] if m.canasta(state.rules) is not None)


def measure_hand(players: int, seed: int, level: str, variant: str, rng: random.Random, counts: Counts) -> None:
    state = GameState(players, seed, RULESETS[variant])
    state.apply(Deal())
    chooser = get_player(level)
    danger: set[int] = set()
    stuck = [0] * players
    turn: dict | None = None  # the seat whose turn it is: {"seat", "small", "played"}
    fed: tuple[int, int] | None = None  # (discarding seat, canastas of the taker's side before)
    while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
        seat = state.to_act
        legal = legal_actions(state)
        if not legal:
            break
        if state.phase == Phase.DRAW:
            if turn is not None and turn["small"] and not turn["played"]:
                stuck[turn["seat"]] += 1
            if fed is not None:
                _settle_feed(state, fed, counts)
                fed = None
            side = state.side_of(seat)
            small = len(state.hands[seat]) <= 3 and state.has_melded(side)
            turn = {"seat": seat, "small": small, "played": False}
            if out_threat(view_of(state, seat)) is not None:
                danger.add(seat)
        action = chooser(view_of(state, seat), legal, rng)
        if turn is not None and turn["seat"] == seat and not isinstance(action, (DrawStock, Discard)):
            turn["played"] = True
        if isinstance(action, (TakePile, TakeTop)) and state.pile:
            prev = (seat - 1) % players
            if state.side_of(prev) != state.side_of(seat):
                if len(state.pile) >= BIG_PILE and isinstance(action, TakePile):
                    counts.big_piles_fed += 1
                fed = (prev, _canastas(state, state.side_of(seat)), seat)
        try:
            state.apply(action)
        except IllegalAction:
            state.apply(next((a for a in legal if isinstance(a, DrawStock)), legal[0]))
    if fed is not None:
        _settle_feed(state, fed, counts)
    if turn is not None and turn["small"] and not turn["played"] and state.hands[turn["seat"]]:
        stuck[turn["seat"]] += 1
    for seat in range(players):
        counts.seat_hands += 1
        hand = state.hands[seat]
        counts.black_threes += sum(1 for c in hand if BLACK_THREE[c])
        counts.stuck_turns += stuck[seat]
        counts.stuck10 += stuck[seat] >= 10
        if seat in danger:
            counts.danger_left.append(sum(state.rules.card_penalty(c) for c in hand))


def _settle_feed(state: GameState, fed: tuple, counts: Counts) -> None:
    _prev, before, taker = fed
    if _canastas(state, state.side_of(taker)) > before:
        counts.fed_canastas += 1


def run(levels: list[str], players: int, deals: int, seed: int, variant: str) -> dict[str, dict]:
    out = {}
    for level in levels:
        counts = Counts()
        start = time.perf_counter()
        for d in range(deals):
            rng = random.Random(f"partner-measure:{seed}:{d}")
            measure_hand(players, deal_seed(seed, d), level, variant, rng, counts)
        counts.seconds = time.perf_counter() - start
        out[level] = counts.to_json()
    return out


def cmd_partner_measure(args: argparse.Namespace) -> int:
    from game.tools.cli import BadInput

    if not 1 <= args.deals <= 100_000:
        raise BadInput("--deals must be from 1 to 100000")
    levels = [x for x in args.levels.split(",") if x]
    checked_table(args.players, args.variant, levels)
    for level, result in run(levels, args.players, args.deals, args.seed, args.variant.lower()).items():
        print(json.dumps({"level": level, "players": args.players, "variant": args.variant.lower(),
                          "deals": args.deals, "seed": args.seed, **result}), flush=True)
    return 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help="points left when an opponent can go out, stuck turns, black threes held")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--deals", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--variant", default="bolivia")
    p.add_argument("--levels", default="easy,normal,hard,expert")
    p.set_defaults(run=cmd_partner_measure)
