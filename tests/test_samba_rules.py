"""Samba (docs/RULES.md, "Samba"): every rule where it differs from Bolivia pinned, and what it keeps."""

from __future__ import annotations

import pytest

from game.rules import Deal, Discard, DrawStock, GameState, IllegalAction, LayMelds, MeldMove, Phase, TakeTop
from game.rules.cards import deck_ids
from game.rules.going_out import can_go_out
from game.rules.legal import legal_actions
from game.rules.melds import ESCALERA, MIXED_CANASTA, NATURAL_CANASTA, canasta_bonus, classify, side_may_go_out
from game.rules.ruleset import BOLIVIA, SAMBA
from game.rules.scoring import OUT_CONCEALED, OUT_NORMAL, score_side
from game.rules.validate import state_from_json
from tests.helpers import Pool, in_hand, position


def samba(players: int = 2, hands=(), **kw) -> GameState:
    return position(players, hands, rules=SAMBA, **kw)


def cards(text: str) -> list[int]:
    return Pool(SAMBA).take(text)


def test_same_cards_deal_and_draw_as_bolivia():
    assert len(deck_ids(SAMBA.packs, SAMBA.jokers)) == 162 == SAMBA.deck_size
    for players in (2, 3, 4):
        s = GameState(players, 3, SAMBA)
        s.apply(Deal())
        assert [len(h) for h in s.hands] == [15] * players and not s.check()
        assert SAMBA.draws(players) == 2
    s = samba(2, ["4C 5D 6H", "4D 5H 6S"], stock="9S 9H")
    s.apply(DrawStock())
    assert len(s.hands[0]) == 5


def test_no_wild_melds():
    with pytest.raises(IllegalAction, match="on their own"):
        classify(cards("2C 2D JK"), SAMBA)
    assert classify(cards("2C 2D JK"), BOLIVIA).kind == "wild"
    s = samba(2, ["2C 2D JK 2H 5C 6D", "4D 5H 6S"], melds=[["KH KS KD"]], phase=Phase.MELD)
    assert not any(isinstance(a, LayMelds) and all(c in in_hand(s, 0, "2C 2D JK 2H") for c in a.melds[0])
                   for a in legal_actions(s))


def test_rank_melds_and_runs_as_in_bolivia_and_a_run_of_seven_is_a_samba_of_1500():
    assert classify(cards("KH KS KD KC 2C 2D"), SAMBA).kind == "rank"
    with pytest.raises(IllegalAction, match="twice as many"):
        classify(cards("KH KS KD 2C 2D"), SAMBA)
    run = cards("4H 5H 6H 7H 8H 9H TH")
    assert classify(run, SAMBA).kind == "run"
    assert SAMBA.canasta_key(ESCALERA) == "samba" and BOLIVIA.canasta_key(ESCALERA) == "escalera"
    assert canasta_bonus(ESCALERA, SAMBA) == 1500
    assert canasta_bonus(NATURAL_CANASTA, SAMBA) == 500 and canasta_bonus(MIXED_CANASTA, SAMBA) == 300


def test_the_top_card_alone_onto_a_run():
    s = samba(2, ["4C 5D 6H 9C", "4D 5H 6S"], melds=[["5S 6S 7S"]], pile="8S")
    take = next(a for a in legal_actions(s) if isinstance(a, TakeTop))
    s.apply(take)
    assert len(s.melds[0][0].cards) == 4


def test_two_canastas_of_any_kind_go_out_an_escalera_is_not_needed():
    assert side_may_go_out([NATURAL_CANASTA, MIXED_CANASTA], SAMBA)
    assert not side_may_go_out([NATURAL_CANASTA, MIXED_CANASTA], BOLIVIA)
    assert not side_may_go_out([ESCALERA, None], SAMBA)
    assert side_may_go_out([ESCALERA, ESCALERA], SAMBA)


def test_going_out_on_two_rank_canastas_and_the_keep_two_rule_before():
    s = samba(2, ["QH QS QD 9C", "4D 5H 6S"], melds=[["KH KS KD KC KH KS KD"], []],
              phase=Phase.MELD)
    with pytest.raises(IllegalAction, match="2 canastas"):
        s.apply(MeldMove(new=(in_hand(s, 0, "QH QS QD"),)))
    s = samba(2, ["QH 9C", "4D 5H 6S"], melds=[["KH KS KD KC KH KS KD", "QS QD QC QH QS QD"], []],
              phase=Phase.MELD)
    assert can_go_out(s.hands[0], [(m.kind, m.key, m.cards) for m in s.melds[0]], SAMBA)
    s.apply(MeldMove(add=((s.melds[0][1].id, in_hand(s, 0, "QH")),)))
    s.apply(Discard(in_hand(s, 0, "9C")[0]))
    assert s.results[-1]["scores"][0]["going_out"] == 200


def test_going_out_earns_200_concealed_or_not():
    melds = [("rank", tuple(cards("KH KS KD KC KH KS KD"))), ("rank", tuple(cards("QH QS QD QC QH QS QD")))]
    assert score_side(melds, 0, [[]], OUT_NORMAL, SAMBA).going_out == 200
    assert score_side(melds, 0, [[]], OUT_CONCEALED, SAMBA).going_out == 200
    assert score_side(melds, 0, [[]], OUT_CONCEALED, BOLIVIA).going_out == 200
    assert score_side(melds, 0, [[]], OUT_NORMAL, BOLIVIA).going_out == 100


def test_a_black_three_left_in_hand_costs_5():
    hand = [cards("3S 3C KH")]
    assert score_side([], 0, hand, None, SAMBA).in_hand == -20
    assert score_side([], 0, hand, None, BOLIVIA).in_hand == -210


def test_red_threes_plus_with_two_canastas_minus_without():
    two = [("rank", tuple(cards("KH KS KD KC KH KS KD"))), ("rank", tuple(cards("QH QS QD QC QH QS QD")))]
    one = two[:1] + [("run", tuple(cards("4H 5H 6H")))]
    assert score_side(two, 2, [[]], None, SAMBA).red_threes == 200
    assert score_side(one, 2, [[]], None, SAMBA).red_threes == -200
    assert score_side(two, 6, [[]], None, SAMBA).red_threes == 1000
    assert score_side(one, 6, [[]], None, SAMBA).red_threes == -1000


def test_first_meld_minimums_as_in_bolivia():
    assert [SAMBA.min_meld(v) for v in (-5, 0, 1495, 1500, 2995, 3000, 6995, 7000)] == [15, 50, 50, 90, 90, 120,
                                                                                         120, 150]


def test_targets_10000_by_default_and_2500_5000_7500_to_choose():
    assert [SAMBA.default_target(p) for p in (2, 3, 4)] == [10000] * 3
    assert SAMBA.targets == (2500, 5000, 7500, 10000)
    with pytest.raises(ValueError):
        GameState(2, 1, SAMBA, 15000)


def test_the_pile_is_never_frozen_and_wants_a_natural_pair():
    s = samba(2, ["9C 2D 4H 5S", "4D 5H 6S"], melds=[["KH KS KD"]], pile="JK 9S")
    assert s.pile_freeze(0) is None and SAMBA.pair_must_be_natural(None)


def test_a_samba_save_round_trips():
    s = GameState(4, 8, SAMBA)
    s.apply(Deal())
    back = state_from_json(s.to_json())
    assert back.rules == SAMBA.for_players(4) and back.to_json() == s.to_json()
