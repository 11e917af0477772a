"""House rules (docs/RULES.md, "House rules"): every option pinned both ways, at its default and its other
values, and the refusals of a name or value the game does not know or that belongs to another game."""

from __future__ import annotations

import pytest

from game.rules import AskPartner, Discard, GameState, IllegalAction, MeldMove, Phase, TakePile, TakeTop
from game.rules.house import OPTIONS, HouseError, check_house, house_of, options_of, parse_pairs, with_house
from game.rules.legal import legal_actions
from game.rules.melds import ESCALERA, MIXED_CANASTA, NATURAL_CANASTA, canasta_bonus, classify, side_may_go_out
from game.rules.ruleset import BOLIVIA, SAMBA, STANDARD
from game.rules.scoring import OUT_CONCEALED, OUT_NORMAL, score_side
from game.rules.validate import InvalidState, state_from_json
from tests.helpers import Pool, in_hand, position


def cards(text: str, rules=BOLIVIA) -> list[int]:
    return Pool(rules).take(text)


def house(rules, **options):
    return with_house(rules, options)


# ----- the table of options ----------------------------------------------------------------------------

def test_the_options_each_game_offers_are_the_tables():
    assert [o.name for o in options_of("bolivia")] == [
        "black_three_in_hand", "wild_limit", "first_meld", "take_top", "go_out_needs", "red_threes_plus",
        "going_out_bonus", "bolivia_bonus", "ask_partner"]
    assert [o.name for o in options_of("samba")] == ["wild_limit", "first_meld", "take_top", "ask_partner"]
    assert [o.name for o in options_of("standard")] == [
        "going_out_bonus", "ask_partner", "unfrozen_take", "standard_wilds", "canastas_to_go_out", "take_onto_meld"]
    assert {o.name: (o.default, o.choices) for o in OPTIONS}["red_threes_plus"] == ("out", ("out", "two", "melded"))


def test_defaults_are_the_games_own_rule_sets():
    for rules in (BOLIVIA, STANDARD, SAMBA):
        defaults = {o.name: o.default for o in options_of(rules.name)}
        assert with_house(rules, defaults) is rules
        assert house_of(rules) == defaults


@pytest.mark.parametrize(("game", "options", "message"), [
    (BOLIVIA, {"wild_limit": "four"}, "unknown value four for wild_limit: choose two, three"),
    (BOLIVIA, {"colour": "red"}, "unknown house rule colour"),
    (STANDARD, {"take_top": "no"}, "take_top is not one of standard's"),
    (SAMBA, {"bolivia_bonus": "2000"}, "bolivia_bonus is not one of samba's"),
    (BOLIVIA, {"take_top": True}, "unknown value True"),
])
def test_an_unknown_name_or_value_or_one_of_another_game_is_refused(game, options, message):
    with pytest.raises(HouseError, match=message):
        with_house(game, options)


def test_name_value_pairs():
    assert parse_pairs(["take_top=no", " wild_limit = three"]) == {"take_top": "no", "wild_limit": "three"}
    with pytest.raises(HouseError, match="NAME=VALUE"):
        parse_pairs(["take_top"])
    assert check_house("bolivia", {"take_top": "yes", "black_three_in_hand": 5}) == {"black_three_in_hand": "5"}


# ----- each option, both ways -------------------------------------------------------------------------

def test_black_three_in_hand_100_or_5():
    hand = [cards("3S 3C")]
    assert score_side([], 0, hand, None, BOLIVIA).in_hand == -200
    assert score_side([], 0, hand, None, house(BOLIVIA, black_three_in_hand="5")).in_hand == -10


@pytest.mark.parametrize("game", [BOLIVIA, SAMBA])
def test_wild_limit_two_or_three(game):
    three = house(game, wild_limit="three")
    with pytest.raises(IllegalAction, match="at most two"):
        classify(cards("KH KS KD KC 2C 2D JK", game), game)
    assert classify(cards("KH KS KD KC 2C 2D JK", game), three).kind == "rank"
    with pytest.raises(IllegalAction, match="twice as many"):
        classify(cards("KH KS KD 2C 2D", game), game)
    assert classify(cards("KH KS KD 2C 2D", game), three).kind == "rank"
    with pytest.raises(IllegalAction, match="more natural"):
        classify(cards("KH KS 2C 2D", game), three)
    with pytest.raises(IllegalAction, match="at most three"):
        classify(cards("KH KS KD KC KH 2C 2D JK JK", game), three)


def test_wild_limit_three_reaches_the_going_out_solver():
    three = house(BOLIVIA, wild_limit="three")
    hand = cards("KH KS KD KC 2C 2D JK")
    melds = [("run", 0, tuple(cards("4H 5H 6H 7H 8H 9H TH")))]
    from game.rules.going_out import can_go_out
    assert can_go_out(hand, melds, three) and not can_go_out(hand, melds, BOLIVIA)


@pytest.mark.parametrize("game", [BOLIVIA, SAMBA])
def test_first_meld_standard_or_family(game):
    family = house(game, first_meld="family")
    scores = (-100, 0, 1500, 1505, 3000, 3005, 5005, 7000)
    assert [game.min_meld(v) for v in scores] == [15, 50, 90, 90, 120, 120, 120, 150]
    assert [family.min_meld(v) for v in scores] == [50, 50, 50, 90, 90, 120, 150, 150]


@pytest.mark.parametrize("game", [BOLIVIA, SAMBA])
def test_take_top_yes_or_no(game):
    for rules, offered in ((game, True), (house(game, take_top="no"), False)):
        s = position(2, ["4C 5D 6H 9C", "4D 5H 6S"], melds=[["5S 6S 7S"]], pile="8S", rules=rules)
        assert any(isinstance(a, TakeTop) for a in legal_actions(s)) == offered
        if not offered:
            with pytest.raises(IllegalAction, match="never taken alone"):
                s.apply(TakeTop(s.melds[0][0].id))


def test_go_out_needs_an_escalera_or_any_two():
    two = house(BOLIVIA, go_out_needs="two")
    assert not side_may_go_out([NATURAL_CANASTA, MIXED_CANASTA], BOLIVIA)
    assert side_may_go_out([NATURAL_CANASTA, MIXED_CANASTA], two)
    assert side_may_go_out([ESCALERA, MIXED_CANASTA], two) and not side_may_go_out([ESCALERA], two)
    s = position(2, ["QH 9C", "4D 5H 6S"], melds=[["KH KS KD KC KH KS KD", "QS QD QC QH QS QD"]], phase=Phase.MELD,
                 rules=two)
    s.apply(MeldMove(add=((s.melds[0][1].id, in_hand(s, 0, "QH")),)))
    s.apply(Discard(in_hand(s, 0, "9C")[0]))
    assert s.results[-1]["out"] == 0


def test_red_threes_plus_out_two_or_melded():
    naturals = [("rank", tuple(cards("KH KS KD KC KH KS KD"))), ("rank", tuple(cards("QH QS QD QC QH QS QD")))]
    small = [("rank", tuple(cards("9H 9S 9D")))]
    for value, plus_two, plus_small in (("out", False, False), ("two", True, False), ("melded", True, True)):
        rules = house(BOLIVIA, red_threes_plus=value)
        assert score_side(naturals, 1, [[]], None, rules).red_threes == (100 if plus_two else -100), value
        assert score_side(small, 1, [[]], None, rules).red_threes == (100 if plus_small else -100), value
    assert score_side([], 1, [[]], None, house(BOLIVIA, red_threes_plus="melded")).red_threes == -100


@pytest.mark.parametrize("game", [BOLIVIA, STANDARD])
def test_going_out_bonus_100_200_concealed_or_200(game):
    flat = house(game, going_out_bonus="200")
    melds = [("rank", tuple(cards("KH KS KD KC KH KS KD")))]
    assert score_side(melds, 0, [[]], OUT_NORMAL, game).going_out == 100
    assert score_side(melds, 0, [[]], OUT_CONCEALED, game).going_out == 200
    assert score_side(melds, 0, [[]], OUT_NORMAL, flat).going_out == 200
    assert score_side(melds, 0, [[]], OUT_CONCEALED, flat).going_out == 200


def test_bolivia_bonus_2500_or_2000():
    from game.rules.melds import BOLIVIA_CANASTA
    assert canasta_bonus(BOLIVIA_CANASTA, BOLIVIA) == 2500
    assert canasta_bonus(BOLIVIA_CANASTA, house(BOLIVIA, bolivia_bonus="2000")) == 2000


def _ready_to_go_out(rules) -> GameState:
    return position(4, ["KH 9C", "4D 5H 6S", "4C 5D 6H", "4S 5S 6D"],
                    melds=[["KS KD KC KH KS KD", "4H 5H 6H 7H 8H 9H TH"]], phase=Phase.MELD, rules=rules)


@pytest.mark.parametrize("game", [BOLIVIA, SAMBA])
def test_ask_partner_optional_or_required_at_four_players(game):
    s = _ready_to_go_out(game)
    assert any(isinstance(a, MeldMove) or isinstance(a, Discard) for a in legal_actions(s))
    s.apply(MeldMove(add=((s.melds[0][0].id, in_hand(s, 0, "KH")),)))
    assert s.phase == Phase.MELD  # may go out without asking
    s = _ready_to_go_out(house(game, ask_partner="required"))
    add = MeldMove(add=((s.melds[0][0].id, in_hand(s, 0, "KH")),))
    with pytest.raises(IllegalAction, match="only after your partner says yes"):
        s.apply(add)
    assert AskPartner() in legal_actions(s)
    assert not any(isinstance(a, Discard) for a in legal_actions(s) if len(s.hands[0]) == 1)
    s.apply(AskPartner())
    from game.rules import Answer
    s.apply(Answer(True))
    s.apply(add)
    s.apply(Discard(in_hand(s, 0, "9C")[0]))
    assert s.results[-1]["out"] == 0


def test_ask_partner_required_in_standard_and_below_four_players_nothing_to_ask():
    req = house(STANDARD, ask_partner="required")
    s = position(4, ["KH 9C", "4D 5H 6S", "4C 5D 6H", "4S 5S 6D"], melds=[["KS KD KC KH KS KD"]],
                 phase=Phase.MELD, rules=req)
    with pytest.raises(IllegalAction, match="says yes"):
        s.apply(MeldMove(add=((s.melds[0][0].id, in_hand(s, 0, "KH")),)))
    two = position(3, ["KH 9C", "4D 5H 6S", "4C 5D 6H"], melds=[["KS KD KC KH KS KD"]], phase=Phase.MELD,
                   rules=req)
    two.apply(MeldMove(add=((two.melds[0][0].id, in_hand(two, 0, "KH")),)))
    assert two.rules.ask_required and not two.rules.out_needs_yes


def test_ask_partner_required_forbids_the_top_card_onto_a_run_with_one_card_left():
    rules = house(BOLIVIA, ask_partner="required")
    s = position(4, ["9C", "4D 5H 6S", "4C 5D 6H", "4S 5S 6D"],
                 melds=[["KS KD KC KH KS KD KC", "4H 5H 6H 7H 8H 9H TH", "5S 6S 7S"]], pile="8S", rules=rules)
    assert not any(isinstance(a, TakeTop) for a in legal_actions(s))
    optional = position(4, ["9C", "4D 5H 6S", "4C 5D 6H", "4S 5S 6D"],
                        melds=[["KS KD KC KH KS KD KC", "4H 5H 6H 7H 8H 9H TH", "5S 6S 7S"]], pile="8S")
    assert any(isinstance(a, TakeTop) for a in legal_actions(optional))


def test_unfrozen_take_wild_or_pair():
    for rules, wild_ok in ((STANDARD, True), (house(STANDARD, unfrozen_take="pair"), False)):
        s = position(2, ["QH 2H 5C 6D", "4D 5H 6S"], melds=[["KH KS KD"]], pile="9C QS", rules=rules)
        take = TakePile(in_hand(s, 0, "QH 2H"))
        assert (take in legal_actions(s)) == wild_ok
        if not wild_ok:
            with pytest.raises(IllegalAction, match="pair of natural"):
                s.apply(take)


def test_standard_wilds_more_or_equal():
    equal = house(STANDARD, standard_wilds="equal")
    with pytest.raises(IllegalAction, match="more natural"):
        classify(cards("KH KS KD 2C 2D JK", STANDARD), STANDARD)
    assert classify(cards("KH KS KD 2C 2D JK", STANDARD), equal).kind == "rank"
    with pytest.raises(IllegalAction, match="as many natural"):
        classify(cards("KH KS 2C 2D JK", STANDARD), equal)
    with pytest.raises(IllegalAction, match="at most three"):
        classify(cards("KH KS KD KC 2C 2D JK JK", STANDARD), equal)


def test_canastas_to_go_out_one_or_two():
    two = house(STANDARD, canastas_to_go_out="2")
    assert [STANDARD.for_players(p).canastas_to_go_out for p in (2, 3, 4)] == [2, 1, 1]
    assert [two.for_players(p).canastas_to_go_out for p in (2, 3, 4)] == [2, 2, 2]
    assert side_may_go_out([NATURAL_CANASTA], STANDARD.for_players(4))
    assert not side_may_go_out([NATURAL_CANASTA], two.for_players(4))


# ----- saves ------------------------------------------------------------------------------------------

def test_a_save_carries_the_options_and_one_without_plays_the_defaults():
    rules = house(BOLIVIA, take_top="no", wild_limit="three")
    s = GameState(4, 3, rules)
    data = s.to_json()
    assert data["house"] == {"take_top": "no", "wild_limit": "three"}
    back = state_from_json(data)
    assert back.rules == rules.for_players(4)
    del data["house"]
    assert state_from_json(data).rules == BOLIVIA.for_players(4)


@pytest.mark.parametrize("bad", [{"take_top": "maybe"}, {"unfrozen_take": "pair"}, {"nope": "1"}, ["take_top"]])
def test_a_save_with_an_unknown_option_is_refused(bad):
    data = GameState(2, 3, BOLIVIA).to_json()
    data["house"] = bad
    with pytest.raises(InvalidState):
        state_from_json(data)


def test_a_games_record_carries_its_house_rules_and_plays_back_with_them():
    import random

    from game.ai import get_player
    from game.rules import Deal, view_of
    from game.rules.record import GameRecord
    from game.rules.record_check import InvalidRecord, check_against, record_from_json

    rules = house(BOLIVIA, take_top="no", black_three_in_hand="5")
    s = GameState(2, 11, rules, target=2500)
    record = GameRecord.of(s)
    record.play(s, Deal())
    rng = random.Random(1)
    for _ in range(30):
        if s.phase not in (Phase.DRAW, Phase.MELD):
            break
        record.play(s, get_player("greedy")(view_of(s, s.to_act), legal_actions(s), rng))
    data = record.to_json()
    assert data["house"] == {"black_three_in_hand": "5", "take_top": "no"}
    back = record_from_json(data)
    check_against(back, s)
    assert back.rules == rules.for_players(2)
    with pytest.raises(InvalidRecord):
        check_against(record_from_json({**data, "house": {}}), s)
    with pytest.raises(InvalidRecord):
        record_from_json({**data, "house": {"take_top": "sometimes"}})
