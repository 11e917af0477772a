"""The blunder suite: hand-built positions with one right answer (or one clearly wrong one).

Hard and Expert must pass every one; Normal (which does not count cards and lays the biggest first
meld it can) passes those that need neither, and fails the others on purpose (the last tests here).
Seats 0 and 2 are partners at four players; seat 1 plays after seat 0, so it is the opponent a discard
of seat 0 feeds.
"""

from __future__ import annotations

import pytest

from game.ai.expert import choose_expert
from game.ai.levels import choose_hard, choose_normal
from game.rules import Phase
from game.rules.actions import AddToMeld, Answer, AskPartner, Discard, DrawStock, LayMelds, TakePile, TakeTop
from game.rules.cards import BLACK_THREE, RANK, WILD, label
from game.rules.melds import RANK_MELD, WILD_MELD
from game.rules.ruleset import STANDARD
from tests.ai_positions import decide, play_turn, spot

PLAYERS = {"hard": choose_hard, "expert": choose_expert}
BIG_PILE = "5H 8C 9D 2D JK TC 7S 4H QD 6C AS 8S"


@pytest.fixture(params=sorted(PLAYERS))
def ai(request):
    return PLAYERS[request.param]


# Positions that take the stronger judgement of Hard and Expert (the partner's answer by the score).
@pytest.fixture(params=["expert", "hard"])
def strong(request):
    return PLAYERS[request.param]


def discarded(state, ai) -> str:
    """The face the seat to act discards at the end of its turn."""
    actions = play_turn(state, ai)
    last = actions[-1]
    assert isinstance(last, Discard), actions
    return label(last.card)


def canastas(state, side: int) -> list[str]:
    return sorted(c for c in (m.canasta(state.rules) for m in state.melds[side]) if c)


def went_out(state) -> bool:
    return state.phase in (Phase.DEAL, Phase.GAME_OVER) and state.results[-1]["out"] is not None


# ----- discards ----------------------------------------------------------------------------------------


def test_no_discard_into_a_pair_the_next_opponent_is_known_to_hold(ai):
    s = spot(4, {0: "KS 9H 5C 6D JD 4S 7C"}, known={1: "KH KC"}, pile=BIG_PILE,
             melds=[["7H 8H 9H"], ["QC QS QD"]])
    assert discarded(s, ai) != "KS"


def test_no_wild_card_discard_onto_a_small_pile(ai):
    s = spot(4, {0: "2C 4S 9D JH KC 6D 7H"}, pile="5D", melds=[["8C 9C TC"], []])
    assert discarded(s, ai) != "2C"


def test_black_three_goes_first(ai):
    s = spot(4, {0: "3C 8D 8S 9H JC 5D QD"}, pile="7S 4D", melds=[["6H 7H 8H"], []])
    assert discarded(s, ai) == "3C"


def test_no_discard_that_extends_the_next_opponents_run(ai):
    s = spot(4, {0: "8S 4D 9C JH QD KC 6H"}, pile="7D", melds=[["8C 9C TC"], ["5S 6S 7S"]])
    assert discarded(s, ai) != "8S"


def test_pairs_are_kept(ai):
    s = spot(4, {0: "9C 9D 4H JS QC 5S 7D"}, pile="6C", melds=[["8H 9H TH"], []])
    assert discarded(s, ai) not in ("9C", "9D")


def test_a_dead_rank_is_the_safe_discard_on_a_big_pile(ai):
    # Eleven of the twelve queens are on the table: nobody can hold a pair of them.
    s = spot(4, {0: "QH 7C 4D KS 8S JD 5H"}, pile="5H 8C 9D 2D JK TC 7S 4H 6C AS 8S",
             melds=[["8H 9H TH"], ["QC QC QC QD QD QD QS", "QS QS QH QH"]])
    assert discarded(s, ai) == "QH"


def test_run_pieces_in_the_middle_are_kept(ai):
    s = spot(4, {0: "8H 9H 4C KS 6D 2C"}, pile="5C", melds=[["JC QC KC"], []])
    assert discarded(s, ai) not in ("8H", "9H", "2C")


def test_a_wild_card_blocks_a_big_pile_when_every_natural_feeds_it(ai):
    s = spot(4, {0: "KC QD JH 2C"}, known={1: "KS KH QS QH JD JC"}, counts={1: 12},
             pile="5H 8C 9D 2D JK TC 7S 4H QD 6C AS 8S 9C 9H 4D 4S TD TH 7D 7S", melds=[["8D 9D TD"], []])
    assert discarded(s, ai) == "2C"


def test_two_players_no_card_for_a_known_pair(ai):
    s = spot(2, {0: "9S 4C 6D JH KD 7C"}, known={1: "9C 9D"}, counts={1: 14}, pile=BIG_PILE,
             melds=[["5H 6H 7H"], ["AC AD AS"]])
    assert discarded(s, ai) != "9S"


def test_three_players_no_card_onto_the_next_players_run(ai):
    s = spot(3, {0: "KD 5C 7H 4S JC 9H"}, pile="6S", melds=[["4H 5H 6H"], ["TD JD QD"], []])
    assert discarded(s, ai) != "KD"


def test_no_discard_into_a_known_pair_even_with_a_few_cards_in_the_pile(ai):
    s = spot(4, {0: "AS 5C 6D 9H JC QS 4D"}, known={1: "AH AD"}, pile="7C 4H 8D TS",
             melds=[["5S 6S 7S"], ["KC KD KH"]])
    assert discarded(s, ai) != "AS"


# ----- drawing -----------------------------------------------------------------------------------------


def test_takes_the_top_card_that_completes_an_escalera(ai):
    s = spot(4, {0: "4C 9S KD QC 5D 7S AC"}, pile="4C 9D JH", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KC KS KH"]])
    assert isinstance(decide(s, ai), TakeTop)


def test_takes_the_top_card_onto_a_run(ai):
    s = spot(4, {0: "4D 9S KD QH 5D 7S AC"}, pile="4S JC", phase=Phase.DRAW,
             melds=[["7C 8C 9C TC"], ["KC KS KH"]])
    assert isinstance(decide(s, ai), TakeTop)


def test_takes_a_pile_holding_the_card_that_completes_an_escalera(ai):
    s = spot(4, {0: "9C 9D 4S 6D KC QS 7C"}, pile="JH 4C 9S", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KD KS KH"]])
    assert isinstance(decide(s, ai), TakePile)
    play_turn(s, ai)
    assert "escalera" in canastas(s, 0)


def test_takes_a_big_pile(ai):
    s = spot(4, {0: "8C 8D 4S 6H JD KC QS 5D"}, pile="5H 4C 9D 2D JK TC 7S 4H QD 6C AS 8S", phase=Phase.DRAW,
             melds=[["9H TH JH"], ["KD KS KH"]])
    assert isinstance(decide(s, ai), TakePile)


def test_takes_a_pile_that_makes_a_canasta(ai):
    s = spot(4, {0: "KC KD 4S 6H JD 9C QS"}, pile="5H 9D KS", phase=Phase.DRAW,
             melds=[["KC KD KH KS"], ["QC QD QH"]])
    assert isinstance(decide(s, ai), TakePile)


def test_takes_a_pile_for_the_first_meld(ai):
    s = spot(4, {0: "AC AD 4S 6H JD 9C QS 5D 7H"}, pile="5H 9D 2C TC 8D KH 6S AS", phase=Phase.DRAW)
    assert isinstance(decide(s, ai), TakePile)


def test_leaves_a_pile_of_black_threes_when_the_stock_is_nearly_out(ai):
    s = spot(2, {0: "6C 6H 9S JD KC 4S"}, pile="3C 3S 3C 3S 3C 6D", phase=Phase.DRAW,
             melds=[["8H 9H TH"], ["QC QD QH"]], stock_size=2, cut_to="hands")
    assert isinstance(decide(s, ai), DrawStock)


# ----- melding ----------------------------------------------------------------------------------------


def test_extends_a_run_to_an_escalera(ai):
    s = spot(4, {0: "QD 4C 5H 9S KC 7S"}, pile="6C", melds=[["6D 7D 8D 9D TD JD"], []])
    play_turn(s, ai)
    assert "escalera" in canastas(s, 0)


def test_completes_a_bolivia(ai):
    s = spot(4, {0: "JK 2D 5C 9H KD QS 7D"}, pile="6C", melds=[["2C 2D JK 2H 2S", "4H 5H 6H"], []])
    play_turn(s, ai)
    assert "bolivia" in canastas(s, 0)


def test_a_wild_card_goes_to_the_wild_meld_not_a_rank_meld(ai):
    s = spot(4, {0: "JK 5C 9H QS 7D 4S"}, pile="6C", melds=[["2C 2D 2H", "KC KD KH KS", "8H 9H TH"], []])
    play_turn(s, ai)
    k_meld = next(m for m in s.melds[0] if m.kind == RANK_MELD)
    assert not any(WILD[c] for c in k_meld.cards)
    assert not any(WILD[c] for c in s.hands[0]), "the joker belongs on the wild meld"


def test_first_meld_spends_no_wild_card_when_naturals_reach_the_minimum(ai):
    s = spot(4, {0: "KC KD KH QC QD QH JK 2C 5S 9H 7D 4C"}, pile="6C")
    action = decide(s, ai)
    assert isinstance(action, LayMelds)
    assert not any(WILD[c] for m in action.melds for c in m)


def test_lays_a_wild_meld_with_three_wild_cards(ai):
    s = spot(4, {0: "2C 2D JK 5C 9H QS 7D 4C 8S"}, pile="6C", melds=[["8H 9H TH"], []])
    play_turn(s, ai)
    assert any(m.kind == WILD_MELD for m in s.melds[0])


def test_completes_a_natural_canasta_from_hand(ai):
    s = spot(4, {0: "KD KH 5C 9H QS 7D 4C"}, pile="6C", melds=[["KC KD KH KS KC", "8H 9H TH"], []])
    play_turn(s, ai)
    assert "natural" in canastas(s, 0)


def test_melds_down_when_the_stock_is_nearly_out(ai):
    s = spot(4, {0: "KC KD KH 5C 9D QS 7H"}, pile="3S", melds=[["8H 9H TH"], ["QC QD QH"]], stock_size=3,
             cut_to="hands")
    play_turn(s, ai)
    assert sum(1 for c in s.hands[0] if RANK[c] == 13) == 0


def test_no_rank_meld_spends_a_joker_early(ai):
    # Holding a pair and a joker: the joker is kept for the wild meld, not laid with the pair.
    s = spot(4, {0: "QC QD JK 5C 9H 4S 7D 8C"}, pile="6C", melds=[["2C 2D 2H", "8H 9H TH"], []])
    play_turn(s, ai)
    assert not any(m.kind == RANK_MELD and m.key == 12 for m in s.melds[0])


# ----- going out and the partner -------------------------------------------------------------------------

ESCALERA = "4S 5S 6S 7S 8S 9S TS"
CANASTA = "9C 9C 9D 9D 9H 9H 9S"


def test_goes_out_when_the_opponents_can_go_out(ai):
    s = spot(2, {0: "KC KD KH 5D"}, pile="6C", melds=[[ESCALERA, CANASTA, "QH QD QS"],
                                                       ["4H 5H 6H 7H 8H 9H TH", "JC JC JD JD JH JH JS"]])
    play_turn(s, ai)
    assert went_out(s) and s.results[-1]["out"] == 0


def test_goes_out_with_black_threes(ai):
    s = spot(2, {0: "3C 3S 3C KD"}, pile="6C", melds=[[ESCALERA, CANASTA, "KC KH KS"],
                                                       ["4H 5H 6H 7H 8H 9H TH", "JC JC JD JD JH JH JS"]])
    play_turn(s, ai)
    assert went_out(s) and s.results[-1]["out"] == 0
    assert not any(BLACK_THREE[c] for c in s.hands[0])


def test_holds_on_when_unfinished_canastas_are_worth_far_more(ai):
    # Two runs a card short of an escalera, a wild meld a card short of a bolivia, a full stock, and
    # opponents who cannot go out: going out now would throw away thousands.
    s = spot(2, {0: "KC KD KH 5D"}, pile="6C",
             melds=[[ESCALERA, CANASTA, "4D 5D 6D 7D 8D 9D", "5C 6C 7C 8C 9C TC", "2C 2D 2H 2S JK JK"],
                    ["QC QD QH QS", "AC AD AH"]])
    play_turn(s, ai)
    assert not went_out(s)


def test_holds_on_while_behind_on_canastas_when_holding_wins_more(ai):
    # The opponents have three canastas to our two but no escalera, so they cannot end the hand; our
    # unfinished escaleras and bolivia are worth far more than going out behind.
    s = spot(2, {0: "KC KD KH 5D"}, pile="6C",
             melds=[[ESCALERA, CANASTA, "4D 5D 6D 7D 8D 9D", "5C 6C 7C 8C 9C TC", "2C 2D 2H 2S JK JK"],
                    ["QC QC QD QD QH QH QS", "AC AC AD AD AH AH AS", "JC JD JH JS JC JD 2S"]])
    play_turn(s, ai)
    assert not went_out(s)


def test_asks_the_partner_before_going_out(ai):
    s = spot(4, {0: "KC KD KH 5D"}, pile="6C", counts={2: 10},
             melds=[[ESCALERA, CANASTA, "QH QD QS"], ["4H 5H 6H 7H 8H 9H TH", "JC JC JD JD JH JH JS"]])
    assert isinstance(decide(s, ai), AskPartner)


def test_refuses_when_the_partnership_holds_black_threes_and_wild_cards(ai):
    s = spot(4, {0: "KC KD KH 5D", 2: "3C 3S JK JK 9D"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[ESCALERA, CANASTA, "QH QD QS"], ["AC AD AH"]])
    assert decide(s, ai) == Answer(False)


def test_agrees_when_holding_little(ai):
    s = spot(4, {0: "KC KD KH 5D", 2: "4C 9D"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[ESCALERA, CANASTA, "QH QD QS"], ["AC AD AH"]])
    assert decide(s, ai) == Answer(True)


def test_goes_out_after_a_yes(ai):
    s = spot(4, {0: "KC KD KH 5D"}, pile="6C", asked=True, permission=True,
             melds=[[ESCALERA, CANASTA, "QH QD QS"], ["AC AD AH"]])
    play_turn(s, ai)
    assert went_out(s) and s.results[-1]["out"] == 0


def test_after_a_no_keeps_two_cards(ai):
    s = spot(4, {0: "KC KD KH 5D 6H"}, pile="6C", asked=True, permission=False,
             melds=[[ESCALERA, CANASTA, "QH QD QS"], ["AC AD AH"]])
    play_turn(s, ai)
    assert not went_out(s) and len(s.hands[0]) >= 1


def test_adds_to_melds_only_cards_that_fit(ai):
    s = spot(4, {0: "JD 4C 5H 9S KC 7S QH"}, pile="6C", melds=[["8D 9D TD"], []])
    actions = play_turn(s, ai)
    adds = [a for a in actions if isinstance(a, AddToMeld)]
    assert adds and all(label(c) == "JD" for a in adds for c in a.cards)


# ----- the partner at four players (issue 12) -------------------------------------------------------------
# Seat 0 asks, seat 2 answers. "Far richer": runs a card short of an escalera and a wild meld a card
# short of a bolivia, which going out now would throw away.

RICH = [ESCALERA, CANASTA, "4D 5D 6D 7D 8D 9D", "5C 6C 7C 8C 9C TC", "2C 2D 2H 2S JK JK"]


def answer_of(s, ai):
    action = decide(s, ai)
    assert isinstance(action, Answer)
    return action.yes


def test_partner_says_no_holding_aces_kings_and_a_joker_on_a_full_stock(strong):
    s = spot(4, {0: "KC KD KH 5D", 2: "AC AD AS KS KH JK 2C QD QH"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[ESCALERA, CANASTA, "QC QS QD"], ["4H 5H 6H"]])
    assert answer_of(s, strong) is False


def test_partner_says_yes_when_the_opponents_can_go_out_whatever_it_holds(ai):
    s = spot(4, {0: "KC KD KH 5D", 2: "AC AD AS KS KH JK 2C QD QH"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[ESCALERA, CANASTA, "QC QS QD"], ["4H 5H 6H 7H 8H 9H TH", "JC JC JD JD JH JH JS"]])
    assert answer_of(s, ai) is True


def test_partner_says_yes_when_the_stock_is_nearly_out(ai):
    s = spot(4, {0: "KC KD KH 5D", 2: "AC AD KS QD 9H 8H 7C"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[ESCALERA, CANASTA, "QC QS QD"], ["4H 5H 6H"]], stock_size=3, cut_to="hands")
    assert answer_of(s, ai) is True


def test_partner_says_yes_holding_two_low_cards(ai):
    s = spot(4, {0: "KC KD KH 5D", 2: "4C 5H"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[ESCALERA, CANASTA, "QC QS QD"], ["4H 5H 6H", "AC AD AH AS"]])
    assert answer_of(s, ai) is True


def test_partner_says_no_while_the_side_has_far_more_to_build(strong):
    s = spot(4, {0: "KC KD KH 5D", 2: "9S 4C 6H JD"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[RICH, ["QC QD QH QS", "AC AD AH"]])
    assert answer_of(s, strong) is False


def test_partner_says_no_holding_two_black_threes(strong):
    s = spot(4, {0: "KC KD KH 5D", 2: "3C 3S 9D 4H"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[ESCALERA, CANASTA, "QC QS QD"], ["AC AD AH"]])
    assert answer_of(s, strong) is False


def test_partner_says_yes_with_black_threes_when_the_opponents_can_go_out(ai):
    s = spot(4, {0: "KC KD KH 5D", 2: "3C 3S 9D 4H"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[ESCALERA, CANASTA, "QC QS QD"], ["4H 5H 6H 7H 8H 9H TH", "JC JC JD JD JH JH JS"]])
    assert answer_of(s, ai) is True


def test_holds_on_at_four_players_while_the_side_has_far_more_to_build(ai):
    s = spot(4, {0: "KC KD KH 5D"}, pile="6C", counts={2: 11}, melds=[RICH, ["QC QD QH QS", "AC AD AH"]])
    actions = play_turn(s, ai)
    assert not went_out(s)
    assert AskPartner() not in actions


def test_goes_out_at_four_players_when_the_opponents_threaten_to(ai):
    # They have what it takes to go out, two cards each and a meld of nearly every rank to put them on:
    # holding on would hand them the bonus and our cards.
    s = spot(4, {0: "KC KD KH 5D"}, pile="6C", counts={1: 2, 2: 3, 3: 2},
             melds=[RICH, ["4H 5H 6H 7H 8H 9H TH", "JC JC JD JD JH JH JS", "QC QD QS", "AC AD AS", "KS KS KC",
                           "8C 8S 8H", "7S 7H 7C", "6S 6C 6H", "4C 4D 4S", "5S 5H 5C", "TC TD TS"]])
    actions = play_turn(s, ai)
    assert AskPartner() in actions or went_out(s)


def test_a_card_for_the_partners_run_goes_onto_it(ai):
    # The partner laid the run; the card fits it, so it goes to the side's meld, not to the pile.
    s = spot(4, {0: "TH 4C 5S 9D KC QS 7D"}, pile="6C", melds=[["5H 6H 7H 8H 9H", "AC AD AS"], ["JC JD JS"]])
    actions = play_turn(s, ai)
    assert any(isinstance(a, AddToMeld) and any(label(c) == "TH" for c in a.cards) for a in actions)


def test_completes_the_partners_rank_meld_into_a_canasta(ai):
    s = spot(4, {0: "AH AC 4C 5S 9D KC 7D"}, pile="6C", melds=[["AC AD AS AH AD", "6H 7H 8H"], ["JC JD JS"]])
    play_turn(s, ai)
    assert "natural" in canastas(s, 0)


def test_no_discard_onto_the_opponents_run_at_four_players_with_a_big_pile(ai):
    s = spot(4, {0: "9C 4D 9S JH QD KC 6H"}, pile=BIG_PILE, melds=[["8H 9H TH"], ["5C 6C 7C 8C"]])
    assert discarded(s, ai) != "9C"


def test_no_discard_of_a_rank_the_next_opponent_picked_up_a_pair_of(ai):
    s = spot(4, {0: "JS 5C 6D 9H 4D QS 7C"}, known={1: "JH JD"}, pile=BIG_PILE,
             melds=[["5S 6S 7S"], ["KC KD KH"]])
    assert discarded(s, ai) != "JS"


# ----- more table sizes ----------------------------------------------------------------------------------


def test_black_three_goes_first_at_two_players(ai):
    s = spot(2, {0: "3S 8D 8S 9H JC 5D QD"}, counts={1: 14}, pile="7S 4D", melds=[["6H 7H 8H"], []])
    assert discarded(s, ai) == "3S"


def test_black_three_goes_first_at_three_players(ai):
    s = spot(3, {0: "3C 8D 8S 9H JC 5D QD"}, pile="7S 4D", melds=[["6H 7H 8H"], [], []])
    assert discarded(s, ai) == "3C"


def test_no_wild_card_discard_onto_a_small_pile_at_two_players(ai):
    s = spot(2, {0: "JK 4S 9D JH KC 6D 7H"}, counts={1: 14}, pile="5D", melds=[["8C 9C TC"], []])
    assert discarded(s, ai) != "JK"


def test_takes_the_top_card_onto_a_run_at_two_players(ai):
    s = spot(2, {0: "4D 9S KD QH 5D 7S AC"}, counts={1: 14}, pile="4S JC", phase=Phase.DRAW,
             melds=[["7C 8C 9C TC"], ["KC KS KH"]])
    assert isinstance(decide(s, ai), TakeTop)


def test_takes_the_top_card_that_completes_an_escalera_at_three_players(ai):
    s = spot(3, {0: "4C 9S KD QC 5D 7S AC"}, pile="4C 9D JH", phase=Phase.DRAW,
             melds=[["5H 6H 7H 8H 9H TH"], ["KC KS KH"], []])
    assert isinstance(decide(s, ai), TakeTop)


def test_extends_a_run_to_an_escalera_at_three_players(ai):
    s = spot(3, {0: "QD 4C 5H 9S KC 7S"}, pile="6C", melds=[["6D 7D 8D 9D TD JD"], [], []])
    play_turn(s, ai)
    assert "escalera" in canastas(s, 0)


def test_completes_a_bolivia_at_two_players(ai):
    s = spot(2, {0: "JK 2D 5C 9H KD QS 7D"}, counts={1: 14}, pile="6C", melds=[["2C 2D JK 2H 2S", "4H 5H 6H"], []])
    play_turn(s, ai)
    assert "bolivia" in canastas(s, 0)


def test_takes_a_big_pile_at_three_players(ai):
    s = spot(3, {0: "8C 8D 4S 6H JD KC QS 5D"}, pile="5H 4C 9D 2D JK TC 7S 4H QD 6C AS 8S", phase=Phase.DRAW,
             melds=[["9H TH JH"], ["KD KS KH"], []])
    assert isinstance(decide(s, ai), TakePile)


def test_takes_a_pile_for_the_first_meld_at_two_players(ai):
    s = spot(2, {0: "AC AD 4S 6H JD 9C QS 5D 7H"}, counts={1: 14}, pile="5H 9D 2C TC 8D KH 6S AS",
             phase=Phase.DRAW)
    assert isinstance(decide(s, ai), TakePile)


def test_goes_out_at_three_players_when_an_opponent_can_go_out(ai):
    s = spot(3, {0: "KC KD KH 5D"}, pile="6C", melds=[[ESCALERA, CANASTA, "QH QD QS"],
                                                       ["4H 5H 6H 7H 8H 9H TH", "JC JC JD JD JH JH JS"], []])
    play_turn(s, ai)
    assert went_out(s) and s.results[-1]["out"] == 0


def test_lays_a_wild_meld_with_three_wild_cards_at_three_players(ai):
    s = spot(3, {0: "2C 2D JK 5C 9H QS 7D 4C 8S"}, pile="6C", melds=[["8H 9H TH"], [], []])
    play_turn(s, ai)
    assert any(m.kind == WILD_MELD for m in s.melds[0])


def test_pairs_are_kept_at_three_players(ai):
    s = spot(3, {0: "9C 9D 4H JS QC 5S 7D"}, pile="6C", melds=[["8H 9H TH"], [], []])
    assert discarded(s, ai) not in ("9C", "9D")


# ----- Standard Canasta: the partner, going out and the frozen pile (issue 10) -------------------------------
# One canasta goes out at three and four players, two at two. "Far more to build": three melds of six
# cards, each a card short of a canasta, which going out now would throw away.

EIGHTS = "8C 8C 8D 8D 8H 8H 8S"
STANDARD_RICH = [EIGHTS, "KS KS KC KC KD KD", "AC AC AD AD AH AH", "TC TD TH TS TC TD"]


def test_standard_partner_says_no_holding_a_large_hand_on_a_full_stock(strong):
    s = spot(4, {0: "KC KD KH 5D", 2: "AC AD AS KS JK 2C QD QH 9D"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[EIGHTS, "QC QS QD"], ["4H 4S 4C"]], rules=STANDARD)
    assert answer_of(s, strong) is False


def test_standard_partner_says_yes_when_the_opponents_can_go_out_whatever_it_holds(ai):
    s = spot(4, {0: "KC KD KH 5D", 2: "AC AD AS KS JK 2C QD QH 9D"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[EIGHTS, "QC QS QD"], ["4H 4S 4C 4D 4H 4S 4C"]], rules=STANDARD)
    assert answer_of(s, ai) is True


def test_standard_partner_says_yes_holding_two_low_cards(ai):
    s = spot(4, {0: "7C 7D 7H 5D", 2: "4C 5H"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[EIGHTS, "QC QS QD"], ["4H 4S 4C"]], rules=STANDARD)
    assert answer_of(s, ai) is True


def test_standard_partner_says_no_while_the_side_has_far_more_to_build(strong):
    s = spot(4, {0: "7C 7D 7H 5D", 2: "9S 4C 6H JD"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[STANDARD_RICH, ["QC QD QH QS", "JC JS JH"]], rules=STANDARD)
    assert answer_of(s, strong) is False


def test_standard_holds_on_while_the_side_has_far_more_to_build(ai):
    s = spot(4, {0: "7C 7D 7H 5D"}, counts={2: 11}, pile="6C", melds=[STANDARD_RICH, ["QC QD QH QS", "JC JS JH"]],
             rules=STANDARD)
    actions = play_turn(s, ai)
    assert not went_out(s)
    assert AskPartner() not in actions


def test_standard_goes_out_when_the_opponents_threaten_to(ai):
    # They have their canasta, two cards each and a meld of nearly every rank to put them on.
    s = spot(4, {0: "7C 7D 7H 5D"}, counts={1: 2, 2: 3, 3: 2}, pile="6C",
             melds=[STANDARD_RICH, ["QC QD QH QS QC QD QH", "JC JS JH", "9C 9D 9H", "6S 6D 6H", "4C 4D 4S",
                                    "5S 5H 5C"]], rules=STANDARD)
    actions = play_turn(s, ai)
    assert AskPartner() in actions or went_out(s)


def test_standard_keeps_a_card_without_the_two_canastas_two_players_need(ai):
    s = spot(2, {0: "7C 7D 7H 5D"}, pile="6C", melds=[[EIGHTS, "QC QS QD"], ["4H 4S 4C"]], rules=STANDARD)
    play_turn(s, ai)
    assert not went_out(s) and s.hands[0]


def test_standard_a_black_three_blocks_a_pile_worth_taking(ai):
    s = spot(4, {0: "3C 5D 9H JS KC 7D"}, pile="5H 8C 9D 6C", melds=[["AC AD AH"], ["QC QS QH"]], rules=STANDARD)
    assert discarded(s, ai) == "3C"


def test_standard_natural_pairs_are_kept_while_the_pile_is_frozen(ai):
    # A wild card lies in the pile: only a natural pair takes it, so the pair of nines is the key to it.
    s = spot(4, {0: "9C 9D 4H JS QC 5S 7D"}, pile="6C 2D 8H", melds=[["KH KS KD"], []], rules=STANDARD)
    assert discarded(s, ai) not in ("9C", "9D")


def test_standard_takes_a_big_frozen_pile_with_a_natural_pair(ai):
    s = spot(4, {0: "KC KH 4D 9S 6H 7C JD"}, phase=Phase.DRAW, pile="5H 8C 9D 2D 7S 4H QD 6C 8S KD",
             melds=[["AH AS AD"], []], rules=STANDARD)
    assert isinstance(decide(s, ai), TakePile)


def test_standard_expert_freezes_a_big_pile_the_next_side_could_take():
    # A ten-card pile, not frozen for the next side (it has melded five of the ranks held here): Expert keeps
    # its wild card out of its melds and discards it crosswise, so only a natural pair takes the pile.
    s = spot(4, {0: "2C 5D 9H JS KC 7D"}, pile="5H 8C 9D 6C 7S 4H QD 6S AS TD",
             melds=[["AC AD AH"], ["5C 5S 5H", "9C 9S 9H", "JC JD JH", "KS KD KH", "7C 7S 7H"]], rules=STANDARD)
    assert discarded(s, choose_expert) == "2C"


def test_standard_partner_says_yes_holding_black_threes_that_cost_five_each(ai):
    # In Standard Canasta a black three left in hand costs 5, not Bolivia's 100.
    s = spot(4, {0: "7C 7D 7H 5D", 2: "3C 3S 3C 4D"}, pile="6C", phase=Phase.ANSWER, asked=True,
             melds=[[EIGHTS, "QC QS QD"], ["4H 4S 4C"]], rules=STANDARD)
    assert answer_of(s, ai) is True


# ----- what Normal gives up ----------------------------------------------------------------------------
# Normal is the club player who does not count cards and lays down all it can at its first meld: these
# positions, passed above by Hard and Expert, are the ones it gets wrong.


def test_normal_passes_the_positions_that_take_no_card_counting():
    for test in (test_black_three_goes_first, test_pairs_are_kept, test_takes_a_big_pile,
                 test_takes_a_pile_that_makes_a_canasta, test_completes_a_bolivia,
                 test_goes_out_when_the_opponents_can_go_out, test_extends_a_run_to_an_escalera,
                 test_adds_to_melds_only_cards_that_fit):
        test(choose_normal)


def test_normal_discards_into_a_pair_only_counting_would_see():
    def table():
        return spot(4, {0: "AS 5C 6D 9H JC QS 4D"}, known={1: "AH AD"}, pile="7C 4H 8D TS",
                    melds=[["5S 6S 7S"], ["KC KD KH"]])

    assert discarded(table(), choose_hard) != "AS"
    assert discarded(table(), choose_normal) == "AS"  # its highest loose card


def test_normal_spends_no_wild_card_on_its_first_meld_either():
    # It lays the biggest first meld it can, but no longer with a wild card the naturals do without.
    test_first_meld_spends_no_wild_card_when_naturals_reach_the_minimum(choose_hard)
    s = spot(4, {0: "KC KD KH QC QD QH JK 2C 5S 9H 7D 4C"}, pile="6C")
    action = decide(s, choose_normal)
    assert isinstance(action, LayMelds)
    assert not any(WILD[c] for m in action.melds for c in m)
