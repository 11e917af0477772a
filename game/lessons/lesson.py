"""What a lesson is: a prepared position, a title and a short text, and steps the player makes, each
judged by the engine's result (the events a move gave and the table it left), never by matching one
exact action where several are right.

Words are passed through `_` when a course is built (game/lessons/courses.py builds it in the language
spoken then). Moves are functions of the state, so a lesson names cards by their faces ("KH") and the
physical cards are found in the hand it is played on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.i18n import _
from game.lessons.pages import Reading
from game.lessons.position import Setup, pick
from game.rules import events as ev
from game.rules.actions import Action, Answer, AskPartner, Discard, DrawStock, MeldMove, TakePile, TakeTop
from game.rules.cards import FACE, WILD, parse_face
from game.rules.melds import WILD_MELD
from game.rules.state import GameState, Phase

PLAYER = 0  # the learner's seat
JACK_OF_SPADES = parse_face("JS")

Move = Callable[[GameState], Action]
# (state before the move, state after it, the move's events) -> whether the step is done
Goal = Callable[[GameState, GameState, list[ev.Event]], bool]


@dataclass(frozen=True)
class Outline:
    """What the table outlines for a step: cards of the player's hand (faces, as text), the stock, the
    pile, melds of the player's side (by their place in the side's list)."""

    cards: str = ""
    stock: bool = False
    pile: bool = False
    melds: tuple[int, ...] = ()


@dataclass(frozen=True)
class Step:
    """One thing to do. `done` judges a move by its result; a legal move that does not complete the
    step is refused with the hint unless `keeps` says it leaves the step still to do (a meld before
    going out, say). `intended` is one right move (the scripted learner's and the table's hint);
    `wrong` a typical mistake, for the tests: refused by the engine or judged wrong."""

    text: str
    hint: str
    done: Goal
    intended: Move
    outline: Outline = Outline()
    keeps: Goal | None = None
    wrong: Move | None = None


@dataclass(frozen=True)
class Lesson:
    key: str  # stable: the player's progress names lessons by it
    title: str
    text: str
    setup: Setup
    steps: tuple[Step, ...]
    well_done: str  # shown when the lesson is complete
    # Computer seats move only as scripted: (seat, move) in order, each played when that seat is to act.
    script: tuple[tuple[int, Move], ...] = field(default=())
    defines: tuple[str, ...] = ()  # glossary terms (game/lessons/glossary.py) its text defines


@dataclass(frozen=True)
class Course:
    game: str  # the rule set's name
    title: str
    lessons: tuple[Lesson, ...]
    readings: tuple[Reading, ...] = ()  # pages to read, each shown after the lesson it names (the primer first)

    def index(self, key: str) -> int | None:
        return next((i for i, lesson in enumerate(self.lessons) if lesson.key == key), None)

    @property
    def entries(self) -> tuple[Lesson | Reading, ...]:
        """The lessons and the readings in the order the course is taken."""
        out: list[Lesson | Reading] = [r for r in self.readings if r.after is None]
        for lesson in self.lessons:
            out.append(lesson)
            out += [r for r in self.readings if r.after == lesson.key]
        return tuple(out)

    def entry_index(self, key: str) -> int | None:
        return next((i for i, e in enumerate(self.entries) if e.key == key), None)


# ----- moves, by faces --------------------------------------------------------------------------


def _meld_id(state: GameState, index: int) -> int:
    return state.melds[state.side_of(state.to_act)][index].id


def draw() -> Move:
    return lambda s: DrawStock()


def take_pile(pair: str, *melds: str) -> Move:
    """Take the pile with these cards from hand (and more new melds from hand, for a first meld)."""
    def move(s: GameState) -> Action:
        rest = list(s.hands[s.to_act])
        groups = []
        for text in (pair, *melds):
            picked = pick(rest, text)
            rest = [c for c in rest if c not in picked]
            groups.append(picked)
        return TakePile(groups[0], tuple(groups[1:]))
    return move


def take_top(meld: int) -> Move:
    return lambda s: TakeTop(_meld_id(s, meld))


def meld(*new: str, add: tuple[tuple[int, str], ...] = ()) -> Move:
    """One meld move: new melds from hand, and cards added to the side's melds (by their place)."""
    def move(s: GameState) -> Action:
        rest = list(s.hands[s.to_act])
        groups = []
        for text in list(new) + [text for _i, text in add]:
            picked = pick(rest, text)
            rest = [c for c in rest if c not in picked]
            groups.append(picked)
        return MeldMove(tuple(groups[:len(new)]),
                        tuple((_meld_id(s, i), cards) for (i, _t), cards in zip(add, groups[len(new):], strict=True)))
    return move


def discard(card: str) -> Move:
    return lambda s: Discard(pick(s.hands[s.to_act], card)[0])


def ask() -> Move:
    return lambda s: AskPartner()


def answer(yes: bool) -> Move:
    return lambda s: Answer(yes)


def discard_the_jack_of_spades() -> Step:
    """The step that ends a course's first turn, the same in both courses: the jack of spades discarded."""
    return Step(_("End your turn with a discard: select the jack of spades, then click the pile (or X)."),
                _("This lesson asks for the jack of spades: select it, then click the pile."),
                happened(ev.Discarded, lambda e: FACE[e.card] == JACK_OF_SPADES), discard("JS"),
                Outline("JS", pile=True), wrong=discard("QS"))


# ----- goals, judged by the engine's events and the table they leave ------------------------------


def happened(kind: type, test: Callable[[object], bool] = lambda e: True) -> Goal:
    """Done when the move gave an event of this kind (by the player, where the event names a seat)."""
    def goal(_before: GameState, _after: GameState, events: list[ev.Event]) -> bool:
        return any(isinstance(e, kind) and getattr(e, "seat", PLAYER) == PLAYER and test(e) for e in events)
    return goal


def canasta(kind: str) -> Goal:
    """Done when the player's side completed a canasta of this kind (escalera, bolivia, natural, mixed)."""
    return happened(ev.CanastaMade, lambda e: e.side == 0 and e.canasta == kind)


def first_meld() -> Goal:
    def goal(before: GameState, after: GameState, _events: list[ev.Event]) -> bool:
        return not before.has_melded(0) and after.has_melded(0)
    return goal


def both(a: Goal, b: Goal) -> Goal:
    return lambda before, after, events: a(before, after, events) and b(before, after, events)


def still_able_to_go_out(_before: GameState, after: GameState, _events: list[ev.Event]) -> bool:
    """A meld move on the way out: the player still melds, and can still go out this turn."""
    return after.turn == PLAYER and after.phase == Phase.MELD and after.able_to_go_out(PLAYER)


def wilds_can_reach(size: int) -> Goal:
    """A step toward a bolivia: the side's wild meld and the wild cards still in hand can make `size`."""
    def goal(_before: GameState, after: GameState, _events: list[ev.Event]) -> bool:
        if after.turn != PLAYER or after.phase != Phase.MELD:
            return False
        held = sum(1 for c in after.hands[PLAYER] if WILD[c])
        return any(m.kind == WILD_MELD and m.size + held >= size for m in after.melds[after.side_of(PLAYER)])
    return goal


def then(first: Move, second: Move) -> Move:
    """`first` while its cards are in hand, then `second` (a step of two moves, such as meld then discard)."""
    def move(s: GameState) -> Action:
        try:
            return first(s)
        except ValueError:
            return second(s)
    return move
