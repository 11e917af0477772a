"""Properties over random seeded games of Samba and of every game with random house rules: every invariant
after every action (game/rules/state.py check, with the rule set played), legal moves that apply and are
complete, exact round trips through the save, and no hand where the seat to act has no legal move.

The suite plays a few games a case (HOUSE_GAMES_PER_CASE, 8 by default, keeps it to some seconds); with
HOUSE_GAMES_PER_CASE=50 the Samba cases are 300 games, as the house rules were first pinned."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import get_player
from game.rules import AskPartner, GameState, Phase, TakePile, TakeTop, legal_actions, view_of
from game.rules.cards import NATURAL, RANK, WILD
from game.rules.house import options_of, with_house
from game.rules.melds import RANK_MELD, WILD_MELD
from game.rules.ruleset import RULESETS, SAMBA, RuleSet
from tests.test_rules_properties import check_all_legal_apply, check_complete, check_view, round_trip

GAMES_PER_CASE = int(os.environ.get("HOUSE_GAMES_PER_CASE", "8"))
SAMPLE_EVERY = 41
GAME = settings(max_examples=GAMES_PER_CASE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _asker(view, legal, rng):
    """Asks whenever it may, answers at random, otherwise plays at random: stresses the yes / no rules."""
    if AskPartner() in legal:
        return AskPartner()
    return rng.choice(legal)


def invariants(s: GameState, rules: RuleSet) -> None:
    for side in s.melds:
        for m in side:
            assert rules.wild_melds or m.kind != WILD_MELD, "no wild melds in this game"
            if m.kind == RANK_MELD:
                assert rules.wilds_fit(m.naturals(), m.wilds())
    assert s.rules.house == rules.house


def play(players: int, seed: int, player: str, rules: RuleSet, target: int = 2500) -> GameState:
    s = GameState(players, seed, rules, target=target)
    choose = _asker if player == "asker" else get_player(player)
    rng = random.Random(seed)
    steps = 0
    while s.phase != Phase.GAME_OVER:
        legal = legal_actions(s)
        assert legal, f"no legal action in phase {s.phase}: a stuck hand"
        if steps % SAMPLE_EVERY == SAMPLE_EVERY - 1:
            back = round_trip(s)
            assert legal_actions(back) == legal
            check_all_legal_apply(s, legal)
            check_complete(s, legal)
            check_view(s)
        action = choose(view_of(s, s.to_act), legal, rng)
        if isinstance(action, TakeTop):
            assert rules.take_top
        if isinstance(action, TakePile) and action.onto is not None:
            assert rules.take_onto_meld and s.pile_freeze(s.side_of(s.turn)) is None and not action.cards
        elif isinstance(action, TakePile) and rules.unfrozen_pair_only:
            assert sum(1 for c in action.cards if NATURAL[c] and RANK[c] == RANK[s.pile[-1]]) >= 2
        hand_before = len(s.hands[s.turn])
        asked = s.permission
        s.apply(action)
        if s.rules.out_needs_yes and s.results and s.phase in (Phase.DEAL, Phase.GAME_OVER) and hand_before:
            out = s.results[-1]["out"]
            assert out is None or asked is True, "went out without a yes where one is required"
        problems = s.check()
        assert not problems, f"after {action!r}: {problems}"
        invariants(s, rules)
        steps += 1
    assert s.hand_no <= 60
    assert s.winner is None or s.scores[s.winner] == max(s.scores) >= target
    for r in s.results:
        for sc in r["scores"]:
            assert sc["going_out"] in (0, s.rules.go_out, s.rules.go_out_concealed)
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("player", ["random", "greedy"])
def test_whole_random_samba_games_keep_every_invariant(players, player):
    @GAME
    @given(seed=st.integers(0, 2**32))
    def run(seed):
        s = play(players, seed, player, SAMBA)
        assert not any(m.kind == WILD_MELD for side in s.melds for m in side)

    run()


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
