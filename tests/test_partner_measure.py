"""The end-of-hand measure (game/tools/partner_measure.py): what it counts is what the hands show."""

from __future__ import annotations

import random

import pytest

from game.tools.cli import main
from game.tools.partner_measure import Counts, measure_hand, run


def test_counts_add_up_over_the_hands_played():
    out = run(["normal"], 2, 4, 3, "bolivia")["normal"]
    assert out["seat_hands"] == 8  # every seat of every deal
    assert out["danger_positions"] <= out["seat_hands"]
    assert out["stuck10_hands"] <= out["seat_hands"]
    lo, hi = out["danger_ci95"]
    assert lo <= out["danger_points_left"] <= hi


def test_a_hand_counts_what_each_seat_held_at_its_end():
    # Easy discards at random: over a few Standard hands it ends some holding cards with an opponent
    # out, and each such position's points are the card values of Standard (at most 50 a card).
    counts = Counts()
    for d in range(6):
        measure_hand(2, 1000 + d, "easy", "standard", random.Random(d), counts)
    assert counts.seat_hands == 12
    assert all(0 <= p <= 50 * 30 for p in counts.danger_left)


def test_the_command_prints_one_line_a_level(capsys):
    assert main(["partner-measure", "--deals", "2", "--levels", "easy,normal", "--variant", "standard"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split('"level": "')[1].split('"')[0] for line in lines] == ["easy", "normal"]


@pytest.mark.parametrize("argv", [["--deals", "0"], ["--deals", "2", "--players", "5"],
                                  ["--deals", "2", "--levels", "nobody"], ["--deals", "2", "--variant", "poker"]])
def test_bad_input_is_one_line(argv, capsys):
    assert main(["partner-measure", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and len(err.strip().splitlines()) == 1
