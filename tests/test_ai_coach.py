"""The coach: Expert's move for the seat and a reason a player can read, in every language."""

from __future__ import annotations

import random

import pytest

from game.ai.adviser import advise
from game.ai.coach import reason_for
from game.i18n import set_language
from game.rules import Phase, view_of
from game.rules.actions import AddToMeld, Answer, Discard, DrawStock, LayMelds, TakePile, TakeTop
from game.rules.position import changed
from tests.ai_positions import spot
from tests.helpers import in_hand


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")



def test_the_suggestion_is_legal_and_comes_with_a_reason():
    s = spot(4, {0: "9C 9D 4S 6D KC QS 7C"}, pile="JH 4C 9S", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KD KS KH"]])
    hint = advise(view_of(s, 0), rng=random.Random(1)).hint
    action, why = hint.move, hint.reason
    assert s.is_legal(action)
    assert isinstance(action, TakePile)
    assert why.startswith("Take the pile: 3 cards")


def test_a_pile_holding_the_run_card_feeds_the_escalera():
    s = spot(4, {0: "9C 9D 4S 6D KC QS 7C"}, pile="JH 4C 9S", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KD KS KH"]])
    pair = tuple(c for c in s.hands[0] if c % 13 + 2 == 9)
    assert reason_for(view_of(s, 0), TakePile(pair)) == "Take the pile: 3 cards, and it feeds your escalera."


def test_the_first_meld_by_the_pile_is_named():
    s = spot(4, {0: "AC AD 4S 6H JD 9C QS 5D 7H"}, pile="5H 9D 2C TC 8D KH 6S AS", phase=Phase.DRAW)
    pair = tuple(c for c in s.hands[0] if c % 13 + 2 == 14)
    assert reason_for(view_of(s, 0), TakePile(pair)) == "Take the pile: 8 cards, and it makes your first meld."


def test_top_card_completing_an_escalera():
    s = spot(4, {0: "4C 9S KD QC 5D 7S AC"}, pile="4C 9D JH", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KC KS KH"]])
    run = next(m for m in s.melds[0])
    assert reason_for(view_of(s, 0), TakeTop(run.id)) == "Take the top card: it completes your escalera."


def test_a_black_three_discard_says_why():
    s = spot(4, {0: "3C 8D 8S 9H JC 5D QD"}, pile="7S 4D", melds=[["6H 7H 8H"], []])
    three = next(c for c in s.hands[0] if c % 13 + 2 == 3)
    assert "black three" in reason_for(view_of(s, 0), Discard(three))


def test_stock_draw_without_a_pair():
    s = spot(4, {0: "4C 9S KD QC 5D 7S AC"}, pile="4C 9D 8H", phase=Phase.DRAW, melds=[["5S 6S 7S"], []])
    assert reason_for(view_of(s, 0), DrawStock()) == "Draw from the stock: you hold no natural pair of the top card."


def test_stock_draw_over_a_takeable_pile_names_what_the_pile_holds():
    # Seen at the table: "the pile is not worth what it costs you now" over a three-card pile with a black
    # three in it, the player holding a pair of kings. The reason says what the pile holds.
    s = spot(4, {0: "KC KD 9S QC 5D 7S AC"}, pile="8H 3C KS", phase=Phase.DRAW, melds=[["5S 6S 7S"], []])
    assert reason_for(view_of(s, 0), DrawStock()) == (
        "Draw from the stock: the pile is 3 cards with a black three in it, which costs 100 if it stays in "
        "your hand.")
    s = spot(4, {0: "KC KD 9S QC 5D 7S AC"}, pile="8H 4C KS", phase=Phase.DRAW, melds=[["5S 6S 7S"], []])
    assert reason_for(view_of(s, 0), DrawStock()) == (
        "Draw from the stock: the pile is 3 cards; your pair of kings is worth keeping for a bigger one.")
    s = spot(4, {0: "KC QD 9S QC 5D 7S AC"}, pile="8H 4C 8S", phase=Phase.DRAW, melds=[["5S 6S 7S"], []])
    assert reason_for(view_of(s, 0), DrawStock()) == (
        "Draw from the stock: the top card onto your run gives up the two cards of the stock for one.")


def test_a_new_run_is_started_and_a_run_grown_is_built():
    # Seen at the table: "Build your run" for Q-K-A of diamonds laid as a new run beside the side's hearts.
    s = spot(4, {0: "QD KD AD 9S 5C 7S 8C"}, pile="4C", phase=Phase.MELD,
             melds=[["5H 6H 7H 8H 9H"], []])
    start = LayMelds((in_hand(s, 0, "QD KD AD"),))
    assert reason_for(view_of(s, 0), start) == "Start a run: seven cards make an escalera, worth 1,500."
    s = spot(4, {0: "4H QD KD 9S 5C 7S 8C"}, pile="4C", phase=Phase.MELD,
             melds=[["5H 6H 7H 8H 9H"], []])
    grow = AddToMeld(s.melds[0][0].id, in_hand(s, 0, "4H"))
    assert reason_for(view_of(s, 0), grow) == "Build your run: seven cards make an escalera, worth 1,500."


def test_the_reason_names_the_meld_its_cards_and_the_points():
    # Seen at the table: "Build your melds toward a canasta" for 4♦ 4♥ onto the fours, "Build your wild meld"
    # for three 2s laid new, and a first meld that did not say what it came to.
    s = spot(2, {0: "4D 4H 9S 5C 7S 8C QD KD JH"}, pile="4C", phase=Phase.MELD, melds=[["4S 4H 4D JK"], []])
    fours = s.melds[0][0].id
    assert reason_for(view_of(s, 0), AddToMeld(fours, in_hand(s, 0, "4D 4H"))) == (
        "Add 4♦ 4♥ to your fours: 6 of the 7 cards a canasta needs.")
    s = spot(2, {0: "JC JD JH 9S 5C 7S 8C QD KD"}, pile="4C", phase=Phase.MELD, melds=[["4S 4H 4D JK"], []])
    assert reason_for(view_of(s, 0), LayMelds((in_hand(s, 0, "JC JD JH"),))) == (
        "Meld your jacks: 3 of the 7 cards a canasta needs.")
    s = spot(2, {0: "6D 9S 5C 7S 8C QD KD"}, pile="4C", phase=Phase.MELD,
             melds=[["6S 6S 6D 6H 6H 6H 6C"], []])
    assert reason_for(view_of(s, 0), AddToMeld(s.melds[0][0].id, in_hand(s, 0, "6D"))) == (
        "Add 6♦ to your canastas: on the table they count for you, in your hand against you.")
    s = spot(2, {0: "2D 2D 2H 9S 5C 7S 8C QD KD"}, pile="4C", phase=Phase.MELD, melds=[["4S 4H 4D JK"], []])
    assert reason_for(view_of(s, 0), LayMelds((in_hand(s, 0, "2D 2D 2H"),))) == (
        "Start a wild meld: seven wild cards make a bolivia, worth 2,500.")
    s = spot(2, {0: "4H 4S JK 9S 5C 7S 8C QD KD"}, pile="4C", phase=Phase.MELD)
    assert reason_for(view_of(s, 0), LayMelds((in_hand(s, 0, "4H 4S JK"),))) == (
        "Lay your first meld: 60 points reach the 50 you need.")


def test_a_pile_taken_with_five_jacks_names_the_jacks_not_a_run():
    # Played: "Take the pile: 13 cards, and it starts your escalera" when five jacks took a jack.
    s = spot(2, {0: "JC JC JD JD JH 5D 5S QS KC KC"}, pile="4H 9C 8S 6D 7D 4S 5H 9H TD 6H 6D 7S JS",
             phase=Phase.DRAW, melds=[["8C 9C TC JC"], []])
    take = TakePile(in_hand(s, 0, "JC JC JD JD JH"))
    assert reason_for(view_of(s, 0), take) == (
        "Take the pile: 13 cards, and your jacks come to 6 of the 7 cards a canasta needs.")


def test_answer_no_names_the_points_at_stake():
    s = spot(4, {0: "KC KD KH 5D", 2: "3C 3S JK JK 9D"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[["4S 5S 6S 7S 8S 9S TS", "9C 9C 9D 9D 9H 9H 9S", "QH QD QS"], ["AC AD AH"]])
    assert reason_for(view_of(s, 2), Answer(False)) == "Say no: your hand still holds 310 points your side would lose."


@pytest.mark.parametrize("lang,start", [("fr", "Prenez la défausse : 3 cartes"), ("sv", "Ta kasthögen: 3 kort")])
def test_reasons_are_translated(lang, start):
    s = spot(4, {0: "9C 9D 4S 6D KC QS 7C"}, pile="JH 4C 9S", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KD KS KH"]])
    pair = tuple(c for c in s.hands[0] if c % 13 + 2 == 9)
    set_language(lang)
    assert reason_for(view_of(s, 0), TakePile(pair)).startswith(start)


# ----- Samba: no escalera, its run of seven is a samba ------------------------------------------------

def _samba_reasons() -> list[str]:
    """Every reason that names a run's canasta, in a Samba position."""
    from game.ai.coach import risk_text
    from game.ai.risk import discard_risk
    from game.rules.actions import AddToMeld
    from game.rules.ruleset import SAMBA
    from tests.helpers import in_hand

    s = spot(2, {0: "TH 5C 5D 9S KS 4D", 1: "TC 4C 8D QS"}, pile="8C 7H", phase=Phase.DRAW, rules=SAMBA,
             melds=[["4H 5H 6H 7H 8H 9H"], ["4C 5C 6C 7C 8C 9C"]])
    view = view_of(s, 0)
    top = s.melds[0][0].id
    out = [reason_for(view, TakeTop(top))]
    s = changed(s, phase=Phase.MELD)
    view = view_of(s, 0)
    out.append(reason_for(view, AddToMeld(top, in_hand(s, 0, "TH"))))
    s2 = spot(2, {0: "TC 5S 9S KS 7D JD"}, pile="8D", phase=Phase.MELD, rules=SAMBA,
              melds=[["4D 5D 6D"], ["4C 5C 6C 7C 8C 9C"]])
    v2 = view_of(s2, 0)
    ten = in_hand(s2, 0, "TC")[0]
    out.append(risk_text(discard_risk(v2, ten), ["You", "North"], None, v2.rules))
    out.append(reason_for(v2, AddToMeld(s2.melds[0][0].id, in_hand(s2, 0, "7D"))))
    # Going out: Samba asks two canastas of any kind, not an escalera and another.
    s3 = spot(2, {0: "QC QD QS"}, pile="8D", phase=Phase.MELD, rules=SAMBA,
              melds=[["4D 5D 6D 7D 8D 9D TD", "KC KC KD KD KH KH KS"], []])
    out.append(reason_for(view_of(s3, 0), LayMelds((in_hand(s3, 0, "QC QD QS"),))))
    return out


def test_samba_reasons_name_the_samba_never_an_escalera():
    got = _samba_reasons()
    assert got[0] == "Take the top card: it completes your samba."
    assert got[1] == "Meld now: it completes a samba."
    assert "into a samba (1,500)" in got[2]
    assert got[3] == "Build your run: seven cards make a samba, worth 1,500."
    assert got[4] == "Go out: your side has 2 canastas."
    assert not any("escalera" in text.lower() for text in got)


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_samba_reasons_say_samba_in_french_and_swedish(lang):
    set_language(lang)
    got = _samba_reasons()
    assert all("samba" in text for text in got[:4]) and not any("escalera" in text.lower() for text in got)
