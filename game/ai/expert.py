"""Expert: the planner's whole knowledge (levels.CLUB), searched (game/ai/ismcts.py), and a partner that
answers by the score.

`choose_expert` thinks for a fixed number of simulated moves, so a seed gives the same game on any
machine (the arena's measure); `table_expert` adds a wall-clock cap for the table, where an answer
must come in time on a slow laptop.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.ismcts import Budget, Search
from game.ai.levels import CLUB, EXPERT_HAND_ONLY, choose_with
from game.ai.partner import partner_answer
from game.ai.plan import OutPlans, why_illegal
from game.rules.actions import Action, Answer
from game.rules.state import Phase
from game.rules.view import PlayerView

EXPERT_BUDGET = Budget(moves=600)
TABLE_SECONDS = 0.9  # the cap at the table: p95 of a decision within a second


def choose_expert(view: PlayerView, legal: list[Action], rng: random.Random,
                  budget: Budget = EXPERT_BUDGET, out_plans: OutPlans | None = None) -> Action:
    """Expert's move. `out_plans`: the going-out plans of the decision this search is part of (the
    adviser's, which asks the same view about going out again)."""
    if view.phase == Phase.ANSWER:
        return Answer(partner_answer(view, budget.style.game_aware))
    if view.phase not in (Phase.DRAW, Phase.MELD) or view.permission is True:
        # Dealing; or bound to go out, where the planner's going-out search is the whole decision.
        return choose_with(CLUB, view, legal, rng)
    action, _root, _moves = Search(view, rng, budget, out_plans).run()
    if why_illegal(view, action) is None or action in legal:
        return action
    return choose_with(CLUB, view, legal, rng)


# Expert before it weighed the game's score (game_end.py): what looking at the score is worth is measured
# against it (game/tools/endgame.py).
HAND_ONLY_BUDGET = replace(EXPERT_BUDGET, style=EXPERT_HAND_ONLY)


def choose_expert_hand_only(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return choose_expert(view, legal, rng, HAND_ONLY_BUDGET)


def table_expert(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return choose_expert(view, legal, rng, replace(EXPERT_BUDGET, seconds=TABLE_SECONDS))
