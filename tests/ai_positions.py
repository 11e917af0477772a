"""Positions for the computer-player tests: the rules tests' `position` helper, plus realistic hand
sizes for the other seats, cards known to be in a hand, a short stock, and a partner's answer."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from game.rules import GameState, Phase, legal_actions, view_of
from game.rules.actions import Action
from game.rules.cards import FACE, label, parse_face
from game.rules.position import changed
from game.rules.ruleset import BOLIVIA, RuleSet
from tests.helpers import position


def spot(
    players: int = 4,
    hands: Mapping[int, str] | None = None,
    *,
    counts: Mapping[int, int] | None = None,
    known: Mapping[int, str] | None = None,
    melds: Sequence[Sequence[str]] = (),
    pile: str = "",
    red_threes: Sequence[str] = (),
    turn: int = 0,
    phase: Phase = Phase.MELD,
    stock_size: int | None = None,
    permission: bool | None = None,
    asked: bool = False,
    scores: Sequence[int] | None = None,
    cut_to: str = "pile",
    rules: RuleSet = BOLIVIA,
) -> GameState:
    """hands: seat -> cards; the other seats get `counts[seat]` cards (12 by default) from the stock,
    after the cards in `known[seat]`, which everyone saw go into that hand. stock_size: cards left in the
    stock; the cards cut away go under the pile (cut_to="pile") or into the hands of the seats not
    given in `hands` (cut_to="hands"). rules: the game (Bolivia unless given)."""
    hands = dict(hands or {})
    known = dict(known or {})
    counts = dict(counts or {})
    texts = []
    for seat in range(players):
        text = hands.get(seat, "")
        if seat in known:
            text = (text + " " + known[seat]).strip()
        texts.append(text)
    s = position(players, texts, pile=pile, melds=melds, red_threes=red_threes, turn=turn, phase=Phase.DRAW,
                 scores=scores, rules=rules)
    hand_cards = [list(h) for h in s.hands]
    stock = list(s.stock)
    pile_cards = list(s.pile)
    seen = [list(k) for k in s.known]
    # Fill the other seats from the bottom of the stock (the stock's drawing order stays as it was).
    for seat in range(players):
        if seat in hands:
            continue
        want = counts.get(seat, 12)
        fill = [c for c in stock if label(c) not in ("3D", "3H")][:max(0, want - len(hand_cards[seat]))]
        hand_cards[seat] += fill
        stock = [c for c in stock if c not in set(fill)]
    for seat, text in known.items():
        seen[seat] = [parse_face(t) for t in text.split()]
    if stock_size is not None:
        cut = stock[:len(stock) - stock_size]
        stock = stock[len(stock) - stock_size:]
        # Cut cards lie under the visible pile; red threes among them go to nobody's side, so keep them
        # in the stock instead (they are laid out at once when drawn).
        reds = [c for c in cut if label(c) in ("3D", "3H")]
        cut = [c for c in cut if c not in reds]
        stock = reds + stock
        if cut_to == "pile":
            pile_cards = cut + pile_cards
        else:
            others = [seat for seat in range(players) if seat not in hands]
            for i, c in enumerate(cut):
                hand_cards[others[i % len(others)]].append(c)
    s = changed(s, hands=hand_cards, stock=stock, pile=pile_cards, known=seen, phase=phase, permission=permission,
                asked=asked)
    problems = s.check()
    assert not problems, problems
    return s


def decide(state: GameState, chooser: Callable, seed: int = 0) -> Action:
    """The chooser's move for the seat to act, checked legal by the engine."""
    seat = state.to_act
    action = chooser(view_of(state, seat), legal_actions(state), random.Random(seed))
    assert state.is_legal(action), f"{action!r} is illegal"
    return action


def play_turn(state: GameState, chooser: Callable, seed: int = 0) -> list[Action]:
    """Let the seat to act finish its turn (answers by the partner use the same chooser)."""
    seat = state.turn
    done: list[Action] = []
    rng = random.Random(seed)
    while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER) and state.turn == seat and len(done) < 40:
        action = chooser(view_of(state, state.to_act), legal_actions(state), rng)
        state.apply(action)
        done.append(action)
    return done


def faces_of(cards: Sequence[int]) -> list[str]:
    return sorted(label(c) for c in cards)


def face(text: str) -> int:
    return parse_face(text)


def card_face(card: int) -> int:
    return FACE[card]


def card_of(state: GameState, seat: int, text: str) -> int:
    """The first card of this face in the seat's hand."""
    f = parse_face(text)
    return next(c for c in sorted(state.hands[seat]) if FACE[c] == f)


def advice_of(state: GameState, names: Sequence[str] | None = None, seed: int = 0):
    """The one adviser's advice (hint and warnings) for the seat to act, from its own view."""
    from game.ai.adviser import advise

    return advise(view_of(state, state.to_act), list(names) if names else None, random.Random(seed))
