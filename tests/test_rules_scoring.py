"""Scoring a hand, line by line (docs/RULES.md: each side's score)."""

from __future__ import annotations

import pytest

from game.rules import BOLIVIA, AddToMeld, Discard, DrawStock, Phase
from game.rules.cards import ids_for_faces
from game.rules.melds import classify
from game.rules.scoring import SideScore, red_three_score, score_side
from tests.helpers import faces, in_hand, meld_of, position


def _melds(*texts: str) -> list[tuple[str, tuple[int, ...]]]:
    out = []
    for t in texts:
        cs = tuple(ids_for_faces(faces(t)))
        out.append((classify(cs, BOLIVIA).kind, cs))
    return out


def _hand(text: str) -> list[int]:
    return ids_for_faces(faces(text)) if text else []


ESCALERA = "4H 5H 6H 7H 8H 9H TH"  # 50 points
NATURAL_KINGS = "KS KS KD KD KC KC KH"  # 70 points


@pytest.mark.parametrize("count, plus, minus", [
    (0, 0, 0), (1, 100, -100), (2, 200, -200), (3, 300, -300), (4, 400, -400), (5, 500, -500), (6, 1000, -1000),
])
def test_red_threes_100_each_1000_for_all_six(count, plus, minus):
    assert red_three_score(count, True, BOLIVIA) == plus
    assert red_three_score(count, False, BOLIVIA) == minus


def test_the_issue_example_side_scores_2240():
    s = score_side(_melds(ESCALERA, "5S 5D 2C", NATURAL_KINGS), 1, [[], _hand("3S QH")], "normal", BOLIVIA)
    assert s == SideScore(melded=150, bonuses=2000, going_out=100, red_threes=100, in_hand=-110, total=2240)


def test_the_issue_example_other_side_scores_minus_55():
    s = score_side([], 0, [_hand("4C"), _hand("JK")], None, BOLIVIA)
    assert s == SideScore(0, 0, 0, 0, -55, -55)


def test_going_out_concealed_earns_200():
    s = score_side(_melds(ESCALERA, NATURAL_KINGS), 0, [[]], "concealed", BOLIVIA)
    assert (s.going_out, s.total) == (200, 50 + 70 + 1500 + 500 + 200)


@pytest.mark.parametrize("melds, bonuses", [
    ((ESCALERA, "4C 5C 6C 7C 8C 9C TC"), 3000),  # two escaleras
    ((ESCALERA, "2C 2D 2H 2S 2C 2D 2H"), 4000),  # escalera and bolivia
    ((ESCALERA, "QH QH QS QS QD QC 2D"), 1800),  # escalera and mixed canasta
    ((ESCALERA, NATURAL_KINGS, "KH KH KS KS KD KD JK"), 2300),  # natural and mixed
])
def test_every_canasta_bonus_adds_up(melds, bonuses):
    assert score_side(_melds(*melds), 0, [[]], None, BOLIVIA).bonuses == bonuses


def test_red_threes_are_plus_only_with_what_it_takes_to_go_out():
    # An escalera alone, or canastas without an escalera, is not enough: the red threes count against.
    assert score_side(_melds(ESCALERA), 2, [_hand("4S 4S")], None, BOLIVIA).red_threes == -200
    assert score_side(_melds(NATURAL_KINGS, "QH QH QS QS QD QC 2D"), 2, [[]], None, BOLIVIA).red_threes == -200
    assert score_side(_melds(ESCALERA, NATURAL_KINGS), 2, [_hand("4S 4S")], None, BOLIVIA).red_threes == 200
    # A side that has not melded at all pays them too.
    assert score_side([], 6, [_hand("5S")], None, BOLIVIA) == SideScore(0, 0, 0, -1000, -5, -1005)


def test_cards_in_hand_count_against_with_black_threes_at_100():
    s = score_side([], 0, [_hand("3C 3S JK 2D AS KH 7D")], None, BOLIVIA)
    assert s.in_hand == -(100 + 100 + 50 + 20 + 20 + 10 + 5)


def test_melded_black_threes_count_5_each():
    s = score_side(_melds(ESCALERA, NATURAL_KINGS, "3C 3S 3C"), 0, [[]], "normal", BOLIVIA)
    assert s.melded == 50 + 70 + 15
    assert s.total == 135 + 2000 + 100


def test_melded_cards_count_also_without_a_canasta():
    s = score_side(_melds("JK JK 2C", "AH AS AD"), 0, [[]], None, BOLIVIA)
    assert (s.melded, s.bonuses, s.total) == (120 + 60, 0, 180)


def test_four_players_both_partners_hands_count_against_their_side():
    s = score_side([], 0, [_hand("KH"), _hand("3S 4D")], None, BOLIVIA)
    assert s.in_hand == -115


# ----- in play: the hand ends and is scored ------------------------------------------------------------------

def test_going_out_scores_the_hand_for_every_side():
    s = position(2, ["9S QD", "KH 3C JK"], phase=Phase.MELD, turn=0,
                 melds=[[ESCALERA, NATURAL_KINGS, "9H 9C 9D"], ["AH AS 2C"]], red_threes=["3H", "3D 3H"])
    # Seat 0 melds its 9 and discards the queen: out.
    s.apply(AddToMeld(meld_of(s, 0, "9H 9C 9D").id, in_hand(s, 0, "9S")))
    events = s.apply(Discard(in_hand(s, 0, "QD")[0]))
    names = [type(e).__name__ for e in events]
    assert names[:3] == ["Discarded", "WentOut", "HandEnded"]
    assert events[1].concealed is False
    ended = events[2]
    assert ended.scores[0] == {"melded": 50 + 70 + 40, "bonuses": 2000, "going_out": 100, "red_threes": 100,
                               "in_hand": 0, "total": 2360}
    assert ended.scores[1] == {"melded": 60, "bonuses": 0, "going_out": 0, "red_threes": -200,
                               "in_hand": -(10 + 100 + 50), "total": -300}
    assert ended.totals == (2360, -300) and s.scores == [2360, -300]
    assert s.phase == Phase.DEAL
    assert s.results[-1]["out"] == 0 and s.results[-1]["scores"][0]["total"] == 2360
    assert not s.check()


def test_stock_exhaustion_scores_without_a_going_out_bonus():
    s = position(2, ["4S 4D 9C", "KH 3C"], turn=1, melds=[[ESCALERA, NATURAL_KINGS], []], red_threes=["3H", ""],
                 stock_size=0, phase=Phase.DRAW)
    events = s.apply(DrawStock())
    assert [type(e).__name__ for e in events] == ["StockExhausted", "HandEnded"]
    assert events[1].scores[0] == {"melded": 120, "bonuses": 2000, "going_out": 0, "red_threes": 100,
                                   "in_hand": -20, "total": 2200}
    assert events[1].scores[1]["total"] == -110
