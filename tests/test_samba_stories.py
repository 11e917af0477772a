"""Story tests: scripted Samba deals played turn by turn to a known final score, at two and four players."""

from __future__ import annotations

import pytest

from game.rules import Answer, AskPartner, Discard, DrawStock, GameState, IllegalAction, MeldMove, Phase, TakeTop
from game.rules import events as ev
from game.rules.legal import legal_actions
from game.rules.ruleset import SAMBA
from tests.helpers import deal_stacked, groups_in_hand, in_hand, labels, meld_of
from tests.test_standard_stories import seated


def check(state: GameState) -> None:
    assert not state.check(), state.check()


def test_two_players_a_samba_and_a_mixed_canasta_go_out_in_one_turn_for_200():
    s = GameState(2, 6, SAMBA, 2500)
    a = (s.first_dealer + 1) % 2
    b = 1 - a
    deal_stacked(s, seated(s, ["4H 5H 6H 7H 8H 9H TH KH KS KD KC KH KS KD 2C",
                               "4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D JC JD 3C"]),
                 upcards="QS", stock="2D 9S")
    assert s.turn == a and [len(h) for h in s.hands] == [15, 15]
    s.apply(DrawStock())
    run, kings = groups_in_hand(s, a, "4H 5H 6H 7H 8H 9H TH", "KH KS KD KC KH KS KD 2C 2D")
    # Laid as two short runs, the kings alone are one canasta: not enough to hold fewer than two cards.
    with pytest.raises(IllegalAction, match="2 canastas"):
        s.apply(MeldMove(new=(run[:3], run[3:], kings)))
    s.apply(MeldMove(new=(run, kings)))
    assert meld_of(s, a, "4H 5H 6H 7H 8H 9H TH").canasta(s.rules) == "escalera"
    assert s.rules.canasta_key("escalera") == "samba"
    assert meld_of(s, a, "KH KS KD KC KH KS KD 2C 2D").canasta(s.rules) == "mixed"
    assert labels(s.hands[a]) == ["9S"]
    events = s.apply(Discard(s.hands[a][0]))
    assert any(isinstance(e, ev.WentOut) and e.concealed for e in events)
    sa, sb = s.results[-1]["scores"][a], s.results[-1]["scores"][b]
    # 50 + 110 melded, samba 1,500 and mixed 300, 200 for going out (concealed earns no more).
    assert sa == {"melded": 160, "bonuses": 1800, "going_out": 200, "red_threes": 0, "in_hand": 0, "total": 2160}
    # B's hand: 40 in fours to sevens, 60 in eights, nines and jacks, and the black three only 5.
    assert sb == {"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -105, "total": -105}
    assert s.phase == Phase.DEAL and s.scores[a] == 2160
    check(s)


def test_four_players_the_top_card_makes_a_samba_the_partner_is_asked_and_the_red_three_counts_plus():
    s = GameState(4, 3, SAMBA, 5000)
    first = (s.first_dealer + 1) % 4
    p0, p1, p2, p3 = [(first + i) % 4 for i in range(4)]
    x = s.side_of(p0)
    deal_stacked(s, seated(s, ["5S 6S 7S 8S 9S TS QH QD QC KH KD KC AH AD 4C",
                               "4H 4S 5H 5D 6H 6C 7H 7C 8H 8C 9H 9C JH JS 3C",
                               "QS QH QD QC 2C 2D 6D 7D 8D 9D JC 5C 5D 4S 4D",
                               "KS TH TC TD 6S 7S 8S 9H 9D AS 3S 5S 4H 2H JK"]),
                 upcards="8D", stock="3D 4D AC 6H 8H TS JD KS AS")
    check(s)
    # P0 draws a red three (laid out and replaced) and an ace; lays a run of six and three queens: 75.
    events = s.apply(DrawStock())
    assert [labels([e.card, e.replacement]) for e in events if isinstance(e, ev.RedThreeLaid)] == [["3D", "4D"]]
    s.apply(MeldMove(new=groups_in_hand(s, p0, "5S 6S 7S 8S 9S TS", "QH QD QC")))
    s.apply(Discard(in_hand(s, p0, "4C")[0]))
    # P1 draws and throws the jack of spades.
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, p1, "JS")[0]))
    # P2 takes that card alone onto the partners' run: a samba. Four queens make the queens a natural canasta.
    run = meld_of(s, x, "5S 6S 7S 8S 9S TS")
    assert TakeTop(run.id) in legal_actions(s)
    s.apply(TakeTop(run.id))
    queens = meld_of(s, x, "QH QD QC")
    s.apply(MeldMove(add=((queens.id, in_hand(s, p2, "QS QH QD QC")),)))
    assert sorted(s.canastas(x)) == ["escalera", "natural"] and s.may_go_out(x)
    s.apply(Discard(in_hand(s, p2, "4S")[0]))
    check(s)
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, p3, "5S")[0]))
    # P0 draws a king and an ace, asks "May I go out?", is told yes, and must go out.
    s.apply(DrawStock())
    s.apply(AskPartner())
    assert s.to_act == p2
    s.apply(Answer(True))
    with pytest.raises(IllegalAction, match="must go out"):
        s.apply(Discard(in_hand(s, p0, "4D")[0]))
    s.apply(MeldMove(new=groups_in_hand(s, p0, "KH KD KC KS", "AH AD AC AS")))
    s.apply(Discard(in_hand(s, p0, "4D")[0]))
    sx, sy = s.results[-1]["scores"][x], s.results[-1]["scores"][1 - x]
    # Melded 55 + 70 + 40 + 80; samba 1,500 and natural 500; 200 out; the red three plus (two canastas);
    # P2's ten cards left: 95.
    assert sx == {"melded": 245, "bonuses": 2000, "going_out": 200, "red_threes": 100, "in_hand": -95,
                  "total": 2450}
    # P1 holds 110 (its black three 5), P3 200.
    assert sy == {"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -310, "total": -310}
    assert s.phase == Phase.DEAL
    check(s)
