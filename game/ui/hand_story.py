"""What happened (W), told from the record: the whole hand, from its deal, one line a thing done.

The story is made again from the record each time it is asked for, in the language of the moment, so
it reads in the new language after a language change, and a game continued from its save tells the
hands it had (the record is in the save). `wrap` breaks the lines at word boundaries for a width, and
`Scroll` keeps the place in a story longer than its panel (wheel, PgUp/PgDn, Home/End).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.i18n import _, number
from game.rules import events as ev
from game.rules.record import GameRecord, HandRecord, ReplayError, replay
from game.ui.narrate import describe, seat_names, side_names


def hand_story(record: GameRecord, hand: HandRecord, names: list[str] | None = None) -> list[str]:
    """Every line of the hand as the table's log words it (game/ui/narrate.py), then its score."""
    names = names if names is not None else seat_names(record.players)
    lines: list[str] = []
    try:
        for step in replay(record, hand):
            for e in step.events:
                line = describe(e, names)
                if line:
                    lines.append(line)
                if isinstance(e, ev.HandEnded):
                    sides = side_names(record.players)
                    lines.append(_("The hand is over: {scores}.").format(scores=", ".join(
                        f"{sides[i]} {number(total)}" for i, total in enumerate(
                            sc["total"] for sc in e.scores))))
    except ReplayError as why:  # a record the engine no longer plays: say where it stops
        lines.append(_("The record of this hand stops here ({why}).").format(why=why))
    return lines


def move_story(record: GameRecord, hand: HandRecord, move: int, names: list[str] | None = None) -> list[str]:
    """What one move of the hand (its place in the record, from 0) did, as the table's log words it."""
    names = names if names is not None else seat_names(record.players)
    try:
        for step in replay(record, hand):
            if step.index == move:
                return [line for e in step.events if (line := describe(e, names))]
    except ReplayError:
        pass
    return []


def wrap(lines: list[str], width: int, measure: Callable[[str], int] = len) -> list[str]:
    """Each line broken at spaces into lines no wider than `width` by `measure` (characters by default,
    a font's pixel width at the table); a word wider than the whole width is broken where it must be."""
    out: list[str] = []
    for text in lines:
        line = ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if measure(trial) <= width:
                line = trial
                continue
            if line:
                out.append(line)
            line = word
            while measure(line) > width and len(line) > 1:
                cut = max(1, next((i for i in range(len(line), 0, -1) if measure(line[:i]) <= width), 1))
                out.append(line[:cut])
                line = line[cut:]
        out.append(line)
    return out


@dataclass
class Scroll:
    """Where a story longer than its panel is read from: `top` is the first line shown. It starts at the
    end (the newest lines) and stays there as lines come, unless the player has scrolled up."""

    top: int = 0
    lines: int = 0
    room: int = 1
    at_end: bool = True

    def fit(self, lines: int, room: int) -> None:
        """The story now has `lines` lines and the panel shows `room`."""
        self.lines, self.room = lines, max(1, room)
        if self.at_end:
            self.top = self.last
        self.top = min(max(0, self.top), self.last)

    @property
    def last(self) -> int:
        return max(0, self.lines - self.room)

    def by(self, delta: int) -> None:
        """Down (positive) or up by lines; a page is `room` lines."""
        self.top = min(max(0, self.top + delta), self.last)
        self.at_end = self.top == self.last

    def page(self, pages: int) -> None:
        self.by(pages * max(1, self.room - 1))  # a line kept from the page before, to read on from

    def home(self) -> None:
        self.top, self.at_end = 0, self.last == 0

    def end(self) -> None:
        self.top, self.at_end = self.last, True

    def shown(self, wrapped: list[str]) -> list[str]:
        return wrapped[self.top:self.top + self.room]
