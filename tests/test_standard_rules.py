"""Standard Canasta (docs/RULES.md, "Standard Canasta"): every number and rule of the section pinned."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules import Deal, Discard, DrawStock, GameState, IllegalAction, LayMelds, MeldMove, Phase, TakePile
from game.rules import events as ev
from game.rules.cards import BLACK_THREE, JOKER, RANK, RED_THREE, WILD, deck_ids
from game.rules.legal import legal_actions
from game.rules.melds import MIXED_CANASTA, NATURAL_CANASTA, classify, side_may_go_out
from game.rules.position import changed
from game.rules.ruleset import BOLIVIA, FROZEN_BEFORE_MELD, FROZEN_BY_WILD, STANDARD
from game.rules.scoring import OUT_CONCEALED, OUT_NORMAL, score_side
from game.rules.validate import state_from_json
from tests.helpers import Pool, deal_stacked, groups_in_hand, in_hand, labels, meld_of, position


def std(players: int = 2, hands=(), **kw) -> GameState:
    return position(players, hands, rules=STANDARD, **kw)


def cards(text: str) -> list[int]:
    return Pool(STANDARD).take(text)


def reason(text: str) -> str:
    with pytest.raises(IllegalAction) as why:
        classify(cards(text), STANDARD)
    return str(why.value)


# ----- cards, deal, draw --------------------------------------------------------------------------------

def test_two_packs_and_four_jokers_make_108_cards():
    deck = deck_ids(STANDARD.packs, STANDARD.jokers)
    assert len(deck) == 108 == STANDARD.deck_size
    assert sum(1 for c in deck if RANK[c] == 2) == 8
    assert sum(1 for c in deck if RANK[c] == JOKER) == 4
    assert sum(1 for c in deck if RED_THREE[c]) == 4 and sum(1 for c in deck if BLACK_THREE[c]) == 4


@pytest.mark.parametrize(("players", "size"), [(4, 11), (3, 13), (2, 15)])
def test_deal_sizes(players, size):
    for seed in range(5):
        s = GameState(players, seed, STANDARD)
        s.apply(Deal())
        assert [len(h) for h in s.hands] == [size] * players
        placed = len(s.stock) + len(s.pile) + sum(map(len, s.hands)) + sum(map(len, s.red_threes))
        assert placed == 108 and not s.check()


@pytest.mark.parametrize(("players", "drawn"), [(4, 1), (3, 2), (2, 2)])
def test_draw_one_at_four_players_two_at_two_or_three(players, drawn):
    s = std(players, ["4C 5D 6H", "4D 5H 6S", "4H 5S 6C", "4S 5C 6D"][:players], stock="9S 9H 9D")
    s.apply(DrawStock())
    assert len(s.hands[0]) == 3 + drawn and s.phase == Phase.MELD


def test_the_upcard_is_covered_while_it_is_a_wild_card_or_a_red_three_and_the_pile_starts_frozen():
    s = GameState(2, 1, STANDARD)
    deal_stacked(s, ["4C 4D 4H 5C 5D 5H 6C 6D 6H 7C 7D 7H 8C 8D 8H"] * 2, upcards="2C 3H JK 9S")
    assert labels(s.pile) == ["2C", "3H", "JK", "9S"]
    assert s.pile_freeze(s.turn) == FROZEN_BY_WILD


def test_a_black_three_turned_up_stays_on_top_and_blocks_the_first_player():
    s = GameState(2, 1, STANDARD)
    deal_stacked(s, ["9C 9D 4H 5C 5D 5H 6C 6D 6H 7C 7D 7H 8C 8D 8H"] * 2, upcards="3S")
    assert labels(s.pile) == ["3S"]
    assert not any(isinstance(a, TakePile) for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="blocked"):
        s.apply(TakePile(in_hand(s, s.turn, "9C 9D")))


# ----- melds ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["KH KS 2C", "KH KS KD 2C JK", "KH KS KD KC 2C 2D JK", "KH KS KD KC KH KS KD 2C 2D JK",
                                  "4C 4D 4H", "AC AD AH AS AC AD AH AS"])
def test_rank_melds_with_more_naturals_than_wild_cards_and_at_most_three(text):
    assert classify(cards(text), STANDARD).kind == "rank"


def test_meld_limits_at_their_edges():
    assert reason("KH 2C JK") == (
        "A meld needs more natural cards than wild cards; "
        "these are 1 natural card and 2 wild cards.")
    assert reason("KH KS 2C JK") == (
        "A meld needs more natural cards than wild cards; "
        "these are 2 natural cards and 2 wild cards.")
    assert reason("KH KS KD 2C 2D JK") == (
        "A meld needs more natural cards than wild cards; "
        "these are 3 natural cards and 3 wild cards.")
    assert reason("KH KS KD KC KH 2C 2D JK JK") == "A meld of one rank may hold at most three wild cards."
    assert reason("KH KS") == "A meld needs at least three cards."


def test_no_runs_no_wild_melds():
    assert reason("4H 5H 6H") == "A meld is three or more cards of one rank."
    assert reason("2C 2D JK") == "Wild cards can't be melded on their own in this game."


def test_black_threes_three_or_four_and_no_wild_cards():
    assert classify(cards("3C 3S 3C"), STANDARD).kind == "black_threes"
    assert classify(cards("3C 3S 3C 3S"), STANDARD).kind == "black_threes"
    assert reason("3C 3S 2C") == "Black threes can only be melded together, with no other cards."


def test_a_meld_grows_past_seven():
    s = std(2, ["KC 9S 9H 4C"], melds=[["KH KS KD KC KH KS KD"]], phase=Phase.MELD)
    meld = s.melds[0][0]
    s.apply(MeldMove(add=((meld.id, in_hand(s, 0, "KC")),)))
    assert s.melds[0][0].size == 8 and s.melds[0][0].canasta(s.rules) == NATURAL_CANASTA


def test_one_meld_per_rank_cards_of_that_rank_go_onto_it():
    s = std(2, ["KC KD KH 9S 9H 4C"], melds=[["KH KS KD"]], phase=Phase.MELD)
    with pytest.raises(IllegalAction, match="meld of kings already"):
        s.apply(LayMelds((in_hand(s, 0, "KC KD KH"),)))
    assert not any(isinstance(a, LayMelds) and any(RANK[m[0]] == 13 for m in a.melds) for a in legal_actions(s))
    s.apply(MeldMove(add=((s.melds[0][0].id, in_hand(s, 0, "KC KD KH")),)))
    assert len(s.melds[0]) == 1 and s.melds[0][0].size == 6


def test_two_new_melds_of_one_rank_in_one_move_are_refused():
    s = std(2, ["KC KD KH KS KC KD 9S 9H"], phase=Phase.MELD)
    with pytest.raises(IllegalAction, match="meld of kings already"):
        s.apply(LayMelds(groups_in_hand(s, 0, "KC KD KH", "KS KC KD")))


# ----- the pile: frozen, blocked, taken --------------------------------------------------------------------

def test_the_pile_is_frozen_for_a_side_until_it_has_melded():
    s = std(2, ["9C 2D 5H 5S 6C", "4C"], pile="7S 9H", melds=[[], ["QH QS QD"]])
    assert s.pile_freeze(0) == FROZEN_BEFORE_MELD and s.pile_freeze(1) is None
    with pytest.raises(IllegalAction, match="frozen until your side has melded"):
        s.apply(TakePile(in_hand(s, 0, "9C 2D")))


def test_unfrozen_a_natural_and_a_wild_card_take_the_pile_into_a_new_meld():
    s = std(2, ["9C 2D 5H 5S 6C", "4C"], pile="7S 9H", melds=[["QH QS QD"]])
    assert s.pile_freeze(0) is None
    assert TakePile(in_hand(s, 0, "9C 2D")) in legal_actions(s)
    events = s.apply(TakePile(in_hand(s, 0, "9C 2D")))
    assert any(isinstance(e, ev.PileTaken) for e in events)
    assert meld_of(s, 0, "9H 9C 2D").kind == "rank"
    assert sorted(labels(s.hands[0])) == ["5H", "5S", "6C", "7S"] and s.pile == []


def test_a_natural_pair_takes_the_pile_frozen_or_not():
    s = std(2, ["9C 9D 5H 5S 6C", "4C"], pile="JK 7S 9H", melds=[["QH QS QD"]])
    assert s.pile_freeze(0) == FROZEN_BY_WILD
    s.apply(TakePile(in_hand(s, 0, "9C 9D")))
    assert meld_of(s, 0, "9H 9C 9D") and sorted(labels(s.hands[0])) == ["5H", "5S", "6C", "7S", "JK"]


def test_a_wild_card_in_the_pile_freezes_it_for_everyone_until_it_is_taken():
    s = std(2, ["9C 2D 5H 5S 6C", "4C"], pile="7S JK 9H", melds=[["QH QS QD"], ["KH KS KD"]])
    assert s.pile_freeze(0) == s.pile_freeze(1) == FROZEN_BY_WILD
    assert not any(isinstance(a, TakePile) for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="frozen \\(a wild card lies in it\\)"):
        s.apply(TakePile(in_hand(s, 0, "9C 2D")))


def test_discarding_a_wild_card_freezes_the_pile_and_taking_it_unfreezes():
    s = std(2, ["2C 8S 4H 6C 7C", "8C 8D 2D 5D TC"], pile="9S", melds=[["QH QS QD"], ["KH KS KD"]],
            stock="5C 6D 7D 9D", phase=Phase.MELD)
    assert s.pile_freeze(1) is None
    s.apply(Discard(in_hand(s, 0, "2C")[0]))
    assert s.pile_freeze(0) == s.pile_freeze(1) == FROZEN_BY_WILD
    assert not any(isinstance(a, TakePile) for a in legal_actions(s))  # a wild card on top blocks it too
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, 1, "5D")[0]))
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, 0, "8S")[0]))
    assert s.pile_freeze(1) == FROZEN_BY_WILD  # the wild card lies under the eight
    assert TakePile(in_hand(s, 1, "8C 2D")) not in legal_actions(s)
    with pytest.raises(IllegalAction, match="frozen"):
        s.apply(TakePile(in_hand(s, 1, "8C 2D")))
    s.apply(TakePile(in_hand(s, 1, "8C 8D")))  # a natural pair takes the frozen pile
    assert s.pile == [] and s.pile_freeze(0) is None and s.pile_freeze(1) is None
    assert sum(1 for c in s.hands[1] if WILD[c]) == 2  # the discarded 2C came with the pile


def test_a_black_three_blocks_only_the_next_player():
    s = std(3, ["3C 4D 5H 6S", "9C 9D 4C 5C", "9H 9S 4H 5S"], pile="9D", melds=[[], ["QH QS QD"], ["KH KS KD"]],
            stock="TC TD TH", phase=Phase.MELD)
    s.apply(Discard(in_hand(s, 0, "3C")[0]))
    assert s.turn == 1 and not any(isinstance(a, TakePile) for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="blocked"):
        s.apply(TakePile(in_hand(s, 1, "9C 9D")))
    s.apply(DrawStock())
    s.apply(Discard(in_hand(s, 1, "9C")[0]))
    assert TakePile(in_hand(s, 2, "9H 9S")) in legal_actions(s)  # the next player after is free again


def test_never_with_a_wild_card_on_top():
    s = std(2, ["9C 9D 5H", "4C"], pile="9H 2C", melds=[["QH QS QD"]])
    with pytest.raises(IllegalAction, match="blocked"):
        s.apply(TakePile(in_hand(s, 0, "9C 9D")))


def test_the_pile_goes_onto_the_sides_meld_of_that_rank():
    s = std(2, ["9C 2D 5H 5S 6C", "4C"], pile="7S 9H", melds=[["9S 9D 9C"]])
    mid = s.melds[0][0].id
    s.apply(TakePile(in_hand(s, 0, "9C 2D")))
    assert len(s.melds[0]) == 1 and s.melds[0][0].id == mid
    assert sorted(labels(s.melds[0][0].cards)) == sorted(["9S", "9D", "9C", "9C", "9H", "2D"])


def test_the_pile_taken_onto_a_meld_keeps_the_wild_card_limit():
    s = std(2, ["9C 2D 5H 5S 6C", "4C"], pile="7S 9H", melds=[["9S 9D 9H 9S JK 2H 2S"]])
    assert not any(isinstance(a, TakePile) for a in legal_actions(s))
    with pytest.raises(IllegalAction):
        s.apply(TakePile(in_hand(s, 0, "9C 2D")))  # a fourth wild card: no


def test_a_first_meld_with_the_pile_counts_the_top_card_and_its_meld_only():
    s = std(2, ["9C 9D 5H 5S 6C", "4C"], pile="AS AH AD 9H")
    with pytest.raises(IllegalAction, match="50 points"):
        s.apply(TakePile(in_hand(s, 0, "9C 9D")))
    s = std(2, ["9C 9D KH KS KD", "4C"], pile="AS AH AD 9H")
    s.apply(TakePile(in_hand(s, 0, "9C 9D"), (in_hand(s, 0, "KH KS KD"),)))
    assert len(s.melds[0]) == 2


def test_red_threes_with_the_pile_are_laid_out_and_not_replaced():
    s = std(2, ["9C 9D 5H 5S 6C", "4C"], pile="3H 7S 9H", melds=[["QH QS QD"]], stock="TC")
    s.apply(TakePile(in_hand(s, 0, "9C 9D")))
    assert labels(s.red_threes[0]) == ["3H"] and "TC" not in labels(s.hands[0])


# ----- first meld -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("score", "need"), [(-5000, 15), (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90),
                                             (3000, 120), (7000, 120), (20000, 120)])
def test_the_first_meld_minimum(score, need):
    assert STANDARD.min_meld(score) == need


# ----- going out ---------------------------------------------------------------------------------------------

def test_one_canasta_to_go_out_at_three_and_four_players():
    for players in (3, 4):
        s = std(players, ["9C 9D 9H 4C"], melds=[["KH KS KD KC KH KS"]], phase=Phase.MELD)
        with pytest.raises(IllegalAction, match="it needs one canasta"):
            s.apply(LayMelds((in_hand(s, 0, "9C 9D 9H"),)))
        s = std(players, ["9C 9D 9H 4C"], melds=[["KH KS KD KC KH KS KD"]], phase=Phase.MELD)
        s.apply(LayMelds((in_hand(s, 0, "9C 9D 9H"),)))
        events = s.apply(Discard(in_hand(s, 0, "4C")[0]))
        assert any(isinstance(e, ev.WentOut) for e in events)


def test_two_canastas_to_go_out_at_two_players():
    s = std(2, ["9C 9D 9H 4C"], melds=[["KH KS KD KC KH KS KD"]], phase=Phase.MELD)
    with pytest.raises(IllegalAction, match="it needs 2 canastas"):
        s.apply(LayMelds((in_hand(s, 0, "9C 9D 9H"),)))
    s = std(2, ["9C 9D 9H 4C"], melds=[["KH KS KD KC KH KS KD", "QH QS QD QC 2C 2D JK"]], phase=Phase.MELD)
    s.apply(LayMelds((in_hand(s, 0, "9C 9D 9H"),)))
    assert s.phase == Phase.MELD
    events = s.apply(Discard(in_hand(s, 0, "4C")[0]))
    assert any(isinstance(e, ev.WentOut) for e in events)
    assert side_may_go_out([NATURAL_CANASTA], STANDARD.for_players(3))
    assert not side_may_go_out([NATURAL_CANASTA], STANDARD.for_players(2))
    assert side_may_go_out([MIXED_CANASTA, NATURAL_CANASTA], STANDARD.for_players(2))


def test_the_last_discard_needs_the_canastas():
    s = std(4, ["4C"], melds=[["KH KS KD KC KH KS"]], phase=Phase.MELD)
    with pytest.raises(IllegalAction, match="it needs one canasta"):
        s.apply(Discard(s.hands[0][0]))


def test_going_out_concealed_means_the_player_even_when_the_partner_has_melded():
    s = std(4, ["9C 9D 9H QC QD QH 2C 4C"], melds=[["KH KS KD KC KH KS KD"]], phase=Phase.MELD)
    s = changed(s, melded_by=[False, False, True, False], start_turn=True)  # the partner laid the kings
    s.apply(LayMelds((in_hand(s, 0, "9C 9D 9H"), in_hand(s, 0, "QC QD QH 2C"))))
    s.apply(Discard(in_hand(s, 0, "4C")[0]))
    assert s.results[-1]["concealed"] and s.results[-1]["scores"][0]["going_out"] == 200


def test_a_player_who_melded_before_goes_out_for_100():
    s = std(4, ["9C 9D 9H 4C"], melds=[["KH KS KD KC KH KS KD"]], phase=Phase.MELD)
    assert s.melded_by[0]
    s.apply(LayMelds((in_hand(s, 0, "9C 9D 9H"),)))
    s.apply(Discard(in_hand(s, 0, "4C")[0]))
    assert not s.results[-1]["concealed"] and s.results[-1]["scores"][0]["going_out"] == 100


def test_going_out_concealed_still_needs_the_minimum_when_the_side_had_not_melded():
    s = std(3, ["KH KS KD KC KH KS KD 4C 4D 4H 5C"], phase=Phase.MELD, scores=[3000, 0, 0])
    with pytest.raises(IllegalAction, match="120 points"):
        s.apply(LayMelds((in_hand(s, 0, "KH KS KD KC KH KS KD"), in_hand(s, 0, "4C 4D 4H"))))  # 85 points
    s = std(3, ["KH KS KD KC KH KS KD 4C 4D 4H 5C"], phase=Phase.MELD, scores=[0, 0, 0])
    s.apply(LayMelds((in_hand(s, 0, "KH KS KD KC KH KS KD"), in_hand(s, 0, "4C 4D 4H"))))
    s.apply(Discard(in_hand(s, 0, "5C")[0]))
    assert s.results[-1]["scores"][0]["going_out"] == 200 and s.results[-1]["scores"][0]["bonuses"] == 500


# ----- scoring --------------------------------------------------------------------------------------------

def _score(melds, red=0, hands=(), out=None, players=4):
    rules = STANDARD.for_players(players)
    shaped = [(classify(m, rules).kind, tuple(m)) for m in melds]
    return score_side(shaped, red, [list(h) for h in hands], out, rules)


def test_red_threes_count_for_a_side_that_has_melded_and_against_one_that_has_not():
    assert _score([cards("KH KS KD")], red=1).red_threes == 100
    assert _score([cards("KH KS KD")], red=3).red_threes == 300
    assert _score([], red=1).red_threes == -100
    assert _score([], red=2).red_threes == -200


def test_all_four_red_threes_count_800_either_way():
    assert _score([cards("KH KS KD")], red=4).red_threes == 800
    assert _score([], red=4).red_threes == -800


def test_bonuses_300_and_500_and_a_black_three_in_hand_costs_5():
    s = _score([cards("KH KS KD KC KH KS KD"), cards("QH QS QD QC 2C 2D JK")], hands=[cards("3C 4D"), cards("3S")],
               out=OUT_NORMAL)
    assert (s.bonuses, s.going_out, s.in_hand) == (800, 100, -15)
    assert _score([cards("KH KS KD")], out=OUT_CONCEALED).going_out == 200


def test_red_threes_of_a_side_that_has_melded_count_plus_at_the_end_of_a_hand():
    s = std(2, ["4C", "9C 9D 9H 5S"], melds=[["KH KS KD KC KH KS KD", "QH QS QD QC QH QS QD"], []],
            red_threes=["3H", "3D 3H 3D"], phase=Phase.MELD)
    s.apply(Discard(s.hands[0][0]))
    first, second = s.results[-1]["scores"]
    assert first["red_threes"] == 100 and second["red_threes"] == -300
    assert second["in_hand"] == -35


# ----- targets and table sizes ---------------------------------------------------------------------------

def test_targets():
    assert GameState(2, 1, STANDARD).target == 5000
    assert GameState(3, 1, STANDARD).target == 7500
    assert GameState(4, 1, STANDARD).target == 5000
    assert STANDARD.targets == (2500, 5000, 7500, 10000)
    for t in STANDARD.targets:
        assert GameState(3, 1, STANDARD, t).target == t
    with pytest.raises(ValueError):
        GameState(2, 1, STANDARD, 15000)


def test_the_game_ends_after_the_hand_that_reaches_the_target_and_60_hands_stop_as_a_draw():
    assert STANDARD.max_hands == 60
    s = std(3, ["4C", "5C", "6C"], melds=[["KH KS KD KC KH KS KD"]], phase=Phase.MELD, scores=[2400, 0, 0],
            target=2500)
    s.apply(Discard(s.hands[0][0]))
    assert s.phase == Phase.GAME_OVER and s.winner == 0


def test_a_saved_standard_game_comes_back_as_standard():
    s = GameState(4, 3, STANDARD)
    s.apply(Deal())
    back = state_from_json(s.to_json())
    assert back.rules == s.rules and back.rules.name == "standard" and back.to_json() == s.to_json()
    assert back.rules.canastas_to_go_out == 1
    assert state_from_json(GameState(2, 3, STANDARD).to_json()).rules.canastas_to_go_out == 2


def test_bolivia_is_unchanged_by_the_hooks():
    assert BOLIVIA.for_players(2) is BOLIVIA and BOLIVIA.default_target(3) == 15000
    assert BOLIVIA.covers_upcard(cards("3C")[0]) and BOLIVIA.pile_freeze(cards("2C"), False) is None
    assert BOLIVIA.card_penalty(cards("3C")[0]) == 100 and STANDARD.card_penalty(cards("3C")[0]) == 5
    assert Counter(RANK[c] for c in deck_ids(BOLIVIA.packs, BOLIVIA.jokers))[2] == 12


def test_black_threes_melded_last_go_out_under_a_partners_yes() -> None:
    # Seen in a random game: told yes, holding only black threes, the player had no legal move at all.
    s = position(4, ["3C 3S 3C", "4D 5D 6D", "7H 8H 9H", "4S 5S 6S"], phase=Phase.MELD, rules=STANDARD,
                 melds=[["9C 9C 9D 9D 9H 9S 9S", "KC KC KD KH KS KS JK"], []])
    s = changed(s, permission=True)
    legal = legal_actions(s)
    threes = [a for a in legal if isinstance(a, LayMelds)]
    assert threes == [LayMelds((in_hand(s, 0, "3C 3C 3S"),))] and not any(isinstance(a, Discard) for a in legal)
    events = s.apply(threes[0])
    assert any(type(e).__name__ == "WentOut" for e in events)
    # With a card more than the discard allows, they stay in hand.
    t = position(2, ["3C 3S 3C 7D 8D", "4D 5D"], phase=Phase.MELD, rules=STANDARD,
                 melds=[["9C 9C 9D 9D 9H 9S 9S", "KC KC KD KH KS KS JK"], []])
    assert not any(isinstance(a, LayMelds) and any(c in in_hand(t, 0, "3C") for c in a.melds[0])
                   for a in legal_actions(t))
