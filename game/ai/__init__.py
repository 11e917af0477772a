"""Computer players: each is `choose(view, legal, rng) -> action` on the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.expert import choose_expert, table_expert
from game.ai.levels import choose_easy, choose_normal
from game.ai.search import choose_hard
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
}
# At the table a level may also watch the clock (the arena's players count moves only, so a seed
# replays the same on any machine).
TABLE_PLAYERS: dict[str, Chooser] = {**PLAYERS, "expert": table_expert}


def get_player(name: str, table: bool = False) -> Chooser:
    try:
        return (TABLE_PLAYERS if table else PLAYERS)[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}") from None
