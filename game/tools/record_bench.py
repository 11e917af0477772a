"""The bench's measure of the records (game/rules/record.py): how big a hand's and a game's record is,
how long the save after a move takes to write out as text at the end of a game, and how long reading a
whole game's record and playing it back takes. Games of Normal players at four and at two players."""

from __future__ import annotations

import json
import random
import statistics
import time

from game.ai import get_player
from game.keep.saved_game import SavedGame
from game.rules.legal import legal_actions
from game.rules.record import GameRecord, replayed_scores
from game.rules.record_check import record_from_json
from game.rules.state import GameState, Phase
from game.rules.view import view_of


def _game(players: int, seed: int) -> tuple[GameState, GameRecord]:
    state = GameState(players, seed)
    record = GameRecord.of(state)
    choose = get_player("normal")
    rng = random.Random(seed)
    while state.phase != Phase.GAME_OVER:
        record.play(state, choose(view_of(state, state.to_act), legal_actions(state), rng))
    return state, record


def measure_records(games: int, seed: int) -> dict:
    """Bytes a hand and a game (compact JSON, as the save holds it), milliseconds to write the save's text
    after the last move (the hands before it already written once), to read a record back and play it."""
    hand_bytes: list[int] = []
    game_bytes: list[int] = []
    save_ms: list[float] = []
    replay_ms: list[float] = []
    for g in range(games):
        state, record = _game(4 if g % 2 == 0 else 2, seed * 1000 + g)
        hand_bytes += [len(h.to_text()) for h in record.hands]
        text = record.to_text()
        game_bytes.append(len(text))
        saved = SavedGame(state, ["human"] + ["normal"] * (state.players - 1), record=record)
        start = time.perf_counter()
        saved.to_text()
        save_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        again = record_from_json(json.loads(text))
        ok = all(replayed_scores(again, h) == h.scores for h in again.hands)
        replay_ms.append((time.perf_counter() - start) * 1000)
        if not ok:
            raise AssertionError(f"game {g}: a hand did not play back to its score")
    return {
        "games": games,
        "hand_bytes": {"mean": round(statistics.mean(hand_bytes)), "max": max(hand_bytes)},
        "game_bytes": {"mean": round(statistics.mean(game_bytes)), "max": max(game_bytes)},
        "save_text_ms": {"mean": round(statistics.mean(save_ms), 2), "max": round(max(save_ms), 2)},
        "replay_game_ms": {"mean": round(statistics.mean(replay_ms), 1), "max": round(max(replay_ms), 1)},
    }
