"""`python -m game turn FILE`: the position tool's contract (issue 9): keys, moves, output fields, exit codes."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.tools import cli

ROOT = Path(__file__).resolve().parent.parent

ISSUE_EXAMPLE = {
    "variant": "bolivia", "players": 2, "scores": [0, 0], "turn": 0, "phase": "draw",
    "hands": [["KH", "KS", "TH", "4C"], ["4D", "5D"]],
    "melds": [[["4H", "5H", "6H", "7H", "8H", "9H"]], []],
    "red_threes": [0, 0], "pile": ["9C", "KD"], "stock": ["5H", "JK"],
    "moves": [{"take_pile": ["KH", "KS"]}, {"meld": {"new": [], "add": [[0, ["TH"]]]}}, {"discard": "4C"}],
}

# Seat 0 holds TH and KH; each completes a canasta (escalera, kings): only together do they go out.
TWO_TO_GO = {
    "players": 2, "turn": 0, "phase": "meld",
    "hands": [["TH", "KH"], ["4D", "5D", "6D"]],
    "melds": [[["4H", "5H", "6H", "7H", "8H", "9H"], ["KS", "KD", "KC", "KH", "KS", "KD"]], []],
    "pile": ["9C"], "stock": ["5C", "6C"],
}


def turn(capsys, monkeypatch, data) -> tuple[int, dict | None, str]:
    text = data if isinstance(data, str) else json.dumps(data)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = cli.main(["turn", "-"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out else None), err


def ok(capsys, monkeypatch, data) -> dict:
    code, out, err = turn(capsys, monkeypatch, data)
    assert code == 0 and err == "", err
    assert set(out) == {"moves", "phase", "turn", "hand_sizes", "hand_over", "hand_scores"}
    return out


def refused(capsys, monkeypatch, data) -> str:
    code, out, err = turn(capsys, monkeypatch, data)
    assert code == 2 and out is None
    assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err, err
    return err


def with_(base: dict, **changes) -> dict:
    d = copy.deepcopy(base)
    d.update(changes)
    return d


def test_the_issue_example_from_a_file_as_a_player_runs_it(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(ISSUE_EXAMPLE), encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "game", "turn", str(path)], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert p.returncode == 0 and p.stderr == ""
    out = json.loads(p.stdout)
    assert out == {"moves": [{"ok": True}] * 3, "phase": "draw", "turn": 1, "hand_sizes": [1, 2],
                   "hand_over": False, "hand_scores": None}


def test_standard_input_and_a_position_without_moves(capsys, monkeypatch):
    out = ok(capsys, monkeypatch, with_(ISSUE_EXAMPLE, moves=[]))
    assert out == {"moves": [], "phase": "draw", "turn": 0, "hand_sizes": [4, 2], "hand_over": False,
                   "hand_scores": None}


def test_two_additions_in_one_meld_move_go_out_and_the_hand_is_scored(capsys, monkeypatch):
    data = with_(TWO_TO_GO, moves=[{"meld": {"add": [[0, ["TH"]]]}}, {"meld": {"add": [[1, ["KH"]]]}},
                                   {"meld": {"new": [], "add": [[0, ["TH"]], [1, ["KH"]]]}}])
    out = ok(capsys, monkeypatch, data)
    first, second, both = out["moves"]
    assert not first["ok"] and "two cards" in first["reason"]
    assert not second["ok"] and "two cards" in second["reason"]
    assert both == {"ok": True}
    assert out["hand_over"] and out["hand_sizes"] == [0, 3]
    ours, theirs = out["hand_scores"]
    # 4H..TH (50) + seven kings (70); escalera and natural canasta; going out 100.
    assert ours == {"melded": 120, "bonuses": 2000, "going_out": 100, "red_threes": 0, "in_hand": 0, "total": 2220}
    assert theirs == {"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -15, "total": -15}


def test_hand_scores_are_what_the_score_tool_prints(capsys, monkeypatch):
    out = ok(capsys, monkeypatch, with_(TWO_TO_GO, moves=[{"meld": {"add": [[0, ["TH"]], [1, ["KH"]]]}}]))
    record = {"sides": [{"melds": [["4H", "5H", "6H", "7H", "8H", "9H", "TH"],
                                   ["KS", "KD", "KC", "KH", "KS", "KD", "KH"]], "red_threes": 0, "hands": [[]],
                         "out": "normal"},
                        {"melds": [], "red_threes": 0, "hands": [["4D", "5D", "6D"]], "out": None}]}
    assert out["hand_scores"] == cli.score_record(record)["sides"]


def test_a_refused_move_changes_nothing_and_the_next_is_tried(capsys, monkeypatch):
    data = with_(ISSUE_EXAMPLE, moves=[{"discard": "4C"}, {"take_pile": ["KH", "TH"]}, {"draw": "stock"},
                                       {"take_top": 0}, {"discard": "QS"}, {"discard": "4C"}])
    out = ok(capsys, monkeypatch, data)
    results = out["moves"]
    assert [r["ok"] for r in results] == [False, False, True, False, False, True]
    assert "Draw first" in results[0]["reason"]
    assert "pair of natural" in results[1]["reason"]
    assert "drawn already" in results[3]["reason"]
    assert "QS is not in your hand" in results[4]["reason"]
    assert out["hand_sizes"] == [5, 2] and out["turn"] == 1 and out["phase"] == "draw"


def test_drawing_takes_the_listed_stock_top_first(capsys, monkeypatch):
    # After 5H and JK, the player can meld them: 5H extends nothing, so check by discarding them.
    data = with_(ISSUE_EXAMPLE, moves=[{"draw": "stock"}, {"discard": "JK"}])
    out = ok(capsys, monkeypatch, data)
    assert out["moves"] == [{"ok": True}, {"ok": True}]
    data = with_(ISSUE_EXAMPLE, moves=[{"draw": "stock"}, {"discard": "5H"}, {"draw": "stock"}])
    out = ok(capsys, monkeypatch, data)
    assert [m["ok"] for m in out["moves"]] == [True, True, True] and out["hand_sizes"] == [5, 4]


def test_the_unplaced_cards_lie_below_the_listed_stock_unless_it_is_exact(capsys, monkeypatch):
    data = with_(ISSUE_EXAMPLE, stock=["5H"], moves=[{"draw": "stock"}])
    out = ok(capsys, monkeypatch, data)
    assert out["moves"] == [{"ok": True}] and out["hand_sizes"] == [6, 2]  # 5H and one unplaced card
    data = with_(ISSUE_EXAMPLE, stock=["5H"], stock_exact=True, moves=[{"draw": "stock"}])
    out = ok(capsys, monkeypatch, data)
    assert out["moves"] == [{"ok": True}] and out["hand_sizes"] == [5, 2]  # with one card left, that one


def test_drawing_from_an_empty_stock_declines_the_pile_and_ends_the_hand(capsys, monkeypatch):
    data = with_(ISSUE_EXAMPLE, stock=[], stock_exact=True, moves=[{"draw": "stock"}, {"discard": "4C"}])
    out = ok(capsys, monkeypatch, data)
    assert out["moves"][0] == {"ok": True} and not out["moves"][1]["ok"]
    assert out["hand_over"] and out["hand_sizes"] == [4, 2]
    ours, theirs = out["hand_scores"]
    assert ours["going_out"] == 0 and ours["in_hand"] == -(10 + 10 + 10 + 5)
    assert ours["melded"] == 40 and theirs["in_hand"] == -10


def test_new_melds_are_appended_to_the_side_list_and_can_be_named(capsys, monkeypatch):
    data = {"players": 2, "turn": 0, "phase": "meld", "hands": [["QH", "QS", "QD", "QC", "5C", "6C"], ["4D", "5D"]],
            "melds": [[["8S", "9S", "TS"]], []],
            "moves": [{"meld": {"new": [["QH", "QS", "QD"]]}}, {"meld": {"add": [[1, ["QC"]]]}},
                      {"meld": {"add": [[2, ["5C"]]]}}, {"discard": "5C"}]}
    out = ok(capsys, monkeypatch, data)
    assert [m["ok"] for m in out["moves"]] == [True, True, False, True]
    assert out["hand_sizes"] == [1, 2] and out["turn"] == 1


def test_a_first_meld_must_reach_the_minimum_of_the_side_score(capsys, monkeypatch):
    data = {"players": 2, "turn": 0, "phase": "meld", "scores": [1500, 0],
            "hands": [["KH", "KS", "KD", "AH", "AS", "AD", "5C", "6C"], ["4D", "5D"]],
            "moves": [{"meld": {"new": [["KH", "KS", "KD"]]}},
                      {"meld": {"new": [["KH", "KS", "KD"], ["AH", "AS", "AD"]]}}]}
    out = ok(capsys, monkeypatch, data)
    assert not out["moves"][0]["ok"] and "90 points" in out["moves"][0]["reason"]
    assert out["moves"][1] == {"ok": True}


def test_take_pile_with_extra_cards_and_melds(capsys, monkeypatch):
    data = {"players": 2, "turn": 0, "phase": "draw", "scores": [1500, 0],
            "hands": [["8H", "8S", "2C", "QH", "QH", "2D", "5C"], ["4D", "5D"]], "pile": ["9C", "8D"],
            "moves": [{"take_pile": ["8H", "8S"]}, {"take_pile": ["8H", "8S", "2C"], "melds": [["QH", "QH", "2D"]]}]}
    out = ok(capsys, monkeypatch, data)
    assert not out["moves"][0]["ok"] and "90" in out["moves"][0]["reason"]
    assert out["moves"][1] == {"ok": True} and out["phase"] == "meld" and out["hand_sizes"] == [2, 2]


def test_take_top_and_combine(capsys, monkeypatch):
    data = {"players": 2, "turn": 0, "phase": "draw", "hands": [["4C", "5C", "KH"], ["4D", "5D"]],
            "melds": [[["7S", "8S", "9S"], ["KS", "KD", "KC"], ["KH", "KS", "KD"]], []], "pile": ["TS"],
            "moves": [{"take_top": 1}, {"take_top": 0}, {"combine": [1, 2]}, {"combine": [0, 1]}]}
    out = ok(capsys, monkeypatch, data)
    assert [m["ok"] for m in out["moves"]] == [False, True, True, False]
    assert out["phase"] == "meld"


def test_ask_and_answer_with_four_players(capsys, monkeypatch):
    data = {"players": 4, "turn": 0, "phase": "meld",
            "hands": [["TH", "KH", "4C"], ["4D", "5D"], ["6D", "7D"], ["6S", "7S"]],
            "melds": [[["4H", "5H", "6H", "7H", "8H", "9H"], ["KS", "KD", "KC", "KH", "KS", "KD"]], []],
            "moves": [{"answer": True}, {"ask": True}, {"discard": "4C"}, {"answer": True},
                      {"discard": "4C"}, {"meld": {"add": [[0, ["TH"]], [1, ["KH"]]]}}, {"discard": "4C"}]}
    out = ok(capsys, monkeypatch, data)
    assert [m["ok"] for m in out["moves"]] == [False, True, False, True, False, True, True]
    assert out["hand_over"] and out["hand_scores"][0]["going_out"] == 100


def test_asking_is_refused_when_the_player_cannot_go_out(capsys, monkeypatch):
    data = {"players": 4, "turn": 1, "phase": "meld",
            "hands": [["TH", "KH", "4C"], ["4D", "5D"], ["6D", "7D"], ["6S", "7S"]], "moves": [{"ask": True}]}
    out = ok(capsys, monkeypatch, data)
    assert not out["moves"][0]["ok"] and out["turn"] == 1


def test_moves_after_the_hand_is_over_are_refused(capsys, monkeypatch):
    data = with_(TWO_TO_GO, moves=[{"meld": {"add": [[0, ["TH"]], [1, ["KH"]]]}}, {"draw": "stock"}])
    out = ok(capsys, monkeypatch, data)
    assert out["moves"][1]["ok"] is False and out["hand_over"]


def test_melded_before_and_red_threes_are_read(capsys, monkeypatch):
    data = with_(ISSUE_EXAMPLE, melded_before=[True, False], red_threes=[2, ["3D"]], moves=[])
    out = ok(capsys, monkeypatch, data)
    assert out["hand_sizes"] == [4, 2]


@pytest.mark.parametrize("change, words", [
    ({"hands": [["KH", "ZZ"], ["4D"]]}, "unknown card"),
    ({"hands": [["KH", "KH", "KH", "KH"], ["4D"]]}, "copies"),
    ({"pile": ["JK"] * 7}, "copies"),
    ({"hands": [["KH"]]}, "hands"),
    ({"hands": [["KH"], ["4D"], ["5D"]]}, "hands"),
    ({"melds": [[]]}, "melds"),
    ({"scores": [0, 0, 0]}, "scores"),
    ({"red_threes": [0]}, "red_threes"),
    ({"melds": [[["KH", "QH"]], []]}, "not a meld"),
    ({"melds": [[["KH", "QS", "JH"]], []]}, "not a meld"),
    ({"melds": [[["3C", "3S", "3C"]], []]}, "black threes"),
    ({"phase": "answer"}, "phase"),
    ({"phase": "deal"}, "phase"),
    ({"phase": None}, "phase"),
    ({"turn": 2}, "turn"),
    ({"turn": -1}, "turn"),
    ({"turn": "0"}, "turn"),
    ({"turn": True}, "turn"),
    ({"players": 5}, "players"),
    ({"players": 10**400}, "players"),
    ({"variant": "standard-ish"}, "variant"),
    ({"variant": 3}, "variant"),
    ({"scores": [10**12, 0]}, "scores"),
    ({"hands": [["3H"], ["4D"]]}, "red three"),
    ({"red_threes": [7, 0]}, "red_threes"),
    ({"stock_exact": "yes"}, "stock_exact"),
    ({"melded_before": [True]}, "melded_before"),
    ({"moves": {"draw": "stock"}}, "moves"),
    ({"moves": [{"draw": "pile"}]}, "draw"),
    ({"moves": [{"fly": 1}]}, "unknown move"),
    ({"moves": [{"discard": 4}]}, "card"),
    ({"moves": [{"discard": "QX"}]}, "unknown card"),
    ({"moves": [{"take_top": "0"}]}, "move 1"),
    ({"moves": [{"ask": False}]}, "ask"),
    ({"moves": [{"answer": "yes"}]}, "answer"),
    ({"moves": [{"meld": {"add": [[0]]}}]}, "MELD"),
    ({"moves": [{"meld": []}]}, "meld"),
    ({"hands": "KH KS"}, "hands"),
    ({"pile": [["KH"]]}, "card"),
])
def test_a_bad_file_exits_2_with_one_line(capsys, monkeypatch, change, words):
    err = refused(capsys, monkeypatch, with_(ISSUE_EXAMPLE, **change))
    assert words.lower() in err.lower(), err


@pytest.mark.parametrize("text", [
    "", "not json", "[1, 2]", "null", "{\"players\": 2", "[" * 100_000 + "]" * 100_000,
    "{\"players\": " + "9" * 5000 + "}", "\"just a string\"", "{\"players\": 2.0}",
])
def test_hostile_input_exits_2_with_one_line(capsys, monkeypatch, text):
    refused(capsys, monkeypatch, text)


def test_a_missing_or_unreadable_file(capsys, tmp_path):
    code = cli.main(["turn", str(tmp_path / "nothing.json")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b"\xff\xfe{")
    code = cli.main(["turn", str(bad)])
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1
