"""Two simple test players: random-legal, and greedy (melds what it can, takes the pile when it
can, discards its least useful card). They sharpen the engine's tests, not the game's opponents."""

from __future__ import annotations

import random
from collections import Counter

from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.cards import BLACK_THREE, FACE, RANK, SUIT, VALUE, WILD
from game.rules.view import PlayerView


def choose_random(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def _cards_in(action: Action) -> int:
    if isinstance(action, TakePile):
        return len(action.cards) + sum(len(m) for m in action.melds)
    if isinstance(action, LayMelds):
        return sum(len(m) for m in action.melds)
    if isinstance(action, AddToMeld):
        return len(action.cards)
    if isinstance(action, MeldMove):
        return sum(len(m) for m in action.new) + sum(len(cards) for _mid, cards in action.add)
    return 0


def discard_usefulness(card: int, hand: tuple[int, ...]) -> float:
    """How much a card is worth keeping: wild cards most, then pairs and run neighbours."""
    if WILD[card]:
        return 1000 + VALUE[card]
    if BLACK_THREE[card]:
        return -100  # costs 100 if still held at the end; it also blocks the pile
    same_rank = Counter(RANK[c] for c in hand)[RANK[card]]
    faces = {FACE[c] for c in hand}
    neighbours = sum(1 for d in (-2, -1, 1, 2) if FACE[card] + d in faces and 4 <= RANK[card] + d <= 14)
    return 10 * (same_rank - 1) + 4 * neighbours - VALUE[card] / 10 + SUIT[card] * 0.01


def choose_greedy(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    piles = [a for a in legal if isinstance(a, TakePile)]
    if piles:
        return max(piles, key=_cards_in)
    tops = [a for a in legal if isinstance(a, TakeTop)]
    if tops:
        return tops[0]
    if any(isinstance(a, DrawStock) for a in legal):
        return next(a for a in legal if isinstance(a, DrawStock))
    if any(isinstance(a, Answer) for a in legal):
        return Answer(True)
    melds = [a for a in legal if isinstance(a, (LayMelds, AddToMeld, MeldMove))]
    if melds:
        return max(melds, key=_cards_in)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: discard_usefulness(a.card, view.hand))
    others = [a for a in legal if not isinstance(a, AskPartner)]
    return (others or legal)[0]
