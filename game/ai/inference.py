"""What the pile tells about the other hands, and sampled worlds that respect it (Expert's search).

`determinize.sample_world` keeps what the seat saw for certain (its hand, the face-up cards, cards
seen going into a hand). This adds what play implies: every turn ends with a discard, so walking down
the pile from the top, card k was discarded by the seat k turns back, and that seat had passed over
the card beneath it when it drew. A player who discards a rank, or leaves a pile it could have
taken with a natural pair, rarely holds a pair of that rank. The inference is soft (the bottom of
the pile may be the deal's turned-up cards, a pair may have been drawn since), so a sampled hand
that breaks it is repaired most of the time, not always.
"""

from __future__ import annotations

import random

from game.ai.determinize import sample_world
from game.rules.cards import FACE, FACE_RANK, NATURAL, RANK, RED_THREE
from game.rules.position import changed
from game.rules.state import GameState
from game.rules.view import PlayerView

REPAIR_CHANCE = 0.85  # how often a sampled hand against the inference is repaired
DEPTH_ROUNDS = 2  # rounds of discards read from the top of the pile


def unlikely_pairs(view: PlayerView) -> dict[int, set[int]]:
    """Per other seat, the ranks it most likely holds fewer than two naturals of."""
    out: dict[int, set[int]] = {s: set() for s in range(view.players) if s != view.seat}
    pile = view.pile
    depth = min(len(pile), DEPTH_ROUNDS * view.players)
    for k in range(1, depth + 1):
        seat = (view.turn - k) % view.players
        if seat == view.seat:
            continue
        discarded = pile[-k]
        if NATURAL[discarded]:
            out[seat].add(RANK[discarded])
        if k < len(pile):
            passed = pile[-k - 1]  # the top card when that seat drew from the stock
            if NATURAL[passed]:
                out[seat].add(RANK[passed])
    # Cards seen going into a hand are facts: a known pair stays.
    for seat, ranks in out.items():
        known = [FACE_RANK[f] for f in view.known[seat]]
        for r in list(ranks):
            if known.count(r) >= 2:
                ranks.discard(r)
    return out


def sample_consistent(view: PlayerView, rng: random.Random,
                      avoid: dict[int, set[int]] | None = None) -> GameState:
    """A full state the seat cannot tell apart from the real one, with the pile's hints respected."""
    world = sample_world(view, rng)
    avoid = unlikely_pairs(view) if avoid is None else avoid
    hands, stock = [list(h) for h in world.hands], list(world.stock)
    repaired = False
    for seat, ranks in avoid.items():
        if ranks and rng.random() < REPAIR_CHANCE:
            _repair(hands[seat], stock, view.known[seat], ranks, rng)
            repaired = True
    return changed(world, hands=hands, stock=stock) if repaired else world


def _repair(hand: list[int], stock: list[int], seen: tuple[int, ...], ranks: set[int], rng: random.Random) -> None:
    """Swap hidden cards of a seat's hand (`seen`: the faces known to be in it) that pair up an unlikely rank
    with stock cards that do not."""
    known = list(seen)
    fixed: set[int] = set()
    for c in hand:  # the cards standing for the known faces stay put
        if FACE[c] in known:
            known.remove(FACE[c])
            fixed.add(c)
    for r in ranks:
        mine = [c for c in hand if NATURAL[c] and RANK[c] == r and c not in fixed]
        held = sum(1 for c in hand if NATURAL[c] and RANK[c] == r)
        while held >= 2 and mine:
            out = mine.pop()
            swaps = [i for i, c in enumerate(stock) if not (NATURAL[c] and RANK[c] in ranks)
                     and not RED_THREE[c]]
            if not swaps:
                return
            i = rng.choice(swaps)
            hand[hand.index(out)], stock[i] = stock[i], out
            held -= 1
