"""What Expert's search plays its sampled worlds with: a lazy list of the engine's moves, one step of a
playout by a style, and how its effort is counted.

The effort is counted in playout moves and the going-out work they do (NODES_PER_MOVE units a move),
not in seconds, so a seed gives the same decisions on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from game.ai.levels import Style, choose_with
from game.ai.plan import OutPlans
from game.rules.actions import Action, AddToMeld, LayMelds, MeldMove
from game.rules.errors import IllegalAction
from game.rules.first_meld import FIRST_MELD_WORK
from game.rules.legal import ASK_PARTNER_WORK, legal_actions
from game.rules.state import GameState
from game.rules.view import PlayerView, view_of
from game.rules.work import Work

# The playouts' going-out searches count too, this many units of plan.OutPlans.work a move (measured, a
# unit, a position of the exact going-out solver, costs a sixth of a move or less): late in a hand, where
# seats can go out, they cost several times the moves themselves (a four-player draw once took 827 moves
# and 31,000 units, 1.6 s).
NODES_PER_MOVE = 6
MELD_STEPS_FLOOR = 2000  # work of a move list's searches once the decision's is spent


class LazyLegal(Sequence):
    """The engine's legal moves of a state, computed only if the policy looks at them. `pool`: the work the
    decision this is part of has left for its move lists (plan.OutPlans.first_meld_steps: the first-meld
    search and the check behind "May I go out?"): a list takes its work from it, and once it is spent a
    list still gets MELD_STEPS_FLOOR (a long hand's list is then a representative set, legal.py says)."""

    def __init__(self, state: GameState, pool: Work | None = None) -> None:
        self.state = state
        self.pool = pool
        self._moves: list[Action] | None = None

    def _get(self) -> list[Action]:
        if self._moves is None:
            if self.pool is None:
                self._moves = legal_actions(self.state)
            else:
                work = Work(min(FIRST_MELD_WORK, max(self.pool.left, MELD_STEPS_FLOOR)))
                ask = Work(min(ASK_PARTNER_WORK, max(self.pool.left, MELD_STEPS_FLOOR)))
                self._moves = legal_actions(self.state, work, ask)
                self.pool.left = max(0, self.pool.left - work.spent - ask.spent)
                self.pool.spent += work.spent + ask.spent
        return self._moves

    def __getitem__(self, i):  # type: ignore[override]
        return self._get()[i]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._get())

    def __contains__(self, item: object) -> bool:
        return item in self._get()


def playout_step(state: GameState, style: Style, rng: random.Random, out_plans: OutPlans) -> bool:
    """One action of a playout in a sampled world, by `style`; False at a dead end (a sampled world can
    reach one: a partner bound to go out with cards that do not allow it, say)."""
    legal = LazyLegal(state, out_plans.first_meld_steps)
    try:
        action = choose_with(style, view_of(state, state.to_act), legal, rng,  # type: ignore[arg-type]
                             count=False, out_plans=out_plans)
        state.apply(action)
    except (IllegalAction, IndexError):
        if not legal:
            return False
        state.apply(legal[0])
    return True


def goes_out(view: PlayerView, action: Action) -> bool:
    """Whether a meld move starts going out: it leaves at most one card in hand."""
    if isinstance(action, LayMelds):
        used = sum(len(m) for m in action.melds)
    elif isinstance(action, AddToMeld):
        used = len(action.cards)
    elif isinstance(action, MeldMove):
        used = sum(len(m) for m in action.new) + sum(len(cards) for _mid, cards in action.add)
    else:
        return False
    return len(view.hand) - used <= 1
