"""What each screen says aloud when it opens and as the keys move through it (game/ui/speech.py): the
words are the screen's own, gathered here so the scenes only ask `say_lines(...)` at the right moment."""

from __future__ import annotations

from game.i18n import _, number
from game.ui.speech import ASKED, say_lines
from game.ui.spoken_table import for_the_ear


def page_lines(title: str, paragraphs: list[str], page: int, pages: int) -> list[str]:
    """A page of text, paragraph by paragraph, after its title and where it is among the pages."""
    where = _("Page {n} of {total}").format(n=page + 1, total=pages) if pages > 1 else ""
    return [f"{title}. {where}".strip(" ."), *paragraphs]


def score_column_lines(side: str, lines: list[tuple[str, int, str]], before: int, after: int) -> list[str]:
    """A side's scoring, line by line: "You & North: Melded cards 240", then the game's total."""
    out = [_("{side}: {label} {points}").format(side=side, label=label, points=number(points))
           + (f" ({note})" if note else "") for label, points, note in lines]
    out.append(_("{side}: the game's score goes from {before} to {after}.").format(
        side=side, before=number(before), after=number(after)))
    return out


def speak(lines: list[str]) -> None:
    say_lines([for_the_ear(line) for line in lines], ASKED)
