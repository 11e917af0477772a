"""The headless tools' --variant samba and --house NAME=VALUE (advise and replay too), and "house" in turn's and
advise's position and score's record."""

from __future__ import annotations

import json

from tests.test_cli import bad_input, run


def test_meld_answers_a_seven_card_run_as_a_samba_of_1500(capsys):
    code, out, _err = run(capsys, "meld", "--variant", "samba", "4H", "5H", "6H", "7H", "8H", "9H", "TH")
    assert code == 0 and json.loads(out) == {"valid": True, "kind": "run", "canasta": "samba", "bonus": 1500,
                                             "points": 50}
    code, out, _err = run(capsys, "meld", "--variant", "samba", "2H", "2C", "JK")
    assert code == 1 and "on their own" in json.loads(out)["reason"]


def test_meld_and_min_meld_play_the_house_rules(capsys):
    cards = ("KH", "KS", "KD", "2C", "2D")
    assert json.loads(run(capsys, "meld", *cards)[1])["valid"] is False
    assert json.loads(run(capsys, "meld", "--house", "wild_limit=three", *cards)[1])["valid"] is True
    assert run(capsys, "min-meld", "--house", "first_meld=family", "5005")[1] == "150\n"
    assert run(capsys, "min-meld", "5005")[1] == "120\n"


def test_a_wrong_house_rule_exits_2_with_one_line(capsys):
    assert bad_input(capsys, "meld", "--house", "wild_limit=four", "5H", "5C", "5D") == (
        "error: unknown value four for wild_limit: choose two, three")
    assert bad_input(capsys, "meld", "--variant", "standard", "--house", "take_top=no", "5H", "5C", "5D") == (
        "error: the house rule take_top is not one of standard's")
    assert bad_input(capsys, "min-meld", "--house", "take_top", "0").startswith("error: a house rule is NAME=VALUE")
    assert bad_input(capsys, "simulate", "--players", "2", "--games", "1", "--seed", "1",
                     "--house", "colour=red").startswith("error: unknown house rule colour")
    assert bad_input(capsys, "arena", "--deals", "1", "--house", "bolivia_bonus=2000", "--variant", "samba",
                     "easy", "greedy") == "error: the house rule bolivia_bonus is not one of samba's"


def test_simulate_and_arena_play_samba_and_house_rules(capsys):
    code, out, err = run(capsys, "simulate", "--variant", "samba", "--players", "4", "--games", "2", "--seed", "3",
                         "--house", "ask_partner=required", "--house", "take_top=no", "--json", "--target", "2500")
    assert (code, err) == (0, "") and json.loads(out)["errors"] == 0
    code, out, _err = run(capsys, "arena", "--variant", "samba", "--players", "2", "--deals", "1", "--json",
                          "--house", "wild_limit=three", "easy", "greedy")
    result = json.loads(out)
    assert code == 0 and result["house"] == {"wild_limit": "three"}
    assert result["levels"]["easy"]["bolivias_per_hand"] == 0


def _record(house=None) -> dict:
    record = {"variant": "bolivia", "sides": [{"melds": [], "hands": [["3S"]], "red_threes": 0, "out": None},
                                              {"melds": [], "hands": [["4H"]], "red_threes": 0, "out": None}]}
    if house is not None:
        record["house"] = house
    return record


def test_score_takes_house_in_the_record_or_on_the_command_line(capsys, tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(_record()))
    assert json.loads(run(capsys, "score", str(path))[1])["sides"][0]["in_hand"] == -100
    assert json.loads(run(capsys, "score", str(path), "--house", "black_three_in_hand=5")[1])["sides"][0][
        "in_hand"] == -5
    path.write_text(json.dumps(_record({"black_three_in_hand": "5"})))
    assert json.loads(run(capsys, "score", str(path))[1])["sides"][0]["in_hand"] == -5
    path.write_text(json.dumps(_record({"black_three_in_hand": "7"})))
    assert bad_input(capsys, "score", str(path)) == "error: unknown value 7 for black_three_in_hand: choose 100, 5"


def test_turn_takes_house_in_the_position(capsys, tmp_path):
    position = {"variant": "bolivia", "players": 2, "turn": 0, "phase": "draw",
                "hands": [["4C", "5D", "6H", "9C"], ["4D", "5H", "6S"]],
                "melds": [[["5S", "6S", "7S"]], []], "pile": ["8S"], "moves": [{"take_top": 0}]}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position))
    code, out, err = run(capsys, "turn", str(path))
    first = json.loads(out)["moves"][0] if code == 0 else None
    path.write_text(json.dumps({**position, "house": {"take_top": "no"}}))
    code2, out2, err2 = run(capsys, "turn", str(path))
    assert code == 0 and first["ok"] is True, (out, err)
    assert code2 == 0 and json.loads(out2)["moves"][0]["ok"] is False, (out2, err2)
    assert "never taken alone" in json.loads(out2)["moves"][0]["reason"]
    code3, out3, _err3 = run(capsys, "turn", str(tmp_path / "p.json"), "--house", "take_top=yes")
    assert json.loads(out3)["moves"][0]["ok"] is True
    path.write_text(json.dumps({**position, "house": {"take_top": "never"}}))
    assert bad_input(capsys, "turn", str(path)).startswith("error: unknown value never for take_top")


ADVISED = {"variant": "bolivia", "players": 2, "turn": 0, "phase": "draw",
           "hands": [["4C", "5D", "6H", "9C"], ["4D", "5H", "6S"]], "melds": [[["5S", "6S", "7S"]], []],
           "pile": ["8S"]}


def test_advise_takes_house_in_the_position_or_on_the_command_line(capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(ADVISED))
    code, out, err = run(capsys, "advise", str(path))
    assert (code, err) == (0, "") and json.loads(out)["hint"]["move"] == {"take_top": 0}
    code, out, err = run(capsys, "advise", str(path), "--house", "take_top=no")
    assert (code, err) == (0, "") and json.loads(out)["hint"]["move"] == {"draw": "stock"}
    path.write_text(json.dumps({**ADVISED, "house": {"take_top": "no"}}))
    assert json.loads(run(capsys, "advise", str(path))[1])["hint"]["move"] == {"draw": "stock"}
    # The command line's win over the file's, as in turn.
    assert json.loads(run(capsys, "advise", str(path), "--house", "take_top=yes")[1])["hint"]["move"] == {
        "take_top": 0}


def test_advise_refuses_a_wrong_house_rule_with_one_line(capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(ADVISED))
    assert bad_input(capsys, "advise", str(path), "--house", "take_top=maybe") == (
        "error: unknown value maybe for take_top: choose yes, no")
    assert bad_input(capsys, "advise", str(path), "--house", "unfrozen_take=pair") == (
        "error: the house rule unfrozen_take is not one of bolivia's")
    assert bad_input(capsys, "advise", str(path), "--house", "colour=red").startswith(
        "error: unknown house rule colour")
    assert bad_input(capsys, "advise", str(path), "--house", "take_top").startswith("error: a house rule is NAME=VALUE")
    path.write_text(json.dumps({**ADVISED, "house": {"wild_limit": "four"}}))
    assert bad_input(capsys, "advise", str(path)) == "error: unknown value four for wild_limit: choose two, three"


def _records(capsys, tmp_path, *house: str, variant: str = "bolivia"):
    path = tmp_path / "games.json"
    code, _out, err = run(capsys, "simulate", "--players", "2", "--games", "3", "--seed", "4", "--player", "greedy",
                          "--target", "2500", "--variant", variant, "--record", str(path), "--json",
                          *[x for h in house for x in ("--house", h)])
    assert (code, err) == (0, "")
    return path


def test_replay_plays_records_back_under_the_house_rules_given(capsys, tmp_path):
    path = _records(capsys, tmp_path, "black_three_in_hand=5")
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert (code, err) == (0, "")  # the records carry the rule they were played with
    played = [json.loads(line) for line in out.splitlines() if "scores" in line]
    code, out, err = run(capsys, "replay", str(path), "--json", "--house", "black_three_in_hand=100")
    again = [json.loads(line) for line in out.splitlines() if "scores" in line]
    assert (code, err) == (1, "")  # a black three left in hand costs 100 now: the scores are not the record's
    assert len(again) == len(played) and again != played
    assert all(a["scores"][s] <= p["scores"][s] for a, p in zip(again, played, strict=True) for s in (0, 1))
    code, out2, _err = run(capsys, "replay", str(path), "--json", "--house", "black_three_in_hand=5")
    assert code == 0 and [json.loads(line) for line in out2.splitlines() if "scores" in line] == played


def test_replay_refuses_a_wrong_house_rule_with_one_line(capsys, tmp_path):
    path = _records(capsys, tmp_path, variant="samba")
    assert bad_input(capsys, "replay", str(path), "--house", "bolivia_bonus=2000") == (
        "error: the house rule bolivia_bonus is not one of samba's")
    assert bad_input(capsys, "replay", str(path), "--house", "wild_limit=none") == (
        "error: unknown value none for wild_limit: choose two, three")
    assert bad_input(capsys, "replay", str(path), "--house", "=two").startswith("error: a house rule is NAME=VALUE")
