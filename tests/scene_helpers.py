"""Helpers for the scene tests: a fake clock, synthetic events, hands played by the greedy player."""

from __future__ import annotations

import random

import pygame

from game.ai import get_player
from game.rules.actions import Deal
from game.rules.legal import legal_actions
from game.rules.state import GameState, Phase
from game.rules.view import view_of


class FakeClock:
    def tick(self, framerate: float = 0, /) -> int:
        return 16


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
    ]


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def distinct_colours(surface: pygame.Surface, step: int = 16) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)})


def play_table_hand(table, seed: int = 0) -> GameState:
    """`play_hand` on a table scene's game, once a computer still thinking there has decided: its thread
    reads the position the engine is about to play out (the game itself never changes a position under a
    decision), and a move list made from a half-played hand was logged as the computer's failure."""
    job = getattr(table.controller, "_job", None)
    if job is not None:
        job.done.wait(10)
    return play_hand(table.state, seed)


def play_hand(state: GameState, seed: int = 0) -> GameState:
    """Deal if needed and play one hand to its end with the greedy player on every seat."""
    rng = random.Random(seed)
    greedy = get_player("greedy")
    if state.phase == Phase.DEAL:
        state.apply(Deal())
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        seat = state.to_act
        state.apply(greedy(view_of(state, seat), legal_actions(state), rng))
    return state
