"""The headless tools with --variant standard: the same keys, exit codes and checks as for Bolivia."""

from __future__ import annotations

import json

import pytest

from game.tools.arena import run_arena
from tests.test_cli import bad_input, run


@pytest.mark.parametrize(("cards", "kind", "canasta", "bonus", "points"), [
    ("KH KS 2C", "rank", None, 0, 40),
    ("KH KS KD 2C JK", "rank", None, 0, 100),
    ("KH KS KD KC 2C 2D JK", "rank", "mixed", 300, 130),
    ("4C 4D 4H 4S 4C 4D 4H", "rank", "natural", 500, 35),
])
def test_meld_standard(capsys, cards, kind, canasta, bonus, points):
    code, out, _err = run(capsys, "meld", "--variant", "standard", *cards.split())
    assert code == 0
    assert json.loads(out) == {"valid": True, "kind": kind, "canasta": canasta, "bonus": bonus, "points": points}


@pytest.mark.parametrize(("cards", "reason"), [
    ("KH KS 2C JK", "A meld needs more natural cards than wild cards; these are 2 natural cards and 2 wild cards."),
    ("KH KS KD KC KH 2C 2D JK JK", "A meld of one rank may hold at most three wild cards."),
    ("4H 5H 6H", "A meld is three or more cards of one rank."),
    ("2C 2D JK", "Wild cards can't be melded on their own in this game."),
])
def test_meld_standard_invalid_exits_1(capsys, cards, reason):
    code, out, _err = run(capsys, "meld", "--variant", "standard", *cards.split())
    assert code == 1 and json.loads(out) == {"valid": False, "reason": reason}


def test_meld_standard_has_two_packs_and_four_jokers(capsys):
    assert bad_input(capsys, "meld", "--variant", "standard", "KH", "KH", "KH") == (
        "error: more than 2 copies of KH: the packs hold only 2")
    assert bad_input(capsys, "meld", "--variant", "standard", *["JK"] * 5) == (
        "error: more than 4 copies of JK: the packs hold only 4")


@pytest.mark.parametrize(("score", "need"), [("-5", "15"), ("0", "50"), ("1499", "50"), ("1500", "90"),
                                             ("3000", "120"), ("9000", "120")])
def test_min_meld_standard(capsys, score, need):
    code, out, _err = run(capsys, "min-meld", "--variant", "standard", score)
    assert code == 0 and out.strip() == need


def _record(red=(0, 0), out=("normal", None), hands=((), ("4C", "3S")), melds0=None):
    melds0 = melds0 or [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["QH", "QS", "QD", "QC", "2C", "2D", "JK"]]
    return json.dumps({"variant": "standard", "sides": [
        {"melds": melds0, "red_threes": red[0], "hands": [list(hands[0])], "out": out[0]},
        {"melds": [], "red_threes": red[1], "hands": [list(hands[1])], "out": out[1]}]})


def test_score_standard_record(capsys, monkeypatch):
    code, out, _err = run(capsys, "score", "-", stdin=_record(red=(1, 3)), monkeypatch=monkeypatch)
    assert code == 0
    a, b = json.loads(out)["sides"]
    assert a == {"melded": 200, "bonuses": 800, "going_out": 100, "red_threes": 100, "in_hand": 0, "total": 1200}
    assert b == {"melded": 0, "bonuses": 0, "going_out": 0, "red_threes": -300, "in_hand": -10, "total": -310}
    code, out, _err = run(capsys, "score", "-", stdin=_record(red=(0, 4)), monkeypatch=monkeypatch)
    assert json.loads(out)["sides"][1]["red_threes"] == -800
    code, out, _err = run(capsys, "score", "-", stdin=_record(red=(4, 0)), monkeypatch=monkeypatch)
    assert json.loads(out)["sides"][0]["red_threes"] == 800


def test_score_standard_two_players_need_two_canastas(capsys, monkeypatch):
    one = [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]]
    assert bad_input(capsys, "score", "-", stdin=_record(melds0=one), monkeypatch=monkeypatch) == (
        "error: side 1 went out without 2 canastas")
    record = json.dumps({"variant": "standard", "sides": [
        {"melds": one, "hands": [[], ["5C"]], "out": "normal"}, {"melds": [], "hands": [["4C"], ["6C"]]}]})
    code, out, _err = run(capsys, "score", "-", stdin=record, monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["sides"][0]["bonuses"] == 500  # at four players one canasta is enough


def test_score_standard_refuses_a_fifth_red_three(capsys, monkeypatch):
    assert bad_input(capsys, "score", "-", stdin=_record(red=(3, 2)), monkeypatch=monkeypatch) == (
        "error: more than 4 red threes")


def test_simulate_standard(capsys):
    code, out, _err = run(capsys, "simulate", "--variant", "standard", "--players", "3", "--games", "2", "--seed",
                          "4", "--player", "greedy", "--target", "2500", "--json")
    data = json.loads(out)
    assert code == 0 and data["errors"] == 0 and data["games"] == 2 and sum(data["wins"]) + data["draws"] == 2
    assert bad_input(capsys, "simulate", "--variant", "standard", "--players", "2", "--games", "1", "--seed", "1",
                     "--target", "15000") == "error: --target must be one of 2500, 5000, 7500, 10000"


def test_arena_standard(capsys):
    r = run_arena(2, 2, 3, "easy", "greedy", variant="standard")
    assert r["variant"] == "standard" and r["levels"]["easy"]["escaleras_per_hand"] == 0
    assert bad_input(capsys, "arena", "--variant", "rummy", "--deals", "1", "easy", "greedy") == (
        "error: unknown variant 'rummy': choose bolivia, standard, samba")


POSITION = {"players": 4, "turn": 0, "phase": "meld",
            "hands": [["9C", "9D", "9H", "QC", "QD", "QH", "2C", "4C"], ["5C"], ["6C"], ["7C"]],
            "melds": [[["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], []], "melded_before": [False, False, True, False],
            "moves": [{"meld": {"new": [["9C", "9D", "9H"], ["QC", "QD", "QH", "2C"]]}}, {"discard": "4C"}]}


def test_turn_standard_goes_out_concealed_when_only_the_partner_had_melded(capsys, monkeypatch):
    code, out, _err = run(capsys, "turn", "--variant", "standard", "-", stdin=json.dumps(POSITION),
                          monkeypatch=monkeypatch)
    data = json.loads(out)
    assert code == 0 and data["moves"] == [{"ok": True}, {"ok": True}] and data["hand_over"]
    assert data["hand_scores"][0] == {"melded": 150, "bonuses": 500, "going_out": 200, "red_threes": 0,
                                      "in_hand": -5, "total": 845}
    seen = dict(POSITION, variant="standard", melded_before=[True, False, True, False])
    code, out, _err = run(capsys, "turn", "-", stdin=json.dumps(seen), monkeypatch=monkeypatch)
    assert json.loads(out)["hand_scores"][0]["going_out"] == 100
    # Bolivia by default: one canasta is not enough.
    code, out, _err = run(capsys, "turn", "-", stdin=json.dumps(POSITION), monkeypatch=monkeypatch)
    assert json.loads(out)["moves"][0]["ok"] is False


def test_turn_standard_refuses_impossible_positions(capsys, monkeypatch):
    two = dict(POSITION, variant="standard", melds=[[["KH", "KS", "KD"], ["KC", "KH", "KS"]], []])
    assert bad_input(capsys, "turn", "-", stdin=json.dumps(two), monkeypatch=monkeypatch) == (
        "error: a side has two melds of one rank")
    clash = dict(POSITION, variant="bolivia")
    assert bad_input(capsys, "turn", "--variant", "standard", "-", stdin=json.dumps(clash),
                     monkeypatch=monkeypatch) == 'error: the file says variant "bolivia", the command line standard'
