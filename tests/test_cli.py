"""The headless tools: meld, score, min-meld, simulate. Output JSON on stdout; exit 0 / 1 / 2; bad input gets one
line on stderr and never a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import Discard
from game.tools import cli

ROOT = Path(__file__).resolve().parent.parent

ISSUE_RECORD = {
    "variant": "bolivia",
    "sides": [
        {"melds": [["4H", "5H", "6H", "7H", "8H", "9H", "TH"], ["5S", "5D", "2C"],
                   ["KS", "KS", "KD", "KD", "KC", "KC", "KH"]],
         "red_threes": 1, "hands": [[], ["3S", "QH"]], "out": "normal"},
        {"melds": [], "red_threes": 0, "hands": [["4C"], ["JK"]], "out": None},
    ],
}
ISSUE_SCORES = {"sides": [
    {"melded": 150, "bonuses": 2000, "going_out": 100, "red_threes": 100, "in_hand": -110, "total": 2240},
    {"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -55, "total": -55},
]}


def run(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def bad_input(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> str:
    """Exit 2, nothing on stdout, one line on stderr: returns that line."""
    code, out, err = run(capsys, *argv, stdin=stdin, monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in err
    return err.strip()


def shell(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *argv], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


# ----- the two examples of the issue, exactly as a player types them ----------------------------------------------

def test_issue_example_meld():
    p = shell("meld", "KH", "KS", "KD", "KC", "KH", "2C", "KS")
    assert p.returncode == 0 and p.stderr == ""
    assert json.loads(p.stdout) == {"valid": True, "kind": "rank", "canasta": "mixed", "bonus": 300, "points": 80}


def test_issue_example_score_from_stdin():
    p = shell("score", "-", stdin=json.dumps(ISSUE_RECORD))
    assert p.returncode == 0 and p.stderr == ""
    assert json.loads(p.stdout) == ISSUE_SCORES


def test_bad_input_from_the_shell_is_one_line_without_traceback():
    p = shell("meld", "KH", "ZZ", "KD")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == "error: unknown card 'ZZ': write rank and suit, like 7H, TD, 10S or JK\n"


# ----- meld -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, expect", [
    ("4C 5C 6C 7C 8C 9C 10C", {"valid": True, "kind": "run", "canasta": "escalera", "bonus": 1500, "points": 50}),
    ("2c 2d jk 2h 2s 2c joker", {"valid": True, "kind": "wild", "canasta": "bolivia", "bonus": 2500,
                                 "points": 200}),
    ("QH QS QD QC QH QS QD", {"valid": True, "kind": "rank", "canasta": "natural", "bonus": 500, "points": 70}),
    ("3C 3S 3C", {"valid": True, "kind": "black_threes", "canasta": None, "bonus": 0, "points": 15}),
    ("AH AS 2C", {"valid": True, "kind": "rank", "canasta": None, "bonus": 0, "points": 60}),
])
def test_meld_valid(capsys, cards, expect):
    code, out, err = run(capsys, "meld", *cards.split())
    assert (code, err) == (0, "")
    assert json.loads(out) == expect


@pytest.mark.parametrize("cards, reason", [
    ("KH KS 2C JK", "A meld needs at least twice as many natural cards as wild cards; "
                    "these are 2 natural cards and 2 wild cards."),
    ("KH AH 4H", "A run must be in unbroken order, like 5 6 7."),
    ("3H 3D 3H", "Red threes are never melded: they are laid out on their own."),
    ("4S 5S 6S 7S 8S 9S TS JS", "A run holds at most seven cards."),
    ("KH KS", "A meld needs at least three cards."),
])
def test_meld_invalid_exits_1_with_the_reason(capsys, cards, reason):
    code, out, err = run(capsys, "meld", "--variant", "bolivia", *cards.split())
    assert (code, err) == (1, "")
    assert json.loads(out) == {"valid": False, "reason": reason}


def test_meld_bad_input(capsys):
    assert bad_input(capsys, "meld") == "error: no cards given"
    assert bad_input(capsys, "meld", "KH", "KH", "KH", "KH") == (
        "error: more than 3 copies of KH: the packs hold only 3")
    assert bad_input(capsys, "meld", *["JK"] * 7) == "error: more than 6 copies of JK: the packs hold only 6"
    assert bad_input(capsys, "meld", "1H", "KH", "KH") == (
        "error: unknown card '1H': write rank and suit, like 7H, TD, 10S or JK")
    assert bad_input(capsys, "meld", "--variant", "rummy", "KH", "KS", "KD") == (
        "error: unknown variant 'rummy': choose bolivia, standard, samba")


# ----- score ------------------------------------------------------------------------------------------------------

def test_score_from_a_file(capsys, tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(ISSUE_RECORD), encoding="utf-8")
    code, out, err = run(capsys, "score", str(path))
    assert (code, err) == (0, "")
    assert json.loads(out) == ISSUE_SCORES


def test_score_three_sides_and_all_six_red_threes(capsys, monkeypatch):
    record = {"sides": [
        {"melds": [["4H", "5H", "6H", "7H", "8H", "9H", "TH"], ["2C", "2D", "2H", "2S", "JK", "JK", "JK"]],
         "red_threes": 6, "hands": [[]], "out": "concealed"},
        {"melds": [["KH", "KS", "KD"]], "red_threes": 0, "hands": [["3C", "3S"]], "out": None},
        {"melds": [], "red_threes": 0, "hands": [["AH"]], "out": None},
    ]}
    code, out, _err = run(capsys, "score", "-", stdin=json.dumps(record), monkeypatch=monkeypatch)
    assert code == 0
    assert json.loads(out) == {"sides": [
        {"melded": 50 + 230, "bonuses": 4000, "going_out": 200, "red_threes": 1000, "in_hand": 0, "total": 5480},
        {"melded": 30, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -200, "total": -170},
        {"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": 0, "in_hand": -20, "total": -20},
    ]}


def _with(side0: dict | None = None, side1: dict | None = None, **top) -> str:
    rec = json.loads(json.dumps(ISSUE_RECORD))
    rec["sides"][0].update(side0 or {})
    rec["sides"][1].update(side1 or {})
    rec.update(top)
    return json.dumps(rec)


@pytest.mark.parametrize("record, message", [
    (_with({"melds": [["KH", "KS", "2C", "JK"]]}),
     "error: side 1, meld 1 (KH KS 2C JK): A meld needs at least twice as many natural cards as wild cards; "
     "these are 2 natural cards and 2 wild cards."),
    (_with(side1={"hands": [["4H", "4H"], ["4H"]]}), "error: more than 3 copies of 4H: the packs hold only 3"),
    (_with({"red_threes": 4}, {"red_threes": 3}), "error: more than 6 red threes"),
    (_with(side1={"out": "normal", "hands": [[], ["4C"]]}), "error: side 2 went out without an escalera and one other "
                                                             "canasta"),
    (_with(side1={"out": "normal", "hands": [[], ["4C"]], "melds": ISSUE_RECORD["sides"][0]["melds"][:1] + [
        ["QH", "QH", "QS", "QS", "QD", "QD", "QC"]]}), "error: only one side can go out"),
    (_with({"hands": [["9D"], ["3S", "QH"]]}), "error: side 1 went out but no player of it has an empty hand"),
    (_with({"melds": [["4H", "5H", "6H", "7H", "8H", "9H", "TH"]]}),
     "error: side 1 went out without an escalera and one other canasta"),
    (json.dumps({"sides": ISSUE_RECORD["sides"][:1]}),
     "error: a hand has 2 sides of 1 or 2 players, or 3 sides of 1 player; got 1 sides with [2] hands"),
    (_with(side1={"hands": [["4C"]]}),
     "error: a hand has 2 sides of 1 or 2 players, or 3 sides of 1 player; got 2 sides with [1, 2] hands"),
    (_with(side1={"hands": "4C"}),
     "error: a hand has 2 sides of 1 or 2 players, or 3 sides of 1 player; got 2 sides with [-1, 2] hands"),
    (_with({"out": "early"}), 'error: side 1: "out" is "normal", "concealed" or null'),
    (_with({"red_threes": -1}), 'error: side 1: "red_threes" must be a count'),
    (_with({"melds": "4H"}), "error: side 1: melds and hands are lists of cards"),
    (_with(side1={"hands": [["3D"], []]}), "error: side 2: a red three is never held in hand; count it in red_threes"),
    (_with(side1={"melds": [["3C", "3S", "3C"]]}),
     "error: side 2, meld 1: black threes are melded only by the side going out"),
    (_with(side1={"hands": [["ZZ"], []]}),
     "error: side 2: unknown card 'ZZ': write rank and suit, like 7H, TD, 10S or JK"),
    (_with(variant="rummy"), "error: unknown variant 'rummy': choose bolivia, standard, samba"),
    ("[1, 2]", 'error: the record needs a "sides" list'),
    ("{\"sides\": ", "error: - cannot be used: it is not valid JSON (line 1, column 11)"),
])
def test_score_impossible_records_exit_2(capsys, monkeypatch, record, message):
    assert bad_input(capsys, "score", "-", stdin=record, monkeypatch=monkeypatch) == message


def test_score_unreadable_files(capsys, tmp_path):
    assert bad_input(capsys, "score", str(tmp_path / "nope.json")).startswith(
        f"error: cannot read {tmp_path / 'nope.json'}: No such file")
    raw = tmp_path / "latin1.json"
    raw.write_bytes(b"\xff\xfe{")
    assert bad_input(capsys, "score", str(raw)) == f"error: {raw} cannot be used: it is not UTF-8 text (byte 1)"


# ----- min-meld ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("score, need", [("-5", "15"), ("-2000", "15"), ("0", "50"), ("1495", "50"), ("1500", "90"),
                                         ("2995", "90"), ("3000", "120"), ("6995", "120"), ("7000", "150"),
                                         ("99999", "150")])
def test_min_meld(capsys, score, need):
    code, out, err = run(capsys, "min-meld", score, "--variant", "bolivia")
    assert (code, out, err) == (0, need + "\n", "")


def test_min_meld_bad_input(capsys):
    assert bad_input(capsys, "min-meld", "lots") == "error: the score must be a whole number, like 1500 or -200"
    assert bad_input(capsys, "min-meld", "1.5") == "error: the score must be a whole number, like 1500 or -200"
    assert bad_input(capsys, "min-meld", "100", "--variant", "x") == (
        "error: unknown variant 'x': choose bolivia, standard, samba")
    assert bad_input(capsys, "min-meld").startswith("error: the following arguments are required: score")


# ----- simulate ---------------------------------------------------------------------------------------------------

def test_simulate_prints_its_counts_and_the_same_seed_gives_the_same_games(capsys):
    argv = ("simulate", "--players", "4", "--games", "3", "--seed", "9", "--player", "greedy", "--target", "2500",
            "--json")
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    first = json.loads(out)
    assert list(first) == ["games", "errors", "draws", "hands", "turns", "seconds", "wins"]
    assert first["games"] == 3 and first["errors"] == 0
    assert len(first["wins"]) == 2 and sum(first["wins"]) + first["draws"] == 3
    assert first["hands"] >= 3 and first["turns"] > first["hands"]
    again = json.loads(run(capsys, *argv)[1])
    first.pop("seconds")
    again.pop("seconds")
    assert again == first


def test_simulate_three_players_random_counts_wins_per_side(capsys):
    code, out, _err = run(capsys, "simulate", "--players", "3", "--games", "2", "--seed", "1", "--target", "2500")
    data = json.loads(out)
    assert code == 0 and len(data["wins"]) == 3 and data["errors"] == 0


def test_simulate_reports_a_broken_rule_and_exits_1(capsys, monkeypatch):
    import game.ai

    def cheat(view, legal, rng):
        if view.phase == "meld":
            return Discard(161 if 161 not in view.hand else 160)  # a card it does not hold
        return legal[0]

    monkeypatch.setattr(game.ai, "get_player", lambda name: cheat)
    code, out, err = run(capsys, "simulate", "--players", "2", "--games", "2", "--seed", "1", "--target", "2500")
    assert code == 1
    assert json.loads(out)["errors"] == 2
    lines = err.strip().split("\n")
    assert len(lines) == 2 and lines[0].startswith("game 0: hand 1: seat ")
    assert "chose Discard(card=16" in lines[0] and lines[0].endswith("is not in your hand.")


@pytest.mark.parametrize("argv, message", [
    (("--players", "5", "--games", "1", "--seed", "1"), "error: --players must be 2, 3 or 4"),
    (("--players", "2", "--games", "0", "--seed", "1"), "error: --games must be at least 1"),
    (("--players", "2", "--games", "1", "--seed", "1", "--target", "3000"),
     "error: --target must be one of 2500, 5000, 7500, 10000, 15000"),
    (("--players", "2", "--games", "1", "--seed", "1", "--player", "genius"),
     "error: unknown player 'genius': choose one of random, greedy"),
    (("--players", "two", "--games", "1", "--seed", "1"), "error: argument --players: invalid int value: 'two'"),
    (("--players", "2", "--games", "1"), "error: the following arguments are required: --seed"),
])
def test_simulate_bad_input(capsys, argv, message):
    err = bad_input(capsys, "simulate", *argv)
    if "genius" in message:
        assert err.startswith("error: unknown player 'genius': choose one of random, greedy")
    else:
        assert err == message


def test_no_tool_or_an_unknown_option(capsys):
    assert bad_input(capsys, "meld", "--colour", "red", "KH").startswith("error: unrecognized arguments: --colour")
    assert bad_input(capsys, "frobnicate").startswith("error: argument command: invalid choice: 'frobnicate'")
