"""A hand played back, move by move: the positions after each move, the words for it, and where the
player is in it (forward, back, first, last, playing at a chosen pace). No drawing: scenes/replay.py
shows it, as a `Board`: every hand, or one seat's view (the engine's own, game/rules/view.py: its hand,
the others' backs, what lies face up), the player's after the move, or the acting seat's as it chose it."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.rules.melds import Meld
from game.rules.record import GameRecord, HandRecord, ReplayError, replay
from game.rules.state import GameState
from game.rules.view import PlayerView, view_of
from game.ui.narrate import describe, seat_names

VIEWS = ("yours", "all", "seat")  # H goes round them: the player's view, every hand, the acting seat's view

PACES = (2.0, 1.0, 0.5, 0.25)  # seconds a move while playing
DEFAULT_PACE = 1


@dataclass
class Frame:
    """The table after one step (the deal first), who made it, and what it did in words."""

    state: GameState
    seat: int  # -1 for the deal
    said: list[str]


@dataclass(frozen=True)
class Board:
    """What the replay shows of a position: each seat's hand (None: a card's back), the pile, the stock's
    count, each side's melds and red threes; `seat`: whose view it is (None: every hand face up)."""

    hands: tuple[tuple[int | None, ...], ...]
    pile: tuple[int, ...]
    stock: int
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[tuple[int, ...], ...]
    seat: int | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def sides(self) -> int:
        return len(self.melds)


def board_of_state(state: GameState) -> Board:
    """Every hand face up."""
    return Board(tuple(tuple(sorted(h)) for h in state.hands), tuple(state.pile), len(state.stock),
                 tuple(tuple(side) for side in state.melds), tuple(tuple(r) for r in state.red_threes))


def board_of_view(view: PlayerView) -> Board:
    """What one seat sees: its own hand, the others' as backs by their counts; the rest lies face up."""
    hands = tuple(tuple(sorted(view.hand)) if s == view.seat else (None,) * n
                  for s, n in enumerate(view.hand_counts))
    return Board(hands, view.pile, view.stock_count, view.melds, view.red_threes, view.seat)


class ReplayModel:
    def __init__(self, record: GameRecord, hand: HandRecord, names: list[str] | None = None) -> None:
        """`names`: each seat's, for the story (the people's at a table with friends); else the game's own."""
        self.record = record
        self.hand = hand
        self.frames: list[Frame] = []
        self.error: str | None = None  # where a record the engine no longer plays stops
        names = names if names is not None and len(names) == record.players else seat_names(record.players)
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

    def chooser_view(self) -> PlayerView | None:
        """The view the seat that made the move shown chose it from: the engine's view of that seat in the
        position before it (None for the deal)."""
        f = self.frame
        if f.seat < 0 or self.index == 0:
            return None
        return view_of(self.frames[self.index - 1].state, f.seat)

    def board(self, mode: str, player: int = 0) -> Board:
        """The position shown in a view mode (VIEWS): the player's view after the move, every hand, or the
        view the acting seat chose the move from (the player's, at the deal)."""
        if mode == "all":
            return board_of_state(self.frame.state)
        chooser = self.chooser_view() if mode == "seat" else None
        return board_of_view(chooser if chooser is not None else view_of(self.frame.state, player))

    def story(self) -> list[tuple[int, str]]:
        """Every line of the hand with the step it belongs to (to show the story up to here)."""
        return [(i, line) for i, f in enumerate(self.frames) for line in f.said]
