"""The computer players use the one meld move: going out when only laying several cards together can."""

from __future__ import annotations

import pytest

from game.ai.levels import choose_easy, choose_hard, choose_normal
from game.rules.cards import label
from tests.ai_positions import play_turn, spot

PLAYERS = {"easy": choose_easy, "normal": choose_normal, "hard": choose_hard}
THREATS = ["4C 5C 6C 7C 8C 9C TC", "JC JC JD JD JH JH JS"]  # the opponents may go out: no holding on


@pytest.fixture(params=sorted(PLAYERS))
def ai(request):
    return PLAYERS[request.param]


def test_goes_out_with_two_additions_that_each_alone_break_keep_two(ai):
    # TH finishes the escalera, KH the kings; either alone would leave one card before the side may go out.
    s = spot(2, {0: "TH KH"}, pile="6S", melds=[["4H 5H 6H 7H 8H 9H", "KS KD KC KH KS KD"], THREATS])
    actions = play_turn(s, ai)
    assert s.results and s.results[-1]["out"] == 0, [type(a).__name__ for a in actions]


def test_goes_out_with_a_new_meld_and_an_addition_together(ai):
    # 4S extends the spades to an escalera; Q Q Q only as a new meld; 5D the discard.
    s = spot(2, {0: "TS QH QS QD 5D"}, pile="6S",
             melds=[["4S 5S 6S 7S 8S 9S", "AS AD AC AH AS AD AC"], THREATS])
    play_turn(s, ai)
    assert s.results and s.results[-1]["out"] == 0, [label(c) for c in s.hands[0]]
