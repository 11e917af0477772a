"""Rules a mutation probe of the engine found untested: each test here fails when the one line that
decides it is changed (a threshold moved by one, a condition dropped, an option forgotten)."""

from __future__ import annotations

import random

import pytest

from game.rules import BOLIVIA, Deal, GameState, Phase
from game.rules.actions import Discard, MeldMove
from game.rules.cards import VALUE
from game.rules.errors import IllegalAction
from game.rules.first_meld import first_melds
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

