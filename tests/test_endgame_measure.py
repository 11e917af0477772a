"""The endgame measure (game/tools/endgame.py) plays every seat order with the same dice, so a start
splits only where A and B decide differently."""

from __future__ import annotations

from game.tools.endgame import run


def test_the_endgame_measure_evens_out_a_player_against_itself_exactly():
    # The same dice in both seat orders: the same player in both seats plays the same game twice (Easy's
    # dice split these starts when every order had its own).
    out = run(2, 6, 11, "easy", "easy", "standard", 2000)
    assert out["games"] == 12 and out["split_starts"] == 0
    assert out["a_minus_b_per_game"] == 0 and out["ci95"] == [0, 0]
    assert out["wins_a"] == out["wins_b"]
