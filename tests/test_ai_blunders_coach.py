"""The blunder suite's coach positions: each failure issue "one coach the player can trust" saw at the table,
built again (and a few of its neighbours), asserting what the one adviser (game/ai/adviser.py) now says
and hints. The suite's other positions (tests/test_ai_blunders.py) judge the computer players' moves.

Seat 0 is the player ("You"); seat 1 plays next, so it is the opponent a discard of seat 0 feeds. At
four players seats 0 and 2 are partners.
"""

from __future__ import annotations

import pytest

from game.ai.risk import ESCALERA_RUN, KNOWN_PAIR, RUN_END, TOOK_BEFORE, UNFROZEN, discard_risk
from game.i18n import set_language
from game.rules.actions import Answer, AskPartner, Discard
from game.rules.cards import BLACK_THREE, FACE, NATURAL, RANK, WILD, label
from game.rules.names import card_name
from game.rules.position import changed
from game.rules.ruleset import STANDARD
from game.rules.state import Phase
from game.rules.view import view_of
from tests.ai_positions import advice_of, card_of, spot

TWO = ["You", "North"]
FOUR = ["You", "West", "North", "East"]
# 24 cards with no six, queen, king or ace: with the discard the pile holds 25, as in the issue.
PILE_24 = "4C 4D 5C 5D 7C 7D 8C 8D 9C 9D TC TD JC JD 4S 5S 7S 8S 9S TS 4H 5H 7H 8H"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def hinted_discard(advice) -> int:
    move = advice.hint.move
    assert isinstance(move, Discard), advice.hint
    return move.card


def assert_agree(advice) -> None:
    """The contract between the hint and the warnings: the hint's card is never questioned, and a warning
    that names a safer card names the hint's."""
    card = hinted_discard(advice)
    assert not advice.asks(card)
    for text in advice.discard_risks.values():
        if text is not None and "is a safer discard" in text:
            assert text.endswith(f"{card_name(card)} is a safer discard."), text


# ----- "Discard K♣", then "North may hold kings, 5♥ is safer", and "Discard K♣" again after Keep it --------


def _kings_taken():
    s = spot(2, {0: "KC 5H 7S 9D JD 4C QS"}, counts={1: 9}, pile="8C 6D TH", melds=[[], ["KS KD KH"]])
    return changed(s, pile_takes=[(1, 13)])


def test_k_clubs_the_king_north_took_the_pile_on_is_warned_and_never_the_hint():
    s = _kings_taken()
    view = view_of(s, 0)
    assert discard_risk(view, card_of(s, 0, "KC")).kind == TOOK_BEFORE
    advice = advice_of(s, TWO)
    assert RANK[hinted_discard(advice)] != 13
    assert "North took the pile on kings earlier in this hand" in advice.warning(card_of(s, 0, "KC"))
    assert_agree(advice)


def test_k_clubs_after_keep_it_the_hint_is_the_safer_card_the_warning_named():
    s = _kings_taken()
    first = advice_of(s, TWO)
    safer = hinted_discard(first)
    assert first.warning(card_of(s, 0, "KC")).endswith(f"{card_name(safer)} is a safer discard.")
    again = advice_of(s, TWO, seed=3)  # "Keep it": worked out again, from the same view
    assert FACE[hinted_discard(again)] == FACE[safer]


def test_k_clubs_at_four_players_the_warning_names_the_next_opponent():
    s = spot(4, {0: "KC 5H 7S 9D JD 4C QS"}, counts={1: 9, 2: 9, 3: 9}, pile="8C 6D TH",
             melds=[[], ["KS KD KH"]])
    s = changed(s, pile_takes=[(1, 13)])
    advice = advice_of(s, FOUR)
    assert "West took the pile on kings" in advice.warning(card_of(s, 0, "KC"))
    assert RANK[hinted_discard(advice)] != 13
    assert_agree(advice)


# ----- "Discard 6♥" onto a 25-card pile North took on sixes; the queen instead; North had the queens -------


def _sixes_and_queens():
    s = spot(2, {0: "6H QH 4C KD 9H AH JH"}, counts={1: 8}, known={1: "QS QD"}, pile=PILE_24,
             melds=[[], ["6C 6D 6S"]])
    return changed(s, pile_takes=[(1, 6)])


def test_six_hearts_onto_the_pile_north_took_on_sixes_is_warned_with_its_25_cards():
    s = _sixes_and_queens()
    view = view_of(s, 0)
    assert len(view.pile) == 24
    assert discard_risk(view, card_of(s, 0, "6H")).kind == TOOK_BEFORE
    text = advice_of(s, TWO).warning(card_of(s, 0, "6H"))
    assert "North took the pile on sixes" in text and "(25 cards)" in text


def test_six_hearts_the_queen_of_a_pair_north_picked_up_is_warned_too():
    s = _sixes_and_queens()
    assert discard_risk(view_of(s, 0), card_of(s, 0, "QH")).kind == KNOWN_PAIR
    text = advice_of(s, TWO).warning(card_of(s, 0, "QH"))
    assert "North picked up a pair of queens" in text and "(25 cards)" in text


def test_six_hearts_the_hint_is_neither_the_six_nor_the_queen_and_neither_is_named_safer():
    s = _sixes_and_queens()
    advice = advice_of(s, TWO)
    assert RANK[hinted_discard(advice)] not in (6, 12)
    assert "6♥ is a safer" not in advice.warning(card_of(s, 0, "QH"))
    assert "Q♥ is a safer" not in advice.warning(card_of(s, 0, "6H"))
    assert_agree(advice)


# ----- no warning for 10♥ onto the opponents' 6–9♥ run (West made an escalera of it) -----------------------


def test_ten_hearts_onto_their_six_to_nine_run_is_warned_and_not_hinted():
    s = spot(2, {0: "TH 4C 5D 7S KD QC JS"}, counts={1: 8}, pile="8C", melds=[[], ["6H 7H 8H 9H"]])
    advice = advice_of(s, TWO)
    assert discard_risk(view_of(s, 0), card_of(s, 0, "TH")).kind == RUN_END
    assert "North's run 6♥ 7♥ 8♥ 9♥" in advice.warning(card_of(s, 0, "TH"))
    assert label(hinted_discard(advice)) != "TH"
    assert_agree(advice)


def test_ten_hearts_at_four_players_onto_the_run_of_the_next_opponent_s_partner():
    # The run is East's (seat 3), West's partner: West (next) takes the top card onto their side's run.
    s = spot(4, {0: "TH 4C 5D 7S KD QC JS"}, counts={1: 8, 2: 8, 3: 8}, pile="8C", melds=[[], ["6H 7H 8H 9H"]])
    advice = advice_of(s, FOUR)
    assert "West's run 6♥ 7♥ 8♥ 9♥" in advice.warning(card_of(s, 0, "TH"))
    assert label(hinted_discard(advice)) != "TH"


def test_five_hearts_below_their_six_to_nine_run_is_warned_as_well():
    s = spot(2, {0: "5H 4C 5D 7S KD QC JS"}, counts={1: 8}, pile="8C", melds=[[], ["6H 7H 8H 9H"]])
    advice = advice_of(s, TWO)
    assert "North's run" in advice.warning(card_of(s, 0, "5H"))
    assert label(hinted_discard(advice)) != "5H"


def test_ten_hearts_that_completes_their_escalera_names_the_1500():
    s = spot(2, {0: "TH 4C 5D 7S KD QC JS"}, counts={1: 8}, pile="8C", melds=[[], ["4H 5H 6H 7H 8H 9H"]])
    assert discard_risk(view_of(s, 0), card_of(s, 0, "TH")).kind == ESCALERA_RUN
    advice = advice_of(s, TWO)
    assert "into an escalera (1,500)" in advice.warning(card_of(s, 0, "TH"))
    assert label(hinted_discard(advice)) != "TH"


# ----- no warning for A♥ onto their J–K♥ run with a 16-card pile ------------------------------------------


def test_ace_hearts_onto_their_jack_to_king_run_with_a_16_card_pile_is_warned():
    s = spot(2, {0: "AH 4C 5D 7S 9D QC 8S"}, counts={1: 8}, pile="4D 5C 6C 7C 8C 9C TC 4S 5S 6S 9S TS 6D 7D 8D",
             melds=[[], ["JH QH KH"]])
    view = view_of(s, 0)
    assert len(view.pile) + 1 == 16
    assert discard_risk(view, card_of(s, 0, "AH")).kind == RUN_END  # short of an escalera, warned all the same
    advice = advice_of(s, TWO)
    assert "North's run J♥ Q♥ K♥" in advice.warning(card_of(s, 0, "AH"))
    assert label(hinted_discard(advice)) != "AH"


# ----- "Discard 6♥: it is the card your hand needs least" handed North an 8-card pile ------------------------


def test_needs_least_is_never_said_of_a_card_north_can_be_known_to_take():
    s = spot(2, {0: "6H 4C 9D JS KD AC 8S"}, counts={1: 8}, known={1: "6C 6D"}, pile="5C 5D 7C 7D 9C TC TD")
    advice = advice_of(s, TWO)
    assert RANK[hinted_discard(advice)] != 6
    # The reason names what the six would have given North, not "the card your hand needs least".
    assert "needs least" not in advice.hint.reason
    assert ": no sign North can take it. " in advice.hint.reason
    assert "North picked up a pair of sixes: with 6♥ on top they can take the pile (8 cards)." in advice.hint.reason
    assert "(8 cards)" in advice.warning(card_of(s, 0, "6H"))


def test_needs_least_gives_way_to_the_dead_rank_north_cannot_hold_a_pair_of():
    # Eleven of Bolivia's twelve jacks in sight (ten on the pile, one in the hand): North cannot hold a pair.
    s = spot(2, {0: "JH 4C 4D 9S 9H KD KC"}, counts={1: 8}, pile="JC JD JH JS JC JD JH JS JC JD 5C 7D")
    advice = advice_of(s, TWO)
    assert label(hinted_discard(advice)) == "JH"
    assert "North cannot hold a pair of jacks, so the pile (13 cards) is safe" in advice.hint.reason


def test_when_the_other_cards_feed_north_the_reason_says_so():
    s = spot(2, {0: "TH 5H 9D"}, counts={1: 8}, pile="8C 4S 7D", melds=[[], ["6H 7H 8H 9H"]])
    advice = advice_of(s, TWO)
    assert label(hinted_discard(advice)) == "9D"
    assert "Discard 9♦: no sign North can take it." in advice.hint.reason
    assert "10♥ completes North's run 6♥ 7♥ 8♥ 9♥" not in advice.hint.reason  # a run of four: not yet seven
    assert "goes onto North's run 6♥ 7♥ 8♥ 9♥: they can take it from the pile." in advice.hint.reason


def test_when_every_card_feeds_north_the_hint_says_the_risk_and_the_table_does_not_ask():
    s = spot(2, {0: "TH 5H"}, counts={1: 8}, pile="8C", melds=[[], ["6H 7H 8H 9H"]])
    advice = advice_of(s, TWO)
    card = hinted_discard(advice)
    assert "every card you hold gives North something" in advice.hint.reason
    assert "North's run 6♥ 7♥ 8♥ 9♥" in advice.hint.reason
    assert not advice.asks(card) and advice.warning(card) is not None  # a caution, not a question
    other = next(c for c in s.hands[0] if c != card)
    assert advice.asks(other)


# ----- Standard: a joker "to block the pile" when North held one card and could not take it --------------


def test_standard_no_joker_to_block_when_north_holds_one_card():
    s = spot(2, {0: "JK 4C 7S 9D KD"}, counts={1: 1}, pile="8C 6C 5D 4H TC JD", melds=[["KS KC KH"], ["QS QD QC"]],
             rules=STANDARD)
    advice = advice_of(s, TWO)
    card = hinted_discard(advice)
    assert not WILD[card]
    assert "block" not in advice.hint.reason and "cannot take" not in advice.hint.reason


def test_standard_no_black_three_block_claimed_when_north_holds_one_card():
    s = spot(2, {0: "3C 4C 7S 9D KD"}, counts={1: 1}, pile="8C 6C", melds=[["KS KC KH"], ["QS QD QC"]],
             rules=STANDARD)
    advice = advice_of(s, TWO)
    assert BLACK_THREE[hinted_discard(advice)]  # it costs 5 in hand; it is discarded as that, not as a block
    assert "cannot take the pile" not in advice.hint.reason and "block" not in advice.hint.reason


def test_standard_at_four_players_no_joker_to_block_a_seat_holding_one_card():
    s = spot(4, {0: "JK 4C 7S 9D KD"}, counts={1: 1, 2: 9, 3: 9}, pile="8C 6C 5D", rules=STANDARD,
             melds=[["KS KC KH"], ["QS QD QC"]])
    advice = advice_of(s, FOUR)
    assert not WILD[hinted_discard(advice)] and "block" not in advice.hint.reason


def test_standard_a_wild_card_is_the_block_when_every_natural_feeds_a_big_pile():
    # West holds a seen pair of every natural rank in the hand, and the pile is big: a wild card stops it.
    s = spot(2, {0: "JK 7S 9D"}, counts={1: 8}, known={1: "7C 7D 9C 9H"}, pile=PILE_24.replace(" 7C 7D", "")
             .replace(" 9C 9D", ""), melds=[["KS KC KH"], ["QS QD QC"]], rules=STANDARD)
    advice = advice_of(s, TWO)
    assert WILD[hinted_discard(advice)]
    assert "it freezes the pile (21 cards), so North needs a natural pair to take it" in advice.hint.reason
    assert advice.asks(card_of(s, 0, "7S")) and advice.asks(card_of(s, 0, "9D"))


def test_standard_an_unfrozen_pile_onto_their_meld_is_warned_not_hinted():
    s = spot(2, {0: "QH 4C 5D 7S 9D KD"}, counts={1: 12}, pile="8C 6C 7D", melds=[["KS KC KH"], ["QS QD QC"]],
             rules=STANDARD)
    view = view_of(s, 0)
    risk = discard_risk(view, card_of(s, 0, "QH"))
    assert risk is not None and risk.kind == UNFROZEN
    advice = advice_of(s, TWO)
    assert "not frozen" in advice.warning(card_of(s, 0, "QH"))
    assert RANK[hinted_discard(advice)] != 12 and NATURAL[hinted_discard(advice)]


# ----- going out while behind near the target ended the game as a loss, with no word ------------------------


def _out_behind(players: int, scores, rules=None, stock: int = 40, others: int = 12):
    """Seat 0 can go out (three kings and a discard) with an escalera and a canasta down; the target 5,000."""
    extra = {"rules": rules} if rules is not None else {}
    hands = {0: "KC KD KH 5D"}
    counts = {s: others for s in range(1, players)}
    if rules is STANDARD:
        melds = [["4S 4S 4D 4D 4H 4H 4C", "9C 9C 9D 9D 9H 9H 9S"], ["AC AD AH AS 2C 2D AH"]]
    else:
        melds = [["4S 5S 6S 7S 8S 9S TS", "9C 9C 9D 9D 9H 9H 9S"], ["AC AD AH AS 2C 2D AH"]]
    s = spot(players, hands, counts=counts, pile="6C", scores=scores, melds=melds, stock_size=stock, **extra)
    return changed(s, target=5000)


def test_going_out_behind_near_the_target_is_held_back_and_said():
    s = _out_behind(2, [1000, 4900])
    advice = advice_of(s, TWO)
    assert not isinstance(advice.hint.move, AskPartner) and len(s.hands[0]) == 4
    assert advice.hint.reason.startswith("Do not go out yet: it would end the game with North ahead")
    assert f"the stock still holds {len(s.stock)} cards to play for" in advice.hint.reason


def test_going_out_behind_at_four_players_it_does_not_ask_the_partner():
    # West and East at 4,900 holding four cards each: their melds and bonuses this hand end the game.
    advice = advice_of(_out_behind(4, [1000, 4900], others=4), FOUR)
    assert not isinstance(advice.hint.move, AskPartner)
    assert advice.hint.reason.startswith("Do not go out yet: it would end the game with West and East ahead")


def test_going_out_behind_the_partner_s_question_is_answered_no_and_said():
    s = _out_behind(4, [1000, 4900], others=4)
    # The partner (seat 2) asks "May I go out?": seat 0 answers.
    s = changed(s, hands=[s.hands[2], s.hands[1], s.hands[0], s.hands[3]], turn=2, phase=Phase.ANSWER, asked=True)
    advice = advice_of(s, FOUR)
    assert advice.hint.move == Answer(False)
    assert advice.hint.reason.startswith("Say no: going out now would end the game with West and East ahead")


def test_going_out_ahead_near_the_target_wins_the_game_and_is_hinted():
    advice = advice_of(_out_behind(2, [4600, 3000]), TWO)
    assert advice.hint.reason.startswith("Go out: it ends the game with your side ahead, about ")


def test_going_out_behind_with_the_stock_empty_is_no_reason_to_hold_back():
    s = _out_behind(2, [1000, 4900], stock=0)
    s = changed(s, pile=s.stock + s.pile, stock=[])  # the red threes kept back go under the pile: none to draw
    advice = advice_of(s, TWO)
    assert "Do not go out" not in advice.hint.reason


def test_standard_going_out_behind_near_the_target_is_held_back():
    advice = advice_of(_out_behind(2, [1000, 4900], STANDARD), TWO)
    assert advice.hint.reason.startswith("Do not go out yet")


def _rich_but_winning(scores):
    """Seat 0 can go out while two runs are a card short of an escalera and the wild meld a card short of a
    bolivia (the hand alone would hold on: test_ai_blunders); the target 5,000."""
    s = spot(2, {0: "KC KD KH 5D"}, pile="6C",
             melds=[["4H 5H 6H 7H 8H 9H TH", "KS KS KD KD KC KC KH", "4D 5D 6D 7D 8D 9D", "5C 6C 7C 8C 9C TC",
                     "2C 2D 2H 2S JK JK"], ["QC QD QH QS", "AC AD AH"]], scores=scores)
    return changed(s, target=5000)


def test_going_out_that_wins_the_game_is_taken_over_the_unfinished_canastas():
    from game.ai.expert import choose_expert, choose_expert_hand_only
    from tests.ai_positions import play_turn
    s = _rich_but_winning([3500, 4200])
    play_turn(s, choose_expert)
    assert s.phase == Phase.GAME_OVER and s.winner == 0
    hand_only = _rich_but_winning([3500, 4200])
    play_turn(hand_only, choose_expert_hand_only)  # Expert as it was holds on, and the game goes on
    assert hand_only.phase == Phase.DRAW and hand_only.turn == 1
    advice = advice_of(_rich_but_winning([3500, 4200]), TWO)
    assert advice.hint.reason.startswith("Go out: it ends the game with your side ahead, about ")


# ----- played at the table: seven sixes held while "Discard J♣" was hinted ---------------------------------

def test_seven_natural_sixes_held_are_laid_as_a_canasta_whatever_the_hand_s_size():
    # The side has melded; seventeen cards in hand, seven of them natural sixes: Expert's floor of cards kept
    # in hand (pairs as keys to the pile) held them all and hinted a discard; a canasta counts only laid.
    s = spot(2, {0: "5C 6C 6C 6D 6H 6H 6H 6S 7S JC JC JD JH KH 2D 2H 5D"}, pile="6D 3C",
             melds=[["8C 9C TC JC", "4D 4H 4H 4S JK"], ["7H 8H 9H", "8C 8C 8D", "KD KD KS"]])
    advice = advice_of(s, TWO)
    move = advice.hint.move
    assert type(move).__name__ == "LayMelds", advice.hint
    laid = [c for m in move.melds for c in m]
    assert sorted(label(c) for c in laid) == sorted("6C 6C 6D 6H 6H 6H 6S".split())
    assert advice.hint.reason == "Meld now: it completes a natural canasta."
