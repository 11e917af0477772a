"""One lesson being played: the position, the step the player is on, and the judgement of each move.

`attempt(action)` asks the engine first: an illegal move is refused with the engine's reason and the
step's hint (a pointer back). A legal move is judged by its result: it completes the step, or keeps
the step open (`Step.keeps`), or it is refused with the hint and the table stays as it was. Only an
accepted move changes the state, and always the same GameState object (the table holds it).
Computer seats make only the lesson's scripted moves, so every lesson plays the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import _
from game.lessons.lesson import PLAYER, Lesson, Outline, Step
from game.lessons.position import build, pick
from game.rules import events as ev
from game.rules.actions import Action
from game.rules.errors import IllegalAction
from game.rules.state import GameState


@dataclass(frozen=True)
class Attempt:
    """What became of a move: `ok` (applied, with its events) or refused with `reason` and `hint`."""

    ok: bool
    events: list[ev.Event] = field(default_factory=list)
    reason: str = ""
    hint: str = ""
    step_done: bool = False
    lesson_done: bool = False


@dataclass(frozen=True)
class Outlined:
    """A step's outline resolved on the table: card ids of the hand, meld ids of the player's side."""

    cards: frozenset[int] = frozenset()
    stock: bool = False
    pile: bool = False
    melds: frozenset[int] = frozenset()


class LessonRun:
    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.state: GameState = build(lesson.setup)
        self.step = 0
        self.moves = 0  # the player's accepted moves
        self.step_moves = 0  # ... in the current step
        self.refusals = 0
        self._script = list(lesson.script)

    @property
    def done(self) -> bool:
        return self.step >= len(self.lesson.steps)

    @property
    def current(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.step]

    def text(self) -> str:
        """What the player reads now: the step's instruction, or the lesson's last word."""
        step = self.current
        return self.lesson.well_done if step is None else step.text

    def outlined(self) -> Outlined:
        """The cards and places to outline for the current step, found on the table as it is now."""
        step = self.current
        if step is None or self.state.to_act != PLAYER:
            return Outlined()
        o: Outline = step.outline
        hand = self.state.hands[PLAYER]
        cards: set[int] = set()
        for face in o.cards.split():  # those still in hand: a step kept open may have played some
            left = [c for c in hand if c not in cards]
            try:
                cards.update(pick(left, face))
            except ValueError:
                continue
        side = self.state.melds[self.state.side_of(PLAYER)]
        melds = frozenset(side[i].id for i in o.melds if i < len(side))
        return Outlined(frozenset(cards), o.stock, o.pile, melds)

    def intended(self) -> Action | None:
        """One right move for the current step (the scripted learner's; the table's hint)."""
        step = self.current
        if step is None or self.state.to_act != PLAYER:
            return None
        return step.intended(self.state)

    def attempt(self, action: Action) -> Attempt:
        step = self.current
        if step is None:
            return Attempt(False, reason=_("This lesson is complete."))
        if self.state.to_act != PLAYER:
            return Attempt(False, reason=_("Wait for your turn."), hint=step.hint)
        probe = self.state.copy()
        try:
            events = probe.apply(action)
        except IllegalAction as why:
            self.refusals += 1
            return Attempt(False, reason=str(why), hint=step.hint)
        finished = step.done(self.state, probe, events)
        if not finished and not (step.keeps is not None and step.keeps(self.state, probe, events)):
            self.refusals += 1
            return Attempt(False, reason=_("That move is allowed, but it is not the one this lesson asks for."),
                           hint=step.hint)
        events = self.state.apply(action)  # the same move on the table's own state
        self.moves += 1
        self.step_moves += 1
        if finished:
            self.step += 1
            self.step_moves = 0
        return Attempt(True, events, step_done=finished, lesson_done=self.done)

    def computer_move(self) -> Action | None:
        """The scripted move of the computer seat to act, if the script has one for it now."""
        if self.done and not self._script:
            return None
        if self._script and self._script[0][0] == self.state.to_act != PLAYER:
            return self._script[0][1](self.state)
        return None

    def computer_moved(self, action: Action) -> list[ev.Event]:
        """Play the scripted move `computer_move` gave (the engine checks it like any other)."""
        self._script.pop(0)
        return self.state.apply(action)
