"""The danger of the hand ending (game/ai/danger.py): which opponents may go out at their next turn."""

from __future__ import annotations

from game.ai.danger import out_threat
from game.rules.ruleset import STANDARD
from game.rules.view import view_of
from tests.ai_positions import spot

CANASTA = "QC QD QH QS QC QD QH"


def threat(counts: int, their_melds: list[str], rules=STANDARD):
    s = spot(2, {0: "5C 6D 8H 9S KC"}, counts={1: counts}, pile="4H 7C",
             melds=[["AC AD AH"], their_melds], rules=rules)
    return out_threat(view_of(s, 0))


def test_an_opponent_with_one_card_and_what_going_out_needs_is_a_threat():
    t = threat(1, [CANASTA, "JC JD JH JS JC JD JH"])
    assert t is not None and t.seat == 1 and t.cards == 1 and t.ready


def test_one_canasta_short_with_a_meld_its_next_draw_can_finish_is_a_threat_too():
    t = threat(1, [CANASTA, "JC JD JH JS JC JD"])
    assert t is not None and not t.ready


def test_one_canasta_short_with_only_a_small_meld_is_none():
    assert threat(1, [CANASTA, "JC JD JH"]) is None


def test_a_full_hand_is_none_whatever_the_melds():
    assert threat(6, [CANASTA, "JC JD JH JS JC JD JH"]) is None


def test_an_unmelded_side_is_none():
    assert threat(1, []) is None
