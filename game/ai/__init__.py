"""Computer players: each is `choose(view, legal, rng) -> action` on the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from game.ai.adviser import choose_coach
from game.ai.expert import EXPERT_BUDGET, choose_expert, choose_expert_hand_only, table_expert
from game.ai.levels import choose_easy, choose_hard, choose_normal
from game.ai.simple import choose_greedy, choose_random
from game.rules.actions import Action
from game.rules.view import PlayerView

Chooser = Callable[[PlayerView, list[Action], random.Random], Action]

PLAYERS: dict[str, Chooser] = {
    "random": choose_random,
    "greedy": choose_greedy,
    "easy": choose_easy,
    "normal": choose_normal,
    "hard": choose_hard,
    "expert": choose_expert,
    "coach": choose_coach,  # exactly the table's hint (game/ai/adviser.py)
    "expert-hand": choose_expert_hand_only,  # Expert before it weighed the game's score
}
# At the table a level may also watch the clock (the arena's players count moves only, so a seed
# replays the same on any machine).
TABLE_PLAYERS: dict[str, Chooser] = {**PLAYERS, "expert": table_expert}


def expert_with(moves: int) -> Chooser:
    """Expert thinking for this many simulated moves a decision (the arena's `expert@N`)."""
    budget = replace(EXPERT_BUDGET, moves=moves)

    def choose(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
        return choose_expert(view, legal, rng, budget)

    return choose


def get_player(name: str, table: bool = False) -> Chooser:
    """A level by name; `expert@N` is Expert with a budget of N simulated moves a decision."""
    base, _at, moves = name.partition("@")
    if base == "expert" and moves:
        if not moves.isdigit() or not 1 <= int(moves) <= 100_000:
            raise ValueError(f"bad budget in {name!r}: expert@N wants N from 1 to 100000 simulated moves")
        return expert_with(int(moves))
    try:
        return (TABLE_PLAYERS if table else PLAYERS)[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}") from None
