"""Properties over many random seeded games of every rule set (the one loop of tests/random_games.py):
invariants after every action, exact JSON round trips, legal moves that apply, per-seat views that hide the
other hands, and melds judged as docs/RULES.md says."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.simple import choose_greedy
from game.rules import (
    BOLIVIA,
    AskPartner,
    GameState,
    IllegalAction,
    Phase,
    legal_actions,
    view_of,
)
from game.rules.cards import ACE, BLACK_THREE, JOKER, RANK, RED_THREE, SUIT, WILD, ids_for_faces
from game.rules.melds import classify
from game.rules.ruleset import RULESETS
from game.rules.validate import NewerVersion, state_from_json
from tests.random_games import check_all_legal_apply, play, round_trip

# Whole games a case (a rule set, a table size, a player): 300 of Bolivia, 300 of Standard Canasta; Samba's
# cases play HOUSE_GAMES_PER_CASE (8 by default: some seconds; 50 as its rules were first pinned).
GAMES_PER_CASE = {"bolivia": 50, "standard": 50, "samba": int(os.environ.get("HOUSE_GAMES_PER_CASE", "8"))}


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("player", ["random", "greedy"])
def test_whole_random_games_of_every_rule_set_keep_every_invariant(name, players, player):
    rules = RULESETS[name]

    @settings(max_examples=GAMES_PER_CASE[name], deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32))
    def run(seed):
        play(players, seed, player, rules)

    run()


def _asker(view, legal, rng):
    """Asks whenever it may, answers at random, otherwise plays greedy or random: stresses the yes / no rules."""
    if AskPartner() in legal:
        return AskPartner()
    if view.phase == Phase.ANSWER or rng.random() < 0.5:
        return rng.choice(legal)
    return choose_greedy(view, legal, rng)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_four_player_games_that_ask_whenever_they_may(seed):
    s = GameState(4, seed, target=2500)
    rng = random.Random(seed)
    while s.phase != Phase.GAME_OVER:
        legal = legal_actions(s)
        assert legal, f"no legal action in phase {s.phase}, permission {s.permission}"
        if s.permission is not None and s.phase == Phase.MELD:
            check_all_legal_apply(s, legal)
        s.apply(_asker(view_of(s, s.to_act), legal, rng))
        assert not s.check()


def test_the_same_seed_gives_the_same_game():
    a = play(4, 12345, "random", BOLIVIA, deep=False)
    b = play(4, 12345, "random", BOLIVIA, deep=False)
    assert a.to_json() == b.to_json()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(0, 400))
def test_json_round_trip_mid_game_is_exact_and_plays_on_the_same(seed, players, steps):
    s = GameState(players, seed, target=2500)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.phase == Phase.GAME_OVER:
            break
        s.apply(rng.choice(legal_actions(s)))
    back = round_trip(s)
    for _ in range(30):  # both play on identically
        if s.phase == Phase.GAME_OVER:
            break
        a = rng.choice(legal_actions(s))
        assert legal_actions(back) == legal_actions(s)
        assert back.apply(a) == s.apply(a)
        assert back.to_json() == s.to_json()


def test_a_broken_save_is_refused_with_a_reason():
    s = GameState(2, 4, target=2500)
    s.apply(legal_actions(s)[0])
    data = s.to_json()
    bad = dict(data, stock=data["stock"][1:])  # one card lost
    with pytest.raises(ValueError, match="not a valid saved game"):
        state_from_json(bad)
    with pytest.raises(NewerVersion, match="newer version") as newer:
        state_from_json(dict(data, version=99))
    assert newer.value.version == 99
    with pytest.raises(ValueError, match="not a valid saved game"):
        state_from_json({"version": 1})


# ----- melds against the rules as written ------------------------------------------------------------------

def oracle(cards: list[int]) -> str | None:
    """The meld rules of docs/RULES.md, written out independently: the kind, or None."""
    n = len(cards)
    if n < 3 or any(RED_THREE[c] for c in cards):
        return None
    wild = [c for c in cards if WILD[c]]
    nat = [c for c in cards if not WILD[c]]
    if not nat:
        return "wild" if n <= 7 else None
    if any(BLACK_THREE[c] for c in cards):
        return "black_threes" if all(BLACK_THREE[c] for c in cards) else None
    ranks = [RANK[c] for c in nat]
    if len(set(ranks)) == 1:
        return "rank" if len(wild) <= 2 and len(nat) >= 2 * len(wild) else None
    if wild or len({SUIT[c] for c in nat}) != 1 or len(set(ranks)) != n or n > 7:
        return None
    return "run" if max(ranks) - min(ranks) == n - 1 and 4 <= min(ranks) and max(ranks) <= ACE else None


_POOL = [s * 16 + r for s in range(2, 4) for r in (2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14)] + [4 * 16 + JOKER]
_POOL += [0 * 16 + 3, 0 * 16 + 13, 1 * 16 + 13, 1 * 16 + 3]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_POOL), min_size=0, max_size=10))
def test_classify_agrees_with_the_rules_as_written(faces):
    try:
        cards = ids_for_faces(faces)
    except ValueError:
        return  # more copies than the packs hold
    want = oracle(cards)
    try:
        got = classify(cards, BOLIVIA).kind
    except IllegalAction as why:
        assert want is None, f"{faces}: refused ({why}) but the rules allow a {want}"
        assert str(why)
        return
    assert got == want
