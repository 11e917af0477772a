"""The bench's measure of the move list (game/rules/legal.py) on long hands: a seat of a two-player game,
its side not yet melded, its dealt hand grown from the stock to 30, 40 and 48 cards (a real game
reaches about 48), at the draw and after it. What grows with the hand is the first-meld search
(game/rules/first_meld.py), with the minimum too, so it is timed at the first minimum (50) at every
size and at 30 cards at the higher ones (90, 120, 150), where the list itself holds tens of thousands
of first melds; and the search for every way of going out at once (game/rules/out_solver.py), which a
side not yet melded lists whole while its hand is small enough for a minimal first meld to go out. Both
count their work now (legal.py: bounded, whatever the hand); hands of 60 to 100 cards are the bench's
`big_hands` (game/tools/big_hands.py)."""

from __future__ import annotations

import random
import time

from game.rules.actions import Deal
from game.rules.cards import RED_THREE
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.state import GameState, Phase

SIZES = (30, 40, 48)
HIGHER = ((1500, 90), (3000, 120), (7000, 150))  # (a score, the minimum it needs) in Bolivia


def long_hand(size: int, seed: int, meld_phase: bool, score: int = 0) -> GameState:
    """A seeded deal whose seat to act holds `size` cards, its side at `score` (a running total no
    hand made: only the minimum it needs matters here) and not melded."""
    s = GameState(2, seed)
    s.apply(Deal())
    seat = s.turn
    scores = list(s.scores)
    scores[s.side_of(seat)] = score
    rng = random.Random(f"{seed}:long hand")
    stock = list(s.stock)
    rng.shuffle(stock)
    grown = [c for c in stock if not RED_THREE[c]][:size - len(s.hands[seat])]  # a red three is laid out
    hands = [h + grown if p == seat else h for p, h in enumerate(s.hands)]
    return changed(s, scores=scores, hands=hands, stock=[c for c in stock if c not in set(grown)],
                   phase=Phase.MELD if meld_phase else s.phase)


def _timed(states: list[GameState]) -> dict:
    ms: list[float] = []
    moves = 0
    for s in states:
        start = time.perf_counter()
        listed = legal_actions(s)
        ms.append((time.perf_counter() - start) * 1000)
        moves = max(moves, len(listed))
    ms.sort()
    return {"p50": round(ms[len(ms) // 2], 1), "max": round(ms[-1], 1), "moves": moves}


def measure_rules(deals: int, seed: int, sizes: tuple[int, ...] = SIZES) -> dict:
    """Per hand size, the median and slowest milliseconds of one move list over `deals` deals at the draw
    and as many after it, and the longest list; then 30 cards at the higher minimums."""
    def states(size: int, score: int) -> list[GameState]:
        return [long_hand(size, seed * 1000 + d, phase, score) for d in range(deals) for phase in (False, True)]

    out: dict = {"legal_ms": {str(size): _timed(states(size, 0)) for size in sizes}}
    out["legal_ms_30_cards_by_minimum"] = {str(need): _timed(states(30, score)) for score, need in HIGHER}
    return out
