"""A lesson's turns, as the table drives and follows them (the `Turns` of scenes/turns.py): the table's
own input path plays into a LessonRun instead of a game.

The player's move goes to the lesson: refused, it raises IllegalAction with the engine's reason (or the
lesson's) and the step's hint, so the table shows it where it shows every refusal and nothing moves;
accepted, the table animates its events and `on_moved` tells the lesson scene. Computer seats make only
the lesson's scripted moves, after the speed's pause. The hint (I) is the step's intended move. Nothing
here is undone: a lesson's steps are short, and a refused move changes nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai.adviser import advice_for
from game.lessons.lesson import PLAYER
from game.lessons.runner import Attempt, LessonRun
from game.rules.actions import Action
from game.rules.errors import IllegalAction
from game.rules.events import Event
from game.rules.state import GameState, Phase
from game.rules.view import view_of

PAUSES = {"slow": 1.1, "normal": 0.6, "fast": 0.25, "instant": 0.0}  # as the game's turn controller waits


@dataclass
class Scripted:
    """A computer seat's scripted move, applied."""

    seat: int
    action: Action
    events: list[Event] = field(default_factory=list)


class Ready:
    """A decision already made (the hint: the step's intended move), in the shape the table polls."""

    def __init__(self, seat: int, action: Action | None) -> None:
        self.seat = seat
        self.action = action
        self.error: Exception | None = None
        self.done = threading.Event()
        self.done.set()


class LessonTurns:
    def __init__(self, run: LessonRun, on_moved: Callable[[Attempt], None] | None = None,
                 speed: str = "normal") -> None:
        self.run = run
        self.state: GameState = run.state  # the one state the table shows; the run changes it in place
        self.human = {PLAYER}
        self.hint_job: Ready | None = None
        self.on_moved = on_moved
        self.pause = PAUSES.get(speed, PAUSES["normal"])
        self._wait = 0.0

    @property
    def human_to_act(self) -> bool:
        """The player's move is asked while the lesson has a step to do."""
        return (not self.run.done and self.state.phase not in (Phase.DEAL, Phase.GAME_OVER)
                and self.state.to_act == PLAYER)

    @property
    def thinking(self) -> bool:
        return False

    @property
    def can_undo(self) -> bool:
        return False

    def set_speed(self, speed: str) -> None:
        self.pause = PAUSES.get(speed, PAUSES["normal"])

    def play(self, action: Action) -> list[Event]:
        result = self.run.attempt(action)
        if self.on_moved is not None:
            self.on_moved(result)
        if not result.ok:
            raise IllegalAction(f"{result.reason} {result.hint}".strip())
        self.hint_job = None
        return result.events

    def undo(self) -> bool:
        return False

    def ask_hint(self, decide: Callable[[], Action]) -> Ready:
        """The step's own move, not the coach's: the lesson knows what it teaches."""
        # told in the adviser's words, as the table shows every hint
        self.hint_job = Ready(PLAYER, advice_for(view_of(self.state, PLAYER), self.run.intended()))
        return self.hint_job

    def deal(self) -> list[Event]:
        return []  # a lesson's hand is laid out already

    def update(self, dt: float, busy: bool) -> Scripted | None:
        """A scripted computer move, once the pictures have caught up and the pause has passed."""
        if busy or self.run.computer_move() is None:
            self._wait = 0.0
            return None
        self._wait += dt
        if self._wait < self.pause:
            return None
        self._wait = 0.0
        action = self.run.computer_move()
        assert action is not None
        return Scripted(self.state.to_act, action, self.run.computer_moved(action))

    def close(self) -> None:
        pass
