"""Pinned positions where a computer player's decision once did unbounded work: each asserts on the work
counted (shares of wild cards tried, nodes, simulated moves), never on the clock."""

from __future__ import annotations

from itertools import islice

import game.ai.plan as plan
from game.rules import Phase, view_of
from game.rules.rank_out import RankOut
from game.rules.ruleset import STANDARD
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
    solver = RankOut(view.hand, melds, STANDARD)
    first = list(islice(solver.iter_moves(), plan.OUT_MOVES_WEIGHED))
    assert len(first) == plan.OUT_MOVES_WEIGHED
    assert solver.tried <= 2 * plan.OUT_MOVES_WEIGHED  # not the 702,510 of the whole list
    assert first == list(islice(RankOut(view.hand, melds, STANDARD).iter_moves(), plan.OUT_MOVES_WEIGHED))
    capped = RankOut(view.hand, melds, STANDARD)
    assert len(list(capped.iter_moves(tries=1000))) <= 1000
    assert capped.tried == 1000  # there were more: the cap stopped the listing


def test_one_move_out_weighs_a_bounded_number_of_shares(monkeypatch):
    made: list[RankOut] = []

    class Counted(RankOut):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(plan, "RankOut", Counted)
    seq = plan._one_move_out(_big_view())
    assert seq is not None and plan.why_illegal(_big_view(), seq[0]) is None
    assert len(made) == 1 and 0 < made[0].tried <= plan.OUT_SHARES_TRIED
