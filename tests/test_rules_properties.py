"""Properties over many random seeded games: invariants after every action, exact JSON round trips, legal moves
that apply, per-seat views that hide the other hands, and melds judged as docs/RULES.md says."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import get_player
from game.ai.simple import choose_greedy
from game.rules import (
    BOLIVIA,
    AddToMeld,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    GameState,
    IllegalAction,
    LayMelds,
    Phase,
    TakeTop,
    legal_actions,
    view_of,
)
from game.rules.actions import action_from_json, action_to_json
from game.rules.cards import ACE, BLACK_THREE, FACE, JOKER, RANK, RED_THREE, SUIT, WILD, ids_for_faces
from game.rules.melds import classify
from game.rules.validate import NewerVersion, state_from_json

GAMES_PER_CASE = 50  # 6 cases: 300 whole games
SAMPLE_EVERY = 37  # actions between deep checks (round trip, every legal move applied, completeness)
GAME = settings(max_examples=GAMES_PER_CASE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def round_trip(s: GameState) -> GameState:
    data = s.to_json()
    back = state_from_json(json.loads(json.dumps(data)))
    assert back.to_json() == data
    return back


def check_view(s: GameState) -> None:
    for seat in range(s.players):
        v = view_of(s, seat)
        assert v.hand == tuple(s.hands[seat])
        others = {c for o in range(s.players) if o != seat for c in s.hands[o]}
        seen = set(v.hand) | set(v.pile) | {c for side in v.melds for m in side for c in m.cards}
        seen |= {c for r in v.red_threes for c in r}
        assert not seen & others, "a view shows another player's card"
        assert not seen & set(s.stock), "a view shows a card of the stock"
        assert v.stock_count == len(s.stock) and v.hand_counts == tuple(len(h) for h in s.hands)
        for o in range(s.players):  # what a seat is known to hold was seen face up and is really there
            assert not Counter(v.known[o]) - Counter(FACE[c] for c in s.hands[o])
        assert not {"hands", "stock"} & set(vars(v))


def check_all_legal_apply(s: GameState, legal: list) -> None:
    for a in legal:
        assert action_from_json(json.loads(json.dumps(action_to_json(a)))) == a
        probe = s.copy()
        try:
            probe.apply(a)
        except IllegalAction as why:  # pragma: no cover - the failure message is the point
            raise AssertionError(f"legal_actions offered {a!r}, apply refused: {why}") from None
        assert not probe.check()


def _key(a) -> tuple:
    """An action by faces, as legal_actions offers one per choice of cards distinct by rank and suit."""
    if isinstance(a, LayMelds):
        return ("lay", tuple(sorted(tuple(sorted(FACE[c] for c in m)) for m in a.melds)))
    if isinstance(a, AddToMeld):
        return ("add", a.meld, tuple(sorted(FACE[c] for c in a.cards)))
    if isinstance(a, Discard):
        return ("discard", FACE[a.card])
    return (type(a).__name__, tuple(sorted(vars(a).items())))


def check_complete(s: GameState, legal: list) -> None:
    """Every one-step move that apply accepts (a draw, a top card, a three-card meld once the side has melded,
    one card onto a meld, a combine, a discard) is offered, by faces."""
    offered = {_key(a) for a in legal}

    def accepted(a) -> bool:
        try:
            s.copy().apply(a)
        except IllegalAction:
            return False
        return True

    seat, side = s.turn, s.side_of(s.turn)
    distinct = list({FACE[c]: c for c in s.hands[seat]}.values())
    if s.phase == Phase.DRAW:
        wanted = [DrawStock()] + [TakeTop(m.id) for m in s.melds[side]]
    else:
        wanted = [Discard(c) for c in distinct]
        wanted += [AddToMeld(m.id, (c,)) for m in s.melds[side] for c in distinct]
        wanted += [Combine(a.id, b.id) for a in s.melds[side] for b in s.melds[side] if a.id < b.id]
        if s.melds[side] and len(s.hands[seat]) <= 16:
            hand = s.hands[seat]
            trios = {tuple(sorted(FACE[c] for c in t)): t for t in combinations(hand, 3)}
            wanted += [LayMelds((t,)) for t in trios.values()]
    for a in wanted:
        if accepted(a):
            key = _key(a) if not isinstance(a, Combine) else None
            if isinstance(a, Combine):
                assert a in legal or Combine(a.into, a.meld) in legal, f"{a!r} applies but is not offered"
            else:
                assert key in offered, f"{a!r} applies but is not offered"


def play(players: int, seed: int, player: str, deep: bool = True) -> GameState:
    s = GameState(players, seed, target=2500)
    choose = get_player(player)
    rng = random.Random(seed)
    steps = 0
    while s.phase != Phase.GAME_OVER:
        legal = legal_actions(s)
        assert legal, f"no legal action in phase {s.phase}"
        if deep and steps % SAMPLE_EVERY == SAMPLE_EVERY - 1:
            back = round_trip(s)
            assert legal_actions(back) == legal
            check_all_legal_apply(s, legal)
            check_complete(s, legal)
            check_view(s)
        action = choose(view_of(s, s.to_act), legal, rng)
        s.apply(action)
        problems = s.check()
        assert not problems, f"after {action!r}: {problems}"
        steps += 1
    assert s.hand_no <= 60
    assert s.winner is None or s.scores[s.winner] == max(s.scores) >= 2500
    assert s.winner is not None or s.hand_no == 60 or s.scores.count(max(s.scores)) > 1
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("player", ["random", "greedy"])
def test_whole_random_games_keep_every_invariant(players, player):
    @GAME
    @given(seed=st.integers(0, 2**32))
    def run(seed):
        play(players, seed, player)

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
    a = play(4, 12345, "random", deep=False)
    b = play(4, 12345, "random", deep=False)
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
