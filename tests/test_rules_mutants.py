"""Rules a mutation probe of the engine found untested: each test here fails when the one line that
decides it is changed (a threshold moved by one, a condition dropped, an option forgotten)."""

from __future__ import annotations

import random

import pytest

from game.rules import BOLIVIA, Deal, GameState, Phase
from game.rules.actions import Discard, MeldMove
from game.rules.cards import NATURAL, RANK, VALUE, WILD, ids_for_faces, parse_face
from game.rules.errors import IllegalAction
from game.rules.first_meld import first_melds, pile_first_melds
from game.rules.going_out import can_go_out
from game.rules.house import with_house
from game.rules.melds import classify, meld_points
from game.rules.ruleset import RULESETS, SAMBA
from game.rules.scoring import score_side
from tests.helpers import groups_in_hand, in_hand, meld_of, position


@pytest.mark.parametrize(("score", "minimum"), [
    (5004, 120), (5005, 150), (3004, 90), (3005, 120), (1504, 50), (1505, 90), (0, 50), (-1, 50), (-900, 50)])
def test_the_family_first_meld_table_at_each_threshold(score: int, minimum: int) -> None:
    assert with_house(BOLIVIA, {"first_meld": "family"}).min_meld(score) == minimum


@pytest.mark.parametrize(("score", "minimum"), [
    (6999, 120), (7000, 150), (2999, 90), (3000, 120), (1499, 50), (1500, 90), (0, 50), (-1, 15)])
def test_the_usual_first_meld_table_at_each_threshold(score: int, minimum: int) -> None:
    assert BOLIVIA.min_meld(score) == minimum and SAMBA.min_meld(score) == minimum


def test_red_threes_count_plus_with_two_canastas_not_with_one() -> None:
    rules = with_house(BOLIVIA, {"red_threes_plus": "two"})
    assert not rules.red_threes_count_for(True, ["natural", None, None])
    assert rules.red_threes_count_for(True, ["natural", "mixed"])
    kings = ("rank", tuple(range(7)))
    one = score_side([kings], 2, [[]], None, rules)
    assert one.red_threes == -2 * BOLIVIA.red_three


@pytest.mark.parametrize(("hand", "table", "laid"), [
    # a canasta of kings on the table, a second one from the hand
    ("KH KS KD KC KC 2C 2D 4C", "KH KS KD KC KH KS KD", ("KH KS KD KC KC 2C 2D",)),
    # both canastas of kings laid from the hand in one move
    ("KH KS KD KC KH KS KD KC KH KS KD KC 2C 2D 4C", "4H 5H 6H", ("KH KS KD KC KH KS KD", "KC KH KS KD KC 2C 2D")),
])
def test_samba_goes_out_with_two_canastas_of_one_rank(hand: str, table: str, laid: tuple[str, ...]) -> None:
    s = position(2, [hand, "4D 5D 6D"], melds=[[table]], phase=Phase.MELD, rules=SAMBA)
    side = [(m.kind, m.key, m.cards) for m in s.melds[0]]
    assert can_go_out(s.hands[0], side, s.rules)
    s.apply(MeldMove(new=groups_in_hand(s, 0, *laid)))
    events = s.apply(Discard(in_hand(s, 0, "4C")[0]))
    assert any(type(e).__name__ == "WentOut" for e in events)


def test_a_chain_of_combines_is_refused_and_no_card_leaves_the_table() -> None:
    s = position(2, ["4S 9C 5C 6D", "4D 5D 6D"], melds=[["KH KS KD", "KC KH KS", "KD KC KH"]], phase=Phase.MELD)
    a, b, c = meld_of(s, 0, "KH KS KD"), meld_of(s, 0, "KC KH KS"), meld_of(s, 0, "KD KC KH")
    before = sorted(x for m in s.melds[0] for x in m.cards)
    with pytest.raises(IllegalAction, match="only once"):
        s.apply(MeldMove(combine=((a.id, b.id), (b.id, c.id))))
    assert sorted(x for m in s.melds[0] for x in m.cards) == before and not s.check()


def test_with_house_keeps_the_options_already_set() -> None:
    once = with_house(BOLIVIA, {"take_top": "no"})
    twice = with_house(once, {"wild_limit": "three"})
    assert not twice.take_top and twice.max_wilds_in_rank_meld == 3
    assert dict(twice.house) == {"take_top": "no", "wild_limit": "three"}
    assert with_house(twice, {}) == twice


def _points(melds: tuple[tuple[int, ...], ...]) -> int:
    return sum(meld_points(m) for m in melds)


def _valid(cards: tuple[int, ...], rules) -> bool:
    try:
        classify(cards, rules)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_first_meld_offered_is_minimal(name: str) -> None:
    """No meld of an offered first meld, and no card of one of its melds, could be left out with the
    rest still valid and still reaching the minimum (a bigger first meld is a minimal one plus steps)."""
    rules = RULESETS[name]
    rng = random.Random(2024)
    checked = 0
    for game in range(40):
        s = GameState(rng.choice([2, 3, 4]), rng.randrange(10**6), rules, target=rules.default_targets[0])
        s.apply(Deal())
        need = rng.choice([15, 50, 90, 120, 150])
        hand = s.hands[0]
        for combo in first_melds(hand, rules, need):
            total = _points(combo)
            assert total >= need, (name, game, combo)
            for meld in combo:
                assert total - meld_points(meld) < need, ("a meld could be left out", combo)
                for j, card in enumerate(meld):
                    rest = meld[:j] + meld[j + 1:]
                    if _valid(rest, rules):
                        assert total - VALUE[card] < need, ("a card could be left out", name, combo, card)
            checked += 1
    assert checked > 50  # the property was put to many first melds



def _pile_take_is_minimal(top: int, joining: tuple[int, ...], extra: tuple[tuple[int, ...], ...], rules,
                          need: int) -> None:
    """No further meld and no card could leave a take of the pile as a first meld: the top card stays, and
    the pile's meld keeps three naturals with it (the top card and a natural pair)."""
    pile = (top, *joining)
    total = meld_points(pile) + _points(extra)
    assert total >= need, (pile, extra)
    for meld in extra:
        assert total - meld_points(meld) < need, ("a meld could be left out", pile, extra)
        for j, card in enumerate(meld):
            if _valid(meld[:j] + meld[j + 1:], rules):
                assert total - VALUE[card] < need, ("a card could leave a further meld", pile, extra, card)
    for j, card in enumerate(joining):
        rest = (top, *joining[:j], *joining[j + 1:])
        if _valid(rest, rules) and sum(1 for c in rest if not WILD[c]) >= 3:
            assert total - VALUE[card] < need, ("a card could leave the pile's meld", pile, extra, card)


def test_a_take_of_the_pile_with_a_king_to_spare_is_not_offered() -> None:
    """Five kings in hand and the top king make 60 at a minimum of 50: one king could stay in hand. Four
    kings joining it are offered, and two with three more kings beside (no king of either could stay)."""
    king, *hand = ids_for_faces([parse_face(t) for t in "KD KC KD KH KS KC 5H 9D".split()])
    takes = pile_first_melds(hand, king, BOLIVIA, 50)
    assert sorted({(len(joining), tuple(len(m) for m in extra)) for joining, extra in takes}) == [(2, (3,)), (4, ())]
    for joining, extra in takes:
        _pile_take_is_minimal(king, joining, extra, BOLIVIA, 50)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_take_of_the_pile_offered_as_a_first_meld_is_minimal(name: str) -> None:
    rules = RULESETS[name]
    rng = random.Random(35)
    checked = 0
    for _game in range(60):
        s = GameState(rng.choice([2, 3, 4]), rng.randrange(10**6), rules, target=rules.default_targets[0])
        s.apply(Deal())
        hand, others = s.hands[0], [c for c in s.hands[1] if NATURAL[c]]
        ranks = {RANK[c] for c in hand if NATURAL[c]}
        tops = [c for c in others if sum(1 for h in hand if NATURAL[h] and RANK[h] == RANK[c]) >= 2]
        if not tops or not ranks:
            continue
        top = rng.choice(tops)
        need = rng.choice([15, 50, 90, 120])
        for joining, extra in pile_first_melds(hand, top, rules, need):
            _pile_take_is_minimal(top, joining, extra, rules, need)
            checked += 1
    assert checked > 30, checked  # the property was put to many takes
