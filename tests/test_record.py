"""Every hand recorded: the record plays each hand back exactly, travels in the save, is checked on load,
and finished games are kept (the last fifty) until the statistics are cleared."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from game.ai import get_player
from game.keep import storage as st
from game.keep.saved_game import SavedGame
from game.keep.storage import Storage
from game.rules.actions import Deal, MeldMove
from game.rules.legal import legal_actions
from game.rules.record import GameRecord, replay, replayed_scores
from game.rules.record_check import InvalidRecord, check_against, record_from_json
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.rules.view import view_of


def recorded_game(players: int, seed: int, variant: str = "bolivia", player: str = "greedy",
                  hands: int | None = None, target: int | None = 2500) -> tuple[GameState, GameRecord]:
    """A game played through its record; stops after `hands` hands, or in the middle of the next one."""
    state = GameState(players, seed, RULESETS[variant], target)
    record = GameRecord.of(state)
    choose = get_player(player)
    rng = random.Random(seed)
    while state.phase != Phase.GAME_OVER and (hands is None or state.hand_no <= hands):
        if (hands is not None and state.hand_no == hands and state.phase == Phase.DRAW
                and len(record.hands[-1].moves) > 20 and rng.random() < 0.1):
            break  # in the middle of a hand
        record.play(state, choose(view_of(state, state.to_act), legal_actions(state), rng))
    return state, record


@pytest.mark.parametrize("players,seed,variant", [(2, 1, "bolivia"), (3, 2, "bolivia"), (4, 3, "bolivia"),
                                                  (4, 4, "standard"), (2, 5, "standard")])
def test_every_hand_plays_back_to_its_score(players: int, seed: int, variant: str) -> None:
    state, record = recorded_game(players, seed, variant)
    assert [h.hand for h in record.hands] == list(range(1, state.hand_no + 1))
    again = record_from_json(json.loads(json.dumps(record.to_json())))
    assert again.to_json() == record.to_json()
    for h, result in zip(again.hands, state.results, strict=True):
        assert h.scores == [sc["total"] for sc in result["scores"]]
        assert replayed_scores(again, h) == h.scores
    check_against(again, state)


def test_the_deal_is_the_whole_deck_as_the_seed_shuffles_it() -> None:
    state, record = recorded_game(4, 9, hands=1)
    first = record.hands[0]
    fresh = GameState(4, 9)
    fresh.apply(Deal(first.deck))
    twin = GameState(4, 9)
    twin.apply(Deal())
    assert fresh.hands == twin.hands and fresh.pile == twin.pile and fresh.stock == twin.stock
    assert first.source == (9, 1) and first.dealer == twin.dealer


def test_a_deck_that_is_not_the_whole_deck_is_refused() -> None:
    state = GameState(2, 1)
    deck = list(range(162))
    deck[0] = 1
    with pytest.raises(Exception, match="whole deck"):
        state.apply(Deal(tuple(deck)))
    assert state.hand_no == 0 and state.phase == Phase.DEAL


def test_a_hand_in_progress_plays_back_to_the_table_as_it_is() -> None:
    state, record = recorded_game(4, 11, hands=2)
    assert state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER) and record.hands[-1].scores is None
    steps = list(replay(record, record.hands[-1]))
    last = steps[-1].state
    assert last.hands == state.hands and last.stock == state.stock and last.turn == state.turn
    assert [s.seat for s in steps[1:]] == [seat for seat, _m in record.hands[-1].moves]
    check_against(record, state)


def test_an_undone_meld_move_leaves_the_record() -> None:
    from game.shell.controller import TurnController

    state = GameState(2, 21)
    controller = TurnController(state, {}, {0, 1}, "instant", threaded=False)
    controller.deal()
    rng = random.Random(3)
    greedy = get_player("greedy")
    for _ in range(400):  # play until the player to act can lay a meld after drawing
        legal = legal_actions(state)
        melds = [a for a in legal if isinstance(a, MeldMove)]
        if state.phase == Phase.MELD and melds:
            before = len(record_moves(controller))
            controller.play(melds[0])
            assert len(record_moves(controller)) == before + 1
            assert controller.undo()
            assert len(record_moves(controller)) == before
            check_against(controller.record, state)
            return
        controller.play(greedy(view_of(state, state.to_act), legal, rng))
        if state.phase == Phase.DEAL:
            controller.deal()
    pytest.fail("no meld move came up")


def record_moves(controller) -> list:
    return controller.record.hands[-1].moves


# ----- in the save ---------------------------------------------------------------------------------


def saved(tmp_path: Path, hands: int = 2) -> tuple[Storage, GameState, GameRecord]:
    store = Storage(tmp_path / "data")
    state, record = recorded_game(4, 31, hands=hands, target=5000)
    store.save_game(SavedGame(state, ["human", "normal", "normal", "normal"], record=record))
    return store, state, record


def test_the_record_travels_in_the_save(tmp_path: Path) -> None:
    store, state, record = saved(tmp_path)
    back = store.load_game()
    assert back is not None and back.record is not None
    assert back.record.to_json() == record.to_json() and not store.problems


def tamper(store: Storage, change) -> None:
    path = store.path(st.SAVE_FILE)
    data = json.loads(path.read_text())
    change(data["record"])
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("change,words", [
    (lambda r: r["hands"][0]["deck"].pop(), "not dealt from the whole deck"),
    (lambda r: r["hands"][0]["moves"][0].__setitem__(1, {"type": "Teleport"}), "not a move"),
    (lambda r: r["hands"][0]["moves"][0].__setitem__(0, 7), "not a move"),
    (lambda r: r["hands"][0]["moves"].extend([[0, {"type": "DrawStock"}]] * 2001), "too many moves"),
    (lambda r: r["hands"].extend(r["hands"] * 30), "hands"),
    (lambda r: r.__setitem__("kind", "chess"), "not a record"),
    (lambda r: r["hands"][1].__setitem__("before", [1, 2]), "do not follow"),
    (lambda r: r["hands"][0].__setitem__("deck", "♥" * 9), "deck"),
])
def test_a_damaged_record_is_refused_with_a_reason(tmp_path: Path, change, words: str) -> None:
    store, _state, _record = saved(tmp_path)
    tamper(store, change)
    assert store.load_game() is None
    assert len(store.problems) == 1 and words in store.problems[0] and "record" in store.problems[0]
    assert (store.root / "save.json.bad").exists()  # kept aside, as any damaged save


def test_a_sound_record_of_other_moves_is_dropped_and_the_game_goes_on(tmp_path: Path) -> None:
    store, state, _record = saved(tmp_path)

    def swap_cards(r: dict) -> None:
        deck = r["hands"][-1]["deck"]
        deck[-1], deck[-2] = deck[-2], deck[-1]  # still the whole deck, dealt otherwise

    tamper(store, swap_cards)
    back = store.load_game()
    assert back is not None and back.state.to_json() == state.to_json()
    assert back.record is not None and back.record.hands == [] and not store.problems


def test_a_save_without_a_record_continues_and_records_from_the_next_deal(tmp_path: Path) -> None:
    store, state, _record = saved(tmp_path)
    path = store.path(st.SAVE_FILE)
    data = json.loads(path.read_text())
    del data["record"]
    path.write_text(json.dumps(data))
    back = store.load_game()
    assert back is not None and back.record is not None and back.record.hands == []


def test_record_from_json_never_raises_anything_but_its_refusal() -> None:
    _state, record = recorded_game(2, 41, hands=1)
    good = record.to_json()
    rng = random.Random(5)
    junk = [None, 0, "x", [], {}, [[]], {"a": 1}, -1, 10**6, True, 3.5]
    for _ in range(300):
        data = copy.deepcopy(good)
        node, key = _random_place(data, rng)
        node[key] = rng.choice(junk)
        try:
            record_from_json(data)
        except InvalidRecord as why:
            assert "record" in str(why)


def _random_place(data, rng: random.Random):
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return node, None
        key = rng.choice(keys)
        child = node[key]
        if not isinstance(child, dict | list) or not child or rng.random() < 0.3:
            return node, key
        node = child


# ----- finished games kept ---------------------------------------------------------------------------


def test_finished_games_are_kept_the_last_fifty_until_the_statistics_are_cleared(tmp_path: Path) -> None:
    store = Storage(tmp_path / "data")
    _state, record = recorded_game(2, 51, hands=1)
    paths = [store.keep_game(record) for _ in range(st.KEEP_GAMES + 3)]
    kept = store.kept_games()
    assert len(kept) == st.KEEP_GAMES
    assert [p for p, _r in kept] == list(reversed(paths[3:]))  # newest first; the three oldest are gone
    assert kept[0][1].to_json() == record.to_json()
    store.reset_stats()
    assert store.kept_games() == []


def test_a_damaged_kept_game_is_left_out(tmp_path: Path) -> None:
    store = Storage(tmp_path / "data")
    _state, record = recorded_game(2, 52, hands=1)
    bad = store.keep_game(record)
    good = store.keep_game(record)
    assert bad is not None and good is not None
    bad.write_text("{not json")
    assert [p for p, _r in store.kept_games()] == [good]
