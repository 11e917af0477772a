"""Story tests: scripted Standard Canasta deals played turn by turn to a known final score."""

from __future__ import annotations

import pytest

from game.rules import Discard, DrawStock, GameState, IllegalAction, MeldMove, Phase, TakePile
from game.rules import events as ev
from game.rules.legal import legal_actions
from game.rules.position import changed
from game.rules.ruleset import FROZEN_BY_WILD, STANDARD
from tests.helpers import deal_stacked, groups_in_hand, in_hand, labels, meld_of


def with_scores(state: GameState, scores: list[int]) -> None:
    """Scores carried in from earlier hands (one recorded hand, so the totals still add up)."""
    state.set_position(changed(state, scores=scores, hand_no=1, results=[
        {"hand": 1, "out": None, "concealed": False, "totals": list(scores),
         "scores": [{"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": sc, "total": sc}
                    for sc in scores]}]))


def seated(state: GameState, hands_in_play_order: list[str]) -> list[str]:
    """Hands by seat, given in the order the seats play this hand (left of the dealer first)."""
    first = (state.first_dealer + state.hand_no + 1) % state.players
    by_seat = [""] * state.players
    for i, h in enumerate(hands_in_play_order):
        by_seat[(first + i) % state.players] = h
    return by_seat


def check(state: GameState) -> None:
    assert not state.check(), state.check()


def test_two_players_a_black_three_blocks_and_a_side_with_two_canastas_goes_out():
    s = GameState(2, 4, STANDARD, 2500)
    a = (s.first_dealer + 2) % 2  # the second hand: the first player sits left of its dealer
    b = 1 - a
    with_scores(s, [1495 if side == a else 0 for side in (0, 1)])
    events = deal_stacked(s, seated(s, ["KH KS KD KC KH KS KD QH QS QD QC QH QS 2C 9H",
                                        "4C 4D 4H 5C 5D 5H 6D 6H 7C 7D 7H 8C 8D 8H 3D"]),
                          upcards="TS", stock="3C 9C 6C 9D JH")
    assert [len(h) for h in s.hands] == [15, 15] and s.turn == a
    laid = [e for e in events if isinstance(e, ev.RedThreeLaid)]
    assert [(e.seat, labels([e.card, e.replacement])) for e in laid] == [(b, ["3D", "3C"])]
    check(s)
    # A: draws two, lays the kings (70, above the 50 of a side below 1,500), discards a six.
    s.apply(DrawStock())
    assert len(s.hands[a]) == 17
    s.apply(MeldMove(new=(in_hand(s, a, "KH KS KD KC KH KS KD"),)))
    assert meld_of(s, a, "KH KS KD KC KH KS KD").canasta(s.rules) == "natural"
    s.apply(Discard(in_hand(s, a, "6C")[0]))
    check(s)
    # B: the pile is frozen for B (no meld yet): a natural pair of sixes, with the sevens and eights to make 60.
    assert s.pile_freeze(b) == "first_meld"
    sixes, sevens, eights = groups_in_hand(s, b, "6D 6H", "7C 7D 7H", "8C 8D 8H")
    with pytest.raises(IllegalAction, match="50 points"):
        s.apply(TakePile(sixes))
    s.apply(TakePile(sixes, (sevens, eights)))
    assert sorted(labels(s.hands[b])) == sorted("4C 4D 4H 5C 5D 5H 3C TS".split())
    s.apply(Discard(in_hand(s, b, "3C")[0]))  # a black three: A may not take the pile
    check(s)
    # A: blocked, draws, lays the queens with the 2 (a mixed canasta) and the nines, discards the last card.
    assert not any(isinstance(x, TakePile) for x in legal_actions(s))
    s.apply(DrawStock())
    queens, nines = groups_in_hand(s, a, "QH QS QD QC QH QS 2C", "9H 9C 9D")
    s.apply(MeldMove(new=(queens, nines)))
    assert labels(s.hands[a]) == ["JH"]
    events = s.apply(Discard(s.hands[a][0]))
    assert any(isinstance(e, ev.WentOut) and not e.concealed for e in events)
    sa, sb = s.results[-1]["scores"][a], s.results[-1]["scores"][b]
    assert sa == {"melded": 180, "bonuses": 800, "going_out": 100, "red_threes": 0, "in_hand": 0, "total": 1080}
    assert sb == {"melded": 60, "bonuses": 0, "going_out": 0, "red_threes": 100, "in_hand": -40, "total": 120}
    assert s.phase == Phase.GAME_OVER and s.winner == a
    assert s.scores[a] == 2575 and s.scores[b] == 120
    check(s)


def test_four_players_a_frozen_pile_a_pickup_onto_a_meld_and_a_concealed_going_out():
    s = GameState(4, 2, STANDARD, 2500)
    first = (s.first_dealer + 2) % 4  # the second hand: the first player sits left of its dealer
    p0, p1, p2, p3 = [(first + i) % 4 for i in range(4)]
    side0, side1 = s.side_of(p0), s.side_of(p1)
    with_scores(s, [1600 if side == side0 else 1000 for side in (0, 1)])
    deal_stacked(s, seated(s, ["8H 8S 8D 8C 8H 8S 8D 9H 9S 9D JK",
                               "QC 9C 5C 5S 6C 6D 6H 7C TD TH JC",
                               "9C 2H 2D QH QS QD KH KS KC 4S 4D",
                               "7H 7D AC AD AH 4H KD JS JH 5H 3S"]),
                 upcards="TS", stock="4C JD 7S 5D TC")
    assert [len(h) for h in s.hands] == [11] * 4
    check(s)
    # P0: draws one, lays the eights (a natural canasta) and the nines: 100, above the 90 from 1,500.
    s.apply(DrawStock())
    assert len(s.hands[p0]) == 12
    s.apply(MeldMove(new=groups_in_hand(s, p0, "8H 8S 8D 8C 8H 8S 8D", "9H 9S 9D")))
    s.apply(Discard(in_hand(s, p0, "JK")[0]))  # the joker freezes the pile
    assert s.pile_freeze(side0) == s.pile_freeze(side1) == FROZEN_BY_WILD
    check(s)
    # P1: a wild card on top, nothing to take.
    assert not any(isinstance(x, TakePile) for x in legal_actions(s))
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, p1, "QC")[0]))
    # P2: a queen and a wild card would do on an unfrozen pile, not on this one.
    with pytest.raises(IllegalAction, match="frozen"):
        s.apply(TakePile(in_hand(s, p2, "QH 2H")))
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, p2, "7S")[0]))
    # P3: a natural pair of sevens and the aces: 75 points, above the 50 of a side at 1,000.
    s.apply(TakePile(in_hand(s, p3, "7H 7D"), (in_hand(s, p3, "AC AD AH"),)))
    assert s.pile == [] and s.pile_freeze(side0) is None
    assert sorted(labels(s.hands[p3])) == sorted("4H KD JS JH 5H 3S TS JK QC".split())
    s.apply(Discard(in_hand(s, p3, "4H")[0]))
    check(s)
    # P0 and P1 draw and discard; the nine P1 throws lies on an unfrozen pile.
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, p0, "5D")[0]))
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, p1, "9C")[0]))
    assert s.pile_freeze(side0) is None
    # P2: a nine and a wild card take it onto the side's nines, then P2 melds the rest and goes out:
    # concealed, as P2 had melded nothing before (the partner had).
    nines_id = meld_of(s, side0, "9H 9S 9D").id
    s.apply(TakePile(in_hand(s, p2, "9C 2H")))
    assert meld_of(s, side0, "9H 9S 9D 9C 9C 2H").id == nines_id
    s.apply(MeldMove(new=groups_in_hand(s, p2, "QH QS QD 2D", "KH KS KC", "4S 4D 4H")))
    events = s.apply(Discard(in_hand(s, p2, "5D")[0]))
    assert any(isinstance(e, ev.WentOut) and e.concealed for e in events)
    r0, r1 = s.results[-1]["scores"][side0], s.results[-1]["scores"][side1]
    assert r0 == {"melded": 235, "bonuses": 500, "going_out": 200, "red_threes": 0, "in_hand": -5, "total": 930}
    # P1 holds 5C 5S 6C 6D 6H 7C TD TH JC JD TC (80); P3 KD JS JH 5H 3S TS JK QC (110, the black three 5).
    assert r1 == {"melded": 75, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -190, "total": -115}
    assert s.phase == Phase.GAME_OVER and s.winner == side0
    assert s.scores[side0] == 2530 and s.scores[side1] == 885
    check(s)
