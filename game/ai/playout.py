"""What Expert's search plays its sampled worlds with: a lazy list of the engine's moves, one step of a
playout by a style, and how its effort is counted.

The effort is counted in playout moves and the going-out search they run (NODES_PER_MOVE nodes a move),
not in seconds, so a seed gives the same decisions on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from game.ai.levels import Style, choose_with
from game.ai.plan import OutPlans
from game.rules.actions import Action, AddToMeld, LayMelds, MeldMove
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.state import GameState
from game.rules.view import PlayerView, view_of

# The playouts' going-out searches count too, this many nodes a move (plan.OutPlans.work; measured, a
# node costs a sixth of a move on average): late in a hand, where seats can go out, they cost several
# times the moves themselves (a four-player draw took 827 moves and 31,000 nodes, 1.6 s).
NODES_PER_MOVE = 6


class LazyLegal(Sequence):
    """The engine's legal moves of a state, computed only if the policy looks at them."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._moves: list[Action] | None = None

    def _get(self) -> list[Action]:
        if self._moves is None:
            self._moves = legal_actions(self.state)
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
    legal = LazyLegal(state)
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
