"""The score panel: the hand, the target, each side's score and a note on it (its first meld's minimum,
whether it may go out), drawn once per change of what it shows, then one blit a frame."""

from __future__ import annotations

import pygame

from game.i18n import _, language, ngettext, number
from game.ui import themes
from game.ui.draw_list import DrawList
from scenes.table_parts.view import TableView
from scenes.widgets import GOLD, INK, INK_DIM, draw_text, fit_size, panel_image, text_image


class ScorePanel:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._cache: tuple[tuple, pygame.Surface] | None = None
        self._key: tuple | None = None

    def place(self, rect: tuple[int, int, int, int]) -> None:
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface | DrawList, view: TableView, u: int, version: int) -> None:
        """`version` counts the changes of the game (the table's relayouts): what the panel shows is
        worked out once per change, not per frame."""
        r = self.rect
        if r.w < 40:
            return
        key = (version, tuple(r), u)
        if self._key != key:
            self._key = key
            # Most changes of the game leave the panel's words as they were (a card drawn, a discard): the
            # same image is kept, so the window's layer has nothing to redraw there either.
            content = self.content(view, u)
            if self._cache is None or self._cache[0] != content:
                image = panel_image(r.size, max(6, u // 3)).copy()
                self.draw_lines(image, view, pygame.Rect((0, 0), r.size), u)
                self._cache = (content, image)
        assert self._cache is not None
        surface.blit(self._cache[1], r.topleft)

    def content(self, view: TableView, u: int) -> tuple:
        """Everything the panel's picture depends on."""
        s = view.state
        notes = tuple((side_note(view, side, True), side_note(view, side, False)) for side in range(s.sides))
        return (tuple(self.rect), u, language(), s.hand_no, s.target, tuple(s.scores), view.side,
                tuple(view.side_names), notes, themes.felt_name())  # the panel follows the felt

    @staticmethod
    def draw_lines(surface: pygame.Surface, view: TableView, r: pygame.Rect, u: int) -> None:
        s = view.state
        # Two lines a side when they fit at a readable size, else one line a side.
        two = r.h // (1 + 2 * s.sides) - 4 >= 15
        rows = 1 + (2 if two else 1) * s.sides
        small = max(11, min(u * 2 // 3, r.h // rows - 4))
        y = r.top + 4
        title = _("Hand {n} · to {t}").format(n=s.hand_no, t=number(s.target))
        draw_text(surface, title, fit_size(title, small, r.w - 16, 10), INK_DIM, (r.x + 8, y), bold=True)
        y += small + 4
        for side in range(s.sides):
            color = GOLD if side == view.side else INK
            name = f"{view.side_names[side]}: {number(s.scores[side])}"
            # Shrunk to the panel's width rather than running over its edge (or over the note beside it).
            if two:
                draw_text(surface, name, fit_size(name, small, r.w - 16, 10), color, (r.x + 8, y), bold=True)
                y += small + 2
                note = side_note(view, side, True)
                draw_text(surface, note, fit_size(note, max(10, small - 2), r.w - 22, 9, bold=False), INK_DIM,
                          (r.x + 14, y))
            else:
                note = side_note(view, side, False)
                note_w = text_image(note, small, INK_DIM).get_width() if note else 0
                draw_text(surface, name, fit_size(name, small, r.w - 24 - note_w, 10), color, (r.x + 8, y),
                          bold=True)
                draw_text(surface, note, small, INK_DIM, (r.right - 8, y), "topright")
            y += small + 4


def side_note(view: TableView, side: int, long: bool) -> str:
    """The note on a side: its first meld's minimum until it has melded (then the minimum is done with
    and goes), and whether it may go out."""
    s = view.state
    go = s.may_go_out(side)
    minimum = None if s.has_melded(side) else s.min_meld(side)
    if long:
        out = _("may go out") if go else _("can't go out")
        if not go and not s.rules.escalera_to_go_out:  # Standard: how many canastas it still needs
            need = s.rules.canastas_to_go_out  # 1 in Standard at three or four players
            out = ngettext("{have} of {need} canasta", "{have} of {need} canastas", need).format(
                have=len(s.canastas(side)), need=need)
        return out if minimum is None else _("min {m} · {out}").format(m=minimum, out=out)
    tail = "" if minimum is None else _("min {m}").format(m=minimum)
    return (tail + (" ✓" if go else "")).strip()
