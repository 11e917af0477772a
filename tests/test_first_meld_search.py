"""The fast first-meld search (game/rules/first_meld.py) finds exactly the first melds the old one did
(tests/old_first_meld.py, the oracle that tries every multiset of candidate melds): the same melds of the
same cards in the same order, laid from the hand and with the pile, on random seeded hands of moderate
size in every game, with the wild-card house rules, at every minimum of the first-meld table."""

from __future__ import annotations

import random

import pytest

from game.rules import first_meld as fast
from game.rules.actions import Deal
from game.rules.cards import NATURAL
from game.rules.house import with_house
from game.rules.ruleset import RULESETS, RuleSet
from game.rules.state import GameState
from tests import old_first_meld as old

RULES: list[tuple[str, dict[str, str]]] = [
    ("bolivia", {}), ("bolivia", {"wild_limit": "three"}), ("standard", {}), ("standard", {"standard_wilds": "equal"}),
    ("samba", {}), ("samba", {"wild_limit": "three"}),
]
CASES_PER_RULES = 40


def hand_of(rules: RuleSet, rng: random.Random, size: int) -> list[int]:
    """A seat's dealt hand grown from the stock to `size` cards, as long hands are grown in play."""
    s = GameState(2, rng.randrange(10**6), rules=rules)
    s.apply(Deal())
    hand, stock = s.hands[s.turn], list(s.stock)
    rng.shuffle(stock)
    while len(hand) < size:
        hand.append(stock.pop())
    return hand


@pytest.mark.parametrize(("game", "house"), RULES)
def test_the_fast_search_finds_every_first_meld_the_old_one_did(game: str, house: dict[str, str]) -> None:
    rules = with_house(RULESETS[game], house)
    rng = random.Random(f"first melds {game} {sorted(house.items())}")
    needs = sorted({need for _low, need in rules.min_meld_table})
    found = tops = 0
    for _case in range(CASES_PER_RULES):
        hand = hand_of(rules, rng, rng.randrange(6, 23))
        need = rng.choice(needs)
        expected = old.first_melds(hand, rules, need)
        assert fast.first_melds(hand, rules, need) == expected, (game, house, hand, need)
        found += len(expected)
        top = rng.choice([c for c in hand if NATURAL[c]] or hand)
        rest = [c for c in hand if c != top]
        expected_pile = old.pile_first_melds(rest, top, rules, need)
        assert fast.pile_first_melds(rest, top, rules, need) == expected_pile, (game, house, hand, top, need)
        tops += len(expected_pile)
    assert found > 100 and tops > 20  # the hands are big enough that many first melds exist


def test_a_first_meld_of_one_meld_per_rank_never_holds_two_melds_of_a_rank() -> None:
    rules = RULESETS["standard"]
    rng = random.Random(5)
    for _case in range(20):
        hand = hand_of(rules, rng, 20)
        for combo in fast.first_melds(hand, rules, 90):
            ranks = [fast.card_key(m[0]) % 16 for m in combo]
            assert len(ranks) == len(set(ranks))
