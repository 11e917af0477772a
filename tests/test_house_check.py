"""`python -m game house-check`: every house rule at each value but its default, in whole simulated games
with every invariant checked; errors and refused plans counted and make the exit 1."""

from __future__ import annotations

import json

import game.ai as ai
from game.ai.levels import REFUSED
from game.rules.actions import Discard
from game.rules.house import OPTIONS
from game.rules.state import Phase
from tests.test_cli import bad_input, run


def test_every_value_but_the_default_is_played_in_the_first_of_its_games(capsys):
    code, out, err = run(capsys, "house-check", "--games", "2", "--levels", "greedy,easy", "--target", "2500",
                         "--json")
    result = json.loads(out)
    assert (code, err) == (0, "") and out.count("\n") == 1
    assert result["errors"] == result["refused_plans"] == 0 and result["levels"] == ["greedy", "easy"]
    checked = {(x["option"], x["value"]): x for x in result["options"]}
    assert set(checked) == {(o.name, v) for o in OPTIONS for v in o.choices if v != o.default}
    assert checked[("unfrozen_take", "pair")]["game"] == "standard"
    assert checked[("take_top", "no")]["game"] == checked[("ask_partner", "required")]["game"] == "bolivia"
    assert all(x["games"] == 2 and x["hands"] >= 2 and x["target"] == 2500 for x in checked.values())


def test_an_error_or_a_refused_plan_makes_the_exit_1(capsys, monkeypatch):
    def refusing(view, legal, rng):
        REFUSED["plans"] += 1  # as choose_with counts a plan its own check caught
        return legal[0]

    monkeypatch.setattr(ai, "get_player", lambda name, table=False: refusing)
    code, out, _err = run(capsys, "house-check", "--games", "1", "--option", "take_top", "--json")
    line = json.loads(out)["options"][0]
    assert code == 1 and line["refused_plans"] > 0 and line["errors"] == 0

    def illegal(view, legal, rng):
        return legal[0] if view.phase == Phase.DEAL else Discard(-1)

    monkeypatch.setattr(ai, "get_player", lambda name, table=False: illegal)
    code, out, err = run(capsys, "house-check", "--games", "2", "--option", "bolivia_bonus", "--json")
    assert code == 1 and json.loads(out)["errors"] == 2
    assert err.count("\n") == 2 and err.startswith("bolivia_bonus=2000, game 0: hand 1: seat ")


def test_input_it_cannot_use_exits_2_with_one_line(capsys):
    assert bad_input(capsys, "house-check", "--option", "colour").startswith("error: unknown house rule colour")
    assert bad_input(capsys, "house-check", "--levels", "easy,nobody").startswith("error: unknown player 'nobody'")
    assert bad_input(capsys, "house-check", "--games", "0") == "error: --games must be at least 1"
    assert bad_input(capsys, "house-check", "--players", "5") == "error: --players must be 2, 3 or 4"
    assert bad_input(capsys, "house-check", "--target", "7").startswith("error: --target must be one of")
