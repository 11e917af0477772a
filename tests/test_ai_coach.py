"""The coach: Expert's move for the seat and a reason a player can read, in every language."""

from __future__ import annotations

import random

import pytest

from game.ai.adviser import advise
from game.ai.coach import reason_for
from game.i18n import set_language
from game.rules import Phase, view_of
from game.rules.actions import Answer, Discard, DrawStock, TakePile, TakeTop
from tests.ai_positions import spot


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")



def test_the_suggestion_is_legal_and_comes_with_a_reason():
    s = spot(4, {0: "9C 9D 4S 6D KC QS 7C"}, pile="JH 4C 9S", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KD KS KH"]])
    hint = advise(view_of(s, 0), rng=random.Random(1)).hint
    action, why = hint.move, hint.reason
    assert s.is_legal(action)
    assert isinstance(action, TakePile)
    assert why.startswith("Take the pile: 3 cards")


def test_a_pile_holding_the_run_card_feeds_the_escalera():
    s = spot(4, {0: "9C 9D 4S 6D KC QS 7C"}, pile="JH 4C 9S", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KD KS KH"]])
    pair = tuple(c for c in s.hands[0] if c % 13 + 2 == 9)
    assert reason_for(view_of(s, 0), TakePile(pair)) == "Take the pile: 3 cards, and it feeds your escalera."


def test_the_first_meld_by_the_pile_is_named():
    s = spot(4, {0: "AC AD 4S 6H JD 9C QS 5D 7H"}, pile="5H 9D 2C TC 8D KH 6S AS", phase=Phase.DRAW)
    pair = tuple(c for c in s.hands[0] if c % 13 + 2 == 14)
    assert reason_for(view_of(s, 0), TakePile(pair)) == "Take the pile: 8 cards, and it makes your first meld."


def test_top_card_completing_an_escalera():
    s = spot(4, {0: "4C 9S KD QC 5D 7S AC"}, pile="4C 9D JH", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KC KS KH"]])
    run = next(m for m in s.melds[0])
    assert reason_for(view_of(s, 0), TakeTop(run.id)) == "Take the top card: it completes your escalera."


def test_a_black_three_discard_says_why():
    s = spot(4, {0: "3C 8D 8S 9H JC 5D QD"}, pile="7S 4D", melds=[["6H 7H 8H"], []])
    three = next(c for c in s.hands[0] if c % 13 + 2 == 3)
    assert "black three" in reason_for(view_of(s, 0), Discard(three))


def test_stock_draw_without_a_pair():
    s = spot(4, {0: "4C 9S KD QC 5D 7S AC"}, pile="4C 9D 8H", phase=Phase.DRAW, melds=[["5S 6S 7S"], []])
    assert reason_for(view_of(s, 0), DrawStock()) == "Draw from the stock: you hold no natural pair of the top card."


def test_answer_no_names_the_points_at_stake():
    s = spot(4, {0: "KC KD KH 5D", 2: "3C 3S JK JK 9D"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[["4S 5S 6S 7S 8S 9S TS", "9C 9C 9D 9D 9H 9H 9S", "QH QD QS"], ["AC AD AH"]])
    assert reason_for(view_of(s, 2), Answer(False)) == "Say no: your hand still holds 310 points your side would lose."


@pytest.mark.parametrize("lang,start", [("fr", "Prenez la défausse : 3 cartes"), ("sv", "Ta kasthögen: 3 kort")])
def test_reasons_are_translated(lang, start):
    s = spot(4, {0: "9C 9D 4S 6D KC QS 7C"}, pile="JH 4C 9S", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KD KS KH"]])
    pair = tuple(c for c in s.hands[0] if c % 13 + 2 == 9)
    set_language(lang)
    assert reason_for(view_of(s, 0), TakePile(pair)).startswith(start)
