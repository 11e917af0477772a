"""Computer players: each is `choose(view, legal, rng) -> action` on the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Callable

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
}


def get_player(name: str) -> Chooser:
    try:
        return PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}") from None
