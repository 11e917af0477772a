"""The phases of a hand: what the game waits for next."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DEAL = "deal"  # before a hand: the next action deals it
    DRAW = "draw"
    MELD = "meld"  # after drawing: meld, add, combine, ask, discard
    ANSWER = "answer"  # the partner answers "May I go out?"
    GAME_OVER = "game_over"
