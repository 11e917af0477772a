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
from game.ui.looks import steady_text
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
    frame_unit,
    ui_unit,
    wrap_text,
)

READ = 0.8  # a page's words at most, as a share of the screen's unit (at the text size chosen)
SMALLEST_CARD = 44  # px wide: the cards of a page shrink to this before its words shrink
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
        self._cards_height = 0

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
        u = frame_unit(size)  # the buttons grow less than the page's words
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

    def _room(self, size: tuple[int, int], scale: float | None = None) -> tuple[pygame.Rect, pygame.Rect]:
        """The page's panel and the room inside it for the page, at that text size (the frame's: the
        title, the page count and the buttons, which grow less than the page's words)."""
        w, h = size
        f = frame_unit(size, scale)
        title_px = round(f * 1.4)
        top = round(h * 0.03) + round(title_px * 1.5) + f + f // 2
        bottom = h - max(24, round(f * 2.1)) - round(f * 1.6)  # the buttons' top, as resize puts them
        panel = pygame.Rect(f * 2, top, w - f * 4, bottom - f - top)
        return panel, panel.inflate(-2 * f, -2 * f)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        u, f = ui_unit((w, h)), frame_unit((w, h))
        title_px = round(f * 1.4)
        draw_text(surface, self.reading.title, fit_size(self.reading.title, title_px, w - 2 * f, 14), GOLD,
                  (w // 2, round(h * 0.03)), "midtop", True, True)
        count = _("Page {n} of {count}").format(n=self.page + 1, count=len(self.reading.pages))
        draw_text(surface, count, max(14, f * 3 // 4), INK_DIM, (w // 2, round(h * 0.03) + round(title_px * 1.5)),
                  "midtop")
        panel, room = self._room((w, h))
        draw_panel(surface, panel, f // 2)
        self._draw_page(surface, self.reading.pages[self.page], room, u, (w, h))
        self.buttons.draw(surface)
        hint = _("← → turn the pages, Enter goes on, Esc: the lessons")
        draw_text(surface, hint, max(14, f * 3 // 4), INK_DIM, (w // 2, h - f // 3), "midbottom")

    @staticmethod
    def _fit(page: Page, room: pygame.Rect, u: int) -> tuple[int, int]:
        """The page's text size and its table's line size: the largest that leave the cards below room
        enough for small cards (the cards shrink before the words do)."""
        row = min(round(u * 1.5), round(room.h * 0.62) // max(1, len(page.lines))) if page.lines else 0
        px = max(14, round(row * 0.68))  # the table's lines
        lines_h = len(page.lines) * row + (u // 2 if page.lines else 0)
        cards_h = card_height(SMALLEST_CARD) + u // 2 + _label_room(u) if page.cards else 0
        text_room = room.h - cards_h - lines_h
        top_size = min(round(u * READ), px + 2) if page.lines else round(u * READ)  # no bigger than the table
        size = 12
        for size in range(max(14, top_size), 11, -1):  # the largest text that fits
            body = wrap_text(page.text, font(size), room.w)
            if round(size * 1.7) + len(body) * round(size * 1.35) <= text_room:
                break
        return size, px

    def _draw_page(self, surface: pygame.Surface, page: Page, room: pygame.Rect, u: int,
                   size_: tuple[int, int] | None = None) -> None:
        """The title and text at the top, in the largest size that leaves room for the table of lines and
        small cards below, and never smaller than at a smaller text size; the cards take the room left.
        `bottom` keeps where the page's last word ended (the tests hold it inside the room)."""
        window = size_ or surface.get_size()
        size = steady_text(lambda s: self._fit(page, self._room(window, s)[1], ui_unit(window, s))[0])
        px = steady_text(lambda s: self._fit(page, self._room(window, s)[1], ui_unit(window, s))[1])
        row = min(round(u * 1.5), round(room.h * 0.62) // max(1, len(page.lines))) if page.lines else 0
        if page.lines and px > self._fit(page, room, u)[1]:
            row = max(row, round(px / 0.68))  # the lines at a smaller text size's size: their height with them
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
            cards = pygame.Rect(room.left, y, room.w, room.bottom - y)
            self._draw_cards(surface, page, cards, u)
            self.bottom = max(y, cards.top + self._cards_height)
        self.room = room

    def _draw_cards(self, surface: pygame.Surface, page: Page, room: pygame.Rect, u: int) -> None:
        """The page's cards in a row at the foot of `room`, as large as it lets them be, each drawn by the
        game's card faces, its label under it."""
        n = len(page.cards)
        label_px = max(14, u * 3 // 4)
        label_h = _label_room(u)
        gap = u // 2
        tall = room.h - u // 2 - label_h
        cw = max(SMALLEST_CARD, min(round(u * 5), (room.w - (n - 1) * u // 2) // n, round(tall / 1.4)))
        while cw > SMALLEST_CARD and card_height(cw) > tall:
            cw -= 1
        if self._faces is None or self._faces.width != cw:
            self._faces = CardFaces(cw)
        widest = max((font(label_px, True).size(c.label)[0] for c in page.cards if c.label), default=0)
        gap = max(gap, widest - cw + u // 4)  # the labels under the cards clear of each other
        left = room.centerx - (n * cw + (n - 1) * gap) // 2
        top = room.bottom - label_h - self._faces.height
        self._cards_height = room.bottom - room.top
        for i, c in enumerate(page.cards):
            x = left + i * (cw + gap)
            self._faces.blit(surface, card_id(c.face), (x, top))
            if c.label:
                draw_text(surface, c.label, label_px, GOLD, (x + cw // 2, top + self._faces.height + u // 4),
                          "midtop", True)


def _label_room(u: int) -> int:
    """The height under a page's cards for their labels."""
    return round(max(14, u * 3 // 4) * 1.3) + u // 4
