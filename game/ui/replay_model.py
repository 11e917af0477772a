"""A hand played back, move by move: the positions after each move, the words for it, and where the
player is in it (forward, back, first, last, playing at a chosen pace). No drawing: scenes/replay.py
shows it."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.rules.record import GameRecord, HandRecord, ReplayError, replay
from game.rules.state import GameState
from game.ui.narrate import describe, seat_names

PACES = (2.0, 1.0, 0.5, 0.25)  # seconds a move while playing
DEFAULT_PACE = 1


@dataclass
class Frame:
    """The table after one step (the deal first), who made it, and what it did in words."""

    state: GameState
    seat: int  # -1 for the deal
    said: list[str]


class ReplayModel:
    def __init__(self, record: GameRecord, hand: HandRecord) -> None:
        self.record = record
        self.hand = hand
        self.frames: list[Frame] = []
        self.error: str | None = None  # where a record the engine no longer plays stops
        names = seat_names(record.players)
        try:
            for step in replay(record, hand):
                said = [line for e in step.events if (line := describe(e, names))]
                self.frames.append(Frame(step.state.copy(), -1 if step.index < 0 else step.seat, said))
        except ReplayError as why:
            self.error = _("The record of this hand stops here ({why}).").format(why=why)
        self.index = 0
        self.playing = False
        self.pace = DEFAULT_PACE
        self._wait = 0.0

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def go(self, index: int) -> None:
        self.index = min(max(0, index), self.last)
        self._wait = 0.0
        if self.index == self.last:
            self.playing = False

    def forward(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.playing = False
        self.go(self.index - 1)

    def toggle(self) -> None:
        """Play from here (from the start again at the end), or pause."""
        if not self.playing and self.index == self.last:
            self.go(0)
        self.playing = not self.playing and self.index < self.last
        self._wait = 0.0

    def faster(self, step: int) -> None:
        self.pace = min(max(0, self.pace + step), len(PACES) - 1)

    @property
    def seconds(self) -> float:
        return PACES[self.pace]

    def update(self, dt: float) -> bool:
        """Time passing while playing; True when it moved on a move."""
        if not self.playing:
            return False
        self._wait += dt
        if self._wait < self.seconds:
            return False
        self.forward()
        return True

    def story(self) -> list[tuple[int, str]]:
        """Every line of the hand with the step it belongs to (to show the story up to here)."""
        return [(i, line) for i, f in enumerate(self.frames) for line in f.said]
