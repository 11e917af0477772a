"""Pages to read in a course (game/lessons/pages.py): the primer's words before the first lesson, the lines
of a scoring screen. A page at a time: its title, its text, its cards drawn by the game's own card faces
with their points under them, and a table of lines with the one the page is about marked.

← → (or the buttons) turn the pages; Enter goes on (after the last page: `on_next`, the next lesson);
Esc goes back to the list of lessons. Reaching the last page counts the reading as done (`on_done(key)`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.assets import font
from game.i18n import _
from game.lessons.pages import Page, Reading, card_id
from game.ui.card_faces import CardFaces
from game.ui.layout import card_height
from scenes.scene import Scene
from scenes.spoken_screens import page_lines, speak
from scenes.widgets import (
    GOLD,
    INK,
    INK_DIM,
    Button,
    FocusGroup,
    draw_panel,
    draw_text,
    felt_background,
    fit_size,
    ui_unit,
    wrap_text,
)

MARK = (255, 235, 120)  # the line a page is about, as the lesson's step is written


class ReadingScene(Scene):
    def __init__(self, reading: Reading, on_back: Callable[[], None] | None = None,
                 on_done: Callable[[str], None] | None = None, on_next: Callable[[], None] | None = None,
                 next_label: str | None = None) -> None:
        """`next_label` names what `on_next` opens (by default the next lesson)."""
        super().__init__()
        self.next_label = next_label
        self.reading = reading
        self.on_back = on_back
        self.on_done = on_done
        self.on_next = on_next
        self.page = 0
        self.reported = False
        self.previous = Button("←  " + _("Back"), lambda: self.turn(-1))
        self.following = Button(_("Next") + "  →", self.go_on)
        self.leave = Button(_("The lessons"), self.back)
        self.buttons = FocusGroup([self.previous, self.following, self.leave], vertical=False, focus=1)
        self._faces: CardFaces | None = None
        self.room = pygame.Rect(0, 0, 0, 0)  # where the page was drawn, and where its last word ended
        self.bottom = 0

    # ----- turning the pages ------------------------------------------------------------------------

    @property
    def last(self) -> bool:
        return self.page == len(self.reading.pages) - 1

    def turn(self, delta: int) -> None:
        before = self.page
        self.page = max(0, min(len(self.reading.pages) - 1, self.page + delta))
        self._labels()
        if self.page != before:
            self.announce()
        if self.last and not self.reported:
            self.reported = True
            if self.on_done is not None:
                self.on_done(self.reading.key)
        self.dirty = True

    def go_on(self) -> None:
        """The next page; after the last, the next lesson (or the list, when this is the last)."""
        if not self.last:
            self.turn(1)
        elif self.on_next is not None:
            self.on_next()
        else:
            self.back()

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()

    def _labels(self) -> None:
        self.previous.enabled = self.page > 0
        self.following.label = (_("Next") + "  →" if not self.last else
                                (self.next_label or _("Next lesson")) + "  →" if self.on_next is not None
                                else _("The lessons"))

    # ----- scene hooks ------------------------------------------------------------------------------

    def announce(self) -> None:
        """The page said aloud: its title, its text, its table's rows, then what Enter does."""
        page = self.reading.pages[self.page]
        rows = [f"{label}: {value}" for label, value in page.lines]
        speak(page_lines(f"{self.reading.title}: {page.title}", [page.text, *rows], self.page,
                         len(self.reading.pages)) + [_("Enter: {what}").format(what=self.following.label.strip(" →"))])

    def enter(self, app) -> None:
        super().enter(app)
        self._labels()
        if self.last:
            self.turn(0)  # a reading of one page is read once shown

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = ui_unit(size)
        bh = max(24, round(u * 2.1))
        bw = min(u * 12, (w - 4 * u) // 3)
        y = h - bh - round(u * 1.6)
        left = (w - 3 * bw - 2 * u) // 2
        for i, b in enumerate(self.buttons.buttons):
            b.rect = pygame.Rect(left + i * (bw + u), y, bw, bh)
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.turn(1 if event.key == pygame.K_RIGHT else -1)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.go_on()
                return
        if self.buttons.handle_event(event):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        u = ui_unit((w, h))
        title_px = round(u * 1.4)
        draw_text(surface, self.reading.title, fit_size(self.reading.title, title_px, w - 2 * u, 14), GOLD,
                  (w // 2, round(h * 0.03)), "midtop", True, True)
        count = _("Page {n} of {count}").format(n=self.page + 1, count=len(self.reading.pages))
        draw_text(surface, count, max(12, u * 3 // 4), INK_DIM, (w // 2, round(h * 0.03) + round(title_px * 1.5)),
                  "midtop")
        top = round(h * 0.03) + round(title_px * 1.5) + u + u // 2
        room = pygame.Rect(u * 2, top, w - u * 4, self.previous.rect.top - u - top)
        draw_panel(surface, room, u // 2)
        self._draw_page(surface, self.reading.pages[self.page], room.inflate(-2 * u, -2 * u), u)
        self.buttons.draw(surface)
        hint = _("← → turn the pages, Enter goes on, Esc: the lessons")
        draw_text(surface, hint, max(12, u * 3 // 4), INK_DIM, (w // 2, h - u // 3), "midbottom")

    def _draw_page(self, surface: pygame.Surface, page: Page, room: pygame.Rect, u: int) -> None:
        """The title and text at the top, in the largest size that leaves room for the table of lines and the
        cards below; `bottom` keeps where the page's last word ended (the tests hold it inside the room)."""
        cards_h = 0
        if page.cards:
            n = len(page.cards)
            cw = max(24, min(round(u * 5), (room.w - (n - 1) * u // 2) // n, round(room.h * 0.42 / 1.4)))
            cards_h = card_height(cw) + u * 2
        row = min(round(u * 1.5), round(room.h * 0.62) // max(1, len(page.lines))) if page.lines else 0
        lines_h = len(page.lines) * row + (u // 2 if page.lines else 0)
        text_room = room.h - cards_h - lines_h
        size = 12
        px = max(14, round(row * 0.68))  # the table's lines
        top_size = min(round(u * 1.25), px + 2) if page.lines else round(u * 1.25)  # no bigger than the table
        for size in range(max(14, top_size), 11, -1):  # the largest text that fits
            body = wrap_text(page.text, font(size), room.w)
            if round(size * 1.7) + len(body) * round(size * 1.35) <= text_room:
                break
        y = room.top
        draw_text(surface, page.title, size + 4, GOLD, (room.left, y), "topleft", True)
        y += round(size * 1.7)
        for line in wrap_text(page.text, font(size), room.w):
            draw_text(surface, line, size, INK, (room.left, y))
            y += round(size * 1.35)
        if page.lines:
            y += u // 2
            width = min(room.w - u, u * 30)
            left = room.centerx - width // 2
            for i, (label, value) in enumerate(page.lines):
                marked = i == page.marked
                if marked:
                    pygame.draw.rect(surface, (70, 60, 20), pygame.Rect(left - u // 2, y, width + u, row),
                                     border_radius=u // 3)
                colour = MARK if marked else INK
                draw_text(surface, label, px, colour, (left, y + row // 2), "midleft", marked)
                draw_text(surface, value, px, colour, (left + width, y + row // 2), "midright", marked)
                y += row
        self.bottom = y
        if page.cards:
            self._draw_cards(surface, page, pygame.Rect(room.left, room.bottom - cards_h, room.w, cards_h), u)
            self.bottom = max(y, room.bottom - cards_h) + cards_h
        self.room = room

    def _draw_cards(self, surface: pygame.Surface, page: Page, room: pygame.Rect, u: int) -> None:
        """The page's cards in a row, each drawn by the game's card faces, its label under it."""
        n = len(page.cards)
        cw = max(24, min(round(u * 5), (room.w - (n - 1) * u // 2) // n, round((room.h - u * 2) / 1.4)))
        if self._faces is None or self._faces.width != cw:
            self._faces = CardFaces(cw)
        gap = u // 2
        left = room.centerx - (n * cw + (n - 1) * gap) // 2
        for i, c in enumerate(page.cards):
            x = left + i * (cw + gap)
            self._faces.blit(surface, card_id(c.face), (x, room.top))
            if c.label:
                draw_text(surface, c.label, max(14, u), GOLD, (x + cw // 2, room.top + self._faces.height + u // 4),
                          "midtop", True)
