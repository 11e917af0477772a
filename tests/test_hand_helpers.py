"""The table's helpers for the player's hand, without a window: order, pins, focus, staging, the undo
of meld moves, the discard warning and the hint's words."""

from __future__ import annotations

import pytest

from game.ai.simple import choose_greedy
from game.keep.settings import Settings
from game.rules.actions import AddToMeld, Discard, DrawStock, LayMelds, MeldMove
from game.rules.cards import label, parse_face
from game.rules.errors import IllegalAction
from game.rules.ruleset import BOLIVIA
from game.rules.state import Phase
from game.shell.controller import TurnController
from game.ui.hand_order import follow_focus, pinned_rects, sort_key
from game.ui.staging import Staging
from tests.helpers import in_hand, meld_of, position

NAMES = ["You", "North"]


# ----- order, pins and focus --------------------------------------------------------------------

def test_rank_and_suit_orders_put_wild_cards_and_threes_last():
    s = position(2, ["KH 4S 2C 3C KS 4H JK"])
    hand = s.hands[0]
    assert [label(c) for c in sorted(hand, key=sort_key("rank"))] == ["4H", "4S", "KH", "KS", "3C", "2C", "JK"]
    assert [label(c) for c in sorted(hand, key=sort_key("suit"))] == ["4H", "KH", "4S", "KS", "3C", "2C", "JK"]


def test_a_hand_that_only_lost_cards_keeps_their_places():
    rects = {1: (0, 0, 50, 70), 2: (20, 0, 50, 70), 3: (40, 0, 50, 70), 4: (60, 0, 50, 70)}
    assert pinned_rects([1, 3, 4], rects) == [rects[1], rects[3], rects[4]]
    assert pinned_rects([1, 3, 9], rects) is None  # a new card: laid out afresh
    assert pinned_rects([3, 1], rects) is None  # another order: laid out afresh
    assert pinned_rects([], rects) is None
    assert pinned_rects([1], None) is None


def test_focus_stays_on_its_card_or_moves_to_a_neighbour_never_to_the_other_end():
    before = [10, 11, 12, 13, 14]
    assert follow_focus(12, before, [10, 12, 14]) == 12  # still there
    assert follow_focus(12, before, [10, 11, 14]) == 11  # no right neighbour next to it: the left one
    assert follow_focus(12, before, [10, 13, 14]) == 13  # the right neighbour first
    assert follow_focus(14, before, [10, 11, 12]) == 12  # the last card gone: its left neighbour, not 10
    assert follow_focus(10, before, [13, 14]) == 13
    assert follow_focus(None, before, [11]) == 11
    assert follow_focus(12, before, []) is None


# ----- staging ----------------------------------------------------------------------------------

def test_staged_melds_show_in_meld_order():
    s = position(2, ["TH 8H 9H JH KS 2C KD"])
    staging = Staging()
    staging.stage_new(in_hand(s, 0, "TH 8H 9H JH"), BOLIVIA)
    staging.stage_new(in_hand(s, 0, "2C KS KD"), BOLIVIA)
    assert [[label(c) for c in m] for m in staging.groups()] == [["8H", "9H", "TH", "JH"], ["KD", "KS", "2C"]]
    assert staging.new_points() == 40 + 40
    assert staging.action() == LayMelds(tuple(staging.new))
    with pytest.raises(IllegalAction):
        staging.stage_new(in_hand(s, 0, "8H KS"), BOLIVIA)


def test_staged_additions_are_one_add_action_and_go_when_their_cards_go():
    s = position(2, ["9H 9S 4C 5C"], melds=[["9C 9D 9H"]], phase=Phase.MELD)
    meld = meld_of(s, 0, "9C 9D 9H")
    staging = Staging()
    staging.stage_add(meld.id, meld.kind, in_hand(s, 0, "9H 9S"))
    assert staging.action() == AddToMeld(meld.id, staging.adds[meld.id])
    both = Staging(new=[in_hand(s, 0, "9S")], adds=dict(staging.adds))
    assert both.action() == MeldMove(tuple(both.new), tuple(both.adds.items())) == both.move()
    staging.keep_only(set(s.hands[0]) - set(in_hand(s, 0, "9S")), {meld.id})
    assert not staging


# ----- undo -------------------------------------------------------------------------------------

def test_undo_takes_back_meld_moves_one_by_one_but_never_the_draw():
    s = position(2, ["KH KS KD QH QS QD 9H 9S 4C 5C 6D 7D", "4D 5S 6H 7C"], melds=[["9C 9D 9H"]],
                 stock="8C 8D")
    ctl = TurnController(s, {1: choose_greedy}, {0}, "instant", 1, threaded=False)
    ctl.play(DrawStock())
    assert not ctl.can_undo  # the draw showed new cards: it stays
    after_draw = s.to_json()
    ctl.play(LayMelds((in_hand(s, 0, "KH KS KD"),)))
    after_kings = s.to_json()
    meld = meld_of(s, 0, "9C 9D 9H")
    ctl.play(AddToMeld(meld.id, in_hand(s, 0, "9H 9S")))
    assert ctl.undo()
    assert s.to_json() == after_kings
    assert ctl.undo()
    assert s.to_json() == after_draw
    assert not ctl.undo()
    ctl.play(LayMelds((in_hand(s, 0, "QH QS QD"),)))
    ctl.play(Discard(in_hand(s, 0, "4C")[0]))
    assert not ctl.can_undo  # the discard ends the turn: nothing before it comes back
    assert s.check() == []


def test_computer_moves_are_never_undone():
    s = position(2, ["KH KS KD 4C 5C", "QH QS QD 9H 9S 4D 5S"], turn=1, stock="8C 8D 8H 8S")
    ctl = TurnController(s, {1: choose_greedy}, {0}, "instant", 1, threaded=False)
    while ctl.state.to_act == 1:
        ctl.update(0.1, busy=False)
    assert not ctl.undo()


# ----- the discard warning ----------------------------------------------------------------------

def _big_pile_position():
    return position(2, ["KH 4C 5C 9D JK 7S 3C", "QH QS 4D 5S 6H 6D 7C 7D 5D 4S AH AS QC JS"],
                    pile="8C 8D 8H 8S 9C 9S TC TD TH TS JC", phase=Phase.MELD)


def in_hand_face(text: str) -> int:
    return parse_face(text)


def test_the_warning_is_a_setting_on_by_default():
    assert Settings().discard_warning is True
    assert Settings.from_json({"discard_warning": "no"}).discard_warning is True
    assert Settings.from_json({"discard_warning": False}).discard_warning is False
    assert Settings.from_json({"sort_order": "colour"}).sort_order == "rank"
    assert Settings.from_json(Settings(sort_order="suit").to_json()).sort_order == "suit"


# ----- hints ------------------------------------------------------------------------------------

