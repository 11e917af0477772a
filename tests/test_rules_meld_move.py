"""One meld move (docs/RULES.md): new melds, additions and combines judged as a whole."""

from __future__ import annotations

import json

import pytest

from game.rules import AddToMeld, Combine, Discard, IllegalAction, LayMelds, MeldMove, Phase
from game.rules import events as ev
from game.rules.actions import action_from_json, action_to_json
from tests.helpers import groups_in_hand, in_hand, meld_of, position

ESCALERA_TABLE = ["4H 5H 6H 7H 8H 9H", "KS KD KC KH KS KD"]


def _two_to_go():
    """The first case of the issue: TH and KH each complete a canasta; either alone breaks keep-two."""
    return position(2, ["TH KH", "4D 5D 6D"], melds=[ESCALERA_TABLE], pile="9C", phase=Phase.MELD)


def test_story_two_adds_together_go_out_though_each_alone_is_refused():
    s = _two_to_go()
    run, kings = meld_of(s, 0, ESCALERA_TABLE[0]), meld_of(s, 0, ESCALERA_TABLE[1])
    th, kh = in_hand(s, 0, "TH KH")
    for alone in (AddToMeld(run.id, (th,)), AddToMeld(kings.id, (kh,))):
        with pytest.raises(IllegalAction, match="keep at least two cards"):
            s.copy().apply(alone)
    move = MeldMove(add=((run.id, (th,)), (kings.id, (kh,))))
    judged = s.judge_meld(move)
    assert judged.legal and judged.goes_out and judged.cards_left == 0
    assert judged.canastas == ("escalera", "natural")
    events = s.apply(move)
    kinds = [type(e).__name__ for e in events]
    assert kinds[:2] == ["AddedToMeld", "AddedToMeld"]
    assert [e.canasta for e in events if isinstance(e, ev.CanastaMade)] == ["escalera", "natural"]
    assert any(isinstance(e, ev.WentOut) for e in events)
    assert not s.check()
    # 1,500 + 500 + the cards (30 + 5*6+10 + 70) + 100 for going out.
    assert s.results[-1]["scores"][0]["bonuses"] == 2000
    assert s.results[-1]["scores"][0]["going_out"] == 100


def test_judging_a_move_changes_nothing_and_gives_the_reason():
    s = _two_to_go()
    before = json.dumps(s.to_json())
    run = meld_of(s, 0, ESCALERA_TABLE[0])
    (th,) = in_hand(s, 0, "TH")
    judged = s.judge_meld(MeldMove(add=((run.id, (th,)),)))
    assert not judged.legal and "keep at least two cards" in judged.reason
    assert judged.points == 10 and judged.cards_left == 1 and not judged.goes_out
    assert json.dumps(s.to_json()) == before


def test_a_first_meld_judged_against_the_minimum():
    s = position(2, ["KH KS 2C QH QS 2D 5C 9D", "4D 5D 6D"], phase=Phase.MELD)
    kings, queens = groups_in_hand(s, 0, "KH KS 2C", "QH QS 2D")
    small = s.judge_meld(MeldMove(new=(kings,)))
    assert (small.points, small.minimum, small.reaches_minimum, small.legal) == (40, 50, False, False)
    assert "50 points" in small.reason
    both = s.judge_meld(MeldMove(new=(kings, queens)))
    assert (both.points, both.reaches_minimum, both.legal, both.cards_left) == (80, True, True, 2)
    s.apply(MeldMove(new=(kings, queens)))
    assert len(s.melds[0]) == 2 and s.hands[0] and not s.check()


def test_new_melds_and_additions_together_and_every_meld_checked():
    s = position(2, ["KH KS KD 7H 9C 9S", "4D 5D 6D"], melds=[["8H 9H TH"]], phase=Phase.MELD)
    run = meld_of(s, 0, "8H 9H TH")
    kings, (seven,), (nine,) = groups_in_hand(s, 0, "KH KS KD", "7H", "9C")
    s.copy().apply(MeldMove(new=(kings,), add=((run.id, (seven,)),)))
    with pytest.raises(IllegalAction, match="don't belong|don't fit"):
        s.copy().apply(MeldMove(new=(kings,), add=((run.id, (seven, nine)),)))
    with pytest.raises(IllegalAction, match="twice"):
        s.copy().apply(MeldMove(new=(kings,), add=((run.id, (kings[0],)),)))
    with pytest.raises(IllegalAction, match="Choose the cards"):
        s.copy().apply(MeldMove())


def test_a_combine_inside_a_meld_move_completes_a_canasta_that_goes_out():
    s = position(2, ["QH QS", "4D 5D 6D"], melds=[["4S 5S 6S 7S 8S 9S TS", "QC QD QH", "QS QC QD"]],
                 phase=Phase.MELD)
    a, b = meld_of(s, 0, "QC QD QH"), meld_of(s, 0, "QS QC QD")
    qh, qs = in_hand(s, 0, "QH QS")
    with pytest.raises(IllegalAction):
        s.copy().apply(MeldMove(add=((a.id, (qh, qs)),)))
    move = MeldMove(add=((a.id, (qh,)), (b.id, (qs,))), combine=((a.id, b.id),))
    assert s.judge_meld(move).goes_out
    events = s.apply(move)
    assert any(isinstance(e, ev.MeldsCombined) for e in events) and any(isinstance(e, ev.WentOut) for e in events)
    assert len(s.melds[0]) == 2


def test_shorthands_give_the_same_events_as_before():
    s = position(2, ["KH KS KD 7H 9C 9S 4C", "4D 5D 6D"], melds=[["8H 9H TH"]], phase=Phase.MELD)
    run = meld_of(s, 0, "8H 9H TH")
    (seven,) = in_hand(s, 0, "7H")
    assert [type(e).__name__ for e in s.copy().apply(AddToMeld(run.id, (seven,)))] == ["AddedToMeld"]
    kings = in_hand(s, 0, "KH KS KD")
    assert [type(e).__name__ for e in s.copy().apply(LayMelds((kings,)))] == ["Melded"]
    s.apply(LayMelds((kings,)))
    with pytest.raises(IllegalAction, match="same rank"):
        s.copy().apply(Combine(run.id, s.melds[0][-1].id))
    s.apply(Discard(in_hand(s, 0, "4C")[0]))


def test_a_meld_move_written_and_read_back():
    move = MeldMove(new=((1, 2, 3),), add=((4, (5, 6)),), combine=((7, 8),))
    assert action_from_json(json.loads(json.dumps(action_to_json(move)))) == move
