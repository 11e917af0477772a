"""Cards, their values, and what makes a meld, a canasta and a bonus (docs/RULES.md: card values, melds, canastas)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules import BOLIVIA, AddToMeld, Combine, IllegalAction, LayMelds, Phase
from game.rules.cards import (
    BLACK_THREE,
    FACE,
    NATURAL,
    RED_THREE,
    WILD,
    deck_ids,
    ids_for_faces,
    label,
    parse_face,
    penalty,
    value,
)
from game.rules.melds import (
    BLACK_THREES,
    RANK_MELD,
    RUN,
    WILD_MELD,
    Meld,
    canasta_bonus,
    canasta_of,
    classify,
    extends_run,
    meld_points,
    side_may_go_out,
)
from tests.helpers import faces, in_hand, meld_of, position


def cards(text: str) -> list[int]:
    return ids_for_faces(faces(text))


def reason(text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        classify(cards(text), BOLIVIA)
    return str(err.value)


# ----- the deck ------------------------------------------------------------------------------------

def test_the_deck_is_three_packs_and_six_jokers():
    deck = deck_ids(BOLIVIA.packs, BOLIVIA.jokers)
    assert len(deck) == BOLIVIA.deck_size == 162
    assert len(set(deck)) == 162
    by_face = Counter(FACE[c] for c in deck)
    assert by_face[parse_face("JK")] == 6
    assert all(n == 3 for f, n in by_face.items() if f != parse_face("JK"))
    assert len(by_face) == 53  # 52 faces of a pack and the joker
    assert sum(WILD[c] for c in deck) == 18  # twelve 2s and six jokers
    assert sum(RED_THREE[c] for c in deck) == 6
    assert sum(BLACK_THREE[c] for c in deck) == 6
    assert sum(NATURAL[c] for c in deck) == 162 - 18 - 12  # 4 to ace


def test_threes_are_neither_natural_nor_wild():
    for text in ("3C", "3S", "3H", "3D"):
        (c,) = cards(text)
        assert not NATURAL[c] and not WILD[c]
    assert [RED_THREE[c] for c in cards("3H 3D 3C 3S")] == [True, True, False, False]


@pytest.mark.parametrize("text, points", [
    ("JK", 50), ("2C", 20), ("2H", 20), ("AS", 20), ("KD", 10), ("QH", 10), ("JC", 10), ("TS", 10), ("9D", 10),
    ("8H", 10), ("7C", 5), ("6S", 5), ("5D", 5), ("4H", 5), ("3C", 5), ("3S", 5),
])
def test_point_values(text, points):
    (c,) = cards(text)
    assert value(c) == points
    assert penalty(c) == (100 if text in ("3C", "3S") else points)


def test_black_three_costs_100_in_hand_but_counts_5_melded():
    threes = cards("3C 3S 3C")
    assert [penalty(c) for c in threes] == [100, 100, 100]
    assert meld_points(threes) == 15


def test_parse_face_accepts_10_and_any_case_and_refuses_unknown_cards():
    assert parse_face("10h") == parse_face("TH") == parse_face(" th ")
    assert parse_face("jk") == parse_face("Joker")
    for bad in ("1H", "KX", "K", "", "11S", "JKR"):
        with pytest.raises(ValueError, match="unknown card"):
            parse_face(bad)


def test_a_face_has_three_copies_and_the_joker_six():
    assert len(cards("KH KH KH")) == 3
    with pytest.raises(ValueError, match="more than 3 copies of KH"):
        cards("KH KH KH KH")
    assert len(cards("JK " * 6)) == 6
    with pytest.raises(ValueError, match="more than 6 copies of JK"):
        cards("JK " * 7)


def test_labels_round_trip():
    for c in deck_ids(3, 6):
        assert parse_face(label(c)) == FACE[c]


# ----- rank melds ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "KH KS KD", "4C 4C 4C", "AH AS 2C", "KH KS JK", "KH KS KD KC 2C 2D", "KH KS KD KC JK JK",
    "KH KS KD KC KH KS KD KC KH", "QH QS QD QC QH QS QD 2C 2D JK"[:-3],
])
def test_valid_rank_melds(text):
    shape = classify(cards(text), BOLIVIA)
    assert shape.kind == RANK_MELD
    assert shape.key == faces(text)[0] % 16


def test_rank_meld_may_grow_past_seven():
    shape = classify(cards("KH KS KD KC KH KS KD KC KH KS KD KC 2C 2D"), BOLIVIA)
    assert shape.kind == RANK_MELD


def test_a_mixed_meld_needs_twice_as_many_naturals_as_wild_cards():
    assert reason("KH 2C JK") == (
        "A meld needs at least twice as many natural cards as wild cards; "
        "these are 1 natural card and 2 wild cards.")
    assert reason("KH KS 2C JK") == (
        "A meld needs at least twice as many natural cards as wild cards; these are 2 natural cards and 2 wild cards.")
    assert reason("KH KS KD 2C JK") == (
        "A meld needs at least twice as many natural cards as wild cards; these are 3 natural cards and 2 wild cards.")
    assert classify(cards("KH KS KD KC 2C JK"), BOLIVIA).kind == RANK_MELD


def test_a_rank_meld_never_holds_a_third_wild_card():
    assert reason("KH KS KD KC KH KS 2C 2D JK") == "A meld of one rank may hold at most two wild cards."


def test_a_meld_needs_three_cards():
    assert reason("KH KS") == "A meld needs at least three cards."
    assert reason("2C JK") == "A meld needs at least three cards."


def test_mixed_ranks_with_a_wild_card_are_no_meld():
    assert reason("KH QH 2C") == "A run takes no wild cards, and a meld of one rank can't mix ranks."


# ----- runs ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["4H 5H 6H", "QS KS AS", "9D TD JD QD KD AD", "4C 5C 6C 7C 8C 9C TC",
                                  "8D 9D TD JD QD KD AD", "JH 9H TH"])
def test_valid_runs(text):
    shape = classify(cards(text), BOLIVIA)
    assert shape == type(shape)(RUN, faces(text)[0] // 16)


@pytest.mark.parametrize("text, why", [
    ("KH AH 4H", "A run must be in unbroken order, like 5 6 7."),  # no wrap round the ace
    ("4H 5H 7H", "A run must be in unbroken order, like 5 6 7."),
    ("5H 5H 6H 7H", "A run can't hold the same rank twice."),
    ("4H 5S 6H", "A run is all one suit, and a meld of one rank is all one rank."),
    ("4H 5H 2H", "A run takes no wild cards, and a meld of one rank can't mix ranks."),
    ("4H 5H JK", "A run takes no wild cards, and a meld of one rank can't mix ranks."),
    ("3C 4C 5C", "Black threes can only be melded together, with no other cards."),
    ("3H 4H 5H", "Red threes are never melded: they are laid out on their own."),
    ("4S 5S 6S 7S 8S 9S TS JS", "A run holds at most seven cards."),
])
def test_invalid_runs(text, why):
    assert reason(text) == why


def test_a_run_with_two_and_three_is_no_run():
    # 2 3 4 is not a run: the 2 is wild and the three is special.
    assert reason("2H 3H 4H") == "Red threes are never melded: they are laid out on their own."
    assert reason("2C 3C 4C") == "Black threes can only be melded together, with no other cards."


def test_extends_run_at_either_end_only_below_seven_cards():
    run = Meld(1, RUN, 2, tuple(cards("5H 6H 7H 8H 9H")))  # hearts
    (h4, h10, s4, h3, h2, h5) = cards("4H TH 4S 3H 2H 5H")
    assert extends_run(run, h4, BOLIVIA) and extends_run(run, h10, BOLIVIA)
    assert not extends_run(run, s4, BOLIVIA)  # other suit
    assert not extends_run(run, h3, BOLIVIA) and not extends_run(run, h2, BOLIVIA)
    assert not extends_run(run, h5, BOLIVIA)  # a rank already there
    top = Meld(2, RUN, 0, tuple(cards("QC KC AC")))
    assert not any(extends_run(top, c, BOLIVIA) for c in cards("2C 3C 4C"))  # nothing above the ace
    assert extends_run(top, cards("JC")[0], BOLIVIA)
    full = Meld(3, RUN, 2, tuple(cards("5H 6H 7H 8H 9H TH JH")))
    assert not extends_run(full, cards("4H")[0], BOLIVIA)
    assert not extends_run(full, cards("QH")[0], BOLIVIA)


# ----- wild melds and black threes -----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["2C 2D JK", "JK JK JK", "2C 2D 2H 2S 2C 2D 2H", "JK JK JK 2S 2C 2D 2H"])
def test_wild_melds_of_three_to_seven(text):
    assert classify(cards(text), BOLIVIA).kind == WILD_MELD


def test_a_wild_meld_never_passes_seven():
    assert reason("JK JK JK 2S 2C 2D 2H 2H") == "A meld of wild cards holds at most seven cards."


def test_black_threes_meld_only_on_their_own():
    assert classify(cards("3C 3S 3C"), BOLIVIA).kind == BLACK_THREES
    assert classify(cards("3C 3S 3C 3S 3C 3S"), BOLIVIA).kind == BLACK_THREES
    assert reason("3C 3S 2C") == "Black threes can only be melded together, with no other cards."
    assert reason("3C 3S JK") == "Black threes can only be melded together, with no other cards."
    assert reason("3C 3S") == "A meld needs at least three cards."


def test_red_threes_are_never_melded():
    assert reason("3H 3D 3H") == "Red threes are never melded: they are laid out on their own."
    assert reason("KH KS 3D") == "Red threes are never melded: they are laid out on their own."


# ----- canastas and bonuses --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, canasta, bonus, points", [
    ("KH KS KD KC KH KS KD", "natural", 500, 70),
    ("KH KS KD KC KH KS KD KC", "natural", 500, 80),
    ("KH KS KD KC KH KS 2C", "mixed", 300, 80),
    ("KH KS KD KC KH 2C JK", "mixed", 300, 120),
    ("4C 5C 6C 7C 8C 9C TC", "escalera", 1500, 50),
    ("8D 9D TD JD QD KD AD", "escalera", 1500, 80),
    ("2C 2D 2H 2S 2C 2D 2H", "bolivia", 2500, 140),
    ("JK JK JK JK JK JK 2C", "bolivia", 2500, 320),
    ("KH KS KD KC KH KS", None, 0, 60),
    ("KH KS KD KC KH 2C", None, 0, 70),
    ("4C 5C 6C 7C 8C 9C", None, 0, 40),
    ("JK JK JK JK JK JK", None, 0, 300),
    ("3C 3S 3C 3S 3C 3S", None, 0, 30),
])
def test_canastas_bonuses_and_points(text, canasta, bonus, points):
    cs = cards(text)
    shape = classify(cs, BOLIVIA)
    assert canasta_of(shape.kind, cs, BOLIVIA) == canasta
    assert canasta_bonus(canasta, BOLIVIA) == bonus
    assert meld_points(cs) == points


def test_what_a_side_needs_to_go_out():
    assert side_may_go_out(["escalera", "natural"], BOLIVIA)
    assert side_may_go_out(["escalera", "mixed"], BOLIVIA)
    assert side_may_go_out(["escalera", "bolivia"], BOLIVIA)
    assert side_may_go_out(["escalera", "escalera"], BOLIVIA)
    assert side_may_go_out([None, "escalera", None, "mixed"], BOLIVIA)
    assert not side_may_go_out(["escalera"], BOLIVIA)
    assert not side_may_go_out(["natural", "mixed", "bolivia", "natural"], BOLIVIA)
    assert not side_may_go_out([], BOLIVIA)


# ----- melds on the table: adding and combining ---------------------------------------------------------------

def _meld_turn(hand: str, side_melds: list[str]):
    s = position(2, [hand, "4D 4D 5D 5D"], melds=[side_melds], phase=Phase.MELD, turn=0)
    return s


def test_a_run_never_grows_past_seven_in_play():
    s = _meld_turn("JH 4S 9C KD", ["4H 5H 6H 7H 8H 9H TH"])
    run = meld_of(s, 0, "4H 5H 6H 7H 8H 9H TH")
    with pytest.raises(IllegalAction) as err:
        s.apply(AddToMeld(run.id, in_hand(s, 0, "JH")))
    assert str(err.value) == "These cards don't fit on that meld: a run holds at most seven cards."


def test_a_card_of_another_suit_on_a_run_reads_as_one_sentence():
    # The meld's refusal wraps the shape's reason; the reason must not open with a second verdict.
    s = _meld_turn("4S 9C KD JH", ["4H 5H 6H"])
    run = meld_of(s, 0, "4H 5H 6H")
    with pytest.raises(IllegalAction) as err:
        s.apply(AddToMeld(run.id, in_hand(s, 0, "4S")))
    assert str(err.value) == (
        "These cards don't fit on that meld: a run is all one suit, and a meld of one rank is all one rank.")


def test_a_wild_meld_never_grows_past_seven_in_play():
    s = _meld_turn("JK 4S 9C KD", ["2C 2D 2H 2S 2C 2D 2H"])
    wild = meld_of(s, 0, "2C 2D 2H 2S 2C 2D 2H")
    with pytest.raises(IllegalAction, match="at most seven cards"):
        s.apply(AddToMeld(wild.id, in_hand(s, 0, "JK")))


def test_a_rank_meld_grows_past_seven_in_play_and_stays_a_canasta():
    s = _meld_turn("KH KS 4S 9C", ["KH KS KD KC KH KS KD"])
    m = meld_of(s, 0, "KH KS KD KC KH KS KD")
    events = s.apply(AddToMeld(m.id, in_hand(s, 0, "KH")))
    assert [type(e).__name__ for e in events] == ["AddedToMeld"]  # no second CanastaMade
    assert s.find_meld(0, m.id).size == 8
    assert s.find_meld(0, m.id).canasta(BOLIVIA) == "natural"


def test_a_wild_card_added_turns_a_natural_canasta_mixed():
    s = _meld_turn("2C 4S 9C KD", ["QH QS QD QC QH QS QD"])
    m = meld_of(s, 0, "QH QS QD QC QH QS QD")
    s.apply(AddToMeld(m.id, in_hand(s, 0, "2C")))
    assert s.find_meld(0, m.id).canasta(BOLIVIA) == "mixed"


def test_a_third_wild_card_is_refused_on_a_big_meld():
    s = _meld_turn("JK 4S 9C KD", ["QH QS QD QC QH QS QD 2C 2D"])
    m = meld_of(s, 0, "QH QS QD QC QH QS QD 2C 2D")
    with pytest.raises(IllegalAction) as err:
        s.apply(AddToMeld(m.id, in_hand(s, 0, "JK")))
    assert str(err.value) == "These cards don't fit on that meld: a meld of one rank may hold at most two wild cards."


def test_a_card_of_another_kind_does_not_go_on_a_meld():
    s = _meld_turn("QH 4S 9C KD", ["2C 2D JK", "KH KS KD"])
    wild = meld_of(s, 0, "2C 2D JK")
    with pytest.raises(IllegalAction, match="don't fit on that meld"):
        s.apply(AddToMeld(wild.id, in_hand(s, 0, "QH")))
    kings = meld_of(s, 0, "KH KS KD")
    with pytest.raises(IllegalAction, match="don't fit on that meld"):
        s.apply(AddToMeld(kings.id, in_hand(s, 0, "QH")))


def test_combining_two_melds_of_a_rank():
    s = _meld_turn("4S 9C KD 5C", ["KH KS KD KC", "KH KS 2C", "4H 5H 6H"])
    a, b = meld_of(s, 0, "KH KS KD KC"), meld_of(s, 0, "KH KS 2C")
    events = s.apply(Combine(b.id, a.id))
    assert [type(e).__name__ for e in events] == ["MeldsCombined", "CanastaMade"]
    assert events[1].canasta == "mixed"
    assert sorted(m.size for m in s.melds[0]) == [3, 7]
    assert s.find_meld(0, a.id).canasta(BOLIVIA) == "mixed"
    assert not s.check()


def test_combining_refuses_a_third_wild_card_and_runs():
    s = _meld_turn("4S 9C KD 5C", ["KH KS KD KC 2C 2D", "KH KS JK", "4H 5H 6H", "7H 8H 9H"])
    a, b = meld_of(s, 0, "KH KS KD KC 2C 2D"), meld_of(s, 0, "KH KS JK")
    with pytest.raises(IllegalAction, match="at most two wild cards"):
        s.apply(Combine(b.id, a.id))
    r1, r2 = meld_of(s, 0, "4H 5H 6H"), meld_of(s, 0, "7H 8H 9H")
    with pytest.raises(IllegalAction) as err:
        s.apply(Combine(r1.id, r2.id))  # two runs are never joined
    assert str(err.value) == "Only two melds of the same rank can be combined."
    with pytest.raises(IllegalAction, match="two different melds"):
        s.apply(Combine(a.id, a.id))


def test_a_side_may_hold_several_melds_of_a_rank_and_several_runs_of_a_suit():
    s = position(2, ["KH KS KD 4H 5H 6H 9H TH JH 8C 7S", "4D 4D 5D 5D"], melds=[["KC KC KD", "QS KS AS"]],
                 phase=Phase.MELD, turn=0)
    s.apply(LayMelds((in_hand(s, 0, "KH KS KD"), in_hand(s, 0, "4H 5H 6H"), in_hand(s, 0, "9H TH JH"))))
    assert sorted(m.kind for m in s.melds[0]) == ["rank", "rank", "run", "run", "run"]
    assert not s.check()
