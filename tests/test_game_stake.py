"""Near the target Expert's search weighs the game, not only the hand: a rollout cut off before the hand's
end counts the game's stake by its chance, as one that ends the game counts it whole; and the endgame
measure plays every seat order with the same dice, so only decisions that differ move it."""

from __future__ import annotations

import math
import random

import pytest

from game.ai.game_end import SPREAD, game_share
from game.ai.ismcts import GAME_WON, REWARD_SCALE, Budget, Search, leaf_values, rollout_reward
from game.ai.levels import EXPERT, EXPERT_HAND_ONLY
from game.rules.ruleset import STANDARD
from game.rules.state import Phase
from game.rules.view import view_of
from game.tools.endgame import run
from tests.helpers import position


def test_the_stake_is_a_logistic_of_the_lead_over_the_best_other_side():
    lead = SPREAD * 5000  # one spread ahead
    p = 1 / (1 + math.exp(-1))
    assert game_share([4000 + lead, 4000], 0, 5000) == pytest.approx(2 * p - 1)
    assert game_share([4000 + lead, 4000], 1, 5000) == pytest.approx(1 - 2 * p)
    assert game_share([4000, 4000], 0, 5000) == pytest.approx(0.0)
    # Three sides: a sure win counts +1, a sure loss -1/2, as a rollout that ends the game counts them.
    assert game_share([20000, 5000, 4000], 0, 5000) == pytest.approx(1.0)
    assert game_share([20000, 5000, 4000], 2, 5000) == pytest.approx(-0.5)


def test_ahead_a_safe_lead_beats_a_bigger_one_and_behind_a_chance_beats_points():
    target = 5000
    # Ahead by 800: losing 500 of the lead costs more than winning 500 more brings.
    ahead = [game_share([4800 + d, 4000], 0, target) for d in (-500, 0, 500)]
    assert ahead[1] - ahead[0] > ahead[2] - ahead[1] > 0
    # Behind by 800: the other way round.
    behind = [game_share([3200 + d, 4000], 0, target) for d in (-500, 0, 500)]
    assert behind[2] - behind[1] > behind[1] - behind[0] > 0


def _mid_hand(scores):
    return position(2, ["KC KD 5D 7S 8H", "QS QD 4D 5S 9C"], pile="6C", phase=Phase.DRAW, scores=scores,
                    melds=[["7S 7D 7H 7C", "9C 9D 9H"], ["AC AD AH"]], stock_size=40, rules=STANDARD)


def test_a_cut_off_rollout_counts_the_game_by_its_chance_near_the_target():
    s = _mid_hand([4200, 3900])
    values = leaf_values(s)
    hand = (values[0] - values[1]) / REWARD_SCALE
    assert rollout_reward(s, 0, True, False) == pytest.approx(hand)
    totals = [s.scores[i] + values[i] for i in range(2)]
    stake = GAME_WON * game_share(totals, 0, s.target) / REWARD_SCALE
    assert stake > 0  # ahead in the totals
    assert rollout_reward(s, 0, True, True) == pytest.approx(hand + stake)
    assert rollout_reward(s, 1, True, True) == pytest.approx(-hand - stake)


def test_a_rollout_that_ends_the_game_counts_it_whole():
    s = _mid_hand([4200, 3900])
    s.phase, s.winner = Phase.GAME_OVER, 1
    values = leaf_values(s)
    assert rollout_reward(s, 0, True, True) == pytest.approx((values[0] - values[1] - GAME_WON) / REWARD_SCALE)
    assert rollout_reward(s, 0, False, False) == pytest.approx((values[0] - values[1]) / REWARD_SCALE)


def test_only_a_game_aware_search_near_the_target_weighs_the_game():
    near, far = view_of(_mid_hand([4200, 3900]), 0), view_of(_mid_hand([0, 0]), 0)
    assert Search(near, random.Random(0), Budget(style=EXPERT)).weigh_game
    assert not Search(near, random.Random(0), Budget(style=EXPERT_HAND_ONLY)).weigh_game
    assert not Search(far, random.Random(0), Budget(style=EXPERT)).weigh_game


def test_the_endgame_measure_evens_out_a_player_against_itself_exactly():
    # The same dice in both seat orders: the same player in both seats plays the same game twice (Easy's
    # dice split these starts when every order had its own).
    out = run(2, 6, 11, "easy", "easy", "standard", 2000)
    assert out["games"] == 12 and out["split_starts"] == 0
    assert out["a_minus_b_per_game"] == 0 and out["ci95"] == [0, 0]
    assert out["wins_a"] == out["wins_b"]
