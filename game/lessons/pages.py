"""Pages to read in a course: the primer before the first lesson, and readings between lessons (the lines
of a scoring screen). Pure data: the reading scene (scenes/reading.py) shows them, a page at a time."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Card:
    """A card drawn on a page (its face as text, "KH"), with a number under it (its points), or none."""

    face: str
    label: str = ""


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    cards: tuple[Card, ...] = ()
    defines: tuple[str, ...] = ()  # glossary terms (game/lessons/glossary.py) this page defines
    lines: tuple[tuple[str, str], ...] = ()  # a table of (label, value) rows, the last one marked
    marked: int | None = None  # the row of `lines` this page is about


@dataclass(frozen=True)
class Reading:
    key: str  # stable: the player's progress names it, as a lesson's key
    title: str
    pages: tuple[Page, ...]
    after: str | None = None  # where the lessons list shows it: after this lesson's key (None: first)
    well_done: str = ""


def card_id(face: str) -> int:
    """A physical card of this face, to draw it (ValueError for a face that is none: our text, a bug)."""
    from game.rules.cards import ids_for_faces, parse_face

    return ids_for_faces([parse_face(face)])[0]
