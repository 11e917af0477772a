"""One loop of random seeded games for every rule set, house rules and all: after every action the
engine's invariants (game/rules/state.py `check`) and those the rule set makes true; every so often an
exact round trip through the save, every legal move applied, the move list's completeness and the seats'
views. The property tests of Bolivia, Standard Canasta, Samba and the house rules all play it
(tests/test_rules_properties.py, tests/test_house_properties.py)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations

from game.ai import get_player
from game.rules import (
    AddToMeld,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    GameState,
    IllegalAction,
    LayMelds,
    Phase,
    TakePile,
    TakeTop,
    legal_actions,
    view_of,
)
from game.rules.actions import Action, action_from_json, action_to_json
from game.rules.cards import FACE, NATURAL, RANK, RED_THREE, WILD
from game.rules.melds import BLACK_THREES, RANK_MELD, RUN, WILD_MELD
from game.rules.ruleset import RuleSet
from game.rules.validate import state_from_json

SAMPLE_EVERY = 41  # actions between deep checks (round trip, every legal move applied, completeness, views)


def round_trip(s: GameState) -> GameState:
    """The position read back from its JSON by the engine's own reader and by the checked one, exactly."""
    data = s.to_json()
    assert GameState.from_json(json.loads(json.dumps(data))).to_json() == data
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


def asker(view, legal, rng):
    """Asks whenever it may, answers at random, otherwise plays at random: stresses the yes / no rules."""
    if AskPartner() in legal:
        return AskPartner()
    return rng.choice(legal)


def rule_set_invariants(s: GameState, rules: RuleSet) -> None:
    """What the rule set played makes true of the table after any action."""
    assert s.rules.house == rules.house
    for side in s.melds:
        for m in side:
            assert rules.wild_melds or m.kind != WILD_MELD, "no wild melds in this game"
            assert rules.runs or m.kind != RUN, "no runs in this game"
            if m.kind == RANK_MELD:
                assert rules.wilds_fit(m.naturals(), m.wilds())
        if rules.one_meld_per_rank:
            ranks = [m.key for m in side if m.kind == RANK_MELD]
            assert len(ranks) == len(set(ranks)), "one meld per rank"
    if s.phase in (Phase.DRAW, Phase.MELD):
        assert not any(RED_THREE[c] for h in s.hands for c in h), "a red three is laid out at once"
    for seat in range(s.players):
        assert not s.melded_by[seat] or s.melds[s.side_of(seat)], "a seat that melded has a side with melds"


def move_invariants(s: GameState, action: Action, legal: list[Action]) -> None:
    """What the rule set makes true of a move the player chose, before it is applied."""
    rules = s.rules
    if isinstance(action, TakeTop):
        assert rules.take_top
    if isinstance(action, TakePile) and action.onto is not None:
        assert rules.take_onto_meld and s.pile_freeze(s.side_of(s.turn)) is None and not action.cards
    elif isinstance(action, TakePile) and rules.unfrozen_pair_only:
        assert sum(1 for c in action.cards if NATURAL[c] and RANK[c] == RANK[s.pile[-1]]) >= 2


def standard_invariants(s: GameState) -> None:
    """Standard Canasta's own, with any of its house rules: 108 cards, only rank melds (and black threes
    going out), a pile frozen by a wild card, a red three or a side that has not melded."""
    places = len(s.stock) + len(s.pile) + sum(map(len, s.hands)) + sum(len(m.cards) for side in s.melds for m in side)
    assert places + sum(map(len, s.red_threes)) == 108
    for side in s.melds:
        assert all(m.kind in (RANK_MELD, BLACK_THREES) for m in side), "no runs, no wild melds"
    if s.phase in (Phase.DRAW, Phase.MELD):
        frozen_by_wild = any(WILD[c] or RED_THREE[c] for c in s.pile)
        for side in range(s.sides):
            assert (s.pile_freeze(side) is not None) == (frozen_by_wild or not s.melds[side])


def standard_move(s: GameState, action: Action, legal: list[Action]) -> None:
    if isinstance(action, TakePile):
        top = s.pile[-1]
        assert NATURAL[top]
        if s.pile_freeze(s.side_of(s.turn)) is not None:
            assert sum(1 for c in action.cards if NATURAL[c] and RANK[c] == RANK[top]) >= 2, "frozen: a pair"
    if s.phase == Phase.DRAW and s.pile and not NATURAL[s.pile[-1]]:
        assert not any(isinstance(a, TakePile) for a in legal), "a black three or wild card on top blocks"


def standard_end(s: GameState) -> None:
    for r in s.results:
        for sc in r["scores"]:
            assert sc["red_threes"] in (0, 100, 200, 300, 800, -100, -200, -300, -800)


# A game's own checks beside the rule set's: after an action, of a move chosen, at the game's end.
OWN_INVARIANTS: dict[str, Callable[[GameState], None]] = {"standard": standard_invariants}
OWN_MOVE_CHECKS: dict[str, Callable[[GameState, Action, list[Action]], None]] = {"standard": standard_move}
OWN_END_CHECKS: dict[str, Callable[[GameState], None]] = {"standard": standard_end}


def play(players: int, seed: int, player: str, rules: RuleSet, target: int = 2500, deep: bool = True) -> GameState:
    """A whole game of `player` at every seat (a level's name, or "asker"), every invariant checked."""
    s = GameState(players, seed, rules, target=target)
    choose = asker if player == "asker" else get_player(player)
    rng = random.Random(seed)
    own_after = OWN_INVARIANTS.get(rules.name)
    own_move = OWN_MOVE_CHECKS.get(rules.name)
    steps = 0
    while s.phase != Phase.GAME_OVER:
        legal = legal_actions(s)
        assert legal, f"no legal action in phase {s.phase}, permission {s.permission}: a stuck hand"
        if deep and steps % SAMPLE_EVERY == SAMPLE_EVERY - 1:
            back = round_trip(s)
            assert legal_actions(back) == legal
            check_all_legal_apply(s, legal)
            check_complete(s, legal)
            check_view(s)
        action = choose(view_of(s, s.to_act), legal, rng)
        move_invariants(s, action, legal)
        if own_move is not None:
            own_move(s, action, legal)
        hand_before = len(s.hands[s.turn])
        asked = s.permission
        s.apply(action)
        if s.rules.out_needs_yes and s.results and s.phase in (Phase.DEAL, Phase.GAME_OVER) and hand_before:
            out = s.results[-1]["out"]
            assert out is None or asked is True, "went out without a yes where one is required"
        problems = s.check()
        assert not problems, f"after {action!r}: {problems}"
        rule_set_invariants(s, rules)
        if own_after is not None:
            own_after(s)
        steps += 1
    if deep:
        round_trip(s)  # the game over: every hand's result read back
    assert s.hand_no <= rules.max_hands
    assert s.winner is None or s.scores[s.winner] == max(s.scores) >= target
    assert s.winner is not None or s.hand_no == rules.max_hands or s.scores.count(max(s.scores)) > 1
    for r in s.results:
        for sc in r["scores"]:
            assert sc["going_out"] in (0, s.rules.go_out, s.rules.go_out_concealed)
    if rules.name in OWN_END_CHECKS:
        OWN_END_CHECKS[rules.name](s)
    return s
