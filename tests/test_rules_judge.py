"""Each move judged once (game/rules/judge.py): the engine, the move generator and a computer player's
check of its own view answer alike, with the same sentence, and a refusal is put into words only when read."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.ai import get_player
from game.ai.plan import why_illegal
from game.i18n import speaking
from game.rules import Deal, GameState, Phase, legal_actions, view_of
from game.rules import judge as rules_judge
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    LayMelds,
    TakePile,
    TakeTop,
    meld_move_of,
)
from game.rules.errors import IllegalAction
from game.rules.refusals import Refusal
from game.rules.ruleset import STANDARD
from tests.helpers import in_hand, position

KEEP_TWO = "Your side can't go out yet (it needs an escalera and one other canasta): keep at least two cards in hand."


def _engine_says(s: GameState, action: Action) -> str | None:
    try:
        s.copy().apply(action)
    except IllegalAction as why:
        return str(why)
    return None


def _positions(players: int, hands: int, seed: int, rules=None) -> Iterator[GameState]:
    rng = random.Random(seed)
    for h in range(hands):
        s = GameState(players, seed * 100 + h) if rules is None else GameState(players, seed * 100 + h, rules)
        s.apply(Deal())
        while s.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            legal = legal_actions(s)
            if not legal:
                break
            yield s
            name = ("normal", "easy")[s.to_act % 2]
            s.apply(get_player(name)(view_of(s, s.to_act), legal, rng))


def _probes(s: GameState, rng: random.Random) -> list[Action]:
    """The legal moves and many a move built by hand, legal or not, of every kind."""
    seat = s.to_act
    hand = s.hands[seat]
    melds = s.melds[s.side_of(seat)]
    out: list[Action] = list(legal_actions(s)[:20]) + [DrawStock(), AskPartner(), Answer(True), Answer(False)]
    out += [TakeTop(m.id) for m in melds] + [Combine(a.id, b.id) for a in melds for b in melds]
    for _ in range(3):
        if not hand:
            break
        cards = tuple(rng.sample(hand, rng.randint(1, min(6, len(hand)))))
        out += [LayMelds((cards,)), LayMelds((cards[:3], cards[3:])), Discard(cards[0]), TakePile(cards[:2]),
                TakePile(cards[:2], (cards[2:],)), TakePile((), onto=melds[0].id if melds else 1)]
        out += [AddToMeld(m.id, cards[:2]) for m in melds]
    return out


@pytest.mark.parametrize("players,rules", [(2, None), (4, None), (4, STANDARD)])
def test_a_view_is_refused_with_the_engine_s_own_sentence(players, rules):
    rng = random.Random(players)
    allowed = refusals = 0
    for s in _positions(players, 2, seed=7, rules=rules):
        view = view_of(s, s.to_act)
        for action in _probes(s, rng):
            said = why_illegal(view, action)
            assert (None if said is None else str(said)) == _engine_says(s, action), action
            allowed += said is None
            refusals += said is not None
    assert allowed > 500 and refusals > 2000


def test_the_keep_two_rule_is_one_rule_for_the_engine_the_move_list_and_a_view():
    s = position(2, ["KH KS KD 7C", "5C 6C 7D 8D"], melds=[["QH QS QD"], []], phase=Phase.MELD)
    lay = LayMelds((in_hand(s, 0, "KH KS KD"),))
    assert lay not in legal_actions(s)
    assert _engine_says(s, lay) == KEEP_TWO
    assert str(why_illegal(view_of(s, 0), lay)) == KEEP_TWO
    assert why_illegal(view_of(s, 0), Discard(in_hand(s, 0, "7C")[0])) is None


def test_a_refusal_is_worded_when_read_in_the_language_spoken_then():
    s = position(2, ["KH KS KD 7C", "5C 6C 7D 8D"], melds=[["QH QS QD"], []], phase=Phase.MELD)
    why = rules_judge.meld_move(s, meld_move_of(LayMelds((in_hand(s, 0, "KH KS KD"),))))
    assert isinstance(why, Refusal)
    with speaking("fr"):
        french = str(why)
        with pytest.raises(IllegalAction) as engine:
            s.copy().apply(LayMelds((in_hand(s, 0, "KH KS KD"),)))
    assert str(why) == KEEP_TWO
    assert french == str(engine.value) and french != KEEP_TWO


def test_only_the_seat_to_act_is_judged_and_a_view_holds_its_own_hand_only():
    s = position(2, ["KH KS KD 7C", "5C 6C 7D 8D"], phase=Phase.DRAW)
    other = view_of(s, 1)
    assert str(why_illegal(other, DrawStock())) == "It is not your turn."
    assert why_illegal(view_of(s, 0), DrawStock()) is None
    with pytest.raises(ValueError):
        other.hand_of(0)
