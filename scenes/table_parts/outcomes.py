"""What a part's intent comes to, for the scene to carry out: a move to ask the engine for, a refusal to
show, a question to ask, words for the message line, or a change of the part's own state after which
the cards are laid out again. A part returns one (or a few, in order); it never calls the controller,
nor another part: the scene does (scenes/table.py, `TableScene.carry_out`)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import Action


@dataclass(frozen=True)
class Play:
    """Ask the engine for a move; refused, its reason shows and `cards` shake."""

    action: Action
    cards: frozenset[int] = frozenset()
    unselect: bool = False  # once made, the hand's selection goes
    unstage: bool = False  # once made, the staging goes


@dataclass(frozen=True)
class Refuse:
    """Say why not, on the message line, and shake `cards`; `relayout`: lay the cards out after."""

    reason: str
    cards: frozenset[int] = frozenset()
    relayout: bool = False


@dataclass(frozen=True)
class Ask:
    """A yes/no question; each answer is carried out in its turn (the labels get their keys' letters)."""

    question: str
    yes: str
    no: str
    on_yes: Outcomes
    on_no: Outcomes


@dataclass(frozen=True)
class Say:
    """Words on the message line about `key` for `duration` seconds; no `text`: that subject is done."""

    key: str
    text: str | None
    duration: float | None = 3.0


@dataclass(frozen=True)
class Changed:
    """The part's own state changed: the cards are laid out again (and the selection goes, or the hint,
    which was about the staging as it was)."""

    unselect: bool = False
    staged: bool = False


@dataclass(frozen=True)
class Redraw:
    """Nothing changes but the picture (a hover, a button pressed)."""


@dataclass(frozen=True)
class Rehint:
    """The hint showing is worked out again (the player kept the card it was about)."""


Outcome = Play | Refuse | Ask | Say | Changed | Redraw | Rehint
Outcomes = Outcome | list[Outcome] | None  # what an intent may come to: nothing, one, or a few in order
