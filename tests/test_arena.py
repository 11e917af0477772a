"""The arena subcommand: duplicate deals, its JSON keys, and reproducibility with a seed."""

from __future__ import annotations

import json

import pytest

from game.tools.arena import play_deal, run_arena, seat_orders
from game.tools.cli import main as cli_main

LEVEL_KEYS = {"hands", "escaleras_per_hand", "bolivias_per_hand", "pile_takes_per_hand", "go_out_rate",
              "black_three_penalties_per_hand", "illegal_actions"}


def test_seat_orders_swap_every_seat():
    assert seat_orders(4) == [[True, False, True, False], [False, True, False, True]]
    assert seat_orders(2) == [[True, False], [False, True]]
    assert seat_orders(3) == [[True, False, False], [False, True, False], [False, False, True]]


def test_arena_json_has_the_contract_keys(capsys):
    code = cli_main(["arena", "--players", "2", "--deals", "2", "--seed", "5", "--json", "easy", "random"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {"deals", "mean_diff", "ci95", "hand_win_rate", "ms"} <= set(out)
    assert out["deals"] == 2 and len(out["ci95"]) == 2 and out["ci95"][0] <= out["mean_diff"] <= out["ci95"][1]
    assert set(out["ms"]) == {"easy", "random"}
    assert set(out["ms"]["easy"]) == {"p50", "p95", "max"}
    assert set(out["levels"]) == {"easy", "random"}
    for level in out["levels"].values():
        assert set(level) == LEVEL_KEYS and level["illegal_actions"] == 0
    # Two deals, each played with the seats swapped: every level played one side in four hands.
    assert out["levels"]["easy"]["hands"] == 4


def test_three_players_play_every_seat_order():
    out = run_arena(3, 1, 2, "normal", "easy")
    assert out["levels"]["normal"]["hands"] == 3 and out["levels"]["easy"]["hands"] == 6


def test_same_seed_same_result():
    a = run_arena(4, 2, 11, "normal", "easy")
    b = run_arena(4, 2, 11, "normal", "easy")
    for key in ("mean_diff", "ci95", "hand_win_rate", "levels"):
        assert a[key] == b[key]


def test_the_table_is_printed(capsys):
    assert cli_main(["arena", "--players", "4", "--deals", "1", "--seed", "1", "greedy", "random"]) == 0
    text = capsys.readouterr().out
    assert "mean difference" in text and "greedy" in text and "illegal" in text


@pytest.mark.parametrize("args", [["--players", "5", "--deals", "1", "easy", "random"],
                                  ["--players", "2", "--deals", "0", "easy", "random"],
                                  ["--players", "2", "--deals", "1", "easy", "nobody"]])
def test_bad_input_exits_2(args, capsys):
    assert cli_main(["arena", *args]) == 2
    assert "error" in capsys.readouterr().err


def test_a_standard_deal_whose_may_i_go_out_was_refused_now_plays_clean():
    # Deal 123 of seed 7 at four players: a player holding two cards that make a canasta only together
    # asked its partner, and the engine's bounded search said it was not able to go out (issue 10).
    result = play_deal(4, 7, 123, "normal", "normal", "standard")
    assert all(t.illegal == 0 for t in result["tallies"].values())
