"""Properties of Standard Canasta over random seeded games: 300 whole games at 2, 3 and 4 players with the
random and greedy players, every invariant checked after every action (108 cards accounted for)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import get_player
from game.rules import GameState, Phase, TakePile, legal_actions, view_of
from game.rules.cards import NATURAL, RANK, RED_THREE, WILD
from game.rules.melds import RANK_MELD
from game.rules.ruleset import STANDARD
from tests.test_rules_properties import check_all_legal_apply, check_complete, check_view, round_trip

GAMES_PER_CASE = 50  # 6 cases: 300 whole games
SAMPLE_EVERY = 53
GAME = settings(max_examples=GAMES_PER_CASE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def standard_invariants(s: GameState) -> None:
    places = len(s.stock) + len(s.pile) + sum(map(len, s.hands)) + sum(len(m.cards) for side in s.melds for m in side)
    assert places + sum(map(len, s.red_threes)) == 108
    for side in s.melds:
        ranks = [m.key for m in side]
        assert all(m.kind == RANK_MELD or m.kind == "black_threes" for m in side), "no runs, no wild melds"
        assert len(ranks) == len(set(ranks)), "one meld per rank"
        for m in side:
            assert m.wilds() <= 3 and (m.wilds() == 0 or m.naturals() > m.wilds())
    if s.phase in (Phase.DRAW, Phase.MELD):
        assert not any(RED_THREE[c] for h in s.hands for c in h)
        frozen_by_wild = any(WILD[c] or RED_THREE[c] for c in s.pile)
        for side in range(s.sides):
            assert (s.pile_freeze(side) is not None) == (frozen_by_wild or not s.melds[side])
    for seat in range(s.players):
        assert not s.melded_by[seat] or s.melds[s.side_of(seat)], "a seat that melded has a side with melds"


def play(players: int, seed: int, player: str) -> GameState:
    s = GameState(players, seed, STANDARD, target=2500)
    choose = get_player(player)
    rng = random.Random(seed)
    steps = 0
    while s.phase != Phase.GAME_OVER:
        legal = legal_actions(s)
        assert legal, f"no legal action in phase {s.phase}"
        if steps % SAMPLE_EVERY == SAMPLE_EVERY - 1:
            back = round_trip(s)
            assert legal_actions(back) == legal
            check_all_legal_apply(s, legal)
            check_complete(s, legal)
            check_view(s)
        action = choose(view_of(s, s.to_act), legal, rng)
        if isinstance(action, TakePile):
            top = s.pile[-1]
            assert NATURAL[top]
            if s.pile_freeze(s.side_of(s.turn)) is not None:
                assert sum(1 for c in action.cards if NATURAL[c] and RANK[c] == RANK[top]) >= 2, "frozen: a pair"
        if s.phase == Phase.DRAW and s.pile and not NATURAL[s.pile[-1]]:
            assert not any(isinstance(a, TakePile) for a in legal), "a black three or wild card on top blocks"
        s.apply(action)
        problems = s.check()
        assert not problems, f"after {action!r}: {problems}"
        standard_invariants(s)
        steps += 1
    assert s.hand_no <= 60
    assert s.winner is None or s.scores[s.winner] == max(s.scores) >= 2500
    for r in s.results:
        for sc in r["scores"]:
            assert sc["going_out"] in (0, 100, 200) and sc["red_threes"] in (0, 100, 200, 300, 800, -100, -200, -300,
                                                                              -800)
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("player", ["random", "greedy"])
def test_whole_random_standard_games_keep_every_invariant(players, player):
    @GAME
    @given(seed=st.integers(0, 2**32))
    def run(seed):
        play(players, seed, player)

    run()
