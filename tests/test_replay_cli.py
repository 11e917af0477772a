"""`simulate --record` and `replay`, checked from outside: the records simulate writes play back move by
move in `turn`'s syntax, every hand to its recorded score; a save is a record; bad files exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.keep.saved_game import SavedGame
from game.keep.storage import Storage
from game.rules.actions import Deal
from game.rules.cards import label
from game.rules.record import start_of
from game.rules.record_check import record_from_json
from game.tools import cli
from tests.test_record import recorded_game

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv: str) -> tuple[int, list[dict], str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> tuple[Path, dict]:
    path = tmp_path_factory.mktemp("sim") / "records.json"
    proc = subprocess.run([sys.executable, "-m", "game", "simulate", "--players", "4", "--games", "2", "--seed", "7",
                           "--player", "greedy", "--target", "5000", "--json", "--record", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return path, json.loads(path.read_text())


def test_simulate_writes_each_game_as_the_save_holds_it(simulated) -> None:
    _path, data = simulated
    assert data["kind"] == "bolivia-records" and len(data["games"]) == 2
    for game in data["games"]:
        record = record_from_json(game)  # the save's own reader
        assert record.players == 4 and record.hands and all(h.scores is not None for h in record.hands)


def test_replay_prints_every_move_then_each_hands_score(simulated, capsys) -> None:
    path, data = simulated
    code, lines, err = run(capsys, "replay", str(path), "--json")
    assert code == 0 and err == ""
    for g, game in enumerate(data["games"]):
        for hand in game["hands"]:
            mine = [ln for ln in lines if ln["game"] == g and ln["hand"] == hand["hand"]]
            assert [ln["seat"] for ln in mine[:-1]] == [seat for seat, _m in hand["moves"]]
            assert all(set(ln) == {"game", "hand", "seat", "move"} for ln in mine[:-1])
            assert mine[-1] == {"game": g, "hand": hand["hand"], "scores": hand["scores"]}


def test_one_game_and_hand_chosen_carry_no_game_number(simulated, capsys) -> None:
    path, data = simulated
    code, lines, _err = run(capsys, "replay", str(path), "--game", "1", "--hand", "2", "--json")
    assert code == 0 and all("game" not in ln and ln["hand"] == 2 for ln in lines)
    assert lines[-1]["scores"] == data["games"][1]["hands"][1]["scores"]


def test_the_moves_replay_prints_play_the_hand_through_turn(simulated, capsys) -> None:
    """The outside check: a hand's deal set up as a `turn` position and replay's moves fed to `turn` score it
    as the record says."""
    path, data = simulated
    record = record_from_json(data["games"][0])
    hand = record.hands[1]
    s = start_of(record, hand)
    s.apply(Deal(hand.deck))
    position = {"variant": "bolivia", "players": 4, "scores": hand.before, "turn": s.turn, "phase": "draw",
                "hands": [[label(c) for c in h] for h in s.hands],
                "red_threes": [[label(c) for c in r] for r in s.red_threes],
                "pile": [label(c) for c in s.pile], "stock": [label(c) for c in reversed(s.stock)],
                "stock_exact": True}
    _code, lines, _err = run(capsys, "replay", str(path), "--game", "0", "--hand", "2", "--json")
    position["moves"] = [ln["move"] for ln in lines[:-1]]
    played = tmp = path.parent / "position.json"
    tmp.write_text(json.dumps(position))
    code = cli.main(["turn", str(played)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and all(m["ok"] for m in out["moves"]), [m for m in out["moves"] if not m["ok"]][:1]
    assert out["hand_over"] and [sc["total"] for sc in out["hand_scores"]] == hand.scores


def test_a_save_is_a_record_of_the_game_in_progress(tmp_path: Path, capsys) -> None:
    store = Storage(tmp_path)
    state, record = recorded_game(2, 61, hands=2, target=5000)
    store.save_game(SavedGame(state, ["human", "normal"], record=record))
    code, lines, _err = run(capsys, "replay", str(store.path("save.json")), "--json")
    assert code == 0
    assert lines[-1] == {"game": 0, "hand": state.hand_no, "scores": None}  # still in play
    assert len([ln for ln in lines if ln["hand"] == state.hand_no]) == len(record.hands[-1].moves) + 1


def test_a_hand_that_scores_otherwise_exits_1(simulated, tmp_path: Path, capsys) -> None:
    _path, data = simulated
    data = json.loads(json.dumps(data))
    last = data["games"][0]["hands"][-1]  # the last: the totals before a later hand would not follow
    last["scores"][0] += 5
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    code, lines, _err = run(capsys, "replay", str(path), "--json")
    assert code == 1
    line = next(ln for ln in lines if ln["game"] == 0 and ln["hand"] == last["hand"] and "scores" in ln)
    assert line["scores"][0] == last["scores"][0] - 5


def test_a_move_that_cannot_be_played_exits_1_and_says_which(simulated, tmp_path: Path, capsys) -> None:
    _path, data = simulated
    data = json.loads(json.dumps(data))
    moves = data["games"][0]["hands"][0]["moves"]
    moves.insert(3, moves[2])  # the same move twice
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    code, lines, _err = run(capsys, "replay", str(path), "--game", "0", "--hand", "1", "--json")
    assert code == 1 and lines[-1]["scores"] is None and "move 4" in lines[-1]["error"]


@pytest.mark.parametrize("content", ["not json", "[]", '{"kind": "bolivia-save"}', '{"kind": "bolivia-record"}',
                                     '{"kind": "bolivia-records", "games": [{}]}', "null"])
def test_a_file_that_is_not_a_record_exits_2_with_one_line(tmp_path: Path, capsys, content: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(content)
    code, lines, err = run(capsys, "replay", str(path), "--json")
    assert code == 2 and lines == [] and err.startswith("error: ") and err.count("\n") == 1


def test_a_game_or_hand_not_in_the_record_exits_2(simulated, capsys) -> None:
    path, _data = simulated
    for args in (["--game", "2"], ["--hand", "61"], ["--game", "-1"]):
        code, lines, err = run(capsys, "replay", str(path), *args)
        assert code == 2 and lines == [] and err.count("\n") == 1


def test_a_kept_game_is_a_record(tmp_path: Path, capsys) -> None:
    store = Storage(tmp_path)
    _state, record = recorded_game(2, 62, target=2500)
    path = store.keep_game(record)
    assert path is not None
    code, lines, _err = run(capsys, "replay", str(path), "--json")
    scores = [ln["scores"] for ln in lines if "scores" in ln]
    assert code == 0 and scores == [h.scores for h in record.hands]
