"""`python -m game review-bench` (game/tools/review_bench.py): the review's named cost of two levels' moves
on the same deals, its figures reproducible from the seed, and bad input refused in one line."""

from __future__ import annotations

import json

from game.tools.cli import main
from game.tools.review_bench import mean_ci, play_deal, run


def test_the_same_deal_is_dealt_to_both_levels() -> None:
    a = play_deal(2, 77, "bolivia", "normal", "normal")
    b = play_deal(2, 77, "bolivia", "expert", "normal")
    assert a.hands[0].deck == b.hands[0].deck and a.hands[0].scores is not None and b.hands[0].scores is not None


def test_the_figures_come_again_from_the_seed_and_add_up() -> None:
    one = run(2, 5, 2, "bolivia", "easy", "expert", "normal")
    two = run(2, 5, 2, "bolivia", "easy", "expert", "normal")
    one.pop("seconds"), two.pop("seconds")
    assert one == two
    a, b = one["review_a"], one["review_b"]
    assert a["decisions"] > 0 and b["decisions"] > 0 and 0 <= a["differed_share"] <= 1
    # each figure is rounded to 0.1 on its own: the difference of the rounded ones is within 0.1 of it
    assert abs(one["a_minus_b_per_hand"] - (a["named_cost_per_hand"] - b["named_cost_per_hand"])) <= 0.1 + 1e-9
    assert a["ci95"][0] <= a["named_cost_per_hand"] <= a["ci95"][1]
    for side in (a, b):  # every moment found counts at least what the three named do
        assert side["found_cost_per_hand"] >= side["named_cost_per_hand"] and side["found_per_hand"] >= side[
            "moments_per_hand"]


def test_the_interval_is_the_normal_one() -> None:
    mean, (low, high) = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and abs((high - low) / 2 - 1.96 * (5 / 3) ** 0.5 / 2) < 1e-9


def test_the_command_prints_one_json_object_and_refuses_bad_input(capsys) -> None:
    assert main(["review-bench", "--hands", "1", "--seed", "3", "--players", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 1 and out["a"] == "normal" and out["b"] == "expert" and out["players"] == 2
    for bad in (["--players", "5"], ["--hands", "0"], ["--variant", "poker"], ["normal", "normal"],
                ["nobody"], ["--others", "nobody"]):
        assert main(["review-bench", *bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
