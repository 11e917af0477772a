"""Positions with one very big hand (60, 80 and 100 cards), the worst a game can throw at the computer
players' searches and at the move list: a seat that took several large piles. Each is a seeded deal of
a game (Bolivia, Samba, Standard Canasta; two and four players) whose seat to act has had its hand grown
from the stock, its side either not yet melded (the first-meld search, the worst case) or melded (one
rank meld on the table), at the draw (the pile's top card pairs in hand: every pile take is weighed) or
after it. A size the deck cannot give (100 cards of Standard's two packs) is left out.

The bench times every level, the hint, a review's weighing and the move list on them
(game/tools/bench.py `big_hands`); tests/test_ai_big_hands.py checks that each decision is legal and its
counted work stays within its budget.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.ai.adviser import advise
from game.ai.review import REVIEW_BUDGET, WORLDS, same_move, weigh
from game.rules.actions import Action, Deal
from game.rules.cards import NATURAL, RANK, RED_THREE
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.ruleset import BOLIVIA, SAMBA, STANDARD, RuleSet
from game.rules.state import GameState, Phase
from game.rules.view import PlayerView, view_of

SIZES = (60, 80, 100)
GAMES: tuple[RuleSet, ...] = (BOLIVIA, SAMBA, STANDARD)
PLAYER_COUNTS = (2, 4)
STOCK_LEFT = 20  # cards kept in the stock, so the hand does not end at once


@dataclass(frozen=True)
class BigHand:
    rules: RuleSet
    players: int
    size: int
    melded: bool
    phase: Phase
    seed: int = 1

    @property
    def name(self) -> str:
        return (f"{self.rules.name} {self.players}p {self.size} cards "
                f"{'melded' if self.melded else 'unmelded'} {self.phase.name.lower()}")


def big_hand(spec: BigHand) -> GameState | None:
    """The position, or None when the deck cannot give the seat that many cards."""
    s = GameState(spec.players, spec.seed, spec.rules)
    s.apply(Deal())
    seat = s.turn
    side = s.side_of(seat)
    rng = random.Random(f"{spec.seed}:big hand:{spec.size}")
    stock = list(s.stock)
    rng.shuffle(stock)
    hand = list(s.hands[seat])
    melds: list[list[list[int]]] = [[] for _side in range(s.sides)]
    if spec.melded:
        # One natural meld of three on the table, from the stock: the side has melded.
        by_rank: dict[int, list[int]] = {}
        for c in stock:
            if NATURAL[c] and RANK[c] >= 4:
                by_rank.setdefault(RANK[c], []).append(c)
        cards = next(cs[:3] for _r, cs in sorted(by_rank.items()) if len(cs) >= 3)
        melds[side] = [cards]
        stock = [c for c in stock if c not in set(cards)]
    growable = [c for c in stock if not RED_THREE[c]]  # a red three would be laid out
    wanted = spec.size - len(hand)
    if wanted > len(growable) - STOCK_LEFT:
        return None
    grown = growable[:wanted]
    hand += grown
    stock = [c for c in stock if c not in set(grown)]
    pile = s.pile
    if spec.phase == Phase.DRAW:
        # A top card of a rank the hand pairs, over an unfrozen pile: every take is weighed.
        counts: dict[int, int] = {}
        for c in hand:
            if NATURAL[c] and RANK[c] >= 4:
                counts[RANK[c]] = counts.get(RANK[c], 0) + 1
        top = next((c for c in stock if NATURAL[c] and counts.get(RANK[c], 0) >= 2), None)
        if top is not None:
            stock.remove(top)
            stock += pile  # the deal's upcard (a wild card or a three would freeze the pile)
            pile = [top]
    hands = [hand if p == seat else h for p, h in enumerate(s.hands)]
    return changed(s, start_turn=True, hands=hands, melds=melds, melded_by=[bool(melds[s.side_of(p)])
                   for p in range(s.players)], stock=stock, pile=pile, phase=spec.phase)


def specs(sizes: tuple[int, ...] = SIZES, games: tuple[RuleSet, ...] = GAMES,
          players: tuple[int, ...] = PLAYER_COUNTS) -> Iterator[BigHand]:
    for rules in games:
        for n in players:
            for size in sizes:
                for melded in (False, True):
                    for phase in (Phase.DRAW, Phase.MELD):
                        yield BigHand(rules, n, size, melded, phase)


def positions(sizes: tuple[int, ...] = SIZES, games: tuple[RuleSet, ...] = GAMES,
              players: tuple[int, ...] = PLAYER_COUNTS) -> Iterator[tuple[BigHand, GameState]]:
    """Every big-hand position the decks allow, with its description."""
    for spec in specs(sizes, games, players):
        s = big_hand(spec)
        if s is not None:
            yield spec, s


# ----- the bench's measure --------------------------------------------------------------------------

LEVELS = ("easy", "normal", "hard", "expert")
MEASURES = ("move_list", *LEVELS, "hint", "review")
QUICK_SIZES = (60,)


def review_step(view: PlayerView, played: Action) -> None:
    """What a review does at one decision (game/ai/review.py Reviewer.step): the adviser's move, and where
    the seat played another, both weighed on the review's worlds."""
    better = advise(view, budget=REVIEW_BUDGET).hint.move
    if not same_move(better, played):
        weigh(view, [better, played], WORLDS, 1, REVIEW_BUDGET)


def measure_big_hands(quick: bool = False) -> dict:
    """For the move list, each level, the hint and a review's weighing: the most CPU seconds one took over
    every big-hand position, and on which."""
    from game.ai import PLAYERS

    worst: dict[str, tuple[float, str]] = {m: (0.0, "") for m in MEASURES}
    count = 0

    def timed(name: str, spec: BigHand, run: Callable[[], object]) -> object:
        start = time.process_time()
        out = run()
        took = time.process_time() - start
        if took > worst[name][0]:
            worst[name] = (took, spec.name)
        return out

    for spec, s in positions(QUICK_SIZES if quick else SIZES, GAMES[:1] if quick else GAMES):
        if quick and (spec.players != 2 or spec.melded):
            continue  # a tiny run: the unmelded seat of two players, at the draw and after it
        count += 1
        view = view_of(s, s.turn)
        legal = timed("move_list", spec, lambda s=s: legal_actions(s))
        for name in LEVELS:
            timed(name, spec, lambda name=name, view=view, legal=legal: PLAYERS[name](view, legal, random.Random(1)))
        timed("hint", spec, lambda view=view: advise(view))
        played = PLAYERS["normal"](view, legal, random.Random(1))
        timed("review", spec, lambda view=view, played=played: review_step(view, played))
    return {"positions": count, "max_cpu_s": {m: round(t, 3) for m, (t, _n) in worst.items()},
            "slowest": {m: n for m, (_t, n) in worst.items()}}
