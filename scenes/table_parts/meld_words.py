"""The meld areas' words: the canasta tags' lines fitted to a squared-up canasta, and the label strips'
text drawn where it was measured. Pure helpers of the meld areas (melds.py), which keep their caches."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules.meld_move import MeldJudgement
from game.rules.state import GameState
from scenes.widgets import GOLD, INK, draw_text, font, text_image

CANASTA_COLORS = {"natural": (190, 30, 40), "mixed": (40, 40, 48), "escalera": (30, 80, 190), "samba": (30, 80, 190),
                  "bolivia": (130, 50, 160)}
CANASTA_TAGS = {"natural": lambda: _("Natural"), "mixed": lambda: _("Mixed"), "escalera": lambda: _("Escalera"),
                "samba": lambda: _("Samba"), "bolivia": lambda: _("Bolivia")}


def fit_tags(kind: str, count: str, wilds: str, both: str, size: int, room: int, room_h: int) -> list[tuple[str, int]]:
    """A canasta's label lines and their sizes: its kind always first and always there (it is what a player
    scans a crowded meld area for: a bolivia once read "7 cards · 7 wild"), then its counts while they fit."""
    wild = bool(wilds)
    options = ([[kind, both]] + ([[kind, count, wilds]] if wild else []) + ([[kind, count]] if wild else [])
               + [[kind]])
    # The fullest lines that fit at 13 px or more; failing that, the largest text, down to 9 px.
    for sizes, fullest_first in ((range(size, 12, -1), True), (range(min(size, 12), 8, -1), False)):
        trials = ([(px, lines) for lines in options for px in sizes] if fullest_first
                  else [(px, lines) for px in sizes for lines in options])
        for px, lines in trials:
            dims = [font(px, True).size(t) for t in lines]
            if sum(h + 1 for _w, h in dims) + 2 <= room_h and all(w <= room for w, _h in dims):
                return [(t, px) for t in lines]
    return []


def draw_label(surface: pygame.Surface, label: tuple) -> None:
    text, size, color, pos, anchor, shadow = label
    draw_text(surface, text, size, color, pos, anchor, bold=True, shadow=shadow)


def label_rect(label: tuple) -> tuple[int, int, int, int]:
    """Where `draw_label` draws (the shadow too)."""
    text, size, color, pos, anchor, shadow = label
    rect = text_image(text, size, color, True).get_rect(**{anchor: pos})
    if shadow:
        rect.union_ip(rect.move(max(1, size // 14), max(1, size // 14)))
    return tuple(rect)


def staging_words(st: GameState, side: int, j: MeldJudgement | None, staged_points: int
                  ) -> list[tuple[str, tuple[int, int, int]]]:
    """The staging's total as the engine judged it (`j`; None: not judged), and while it would refuse the
    move, why; each with its colour."""
    first = not st.has_melded(side)
    points = j.points if j is not None else staged_points
    if first:
        need = j.minimum if j is not None else st.min_meld(side)
        text = _("First meld: {have} / {need} points").format(have=points, need=need)
    else:
        text = _("Staged: {n} points").format(n=points)
    ok = j is not None and j.legal
    if j is not None and j.goes_out:
        text += "  ·  " + _("goes out!")
    elif j is not None and j.discard_goes_out:
        text += "  ·  " + _("goes out with the discard")
    lines = [(text, GOLD if ok else INK)]
    if j is not None and not j.legal and j.reason:
        lines.append((j.reason, (255, 190, 170)))
    return lines
