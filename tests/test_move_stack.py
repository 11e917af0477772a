"""The move stack and the position's JSON, over random seeded games of every rule set and table size:
`push` then `pop` gives back exactly the position before (its `to_json`), popping a whole hand walks back
through every position it passed, and `state_from_json(to_json(s))` plays on exactly as `s` does."""

from __future__ import annotations

import json
import random

import pytest

from game.ai.simple import choose_greedy
from game.rules import RULESETS, Deal, Discard, DrawStock, GameState, IllegalAction, Phase, legal_actions, view_of
from game.rules.validate import InvalidState, NewerVersion, state_from_json
from tests.helpers import in_hand, position

MOVES = 160  # moves played in each game: past the first melds, often into a second hand
PLAY_ON = 8  # moves played on from a position read back from its JSON
TABLES = [(name, players, seed) for name in RULESETS for players in (2, 3, 4) for seed in (5, 6)]


def _next_move(s: GameState, rng: random.Random):
    """A greedy move most of the time, any legal move otherwise (the greedy player alone melds alike)."""
    legal = legal_actions(s)
    return rng.choice(legal) if rng.random() < 0.3 else choose_greedy(view_of(s, s.to_act), legal, rng)


@pytest.mark.parametrize(("name", "players", "seed"), TABLES)
def test_push_and_pop_give_back_each_position_exactly(name: str, players: int, seed: int) -> None:
    s = GameState(players, seed, RULESETS[name])
    rng = random.Random(f"{name}:{players}:{seed}")
    seen: list[dict] = []  # the position before each move of the hand in play
    for _ in range(MOVES):
        if s.phase == Phase.GAME_OVER:
            break
        move = Deal() if s.phase == Phase.DEAL else _next_move(s, rng)
        before = s.to_json()
        events = s.push(move)
        after = s.to_json()
        assert s.pop() == move and s.to_json() == before  # taken back exactly
        assert s.push(move) == events and s.to_json() == after  # and played again the same
        seen = [before] if isinstance(move, Deal) else seen + [before]
        assert len(s.move_stack) == len(seen) and s.move_stack[-1] == move
    # The whole hand taken back, move by move, through every position it passed, to before its deal.
    for before in reversed(seen):
        s.pop()
        assert s.to_json() == before
    assert s.move_stack == []
    with pytest.raises(IndexError):
        s.pop()


@pytest.mark.parametrize(("name", "players", "seed"), TABLES)
def test_a_position_read_back_from_its_json_plays_on_identically(name: str, players: int, seed: int) -> None:
    s = GameState(players, seed, RULESETS[name])
    rng = random.Random(f"json:{name}:{players}:{seed}")
    for step in range(MOVES):
        if s.phase == Phase.GAME_OVER:
            break
        if step % 20 == 7:
            data = json.loads(json.dumps(s.to_json()))
            back = state_from_json(data)
            assert back.to_json() == s.to_json()
            original, twin = s.copy(), back
            fork = random.Random(step)
            for _ in range(PLAY_ON):
                if original.phase == Phase.GAME_OVER:
                    break
                move = Deal() if original.phase == Phase.DEAL else _next_move(original, fork)
                assert legal_actions(twin) == legal_actions(original) or original.phase == Phase.DEAL
                assert twin.apply(move) == original.apply(move)
                assert twin.to_json() == original.to_json()
        s.push(Deal() if s.phase == Phase.DEAL else _next_move(s, rng))


def test_an_illegal_move_is_not_remembered_and_a_copy_has_no_moves() -> None:
    s = position(2, ["KH KS KD 4C 5C", "QH QS QD 9H 9S 4D 5S"], stock="8C 8D")
    s.push(DrawStock())
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.push(DrawStock())  # drawn already
    assert s.to_json() == before and s.move_stack == [DrawStock()]
    assert s.copy().move_stack == [] and s.copy().to_json() == before
    s.push(Discard(in_hand(s, 0, "4C")[0]))
    assert s.pop() == Discard(in_hand(s, 0, "4C")[0]) and s.to_json() == before


def test_a_deal_starts_the_stack_afresh() -> None:
    s = GameState(2, 4)
    s.push(Deal())
    while s.phase != Phase.DEAL:
        s.push(_next_move(s, random.Random(len(s.move_stack))))
    s.push(Deal())
    assert s.move_stack == [Deal()]  # the hand before is never taken back
    s.pop()
    assert s.phase == Phase.DEAL and s.hand_no == 1


@pytest.mark.parametrize(("name", "players", "seed"), TABLES[::3])
def test_a_move_pushed_without_keeping_plays_the_same_and_is_a_floor_to_taking_back(name: str, players: int,
                                                                                    seed: int) -> None:
    """push(keep=False) (the table server's moves no one may take back) plays exactly as push does, keeps
    no position, and nothing under it can be taken back; kept moves over it are, back to it exactly."""
    kept, lean = GameState(players, seed, RULESETS[name]), GameState(players, seed, RULESETS[name])
    rng = random.Random(f"lean:{name}:{players}:{seed}")
    for step in range(MOVES):
        if kept.phase == Phase.GAME_OVER:
            break
        move = Deal() if kept.phase == Phase.DEAL else _next_move(kept, rng)
        keep = step % 3 == 0
        before = lean.to_json()
        assert lean.push(move, keep) == kept.push(move)
        assert lean.to_json() == kept.to_json()
        if keep:
            assert lean.move_stack == [move]  # only itself: the move under it was not kept
            assert lean.pop() == move and lean.to_json() == before
            lean.push(move, keep)
        else:
            assert lean.move_stack == []
            with pytest.raises(IndexError):
                lean.pop()
            assert lean.to_json() == kept.to_json()


@pytest.mark.parametrize("data", [
    None, [], "save", {}, {"version": 1}, {"version": True}, {"version": 1, "variant": "poker"},
    {"version": 1, "variant": "bolivia", "players": 9},
])
def test_from_json_refuses_what_is_no_game_with_a_reason(data) -> None:
    with pytest.raises(InvalidState, match="not a valid saved game"):
        state_from_json(data)


def test_from_json_refuses_a_damaged_save_with_a_reason_never_a_traceback() -> None:
    s = GameState(4, 8)
    rng = random.Random(8)
    while s.hand_no < 1 or not any(s.melds):
        s.apply(Deal() if s.phase == Phase.DEAL else _next_move(s, rng))
    good = s.to_json()
    junk = [None, -1, 10**30, "x", [], {}, True, [[1, 2]], 3.5]
    refused = 0
    for key in good:
        for value in junk:
            try:
                back = state_from_json({**good, key: value})
            except (InvalidState, NewerVersion) as why:
                assert str(why) and "Error" not in str(why)
                refused += 1
            else:
                assert back.check() == []
    assert refused > len(good) * 5  # nearly every damage is caught


def _damaged(good: dict) -> list[tuple[str, dict]]:
    """The save with one field gone, at the top, in a hand's result, in a result's score line or in a meld."""
    out = [(key, {k: v for k, v in good.items() if k != key}) for key in good]
    result, meld = good["results"][0], next(m for side in good["melds"] for m in side)
    for key in result:
        out.append((f"results.{key}", {**good, "results": [{k: v for k, v in result.items() if k != key}]
                                       + good["results"][1:]}))
    for key in result["scores"][0]:
        line = {k: v for k, v in result["scores"][0].items() if k != key}
        out.append((f"results.scores.{key}", {**good, "results": [{**result, "scores": [line] + result["scores"][1:]}]
                                              + good["results"][1:]}))
    for key in meld:
        melds = [[{k: v for k, v in m.items() if k != key} if m is meld else m for m in side]
                 for side in good["melds"]]
        out.append((f"melds.{key}", {**good, "melds": melds}))
    return out


def test_a_save_missing_any_field_is_refused_with_a_reason_or_read_as_an_older_save() -> None:
    """The checks before the engine's reader (GameState.from_json) cover every field it reads: a field gone
    is a refusal a player reads, never a KeyError; only those an older save lacked may be missing."""
    s = GameState(4, 8)
    rng = random.Random(8)
    while s.hand_no < 2 or not any(s.melds) or s.phase != Phase.MELD:
        s.apply(Deal() if s.phase == Phase.DEAL else _next_move(s, rng))
    good = json.loads(json.dumps(s.to_json()))
    read = []
    for name, data in _damaged(good):
        try:
            back = state_from_json(data)
        except (InvalidState, NewerVersion) as why:
            assert str(why) and "Error" not in str(why)
        else:
            read.append(name)
            assert back.check() == [] and back.to_json() == GameState.from_json(data).to_json()
    # an older save: no house options, no seat's own melding, no pile takes; nobody named winner or out
    assert sorted(read) == ["end_reason", "house", "melded_by", "permission", "pile_takes", "results.out", "winner"]


def test_a_result_numbered_with_a_fraction_is_refused() -> None:
    s = GameState(2, 3)
    rng = random.Random(3)
    while s.hand_no < 2:
        s.apply(Deal() if s.phase == Phase.DEAL else _next_move(s, rng))
    data = s.to_json()
    data["results"][0]["hand"] = 1.0  # equal to 1, but no hand's number: the state read back would differ
    with pytest.raises(InvalidState, match="out of order"):
        state_from_json(data)
