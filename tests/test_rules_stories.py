"""Stories: stacked deals played turn by turn to a known final score, every number worked out by hand."""

from __future__ import annotations

from game.rules import (
    AddToMeld,
    Answer,
    AskPartner,
    Deal,
    Discard,
    DrawStock,
    GameState,
    LayMelds,
    Phase,
    TakePile,
    legal_actions,
)
from game.rules import events as ev
from game.rules.cards import FACE
from tests.helpers import deal_stacked, groups_in_hand, in_hand, labels, meld_of, position, sorted_labels


def _faces(action) -> tuple:
    return (type(action).__name__, tuple(sorted(FACE[c] for c in getattr(action, "cards", ()))),
            getattr(action, "meld", None), getattr(action, "card", None) and FACE[action.card],
            getattr(action, "yes", None))


def play(s: GameState, action) -> list:
    """Apply a scripted move and check every invariant after it. A one-step move (a draw, a discard, one card
    added, the pile with a pair, asking, answering) must also be among the moves legal_actions offers."""
    n = len(getattr(action, "cards", ()))
    if not isinstance(action, LayMelds) and n == {"AddToMeld": 1, "TakePile": 2}.get(type(action).__name__, 0):
        assert _faces(action) in {_faces(a) for a in legal_actions(s)}, f"{action!r} is not offered"
    events = s.apply(action)
    assert not s.check(), s.check()
    return events


def names(events) -> list[str]:
    return [type(e).__name__ for e in events]


def test_story_two_players_from_a_stacked_deal():
    """A melds an escalera at once, completes the kings next turn and goes out on the third with a mixed meld."""
    s = GameState(2, 1)
    assert s.first_dealer == 1  # so seat 0 (A) plays first
    a_hand = "3D 4H 5H 6H 7H 8H 9H KS KS KD KD KC QC 9S 4C"
    b_hand = "5C 5C 6S 7D 8D JD JD QS 3C 4S 9C TC 2H AD AC"
    stock = "KH  TH 6C  5D 8S  KC 9D  JC 4D  9C 2D"
    events = deal_stacked(s, [a_hand, b_hand], upcards="2C 7S", stock=stock)
    assert names(events) == ["HandDealt", "RedThreeLaid", "TurnStarted"]
    assert labels([events[1].card, events[1].replacement]) == ["3D", "KH"]
    assert labels(s.pile) == ["2C", "7S"] and s.turn == 0

    # A, turn 1: draws TH 6C; lays the escalera and six kings (50 + 60 = 110, over the 50 needed); discards 4C.
    play(s, DrawStock())
    events = play(s, LayMelds(groups_in_hand(s, 0, "4H 5H 6H 7H 8H 9H TH", "KS KS KD KD KC KH")))
    assert names(events) == ["Melded", "Melded", "CanastaMade"] and events[2].canasta == "escalera"
    play(s, Discard(in_hand(s, 0, "4C")[0]))
    # B, turn 1: draws 5D 8S, throws the black three, which blocks the pile for A.
    play(s, DrawStock())
    play(s, Discard(in_hand(s, 1, "3C")[0]))
    assert legal_actions(s) == [DrawStock()]
    # A, turn 2: draws KC 9D; the seventh king makes a natural canasta; discards QC.
    play(s, DrawStock())
    events = play(s, AddToMeld(meld_of(s, 0, "KS KS KD KD KC KH").id, in_hand(s, 0, "KC")))
    assert events[-1] == ev.CanastaMade(0, events[0].meld, "natural")
    play(s, Discard(in_hand(s, 0, "QC")[0]))
    # B, turn 2: draws JC 4D; first meld of jacks and aces with a 2 (30 + 60 = 90); discards QS.
    play(s, DrawStock())
    play(s, LayMelds(groups_in_hand(s, 1, "JD JD JC", "AD AC 2H")))
    play(s, Discard(in_hand(s, 1, "QS")[0]))
    # A, turn 3: draws 9C 2D; melds the nines with the 2 and goes out discarding 6C.
    play(s, DrawStock())
    play(s, LayMelds(groups_in_hand(s, 0, "9S 9D 9C 2D")))
    events = play(s, Discard(in_hand(s, 0, "6C")[0]))
    assert names(events) == ["Discarded", "WentOut", "HandEnded"]
    assert events[1] == ev.WentOut(0, False)
    a, b = events[2].scores
    # A: 50 + 70 + 50 melded, escalera 1500 + natural 500, out 100, one red three +100.
    assert a == {"melded": 170, "bonuses": 2000, "going_out": 100, "red_threes": 100, "in_hand": 0, "total": 2370}
    # B: 30 + 60 melded; left 5C 5C 6S 7D 8D 4S 9C TC 5D 8S 4D.
    assert sorted_labels(s.hands[1]) == sorted("5C 5C 6S 7D 8D 4S 9C TC 5D 8S 4D".split())
    assert b == {"melded": 90, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -75, "total": 15}
    assert s.scores == [2370, 15] and s.phase == Phase.DEAL
    # The next hand: B deals no more; the deal passes left, and A's side now needs 90 for its first meld.
    events = play(s, Deal())
    assert events[0].dealer == 0 and s.turn == 1
    assert s.min_meld(0) == 90 and s.min_meld(1) == 50


def test_story_four_players_pile_red_three_and_a_yes():
    """North takes the pile (a red three in it), South completes the queens, North asks, South says yes."""
    s = position(
        4,
        ["JS JC 4D KD KS 8D 9H", "3C 7S 7S 8H 2C", "QS QD 5C 6C", "KH KH 9S 9S 4H"],
        melds=[["5D 6D 7D 8D 9D TD", "QH QS QD QC QH"], ["AH AS AD 2S"]],
        red_threes=["3H", "3D 3D"],
        pile="3H 8C 4S JD",
        stock="6H 6S  JH 3S  TC TS  KC 8S",
        scores=[4000, 3500],
        target=5000,
        turn=0,
    )
    # North: the pile with the jacks; the 3H in it is laid out (no replacement), 8C and 4S join the hand.
    events = play(s, TakePile(in_hand(s, 0, "JS JC")))
    assert names(events) == ["PileTaken", "RedThreeLaid"] and events[1].replacement is None
    assert sorted_labels(s.red_threes[0]) == ["3H", "3H"]
    assert sorted_labels(s.hands[0]) == ["4D", "4S", "8C", "8D", "9H", "KD", "KS"]
    events = play(s, AddToMeld(meld_of(s, 0, "5D 6D 7D 8D 9D TD").id, in_hand(s, 0, "4D")))
    assert events[-1].canasta == "escalera"
    play(s, Discard(in_hand(s, 0, "9H")[0]))
    # East draws 6H 6S, discards 8H.
    play(s, DrawStock())
    play(s, Discard(in_hand(s, 1, "8H")[0]))
    # South draws JH 3S; two queens make a natural canasta; the JH onto the jacks; the 3S thrown.
    play(s, DrawStock())
    events = play(s, AddToMeld(meld_of(s, 0, "QH QS QD QC QH").id, in_hand(s, 2, "QS QD")))
    assert events[-1].canasta == "natural" and s.may_go_out(0)
    play(s, AddToMeld(meld_of(s, 0, "JS JC JD").id, in_hand(s, 2, "JH")))
    assert AskPartner() not in legal_actions(s)  # 5C 6C 3S: South cannot go out
    play(s, Discard(in_hand(s, 2, "3S")[0]))
    # West: the black three blocks the pile; draws TC TS, discards 4H.
    assert legal_actions(s) == [DrawStock()]
    play(s, DrawStock())
    play(s, Discard(in_hand(s, 3, "4H")[0]))
    # North draws KC 8S and asks; South says yes; North lays kings and eights and goes out with 4S.
    play(s, DrawStock())
    play(s, AskPartner())
    assert s.to_act == 2
    play(s, Answer(True))
    assert not any(isinstance(a, Discard) for a in legal_actions(s))
    play(s, LayMelds(groups_in_hand(s, 0, "KD KS KC", "8D 8C 8S")))
    events = play(s, Discard(in_hand(s, 0, "4S")[0]))
    assert names(events) == ["Discarded", "WentOut", "HandEnded", "GameEnded"]
    north, east = events[2].scores
    # North-South: 50 + 70 + 40 + 30 + 30; escalera and natural; out; two red threes; South holds 5C 6C.
    assert north == {"melded": 220, "bonuses": 2000, "going_out": 100, "red_threes": 200, "in_hand": -10,
                     "total": 2510}
    # East-West: aces and a 2; two red threes against (no canasta); East 3C 7S 7S 2C 6H 6S, West KH KH 9S 9S TC TS.
    assert east == {"melded": 80, "bonuses": 0, "going_out": 0, "red_threes": -200, "in_hand": -200, "total": -320}
    assert events[3] == ev.GameEnded(0, (6510, 3180), "target")
    assert s.phase == Phase.GAME_OVER


def test_story_three_players_concealed_going_out_over_the_90_minimum():
    s = position(
        3,
        ["7C 8C 9C TC JC QC AS AS AD AH AC AD 2H", "3C 3S KH", "9H 9H JK"],
        melds=[[], ["5H 5S 5D"], []],
        red_threes=["", "3D", "3H 3H 3D 3D 3H"],
        stock="KC 4D",
        scores=[1600, 200, -300],
        target=2500,
    )
    assert s.min_meld(0) == 90
    play(s, DrawStock())
    # 65 for the run to the king, 140 for six aces and a 2: over 90; the 4D is the discard.
    events = play(s, LayMelds(groups_in_hand(s, 0, "7C 8C 9C TC JC QC KC", "AS AS AD AH AC AD 2H")))
    assert [e.canasta for e in events if isinstance(e, ev.CanastaMade)] == ["escalera", "mixed"]
    events = play(s, Discard(in_hand(s, 0, "4D")[0]))
    assert events[1] == ev.WentOut(0, True)
    scores = events[2].scores
    assert scores[0] == {"melded": 205, "bonuses": 1800, "going_out": 200, "red_threes": 0, "in_hand": 0,
                         "total": 2205}
    assert scores[1] == {"melded": 15, "bonuses": 0, "going_out": 0, "red_threes": -100, "in_hand": -210,
                         "total": -295}
    assert scores[2] == {"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": -500, "in_hand": -70,
                         "total": -570}
    assert events[3] == ev.GameEnded(0, (3805, -95, -870), "target")


def test_story_the_stock_runs_out_and_the_next_hand_starts_with_new_minimums():
    s = position(
        2,
        ["KH KS 4C 4D", "QS QD 5C 7C"],
        melds=[["JH JS JD JC JH JS JD"], []],
        red_threes=["3H", ""],
        stock="9S",
        stock_size=1,
        scores=[1480, 0],
        target=2500,
    )
    dealer = s.dealer
    play(s, DrawStock())  # the last card
    assert s.stock == [] and s.phase == Phase.MELD
    play(s, Discard(in_hand(s, 0, "9S")[0]))
    # The other player must draw: no nine pair for the pile, no run for the top card, the stock is empty.
    assert legal_actions(s) == [DrawStock()]
    events = play(s, DrawStock())
    assert names(events) == ["StockExhausted", "HandEnded"]
    mine, theirs = events[1].scores
    # 70 melded and a natural canasta, but no escalera: the red three counts against; KH KS 4C 4D in hand.
    assert mine == {"melded": 70, "bonuses": 500, "going_out": 0, "red_threes": -100, "in_hand": -30, "total": 440}
    assert theirs == {"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -30, "total": -30}
    assert s.scores == [1920, -30]
    events = play(s, Deal())
    assert events[0].dealer == (dealer + 1) % 2 and s.hand_no == 2
    assert s.min_meld(0) == 90 and s.min_meld(1) == 15
