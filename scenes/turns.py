"""What the table asks of the turn controller (game/shell/controller.py), said here so that the scenes
never import the shell above them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.rules.actions import Action
from game.rules.events import Event
from game.rules.state import GameState


class Applied(Protocol):
    """A computer player's move, applied: who made it, and what it did."""

    seat: int
    action: Action
    events: list[Event]


class Job(Protocol):
    """One decision asked of a thinking thread; `action` is set once `done` is."""

    seat: int
    action: Action | None
    error: Exception | None

    @property
    def done(self): ...


class Turns(Protocol):
    """The game's turns, as the table drives and follows them."""

    state: GameState
    human: set[int]
    hint_job: Job | None

    @property
    def human_to_act(self) -> bool: ...

    @property
    def thinking(self) -> bool: ...

    @property
    def can_undo(self) -> bool: ...

    def set_speed(self, speed: str) -> None: ...

    def play(self, action: Action) -> list[Event]: ...

    def undo(self) -> bool: ...

    def ask_hint(self, decide: Callable[[], Action]) -> Job: ...

    def deal(self) -> list[Event]: ...

    def update(self, dt: float, busy: bool) -> Applied | None: ...
