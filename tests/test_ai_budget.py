"""Pinned positions where a computer player's decision once did unbounded work: each asserts on the work
counted (shares of wild cards tried, nodes, simulated moves), never on the clock."""

from __future__ import annotations

import random
from itertools import islice

import game.ai.ismcts as ismcts
import game.ai.plan as plan
from game.ai.expert import EXPERT_BUDGET
from game.rules import BOLIVIA, Phase, going_out, view_of
from game.rules.cards import FACE, deck_ids
from game.rules.out_solver import OutSolver
from game.rules.ruleset import STANDARD
from tests.brute_moves import random_position
from tests.helpers import position

# Standard Canasta, two players, arena seed 60613, deal 210: Expert's 37 cards, 8 of them wild, over six
# rank melds. The hand has 702,510 going-out moves; listing them all before weighing the first 200 made
# one decision take 27 s.
BIG_HAND = ("2C 3C 5C TC JC QC KC 2D 4D 5D QD 2H 5H 2S 3S 5S 9S KS 2C 3C 9C QC KC 2D 4D 5D 9D KD 5H 7H QH "
            "3S 5S TS KS JK JK")
BIG_MELDS = ["AC AC AH AH JK", "8C 8H 8H 8S", "9C 9D 9H 9H", "7C 7C 7H 7S", "6C 6D 6S", "JC JD JH"]


def _big_view():
    s = position(2, [BIG_HAND], melds=[BIG_MELDS], phase=Phase.MELD, rules=STANDARD)
    return view_of(s, 0)


def test_standard_going_out_moves_are_listed_lazily():
    view = _big_view()
    melds = [(m.id, m.kind, m.key, m.cards) for m in view.melds[0]]
    solver = OutSolver(view.hand, melds, STANDARD)
    first = list(islice(solver.iter_moves(), plan.OUT_MOVES_WEIGHED))
    assert len(set(first)) == plan.OUT_MOVES_WEIGHED
    assert solver.steps <= 5 * plan.OUT_MOVES_WEIGHED  # not the work of the 702,510 of the whole list
    assert first == list(islice(OutSolver(view.hand, melds, STANDARD).iter_moves(), plan.OUT_MOVES_WEIGHED))
    capped = OutSolver(view.hand, melds, STANDARD)
    assert 0 < len(list(capped.iter_moves(steps=1000))) < 1000
    assert capped.steps == 1001  # there were more: the cap stopped the listing at its first position over


def test_a_going_out_plan_weighs_a_bounded_number_of_moves(monkeypatch):
    weighed: list[object] = []
    real = plan.plan_meld_move

    def counted(move, *args, **kwargs):
        weighed.append(move)
        return real(move, *args, **kwargs)

    monkeypatch.setattr(plan, "plan_meld_move", counted)
    plans = plan.OutPlans()
    seq = plan.plan_go_out(_big_view(), plan.OUT_STEPS, plans)
    assert seq is not None and plan.why_illegal(_big_view(), seq[0]) is None
    assert len(weighed) == len(set(weighed)) == plan.OUT_MOVES_WEIGHED
    # Counted: the positions told and listed (at most the budget each) and the moves weighed.
    assert plan.OUT_MOVES_WEIGHED * plan.OUT_WEIGHED_NODES < plans.work
    assert plans.work <= 2 * plan.OUT_STEPS + plan.OUT_MOVES_WEIGHED * plan.OUT_WEIGHED_NODES


# Bolivia, four players, late in a hand (after arena seed 60613, deal 255, where one draw of a root search
# took 1.7 s): seat 1 draws; the opponents hold an escalera and a bolivia and three cards between them, so
# nearly every playout move runs a going-out search.
LATE_HANDS = ["2C", "TH 8S JK 6H 8D QH TS 8D 8D 2H TS 7H 7H", "5H 4C", "3S 3C 3S 8H 8S 3C JS 3S KC"]
LATE_MELDS = [["JC JC JH JS", "AC AC AD AH AH AS JK", "6H 7H 8H 9H TH JH QH", "TD JD QD KD AD", "2C 2S 2S 2S JK JK JK",
               "6C 7C 8C 9C", "JC QC KC", "4H 4H 4H 4S 4S 4S", "7C 7D 7S"],
              ["AD AH 2H", "4D 5D 6D", "5S 6S 7S 8S 9S TS JS", "QC KC AC", "9C 9D 9D 9H 9H 9S", "4C 5C 6C 7C",
               "5C 5C 5D 5H 5H 5S 5S", "4D 5D 6D", "JH QH KH", "QS KS AS", "6D 6H 6S 6S", "QD QD QS QS",
               "TC TC TD", "KD KH KS"]]
LATE_BUDGET = EXPERT_BUDGET


def _expert_draw() -> ismcts.Search:
    s = position(4, LATE_HANDS, melds=LATE_MELDS, red_threes=["3H", "3D 3D 3H 3H"], pile="3C TD", stock_size=28,
                 turn=1)
    expert = ismcts.Search(view_of(s, 1), random.Random(0), LATE_BUDGET)
    _action, _root, moves = expert.run()
    assert len(moves) > 1  # a real search: the pile against the stock
    return expert


def test_expert_counts_the_playouts_going_out_search(monkeypatch):
    expert = _expert_draw()
    # The going-out search alone spends the budget: the search stops at its fewest worlds.
    assert expert.iterations == LATE_BUDGET.min_iterations
    assert expert.out_plans.work // ismcts.NODES_PER_MOVE > LATE_BUDGET.moves
    # Counting moves alone (the old budget), the same decision played out far more worlds and searched
    # many times the nodes.
    monkeypatch.setattr(ismcts, "NODES_PER_MOVE", 10**9)
    uncounted = _expert_draw()
    monkeypatch.undo()
    assert uncounted.iterations >= 2 * expert.iterations
    assert uncounted.out_plans.work >= 3 * expert.out_plans.work


def test_kept_going_out_answers_are_the_solvers_answers():
    """can_go_out keeps its answers by faces: another copy of each card gets the answer the solver gives."""
    rng = random.Random(12)
    seen = 0
    for _ in range(300):
        try:
            hand, melds = random_position(rng, rng.randint(3, 14))
        except LookupError:
            continue
        shapes = [(m.kind, m.key, m.cards) for m in melds]
        first = going_out.can_go_out(hand, shapes, BOLIVIA)
        # The same faces from other copies of the cards, asked again: answered from what was kept.
        copies = [_other_copy(c) for c in hand]
        again = going_out.can_go_out(copies, shapes, BOLIVIA)
        fresh = OutSolver(copies, [(m.id, m.kind, m.key, m.cards) for m in melds], BOLIVIA).possible()
        assert first == again
        if first or fresh:
            assert again == fresh
            seen += first
    assert seen >= 8  # positions that can go out were among them
    assert len(going_out._ANSWERS) <= going_out.ANSWERS_KEPT


def _other_copy(card: int) -> int:
    """The next copy of the card's face in the deck (a one-to-one swap: no card comes twice)."""
    copies = [c for c in deck_ids(BOLIVIA.packs, BOLIVIA.jokers) if FACE[c] == FACE[card]]
    return copies[(copies.index(card) + 1) % len(copies)]
