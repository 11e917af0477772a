"""A turn, step by step (docs/RULES.md: the deal, a turn, the first meld, going out, a hand's end)."""

from __future__ import annotations

import pytest

from game.rules import (
    BOLIVIA,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Deal,
    Discard,
    DrawStock,
    GameState,
    IllegalAction,
    LayMelds,
    MeldMove,
    Phase,
    TakePile,
    TakeTop,
    legal_actions,
)
from game.rules import events as ev
from game.rules.cards import FACE, NATURAL, RED_THREE
from game.rules.position import changed
from tests.helpers import deal_stacked, groups_in_hand, in_hand, labels, meld_of, position, sorted_labels

ESCALERA = "4H 5H 6H 7H 8H 9H TH"
KINGS = "KS KS KD KD KC KC KH"
KEEP_TWO = "Your side can't go out yet (it needs an escalera and one other canasta): keep at least two cards in hand."


def refused(state: GameState, action) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.to_json() == before, "a refused move changed the state"
    assert action not in legal_actions(state)
    return str(err.value)


def names(events) -> list[str]:
    return [type(e).__name__ for e in events]


def _norm(action):
    if isinstance(action, (LayMelds, TakePile)):
        melds = tuple(sorted(tuple(sorted(m)) for m in action.melds))
        return (type(action).__name__, tuple(sorted(getattr(action, "cards", ()))), melds)
    if isinstance(action, AddToMeld):
        return ("AddToMeld", action.meld, tuple(sorted(action.cards)))
    return action


def offered(state: GameState, action) -> bool:
    """Whether legal_actions offers this move (cards compared as sets: physical copies may differ)."""
    want = _norm(action)
    return any(_norm(a) == want for a in legal_actions(state))


# ----- the deal ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_fifteen_cards_each_at_every_table_size(players):
    for seed in range(5):
        s = GameState(players, seed)
        events = s.apply(Deal())
        assert all(len(h) == 15 for h in s.hands)
        assert not any(RED_THREE[c] for h in s.hands for c in h)
        dealt = events[0]
        assert isinstance(dealt, ev.HandDealt) and all(len(h) == 15 for h in dealt.hands)
        laid = sum(len(r) for r in s.red_threes)
        assert len(s.stock) == 162 - 15 * players - len(s.pile) - laid
        assert NATURAL[s.pile[-1]] and not any(NATURAL[c] for c in s.pile[:-1])
        assert s.turn == (s.dealer + 1) % players and s.phase == Phase.DRAW
        assert not s.check()


def test_upcards_are_turned_while_a_three_or_wild_card_is_on_top():
    s = GameState(2, 3)
    hands = ["KH KS KD KC QH QS QD QC JH JS JD JC TH TS TD", "9H 9S 9D 9C 8H 8S 8D 8C 7H 7S 7D 7C 6H 6S 6D"]
    events = deal_stacked(s, hands, upcards="3C 2D JK 3H 3S 7S", stock="5C 5D")
    assert labels(s.pile) == ["3C", "2D", "JK", "3H", "3S", "7S"]
    assert labels(events[0].pile) == ["3C", "2D", "JK", "3H", "3S", "7S"]
    assert labels(s.stock[-2:]) == ["5D", "5C"]  # the stock starts after the turned cards
    assert not s.check()


def test_red_threes_are_laid_out_and_replaced_before_the_first_turn_again_if_a_red_three():
    s = GameState(2, 3)
    first = (s.first_dealer + 1) % 2
    hands = [""] * 2
    hands[first] = "3D KS KD KC QH QS QD QC JH JS JD JC TH TS TD"
    hands[1 - first] = "3H 9S 9D 9C 8H 8S 8D 8C 7H 7S 7D 7C 6H 6S 6D"
    events = deal_stacked(s, hands, upcards="5S", stock="3H 4C 4D")
    laid = [e for e in events if isinstance(e, ev.RedThreeLaid)]
    # The first player's 3D is replaced by a 3H, itself replaced by the 4C; then the other player's 3H by the 4D.
    assert [(e.seat, FACE[e.card], FACE[e.replacement]) for e in laid] == [
        (first, FACE[in_red(s, "3D")], FACE[in_red(s, "3H")]),
        (first, FACE[in_red(s, "3H")], FACE[find(s, first, "4C")]),
        (1 - first, FACE[in_red(s, "3H")], FACE[find(s, 1 - first, "4D")]),
    ]
    assert sorted_labels(s.red_threes[first]) == ["3D", "3H"]
    assert sorted_labels(s.red_threes[1 - first]) == ["3H"]
    assert all(len(h) == 15 for h in s.hands)
    assert "4C" in labels(s.hands[first]) and "4D" in labels(s.hands[1 - first])
    assert names(events)[-1] == "TurnStarted" and s.turn == first
    assert not s.check()


def in_red(s: GameState, text: str) -> int:
    return next(c for r in s.red_threes for c in r if labels([c])[0] == text)


def find(s: GameState, seat: int, text: str) -> int:
    return in_hand(s, seat, text)[0]


# ----- drawing from the stock -------------------------------------------------------------------------------

def test_draw_two_from_the_stock():
    s = position(2, ["4S 5S 9C", "6D 6D"], stock="KH QH JH")
    events = s.apply(DrawStock())
    assert names(events) == ["CardsDrawn"]
    assert labels(events[0].cards) == ["KH", "QH"]
    assert sorted_labels(s.hands[0]) == ["4S", "5S", "9C", "KH", "QH"]
    assert labels([s.stock[-1]]) == ["JH"] and s.phase == Phase.MELD


def test_a_red_three_drawn_is_laid_out_and_replaced():
    s = position(2, ["4S 5S 9C", "6D 6D"], stock="3H KH QH JH")
    events = s.apply(DrawStock())
    assert names(events) == ["CardsDrawn", "RedThreeLaid"]  # the draw, then the red three it brought
    assert labels([events[1].card, events[1].replacement]) == ["3H", "KH"]
    assert labels(events[0].cards) == ["KH", "QH"]
    assert labels(s.red_threes[0]) == ["3H"] and len(s.hands[0]) == 5


def test_with_one_card_left_draw_that_one():
    s = position(2, ["4S 5S 9C", "6D 6D"], stock="KH", stock_size=1)
    events = s.apply(DrawStock())
    assert labels(events[0].cards) == ["KH"] and not s.stock and s.phase == Phase.MELD


def test_a_red_three_as_the_last_card_of_the_stock_ends_the_hand():
    # Nothing can replace it; the player neither melds nor discards (as in the common references).
    s = position(2, ["4S", "6D 6D"], stock="3H", stock_size=1, melds=[[ESCALERA]])
    events = s.apply(DrawStock())
    assert names(events) == ["CardsDrawn", "RedThreeLaid", "StockExhausted", "HandEnded"]
    assert events[1].replacement is None and events[0].cards == ()
    assert events[3].scores[0]["red_threes"] == -100  # the escalera alone is not enough to go out
    assert events[3].scores[0]["going_out"] == 0
    assert s.phase == Phase.DEAL


def test_the_stock_empty_the_player_may_still_take_the_pile():
    s = position(2, ["9H 9S 4C 4D", "6D 6D"], stock_size=0, pile="KS 9C", melds=[["QH QS QD"]])
    acts = legal_actions(s)
    assert DrawStock() in acts and TakePile(in_hand(s, 0, "9H 9S")) in acts
    s.apply(TakePile(in_hand(s, 0, "9H 9S")))
    assert s.phase == Phase.MELD


def test_drawing_from_an_empty_stock_ends_the_hand_without_a_going_out_bonus():
    s = position(2, ["4S 5S", "6D"], stock_size=0, melds=[[ESCALERA, KINGS]])
    events = s.apply(DrawStock())
    assert names(events) == ["StockExhausted", "HandEnded"]
    assert events[1].scores[0] == {"melded": 120, "bonuses": 2000, "going_out": 0, "red_threes": 0, "in_hand": -10,
                                   "total": 2110}
    assert events[1].scores[1]["total"] == -5


# ----- taking the pile -------------------------------------------------------------------------------------

def test_take_the_pile_with_a_natural_pair_starts_a_new_meld_rest_to_hand():
    s = position(2, ["9H 9S 4C 4D", "6D 6D"], pile="5D KS 9C", melds=[["9D 9D 9D"]])
    events = s.apply(TakePile(in_hand(s, 0, "9H 9S")))
    taken = events[0]
    assert isinstance(taken, ev.PileTaken)
    assert labels([taken.top]) == ["9C"] and sorted_labels(taken.to_hand) == ["5D", "KS"]
    assert sorted_labels(meld_of(s, 0, "9H 9S 9C").cards) == ["9C", "9H", "9S"]
    assert len([m for m in s.melds[0] if m.key == 9]) == 2  # a new meld beside the old one
    assert sorted_labels(s.hands[0]) == ["4C", "4D", "5D", "KS"]
    assert s.pile == [] and s.phase == Phase.MELD
    assert not s.check()


def test_take_the_pile_with_more_naturals_and_wild_cards():
    s = position(2, ["9H 9S 9D 2C JK 4C 4D", "6D 6D"], pile="5D 9C", melds=[["QH QS QD"]])
    s.apply(TakePile(in_hand(s, 0, "9H 9S 9D 2C JK")))
    assert sorted_labels(meld_of(s, 0, "9H 9S 9D 9C 2C JK").cards) == ["2C", "9C", "9D", "9H", "9S", "JK"]


def test_the_pile_needs_a_natural_pair_from_hand():
    s = position(2, ["9H 2C JK 4C 4D", "6D 6D"], pile="5D 9C", melds=[["QH QS QD"]])
    assert refused(s, TakePile(in_hand(s, 0, "9H 2C"))) == (
        "To take the pile you need a pair of natural nines from your hand.")
    s = position(2, ["9H 9S 2C JK 4C", "6D 6D"], pile="5D 9C", melds=[["QH QS QD"]])
    assert refused(s, TakePile(in_hand(s, 0, "9H 9S 2C JK"))) == (
        "A meld needs at least twice as many natural cards as wild cards; these are 3 natural cards and 2 wild cards.")
    assert refused(s, TakePile(in_hand(s, 0, "9H 9S 4C"))) == (
        "A run is all one suit, and a meld of one rank is all one rank.")


@pytest.mark.parametrize("top", ["3S", "3C", "2D", "JK"])
def test_a_three_or_wild_card_on_top_blocks_the_pile_and_the_top_card(top):
    s = position(2, ["9H 9S 2C 4C 4D", "6D 6D"], pile="9C " + top, melds=[["4H 5H 6H"]])
    assert refused(s, TakePile(in_hand(s, 0, "9H 9S"))) == "The pile is blocked: a three or a wild card is on top."
    assert legal_actions(s) == [DrawStock()]


def test_a_discarded_black_three_blocks_the_next_player():
    s = position(2, ["3C KH QD", "9H 9S 4C 4D"], pile="9C", melds=[[], ["QH QS QD"]], phase=Phase.MELD, turn=0)
    s.apply(Discard(in_hand(s, 0, "3C")[0]))
    assert s.turn == 1
    assert refused(s, TakePile(in_hand(s, 1, "9H 9S"))) == "The pile is blocked: a three or a wild card is on top."


def test_a_wild_card_may_be_discarded():
    s = position(2, ["JK KH QD", "9H 9S 4C 4D"], phase=Phase.MELD, turn=0)
    s.apply(Discard(in_hand(s, 0, "JK")[0]))
    assert labels([s.pile[-1]]) == ["JK"] and s.pile_blocked()


def test_a_red_three_taken_with_the_pile_is_laid_out_and_not_replaced():
    s = position(2, ["9H 9S 4C 4D", "6D 6D"], pile="3H 5D 9C", melds=[["QH QS QD"]], stock="KH")
    stock_before = list(s.stock)
    events = s.apply(TakePile(in_hand(s, 0, "9H 9S")))
    laid = [e for e in events if isinstance(e, ev.RedThreeLaid)]
    assert len(laid) == 1 and labels([laid[0].card]) == ["3H"] and laid[0].replacement is None
    assert labels(s.red_threes[0]) == ["3H"]
    assert sorted_labels(s.hands[0]) == ["4C", "4D", "5D"]
    assert s.stock == stock_before
    assert not s.check()


def test_first_meld_with_the_pile_counts_the_top_and_its_meld_only():
    # The pile holds 100 points of aces and kings under the top card: they do not count.
    s = position(2, ["9H 9S JK QD KD AD 4C", "6D 6D"], pile="AS AS AS KC 9C")
    assert refused(s, TakePile(in_hand(s, 0, "9H 9S"))) == (
        "You need 50 points for your first meld; these cards make 30.")
    # A further meld from the hand held before the pickup may make up the rest: 30 + 40.
    events = s.apply(TakePile(in_hand(s, 0, "9H 9S"), (in_hand(s, 0, "QD KD AD"),)))
    assert names(events)[:2] == ["PileTaken", "Melded"]
    assert sorted(sorted_labels(m.cards) for m in s.melds[0]) == [["9C", "9H", "9S"], ["AD", "KD", "QD"]]
    assert not s.check()


def test_first_meld_with_the_pile_and_a_wild_card_reaches_the_minimum():
    s = position(2, ["9H 9S JK 4C", "6D 6D"], pile="AS 9C")
    s.apply(TakePile(in_hand(s, 0, "9H 9S JK")))  # 10 + 10 + 50 + 10 = 80
    assert sorted_labels(s.hands[0]) == ["4C", "AS"]


def test_further_melds_with_the_pile_come_from_the_hand_held_before():
    s = position(2, ["9H 9S 4C 4D", "6D 6D"], pile="QD KD AD 9C")
    pile = {labels([c])[0]: c for c in s.pile}
    msg = refused(s, TakePile(in_hand(s, 0, "9H 9S"), ((pile["QD"], pile["KD"], pile["AD"]),)))
    assert msg == "QD is not in your hand."


def test_the_pile_offered_with_a_bare_pair_for_a_first_meld():
    # A negative score needs 15 points: the pair and the top card (30) are enough, with no third card.
    s = position(2, ["9H 9S 4C 5D", "6D 6D"], pile="KS 9C", scores=[-200, 0])
    assert s.min_meld(0) == 15
    take = TakePile(in_hand(s, 0, "9H 9S"))
    assert offered(s, take)
    s.apply(take)
    assert sorted_labels(s.hands[0]) == ["4C", "5D", "KS"]


def test_taking_the_pile_may_not_leave_a_single_card_when_the_side_cannot_go_out():
    s = position(2, ["9H 9S 4C", "6D 6D"], pile="9C", melds=[["QH QS QD"]])
    assert refused(s, TakePile(in_hand(s, 0, "9H 9S"))) == KEEP_TWO


# ----- taking the top card onto a run -------------------------------------------------------------------------

def test_the_top_card_goes_onto_a_run_of_the_side():
    s = position(2, ["4C 4D KS", "6D 6D"], pile="5D 8H", melds=[["5H 6H 7H"]])
    run = meld_of(s, 0, "5H 6H 7H")
    events = s.apply(TakeTop(run.id))
    assert names(events) == ["TopTaken"]
    assert sorted_labels(s.find_meld(0, run.id).cards) == ["5H", "6H", "7H", "8H"]
    assert labels(s.pile) == ["5D"] and sorted_labels(s.hands[0]) == ["4C", "4D", "KS"]
    assert s.phase == Phase.MELD


def test_the_top_card_onto_the_low_end_and_making_an_escalera():
    s = position(2, ["4C 4D KS", "6D 6D"], pile="4H", melds=[["5H 6H 7H 8H 9H TH"]])
    run = meld_of(s, 0, "5H 6H 7H 8H 9H TH")
    events = s.apply(TakeTop(run.id))
    assert names(events) == ["TopTaken", "CanastaMade"] and events[1].canasta == "escalera"


def test_the_top_card_must_extend_the_run():
    s = position(2, ["4C 4D KS", "6D 6D"], pile="9H", melds=[["5H 6H 7H"], ["8S 9S TS"]])
    run = meld_of(s, 0, "5H 6H 7H")
    assert refused(s, TakeTop(run.id)) == "The top card, 9H, doesn't extend that run."
    other = meld_of(s, 1, "8S 9S TS")
    assert refused(s, TakeTop(other.id)) == "That meld is not one of your side's melds."


def test_the_top_card_never_onto_a_run_of_seven():
    s = position(2, ["4C 4D KS", "6D 6D"], pile="JH", melds=[[ESCALERA]])
    assert refused(s, TakeTop(meld_of(s, 0, ESCALERA).id)) == "The top card, JH, doesn't extend that run."


def test_the_top_card_onto_a_run_with_one_card_in_hand_needs_the_side_able_to_go_out():
    s = position(2, ["4C", "6D 6D"], pile="8H", melds=[["5H 6H 7H"]])
    assert refused(s, TakeTop(meld_of(s, 0, "5H 6H 7H").id)) == KEEP_TWO
    s = position(2, ["4C", "6D 6D"], pile="JH", melds=[[ESCALERA, KINGS, "8C 9C TC"]])
    run = meld_of(s, 0, "8C 9C TC")
    assert refused(s, TakeTop(run.id)) == "The top card, JH, doesn't extend that run."
    s = position(2, ["4C", "6D 6D"], pile="JC", melds=[[ESCALERA, KINGS, "8C 9C TC"]])
    s.apply(TakeTop(meld_of(s, 0, "8C 9C TC").id))
    events = s.apply(Discard(in_hand(s, 0, "4C")[0]))
    assert names(events)[:3] == ["Discarded", "WentOut", "HandEnded"]


# ----- melding, keep-two, black threes --------------------------------------------------------------------------

def test_keep_two_cards_until_the_side_can_go_out():
    s = position(2, ["KH KS KD 4C", "6D 6D"], melds=[["QH QS QD"]], phase=Phase.MELD)
    assert refused(s, LayMelds((in_hand(s, 0, "KH KS KD"),))) == KEEP_TWO
    s = position(2, ["KH KS KD 4C 5C", "6D 6D"], melds=[["QH QS QD"]], phase=Phase.MELD)
    s.apply(LayMelds((in_hand(s, 0, "KH KS KD"),)))
    assert len(s.hands[0]) == 2
    s = position(2, ["QC 4C", "6D 6D"], melds=[["QH QS QD"]], phase=Phase.MELD)
    assert refused(s, AddToMeld(meld_of(s, 0, "QH QS QD").id, in_hand(s, 0, "QC"))) == KEEP_TWO
    s = position(2, ["4C", "6D 6D"], melds=[[ESCALERA]], phase=Phase.MELD)
    assert refused(s, Discard(in_hand(s, 0, "4C")[0])) == (
        "Your side can't go out yet: it needs an escalera and one other canasta.")


def test_black_threes_only_when_going_out():
    s = position(2, ["3C 3S 3C 4D 5D", "6D 6D"], melds=[[ESCALERA, KINGS]], phase=Phase.MELD)
    why = "Black threes may be melded only as you go out: meld them last, keeping at most one card to discard."
    assert refused(s, LayMelds((in_hand(s, 0, "3C 3S 3C"),))) == why
    s = position(2, ["3C 3S 3C 4D", "6D 6D"], melds=[[ESCALERA, "KS KS KD"]], phase=Phase.MELD)
    assert refused(s, LayMelds((in_hand(s, 0, "3C 3S 3C"),))) == why  # the side cannot go out
    s = position(2, ["3C 3S 3C 4D", "6D 6D"], melds=[[ESCALERA, KINGS]], phase=Phase.MELD)
    lay = LayMelds((in_hand(s, 0, "3C 3S 3C"),))
    assert offered(s, lay)
    s.apply(lay)
    assert not s.check()  # black threes on the table while the last card waits to be discarded
    events = s.apply(Discard(in_hand(s, 0, "4D")[0]))
    assert names(events)[:3] == ["Discarded", "WentOut", "HandEnded"]
    assert events[2].scores[0]["melded"] == 50 + 70 + 15


def test_black_threes_as_the_last_cards_go_out_without_a_discard():
    s = position(2, ["3C 3S 3C", "6D 6D"], melds=[[ESCALERA, KINGS]], phase=Phase.MELD)
    events = s.apply(LayMelds((in_hand(s, 0, "3C 3S 3C"),)))
    assert names(events)[:3] == ["Melded", "WentOut", "HandEnded"]


def test_moves_out_of_phase_are_refused_with_a_reason():
    s = position(2, ["KH KS KD 4C 5C", "6D 6D"], melds=[["QH QS QD"]])
    assert refused(s, Discard(in_hand(s, 0, "4C")[0])) == (
        "Draw first: 2 cards from the stock, the pile, or its top card onto a run.")
    s.apply(DrawStock())
    assert refused(s, DrawStock()) == "You have drawn already: meld, or discard to end your turn."
    assert refused(s, Deal()) == "You have drawn already: meld, or discard to end your turn."
    other = s.hands[1][0]
    assert refused(s, Discard(other)) == "6D is not in your hand."
    c = in_hand(s, 0, "KH")[0]
    assert refused(s, LayMelds(((c, c, in_hand(s, 0, "KS")[0]),))) == "The same card was chosen twice."


# ----- the first-meld minimum -----------------------------------------------------------------------------------

@pytest.mark.parametrize("score, need", [
    (-1000, 15), (-5, 15), (0, 50), (5, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (6995, 120),
    (7000, 150), (20000, 150),
])
def test_the_minimum_table(score, need):
    assert BOLIVIA.min_meld(score) == need


EXACT = {15: "4C 4D 4H", 50: "KH KS KD KC KH", 90: "KH KS KD KC KH KS KD KC KH",
         120: "KH KS KD KC KH KS KD KC KH KS KD KC", 150: "AH AS AD AC AH AS KH KS KD"}
SHORT = {50: "KH KS KD 5C 5D 5H", 90: "KH KS KD KC KH KS KD 5C 5D 5H",
         120: "KH KS KD KC KH KS KD KC KH KS 5C 5D 5H", 150: "AH AS AD AC AH AS 5C 5D 5H 5S 5C"}


def _first_meld(cards: str) -> tuple[tuple[int, ...], ...]:
    """Split the text into melds of one rank each."""
    groups: dict[str, list[str]] = {}
    for w in cards.split():
        groups.setdefault(w[0], []).append(w)
    return tuple(tuple(g) for g in groups.values())


@pytest.mark.parametrize("score, need", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120),
                                         (6995, 120), (7000, 150)])
def test_the_minimum_in_play_at_each_edge(score, need):
    exact = _first_meld(EXACT[need])
    s = position(2, [EXACT[need] + " 6D 7S", "6D 6D"], scores=[score, 0], phase=Phase.MELD)
    assert s.min_meld(0) == need
    lay = LayMelds(tuple(in_hand(s, 0, " ".join(m)) for m in exact))
    s.apply(lay)
    assert s.has_melded(0)
    if need in SHORT:
        short = _first_meld(SHORT[need])
        s = position(2, [SHORT[need] + " 6D 7S", "6D 6D"], scores=[score, 0], phase=Phase.MELD)
        msg = refused(s, LayMelds(tuple(in_hand(s, 0, " ".join(m)) for m in short)))
        assert msg == f"You need {need} points for your first meld; these cards make {need - 5}."


def test_the_issue_example_reason():
    s = position(2, ["KH KS KD 5C 5D 5H 7C 7D 7H JC 6D", "6D 6D"], scores=[1500, 0], phase=Phase.MELD)
    msg = refused(s, LayMelds((in_hand(s, 0, "KH KS KD"), in_hand(s, 0, "5C 5D 5H"), in_hand(s, 0, "7C 7D 7H"))))
    assert msg == "You need 90 points for your first meld; these cards make 60."
    msg = refused(s, LayMelds((in_hand(s, 0, "KH KS KD"), in_hand(s, 0, "JC 6D"))))
    assert msg == "A meld needs at least three cards."
    assert refused(s, LayMelds(())) == "Choose the cards to meld."


def test_several_melds_of_every_kind_in_one_action_reach_the_minimum():
    s = position(2, ["KH KS KD 4C 5C 6C 2D 2H JK 8S 9S", "6D 6D"], scores=[3000, 0], phase=Phase.MELD)
    assert s.min_meld(0) == 120
    lay = LayMelds((in_hand(s, 0, "KH KS KD"), in_hand(s, 0, "4C 5C 6C"), in_hand(s, 0, "2D 2H JK")))
    s.apply(lay)  # 30 + 15 + 90 = 135
    assert len(s.melds[0]) == 3
    # After the first meld, any meld will do.
    s.apply(Discard(in_hand(s, 0, "9S")[0]))


def test_each_side_has_its_own_minimum_and_a_partner_s_meld_counts_for_the_side():
    s = position(4, ["KH KS KD 4C 5C", "6D 6D", "QH QS QD 9C 9D", "6S 6S"], scores=[1500, -300], phase=Phase.MELD,
                 turn=0, melds=[["AH AS AD 2C"], []])
    assert s.min_meld(0) == 90 and s.min_meld(1) == 15
    s.apply(LayMelds((in_hand(s, 0, "KH KS KD"),)))  # 30 points: the side has melded already
    assert not s.check()


def test_the_minimum_applies_to_a_player_going_out_in_one_turn():
    hand = ESCALERA + " 4C 4C 4D 4D 4S 4S 4H 9D"  # 50 + 35 = 85 points, and a discard
    s = position(2, [hand, "6D 6D"], scores=[1500, 0], phase=Phase.MELD)
    lay = LayMelds(groups_in_hand(s, 0, ESCALERA, "4C 4C 4D 4D 4S 4S 4H"))
    assert refused(s, lay) == "You need 90 points for your first meld; these cards make 85."
    s = position(2, [hand, "6D 6D"], scores=[1495, 0], phase=Phase.MELD)
    s.apply(lay)
    events = s.apply(Discard(in_hand(s, 0, "9D")[0]))
    assert names(events)[:3] == ["Discarded", "WentOut", "HandEnded"]
    assert events[1].concealed is True
    assert events[2].scores[0] == {"melded": 85, "bonuses": 2000, "going_out": 200, "red_threes": 0, "in_hand": 0,
                                   "total": 2285}


# ----- going out ------------------------------------------------------------------------------------------------

def test_going_out_needs_an_escalera_and_another_canasta():
    two_canastas = [KINGS, "QH QH QS QS QD QD QC"]
    s = position(2, ["QC 4C", "6D 6D"], melds=[two_canastas], phase=Phase.MELD)
    assert refused(s, AddToMeld(meld_of(s, 0, "QH QH QS QS QD QD QC").id, in_hand(s, 0, "QC"))) == KEEP_TWO
    s = position(2, ["4C", "6D 6D"], melds=[two_canastas], phase=Phase.MELD)
    assert refused(s, Discard(in_hand(s, 0, "4C")[0])) == (
        "Your side can't go out yet: it needs an escalera and one other canasta.")
    s = position(2, ["4C", "6D 6D"], melds=[two_canastas + [ESCALERA]], phase=Phase.MELD)
    assert names(s.apply(Discard(in_hand(s, 0, "4C")[0])))[:2] == ["Discarded", "WentOut"]


def test_canastas_completed_in_the_same_turn_count_for_going_out():
    s = position(2, ["TH KH 9D", "6D 6D"], melds=[["4H 5H 6H 7H 8H 9H", "KS KS KD KD KC KC"]], phase=Phase.MELD)
    s.apply(AddToMeld(meld_of(s, 0, "4H 5H 6H 7H 8H 9H").id, in_hand(s, 0, "TH")))  # escalera: 2 cards left
    events = s.apply(AddToMeld(meld_of(s, 0, "KS KS KD KD KC KC").id, in_hand(s, 0, "KH")))  # one card left
    assert names(events) == ["AddedToMeld", "CanastaMade"]
    events = s.apply(Discard(in_hand(s, 0, "9D")[0]))
    assert names(events)[:3] == ["Discarded", "WentOut", "HandEnded"]
    assert events[1].concealed is False and events[2].scores[0]["going_out"] == 100


def test_going_out_with_no_discard():
    s = position(2, ["KH QC QD QH", "6D 6D"], melds=[[ESCALERA, "KS KS KD KD KC KC"]], phase=Phase.MELD)
    s.apply(AddToMeld(meld_of(s, 0, "KS KS KD KD KC KC").id, in_hand(s, 0, "KH")))
    events = s.apply(LayMelds((in_hand(s, 0, "QC QD QH"),)))
    assert names(events)[:3] == ["Melded", "WentOut", "HandEnded"]
    assert events[2].scores[0]["going_out"] == 100 and events[2].scores[0]["in_hand"] == 0


def test_going_out_concealed_takes_the_side_having_no_meld_at_the_start_of_the_turn():
    hand = ESCALERA + " KS KS KD KD KC KC KH 9D"
    s = position(2, [hand, "6D 6D"], phase=Phase.MELD)
    s.apply(LayMelds((in_hand(s, 0, ESCALERA), in_hand(s, 0, "KS KS KD"))))
    s.apply(AddToMeld(meld_of(s, 0, "KS KS KD").id, in_hand(s, 0, "KD KC KC KH")))
    events = s.apply(Discard(in_hand(s, 0, "9D")[0]))
    assert events[1] == ev.WentOut(0, True)
    assert events[2].scores[0]["going_out"] == 200


def test_not_concealed_when_the_partner_melded_before():
    hand = ESCALERA + " KS KS KD KD KC KC KH 9D"
    s = position(4, [hand, "6D 6D", "5S 5S", "6S 6S"], melds=[["QH QS QD"], []], phase=Phase.MELD)
    s.apply(LayMelds((in_hand(s, 0, ESCALERA), in_hand(s, 0, "KS KS KD KD KC KC KH"))))
    events = s.apply(Discard(in_hand(s, 0, "9D")[0]))
    assert events[1] == ev.WentOut(0, False)
    assert events[2].scores[0]["going_out"] == 100
    assert events[2].scores[0]["in_hand"] == -10  # the partner's 5S 5S
    assert events[2].scores[1]["in_hand"] == -20


# ----- asking the partner ----------------------------------------------------------------------------------------

def _askable(hand: str = "KH 9D") -> GameState:
    return position(4, [hand, "6D 6D", "5S 5S", "6S 6S"], melds=[[ESCALERA, "KS KS KD KD KC KC"], []],
                    phase=Phase.MELD, turn=0)


@pytest.mark.parametrize("players", [2, 3])
def test_only_four_players_ask(players):
    s = position(players, ["KH 9D 5C", "6D 6D", "5S 5S"][:players], melds=[[ESCALERA, "KS KS KD KD KC KC"]],
                 phase=Phase.MELD)
    assert refused(s, AskPartner()) == "Only a player with a partner can ask to go out."


def test_ask_only_when_able_to_go_out():
    for hand in ("QH 9D", "KH 9D 5C"):  # no queen meld; three cards where only one can be melded
        s = _askable(hand)
        assert refused(s, AskPartner()) == "Ask only when you are able to go out this turn."
    s = _askable("KH 9D")
    assert AskPartner() in legal_actions(s)
    events = s.apply(AskPartner())
    assert events == [ev.PartnerAsked(0)]
    assert s.phase == Phase.ANSWER and s.to_act == 2
    assert legal_actions(s) == [Answer(True), Answer(False)]
    assert refused(s, Discard(in_hand(s, 0, "9D")[0])) == "Waiting for your partner's answer."


def test_yes_obliges_to_go_out():
    s = _askable()
    s.apply(AskPartner())
    assert s.apply(Answer(True)) == [ev.PartnerAnswered(2, True)]
    assert s.phase == Phase.MELD and s.to_act == 0
    assert refused(s, Discard(in_hand(s, 0, "9D")[0])) == (
        "Your partner said yes, so you must go out this turn: meld the rest of your hand before the last discard.")
    assert refused(s, AskPartner()) == "You have asked your partner already this turn."
    kings = meld_of(s, 0, "KS KS KD KD KC KC").id
    assert legal_actions(s) == [AddToMeld(kings, in_hand(s, 0, "KH"))]
    s.apply(AddToMeld(kings, in_hand(s, 0, "KH")))
    events = s.apply(Discard(in_hand(s, 0, "9D")[0]))
    assert names(events)[:3] == ["Discarded", "WentOut", "HandEnded"]


def test_yes_allows_any_move_that_keeps_going_out_possible():
    s = _askable("KH 9D 4S 4S 4S")
    s.apply(AskPartner())
    s.apply(Answer(True))
    kings = meld_of(s, 0, "KS KS KD KD KC KC").id
    assert offered(s, LayMelds((in_hand(s, 0, "4S 4S 4S"),)))
    assert offered(s, AddToMeld(kings, in_hand(s, 0, "KH")))
    assert not [a for a in legal_actions(s) if isinstance(a, Discard)]
    s.apply(LayMelds((in_hand(s, 0, "4S 4S 4S"),)))
    s.apply(AddToMeld(kings, in_hand(s, 0, "KH")))
    assert names(s.apply(Discard(in_hand(s, 0, "9D")[0])))[1] == "WentOut"


def test_yes_refuses_a_combine_that_leaves_no_room_for_the_wild_cards():
    hand = "JK JK 5S"
    s = position(4, [hand, "6D 6D", "5C 5C", "6S 6S"], phase=Phase.MELD, turn=0,
                 melds=[[ESCALERA, "QH QH QS QS QD 2D JK", "KH KS KD KC", "KH KS 2C"], []])
    a, b = meld_of(s, 0, "KH KS KD KC"), meld_of(s, 0, "KH KS 2C")
    s.apply(AskPartner())
    s.apply(Answer(True))
    assert refused(s, Combine(b.id, a.id)) == (
        "Your partner said yes, so you must go out this turn, and this would leave you unable to.")
    s.apply(AddToMeld(a.id, in_hand(s, 0, "JK JK")))
    assert names(s.apply(Discard(in_hand(s, 0, "5S")[0])))[1] == "WentOut"
    # Without a "yes" the same combine is allowed.
    s = position(4, [hand, "6D 6D", "5C 5C", "6S 6S"], phase=Phase.MELD, turn=0,
                 melds=[[ESCALERA, "QH QH QS QS QD 2D JK", "KH KS KD KC", "KH KS 2C"], []])
    s.apply(Combine(meld_of(s, 0, "KH KS 2C").id, meld_of(s, 0, "KH KS KD KC").id))


def test_no_forbids_going_out_this_turn_only():
    s = _askable("KH 9D")
    s.apply(AskPartner())
    assert s.apply(Answer(False)) == [ev.PartnerAnswered(2, False)]
    kings = meld_of(s, 0, "KS KS KD KD KC KC").id
    assert refused(s, AddToMeld(kings, in_hand(s, 0, "KH"))) == (
        "Your partner said no: you may not go out this turn, so keep at least two cards in hand.")
    assert sorted(type(a).__name__ for a in legal_actions(s)) == ["Discard", "Discard"]
    s.apply(Discard(in_hand(s, 0, "9D")[0]))
    assert s.permission is None and s.turn == 1  # the answer binds one turn


def test_black_threes_refused_after_a_no():
    s = _askable("KH 3C 3S 3C 9D")
    assert s.able_to_go_out(0)
    s.apply(AskPartner())
    s.apply(Answer(False))
    assert refused(s, LayMelds((in_hand(s, 0, "3C 3S 3C"),))) == (
        "Black threes may be melded only as you go out: meld them last, keeping at most one card to discard.")


def test_asking_with_one_card_is_refused():
    # After a "no" such a player could neither go out nor discard: there is nothing to ask.
    s = position(4, ["4C", "6D 6D", "5S 5S", "6S 6S"], pile="JC", turn=0,
                 melds=[[ESCALERA, KINGS, "8C 9C TC"], []])
    s.apply(TakeTop(meld_of(s, 0, "8C 9C TC").id))
    assert len(s.hands[0]) == 1 and s.able_to_go_out(0)
    assert refused(s, AskPartner()) == (
        "With one card left you can only go out by discarding it: there is nothing to ask.")
    assert [type(a).__name__ for a in legal_actions(s)] == ["Discard"]


def test_able_when_each_of_two_last_cards_finishes_a_canasta_in_one_meld_move():
    # TH makes the escalera, KH the other canasta; laying either alone leaves one card while the side cannot
    # yet go out, but one meld move lays both (docs/RULES.md), so the player may ask, and go out.
    s = position(4, ["TH KH", "6D 6D", "5S 5S", "6S 6S"], phase=Phase.MELD, turn=0,
                 melds=[["4H 5H 6H 7H 8H 9H", "KS KS KD KD KC KC"], []])
    assert s.able_to_go_out(0)
    assert AskPartner() in legal_actions(s)
    s.apply(AskPartner())
    s.apply(Answer(True))
    run, kings = s.melds[0]
    th, kh = in_hand(s, 0, "TH KH")
    events = s.apply(MeldMove(add=((run.id, (th,)), (kings.id, (kh,)))))
    assert "WentOut" in names(events)


def test_able_with_a_second_escalera_of_a_suit_that_has_one():
    s = position(4, [ESCALERA + " 5S", "6D 6D", "5C 5C", "6S 6S"], phase=Phase.MELD, turn=0,
                 melds=[["8H 9H TH JH QH KH AH"], []])
    assert s.able_to_go_out(0)
    s.apply(AskPartner())
    s.apply(Answer(True))
    s.apply(LayMelds((in_hand(s, 0, ESCALERA),)))
    events = s.apply(Discard(in_hand(s, 0, "5S")[0]))
    assert names(events)[:3] == ["Discarded", "WentOut", "HandEnded"]
    assert events[2].scores[0]["bonuses"] == 3000


# ----- the cards that can go onto the table now (the table's outline, the adviser's) ------------------

def test_playable_cards_are_those_a_legal_meld_move_lays():
    from game.rules.legal import playable_cards
    s = position(2, ["9H 9D 9S 4C KD 5C 7S QC", "QS 4D 5S 6H"], melds=[["JC JD JS", "QH QD QS"]], phase=Phase.MELD)
    assert playable_cards(s, 0) == set(in_hand(s, 0, "9H 9D 9S QC"))  # a new meld, and an addition
    assert playable_cards(s, 1) == frozenset()  # not its turn
    s = changed(s, phase=Phase.DRAW)
    assert playable_cards(s, 0) == frozenset()  # not its meld phase


def test_playable_cards_count_the_first_meld_minimum():
    from game.rules.legal import playable_cards
    # Three fives make 15, short of the 50 a side at 0 needs; three kings (30) and three eights (30), or
    # three kings and three queens, reach it together.
    fives = position(2, ["5H 5D 5S 4C 9D", "QS 4D 5S 6H"], phase=Phase.MELD)
    assert playable_cards(fives, 0) == frozenset()
    kings = position(2, ["KC KD KS 8H 8D 8S 4C 9D", "QS 4D 5S 6H"], phase=Phase.MELD)
    assert playable_cards(kings, 0) == set(in_hand(kings, 0, "KC KD KS 8H 8D 8S"))
    high = position(2, ["KC KD KS QC QD QH 4C 9D", "QS 4D 5S 6H"], phase=Phase.MELD)
    assert playable_cards(high, 0) == set(in_hand(high, 0, "KC KD KS QC QD QH"))


def test_playable_cards_count_the_keep_two_rule():
    from game.rules.legal import playable_cards
    # Laying the three nines would leave one card, and the side may not go out yet: nothing is playable.
    s = position(2, ["9H 9D 9S 4C", "QS 4D 5S 6H"], melds=[["JC JD JS"]], phase=Phase.MELD)
    assert playable_cards(s, 0) == frozenset()
    roomy = position(2, ["9H 9D 9S 4C 7S", "QS 4D 5S 6H"], melds=[["JC JD JS"]], phase=Phase.MELD)
    assert playable_cards(roomy, 0) == set(in_hand(roomy, 0, "9H 9D 9S"))
