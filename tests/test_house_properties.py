"""Properties over random seeded games of every game with random house rules, in the one loop of
tests/random_games.py (Samba's own games are in tests/test_rules_properties.py): every invariant after every
action, with the rule set played, legal moves that apply and are complete, exact round trips through the
save, and no hand where the seat to act has no legal move.

The suite plays a few games a case (HOUSE_GAMES_PER_CASE, 8 by default, keeps it to some seconds)."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import get_player
from game.rules import GameState, Phase, legal_actions, view_of
from game.rules.cards import WILD
from game.rules.house import options_of, with_house
from game.rules.melds import RANK_MELD
from game.rules.ruleset import RULESETS, RuleSet
from tests.random_games import play

GAMES_PER_CASE = int(os.environ.get("HOUSE_GAMES_PER_CASE", "8"))
GAME = settings(max_examples=GAMES_PER_CASE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def house_rules(draw, game: str) -> RuleSet:
    """A game with a random value for every one of its options."""
    options = {o.name: draw(st.sampled_from(o.choices)) for o in options_of(game)}
    return with_house(RULESETS[game], options)


@pytest.mark.parametrize("game", ["bolivia", "standard", "samba"])
def test_random_house_rules_keep_every_invariant_and_never_leave_a_hand_stuck(game):
    @GAME
    @given(rules=house_rules(game), seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
           player=st.sampled_from(["random", "greedy", "asker", "normal"]))
    def run(rules, seed, players, player):
        play(players, seed, player, rules)

    run()


def test_wild_limit_three_games_lay_three_wild_cards_somewhere():
    """The option is reached in play: over a few greedy games some rank meld holds three wild cards."""
    rules = with_house(RULESETS["bolivia"], {"wild_limit": "three"})
    most = 0
    for seed in range(6):
        s = GameState(2, seed, rules, target=2500)
        rng = random.Random(seed)
        while s.phase != Phase.GAME_OVER:
            s.apply(get_player("greedy")(view_of(s, s.to_act), legal_actions(s), rng))
            most = max([most] + [sum(1 for c in m.cards if WILD[c]) for side in s.melds for m in side
                                 if m.kind == RANK_MELD])
    assert most == 3
