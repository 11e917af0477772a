"""A fitted estimate of how a hand will end, for the leaves of Hard's playouts.

`side_features` describes one side's position in a full state (a sampled world): what it has on the
table, its unfinished melds, the shape of its players' hands, and the tempo. A linear model per table
size, fitted on hands of Normal playing itself, turns the features into the side's expected score at
the end of the hand. Regenerate the weights with

    python -m game.ai.values --hands 1500 --seed 1

which prints the WEIGHTS table below (pure Python: no numerical library is needed to fit or to use it).
"""

from __future__ import annotations

import argparse
import random
import sys

from game.rules.cards import ACE, BLACK_THREE, FACE, NATURAL, RANK, VALUE, WILD, penalty
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, canasta_bonus, side_may_go_out
from game.rules.scoring import red_three_score
from game.rules.state import GameState, Phase

FEATURES = (
    "bias", "table_points", "bonuses", "red_threes", "qualifies", "escalera",
    "run3", "run4", "run5", "run6", "rank34", "rank5", "rank6", "wild34", "wild5", "wild6",
    "hand_penalty", "black_threes", "wilds_in_hand", "pairs", "triples", "fit_rank", "fit_run", "run_pieces",
    "hand_size", "other_qualifies", "stock", "run_progress_x_stock", "wild_progress_x_stock",
    "penalty_x_late", "other_best_run",
)


def side_features(state: GameState, side: int) -> list[float]:
    rules = state.rules
    melds = state.melds[side]
    canastas = [m.canasta(rules) for m in melds]
    qualifies = side_may_go_out(canastas)
    runs = [0, 0, 0, 0]
    ranks = [0, 0, 0]
    wilds = [0, 0, 0]
    run_progress = wild_progress = 0.0
    rank_keys: set[int] = set()
    ends: set[int] = set()
    for m, c in zip(melds, canastas, strict=True):
        if m.kind == RANK_MELD:
            rank_keys.add(m.key)
        if c:
            continue
        n = m.size
        if m.kind == RUN:
            rs = [RANK[x] for x in m.cards]
            low, high = min(rs), max(rs)
            if (low - 4) + (ACE - high) >= rules.run_max - n:
                runs[min(n, 6) - 3] += 1
                run_progress += n - 2
            ends.update(m.key * 16 + r for r in (low - 1, high + 1) if 4 <= r <= ACE)
        elif m.kind == RANK_MELD:
            ranks[0 if n <= 4 else n - 4] += 1
        elif m.kind == WILD_MELD:
            wilds[0 if n <= 4 else n - 4] += 1
            wild_progress += n - 2
    hand_pen = threes = wild_cards = pairs = triples = fit_rank = fit_run = pieces = size = 0
    for seat in state.seats_of(side):
        hand = state.hands[seat]
        size += len(hand)
        counts: dict[int, int] = {}
        faces: set[int] = set()
        for c in hand:
            hand_pen += penalty(c)
            if BLACK_THREE[c]:
                threes += 1
            elif WILD[c]:
                wild_cards += 1
            elif NATURAL[c]:
                counts[RANK[c]] = counts.get(RANK[c], 0) + 1
                faces.add(FACE[c])
                fit_rank += RANK[c] in rank_keys
                fit_run += FACE[c] in ends
        pairs += sum(1 for n in counts.values() if n == 2)
        triples += sum(1 for n in counts.values() if n >= 3)
        pieces += sum(1 for f in faces if f + 1 in faces and (f % 16) + 1 <= ACE)
    other_q = any(side_may_go_out([m.canasta(rules) for m in state.melds[s]]) for s in range(state.sides) if s != side)
    other_run = max((m.size for s in range(state.sides) if s != side for m in state.melds[s]
                     if m.kind == RUN and m.size < rules.run_max), default=0)
    stock = len(state.stock) / 100
    late = max(0.0, 1.0 - stock * 2)
    reds = red_three_score(len(state.red_threes[side]), qualifies, rules)
    return [
        1.0, sum(VALUE[c] for m in melds for c in m.cards) / 100,
        sum(canasta_bonus(c, rules) for c in canastas) / 100, reds / 100, float(qualifies),
        float("escalera" in canastas), *runs, *ranks, *wilds, hand_pen / 100, threes, wild_cards, pairs, triples,
        fit_rank, fit_run, pieces, size, float(other_q), stock, run_progress * stock, wild_progress * stock,
        hand_pen / 100 * late, other_run,
    ]


def predict_sides(state: GameState) -> list[float] | None:
    """Expected end-of-hand score of every side, or None when no weights are fitted for this table."""
    w = WEIGHTS.get(state.players)
    if w is None:
        return None
    return [sum(a * b for a, b in zip(w, side_features(state, side), strict=True)) for side in range(state.sides)]


# ----- fitting -----------------------------------------------------------------------------------------


def collect(players: int, hands: int, seed: int, every: float = 0.25) -> tuple[list[list[float]], list[float]]:
    """Features at random moments of Normal-against-Normal hands, each with the side's final score."""
    from game.ai.levels import choose_normal
    from game.rules.actions import Deal
    from game.rules.legal import legal_actions
    from game.rules.view import view_of

    rng = random.Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    for h in range(hands):
        state = GameState(players, seed * 100_003 + h)
        state.apply(Deal())
        pending: list[tuple[int, list[float]]] = []
        while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            if state.phase == Phase.DRAW and rng.random() < every:
                pending += [(side, side_features(state, side)) for side in range(state.sides)]
            legal = legal_actions(state)
            if not legal:
                break
            state.apply(choose_normal(view_of(state, state.to_act), legal, rng))
        if state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            continue
        final = [s["total"] for s in state.results[-1]["scores"]]
        for side, x in pending:
            xs.append(x)
            ys.append(float(final[side]))
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], ridge: float = 1.0) -> list[float]:
    """Least squares with a small ridge, by the normal equations and Gaussian elimination."""
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys, strict=True):
        for i, xi in enumerate(x):
            if xi:
                row = a[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
                b[i] += xi * y
    for i in range(1, k):  # no ridge on the bias
        a[i][i] += ridge
    # Solve a w = b.
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(k):
            if r != col and m[r][col]:
                f = m[r][col] / p
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][k] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(k)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="fit the end-of-hand estimate used by Hard")
    p.add_argument("--hands", type=int, default=1500)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    print(f"# python -m game.ai.values --hands {args.hands} --seed {args.seed}")
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for players in (2, 3, 4):
        xs, ys = collect(players, args.hands, args.seed + players)
        w = fit(xs, ys)
        mean = sum(ys) / len(ys)
        err = sum((y - sum(a * b for a, b in zip(w, x, strict=True))) ** 2 for x, y in zip(xs, ys, strict=True))
        var = sum((y - mean) ** 2 for y in ys)
        print(f"    # {players} players: {len(ys)} positions, R^2 {1 - err / var:.3f}")
        numbers = [f"{v:.2f}" for v in w]
        print(f"    {players}: (")
        for i in range(0, len(numbers), 10):
            print("        " + ", ".join(numbers[i:i + 10]) + ",")
        print("    ),")
    print("}")
    return 0


# python -m game.ai.values --hands 1500 --seed 1
WEIGHTS: dict[int, tuple[float, ...]] = {
    # 2 players: 43658 positions, R^2 0.257
    2: (
        460.02, 125.00, 80.51, 9.70, 235.16, 113.76, -57.65, -41.02, -13.86, 333.25,
        -27.98, 53.02, 191.30, 400.83, 616.21, 828.59, 67.36, -154.51, 124.95, 5.65,
        -28.72, -3.15, 440.33, -27.30, 55.70, -631.03, 2329.26, 152.23, 314.20, 21.23,
        -148.10,
    ),
    # 3 players: 65691 positions, R^2 0.368
    3: (
        -855.15, 55.74, 114.11, 27.39, 74.11, -72.44, -52.42, -27.20, 79.81, 334.26,
        11.38, 90.79, 180.21, 312.76, 618.62, 1072.24, 102.44, -104.61, 161.06, -12.00,
        -49.40, 23.62, 91.69, -5.72, 30.39, -95.33, 1750.46, 137.43, 551.49, -120.74,
        -24.55,
    ),
    # 4 players: 29852 positions, R^2 0.303
    4: (
        129.11, 176.93, 78.69, 19.15, 144.05, -4.14, -105.14, -98.93, 5.13, 209.89,
        -93.36, -18.76, 102.82, 448.50, 580.02, 948.54, 164.69, -150.13, 133.17, -10.89,
        -93.72, 21.33, 241.49, 32.68, 27.41, -536.32, 2304.15, 129.56, 319.50, -45.00,
        -62.17,
    ),
}


if __name__ == "__main__":
    sys.exit(main())
