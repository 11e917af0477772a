"""Sampling the hidden cards for Hard's playouts, consistently with what one seat knows.

A sampled world is a full GameState: the seat's own hand, every face-up card and the counts are as
the view shows them; cards publicly seen going into a hand (view.known) stay in that hand; the rest
of the unseen cards are dealt at random into the other hands' hidden slots and the stock.
"""

from __future__ import annotations

import random

from game.rules.cards import FACE, RED_THREE, deck_ids
from game.rules.position import changed, new_position
from game.rules.state import GameState
from game.rules.view import PlayerView


def visible_ids(view: PlayerView) -> set[int]:
    """Every physical card the seat can see."""
    seen = set(view.hand)
    seen.update(view.pile)
    for side in view.melds:
        for m in side:
            seen.update(m.cards)
    for side in view.red_threes:
        seen.update(side)
    return seen


def unseen_ids(view: PlayerView) -> list[int]:
    """The cards the seat cannot see, in a fixed order (so a seeded sample is reproducible)."""
    seen = visible_ids(view)
    return [c for c in deck_ids(view.rules.packs, view.rules.jokers) if c not in seen]


def sample_world(view: PlayerView, rng: random.Random) -> GameState:
    """A full state the seat cannot tell apart from the real one."""
    pool = unseen_ids(view)
    by_face: dict[int, list[int]] = {}
    for c in pool:
        by_face.setdefault(FACE[c], []).append(c)
    hands: list[list[int]] = [[] for _ in range(view.players)]
    hands[view.seat] = list(view.hand)
    taken: set[int] = set()
    for seat in range(view.players):
        if seat == view.seat:
            continue
        for f in view.known[seat]:
            free = [c for c in by_face.get(f, []) if c not in taken]
            if not free:
                raise ValueError("the view's known cards are not among the unseen cards")
            c = rng.choice(free)
            taken.add(c)
            hands[seat].append(c)
    # A red three never stays in a hand: the unseen ones are all in the stock.
    reds = [c for c in pool if RED_THREE[c]]
    rest = [c for c in pool if c not in taken and not RED_THREE[c]]
    rng.shuffle(rest)
    for seat in range(view.players):
        if seat == view.seat:
            continue
        missing = view.hand_counts[seat] - len(hands[seat])
        hands[seat] += rest[:missing]
        rest = rest[missing:]
    stock = rest + reds
    rng.shuffle(stock)
    if len(stock) != view.stock_count:
        raise ValueError(f"unseen cards ({len(stock)}) and the stock ({view.stock_count}) differ")
    return world_from(view, hands, stock)


def world_from(view: PlayerView, hands: list[list[int]], stock: list[int]) -> GameState:
    """A GameState with the view's public facts and these hands and stock (last card drawn first)."""
    return new_position(
        view.players, view.rules, target=view.target, hand_no=view.hand_no, dealer=view.dealer,
        scores=view.scores, phase=view.phase, turn=view.turn, hands=hands, stock=stock, pile=view.pile,
        melds=view.melds, red_threes=view.red_threes, known=view.known, pile_takes=view.pile_takes,
        melded_by=list(view.melded_by) or None, melded_at_turn_start=view.melded_at_turn_start,
        player_melded_at_turn_start=view.player_melded_at_turn_start, asked=view.asked, permission=view.permission)


def reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of a real state with the cards `seat` cannot see dealt again among the unseen places
    (known cards stay in their hands). Tests use it to show a decision depends on the view alone."""
    from game.rules.view import view_of

    view = view_of(state, seat)
    world = sample_world(view, rng)
    return changed(state, hands=world.hands, stock=world.stock)
