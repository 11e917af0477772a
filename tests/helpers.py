"""Helpers for the rules tests: cards from text, positions set up by hand, stacked decks.

`position(...)` makes a GameState in a chosen position with the engine's builder (`new_position`): the
hands, the pile, the stock order, the melds and the red threes of the first hand, the seed's dealer. Every
card not placed goes to the bottom of the stock, so all 162 cards stay accounted for and `state.check()`
passes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import SimpleNamespace

import pytest

from game.rules import BOLIVIA, Deal, GameState, Phase, RuleSet
from game.rules import state as state_module
from game.rules.cards import FACE, deck_ids, label, parse_face
from game.rules.melds import Meld
from game.rules.position import new_position, sides_of


def faces(text: str) -> list[int]:
    """'KH KS 2C JK' -> face codes."""
    return [parse_face(t) for t in text.split()]


class Pool:
    """Hands out distinct physical cards by face, so a position never uses one card twice."""

    def __init__(self, rules: RuleSet = BOLIVIA) -> None:
        self.free: dict[int, list[int]] = {}
        for c in reversed(deck_ids(rules.packs, rules.jokers)):
            self.free.setdefault(FACE[c], []).append(c)

    def take(self, text: str | Sequence[str]) -> list[int]:
        words = text.split() if isinstance(text, str) else list(text)
        out = []
        for w in words:
            f = parse_face(w)
            if not self.free.get(f):
                raise ValueError(f"no copy of {w} left")
            out.append(self.free[f].pop())
        return out

    def rest(self) -> list[int]:
        return sorted(c for ids in self.free.values() for c in ids)


def labels(cards: Iterable[int]) -> list[str]:
    return [label(c) for c in cards]


def sorted_labels(cards: Iterable[int]) -> list[str]:
    return sorted(label(c) for c in cards)


def position(
    players: int = 2,
    hands: Sequence[str] = (),
    *,
    stock: str = "",
    pile: str = "",
    melds: Sequence[Sequence[str]] = (),
    red_threes: Sequence[str] = (),
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    scores: Sequence[int] | None = None,
    seed: int = 1,
    target: int | None = None,
    stock_size: int | None = None,
    rules: RuleSet = BOLIVIA,
) -> GameState:
    """A state in a chosen position.

    hands: per seat, the cards in hand. stock: the cards drawn next, in drawing order (the unplaced cards
    lie below them). stock_size: cut the stock to this many cards (the cards cut away are moved to the
    bottom of the pile, under `pile`, where no rule looks at them). pile: bottom first. melds: per side, a
    list of melds. red_threes: per side. turn: the seat to play. rules: the game (Bolivia unless given);
    every seat of a side with melds counts as having melded.
    """
    rules = rules.for_players(players)
    pool = Pool(rules)
    hand_cards = [pool.take(hands[i]) if i < len(hands) else [] for i in range(players)]
    pile_cards = pool.take(pile)
    sides = sides_of(players)
    meld_cards = [[pool.take(text) for text in (melds[side] if side < len(melds) else ())] for side in range(sides)]
    red_cards = [pool.take(red_threes[i]) if i < len(red_threes) else [] for i in range(sides)]
    top_of_stock = pool.take(stock)
    rest = pool.rest()
    if stock_size is not None:
        keep = stock_size - len(top_of_stock)
        assert keep >= 0, "stock_size smaller than the stock given"
        pile_cards = rest[:len(rest) - keep] + pile_cards
        rest = rest[len(rest) - keep:]
    results = []
    if scores is not None:
        results = [{"hand": 0, "out": None, "concealed": False, "totals": list(scores),
                    "scores": [{"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": sc,
                                "total": sc} for sc in scores]}]
    s = new_position(players, rules, seed=seed, target=target, hands=hand_cards, pile=pile_cards, melds=meld_cards,
                     red_threes=red_cards, stock=rest + list(reversed(top_of_stock)), scores=scores,
                     results=results, turn=turn, phase=phase)
    problems = s.check()
    assert not problems, problems
    return s


def meld_of(state: GameState, side: int, text: str) -> Meld:
    """The side's meld holding exactly these faces."""
    want = sorted(faces(text))
    for m in state.melds[side]:
        if sorted(FACE[c] for c in m.cards) == want:
            return m
    raise AssertionError(f"no meld {text} for side {side}: {[labels(m.cards) for m in state.melds[side]]}")


def in_hand(state: GameState, seat: int, text: str) -> tuple[int, ...]:
    """Physical cards of these faces from the seat's hand (distinct cards for repeated faces)."""
    return groups_in_hand(state, seat, text)[0]


def groups_in_hand(state: GameState, seat: int, *texts: str) -> tuple[tuple[int, ...], ...]:
    """Several groups of cards from the seat's hand, no physical card in two groups."""
    free = list(state.hands[seat])
    groups = []
    for text in texts:
        out = []
        for f in faces(text):
            c = next((c for c in free if FACE[c] == f), None)
            assert c is not None, f"{text}: not all in hand {labels(state.hands[seat])}"
            free.remove(c)
            out.append(c)
        groups.append(tuple(out))
    return tuple(groups)


def deal_stacked(state: GameState, hands: Sequence[str], upcards: str = "", stock: str = "") -> list:
    """Apply Deal() to a stacked deck: seat i gets hands[i]; then `upcards` are turned in order (the first
    must not be a natural if more follow); then the stock holds `stock` in drawing order, then the rest."""
    rules = state.rules
    players = state.players
    first = (state.first_dealer + state.hand_no + 1) % players  # left of the next hand's dealer
    pool = Pool(rules)
    dealt = [pool.take(h) for h in hands]
    n = rules.hand_cards(players)
    assert all(len(h) == n for h in dealt), "every hand needs its full count"
    order: list[int] = []  # in popping order
    for r in range(n):
        for i in range(players):
            order.append(dealt[(first + i) % players][r])
    order += pool.take(upcards) + pool.take(stock)
    deck = pool.rest() + list(reversed(order))

    class StackedRandom:
        def __init__(self, *_args) -> None:
            pass

        def shuffle(self, cards: list[int]) -> None:
            assert sorted(cards) == sorted(deck)
            cards[:] = deck

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(state_module, "random", SimpleNamespace(Random=StackedRandom))
        return state.apply(Deal())


def finished_game(players: int = 2, scores: Sequence[int] = (15100, 9000), winner: int | None = 0,
                  seed: int = 1) -> GameState:
    """A game over after nine hands, as the statistics count it."""
    return new_position(players, seed=seed, scores=scores, winner=winner, end_reason="target", hand_no=9,
                        phase=Phase.GAME_OVER)
