"""The fitted end-of-hand estimate: the fit recovers a known line, features match their names."""

from __future__ import annotations

import random
from math import isclose

from game.ai.values import FEATURES, WEIGHTS, collect, fit, predict_sides, side_features
from game.rules import Deal, GameState


def test_fit_recovers_a_known_linear_rule():
    rng = random.Random(1)
    xs, ys = [], []
    for _ in range(400):
        x = [1.0, rng.random() * 10, rng.random() * 3]
        xs.append(x)
        ys.append(5 + 2 * x[1] - 7 * x[2])
    w = fit(xs, ys, ridge=1e-9)
    assert all(isclose(a, b, abs_tol=1e-6) for a, b in zip(w, [5, 2, -7], strict=True))


def test_features_and_weights_line_up():
    for players in (2, 3, 4):
        s = GameState(players, 3)
        s.apply(Deal())
        for side in range(s.sides):
            assert len(side_features(s, side)) == len(FEATURES)
        assert len(WEIGHTS[players]) == len(FEATURES)
        est = predict_sides(s)
        assert est is not None and len(est) == s.sides


def test_collect_pairs_positions_with_final_scores():
    xs, ys = collect(2, 2, seed=4, every=0.5)
    assert xs and len(xs) == len(ys) and all(len(x) == len(FEATURES) for x in xs)
