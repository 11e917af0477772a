"""The words of the game a course teaches: each term's forms in the language spoken now, to find where a
text uses it. A course defines every term before a text uses it (the primer defines the first ones; a
lesson its own, in `Lesson.defines`); tests walk each course in order to hold it to that.

A term's forms are one translated string, "|" between forms, so each language lists its own (French
"suite|suites", Swedish "stege|stegar"). Forms match whole words, ignoring case, except the terms named
after a game ("bolivia", "samba"), which match only in lower case: "Bolivia" is the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from game.i18n import _

# key -> its forms, read when asked so they are in the language spoken then
TERMS: dict[str, Callable[[], str]] = {
    "meld": lambda: _("meld|melds|melded|melding"),
    "side": lambda: _("side|sides|side's"),
    "partner": lambda: _("partner|partners|partner's"),
    "natural": lambda: _("natural|naturals"),
    "wild": lambda: _("wild card|wild cards|wild meld|wild"),
    "run": lambda: _("run|runs"),
    "canasta": lambda: _("canasta|canastas"),
    "mixed": lambda: _("mixed"),
    "stock": lambda: _("stock"),
    "pile": lambda: _("pile|piles"),
    "discard": lambda: _("discard|discards|discarded|discarding"),
    "go-out": lambda: _("go out|goes out|going out|went out|gone out"),
    "first-meld": lambda: _("first meld"),
    "escalera": lambda: _("escalera|escaleras"),
    "bolivia": lambda: _("bolivia|bolivias"),
    "samba": lambda: _("samba|sambas"),
    "red-three": lambda: _("red three|red threes"),
    "black-three": lambda: _("black three|black threes"),
    "frozen": lambda: _("frozen|freezes|freeze"),
}
LOWER_CASE_ONLY = frozenset({"bolivia", "samba"})


def forms(key: str) -> tuple[str, ...]:
    return tuple(f.strip() for f in TERMS[key]().split("|") if f.strip())


def _pattern(key: str) -> re.Pattern[str]:
    words = sorted(forms(key), key=len, reverse=True)
    flags = 0 if key in LOWER_CASE_ONLY else re.IGNORECASE
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)", flags)


def used(text: str) -> set[str]:
    """The terms a text uses, in the language spoken now."""
    return {key for key in TERMS if _pattern(key).search(text)}
