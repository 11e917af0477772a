"""Learn to play: the lessons of one game's course, to open one, with the ones done ticked and the one to
resume at in focus. ← → (or the course button) go to the other game's course; Esc or Back leaves."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.assets import font
from game.i18n import _, ngettext
from game.keep.lesson_progress import LessonProgress
from game.lessons import COURSES, GUIDED, course
from game.lessons.lesson import Course, Lesson
from game.lessons.pages import Reading
from scenes.scene import Scene
from scenes.scroll_column import ScrollColumn
from scenes.spoken_screens import speak
from scenes.widgets import (
    BUTTON_LABEL,
    GOLD,
    INK,
    INK_DIM,
    READABLE_PX,
    Button,
    FocusGroup,
    draw_text,
    felt_background,
    fit_size,
    frame_unit,
    ui_unit,
)

TICK = "\u2713"  # ✓, in the bundled font
ROWS = 6  # lessons a column, where the window has room for the columns
LABEL_TEXT = 0.62  # a lesson's label, as a share of the screen's unit: the text size chosen


def resume_at(c: Course, progress: LessonProgress) -> int:
    """The lesson to resume at: the one left (or the one after the last done), else the first not done."""
    kept = progress.course(c.game)
    index = c.entry_index(kept.current) if kept.current is not None else None
    if index is not None:
        return index
    return next((i for i, entry in enumerate(c.entries) if entry.key not in kept.done), 0)


class LessonsScene(Scene):
    """`on_open(game, index)` opens a lesson; `on_back()` leaves."""

    def __init__(self, game: str, progress: LessonProgress, on_open: Callable[[str, int], None] | None = None,
                 on_back: Callable[[], None] | None = None, on_guided: Callable[[str], None] | None = None) -> None:
        """`on_guided(game)` starts the guided first game, the list's last entry."""
        super().__init__()
        self.on_guided = on_guided
        self.game = game if game in COURSES else next(iter(COURSES))
        self.progress = progress
        self.on_open = on_open
        self.on_back = on_back
        self.course = course(self.game)
        self.buttons = FocusGroup([])
        self.column = ScrollColumn()  # the lessons' rows, scrolled when the window cannot hold them
        self.per_column = ROWS
        self._build()

    def announce(self) -> None:
        focused = self.buttons.focused
        speak([self.course.title, _("Arrow keys to choose, Enter to open a lesson, Esc to go back"),
               focused.label if focused else ""])

    def _build(self) -> None:
        self.course = course(self.game)
        done = set(self.progress.course(self.game).done)
        lessons = [Button(self._label(entry, done), self._opener(i)) for i, entry in enumerate(self.course.entries)]
        if self.on_guided is not None:
            game, guide = self.game, self.on_guided
            lessons.append(Button(_("A guided first game") + (f"  {TICK}" if GUIDED in done else ""),
                                  lambda: guide(game)))
        other = self._other()
        self.switch = Button(course(other).title + "  →", lambda: self.switch_game(1))
        self.back_button = Button(_("Back"), self.back)
        self.buttons = FocusGroup(lessons + [self.switch, self.back_button], focus=resume_at(self.course,
                                                                                             self.progress))
        self.resize(self.size)

    def _label(self, entry: Lesson | Reading, done: set[str]) -> str:
        """A lesson by its number in the course; pages to read by their title alone."""
        title = entry.title if isinstance(entry, Reading) else f"{self.course.lessons.index(entry) + 1}. {entry.title}"
        return title + (f"  {TICK}" if entry.key in done else "")

    @property
    def entry_count(self) -> int:
        """The buttons of the list's grid: the course's entries, and the guided game."""
        return len(self.course.entries) + (self.on_guided is not None)

    def _opener(self, index: int) -> Callable[[], None]:
        def open_it() -> None:
            if self.on_open is not None:
                self.on_open(self.game, index)
        return open_it

    def _other(self) -> str:
        games = list(COURSES)
        return games[(games.index(self.game) + 1) % len(games)]

    def switch_game(self, delta: int) -> None:
        games = list(COURSES)
        self.game = games[(games.index(self.game) + delta) % len(games)]
        self._build()
        self.dirty = True

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()

    # ----- scene hooks ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = ui_unit(size)
        n = self.entry_count
        t = self._text = max(READABLE_PX, round(u * LABEL_TEXT))  # the labels at the text size chosen
        bh, gap = round(t / BUTTON_LABEL), max(4, u // 3)
        lessons = self.buttons.buttons[:n]
        pad = max(8, bh // 2) + 1  # the room Button.text_size leaves beside its label
        longest = max((font(t, True).size(b.label)[0] + pad for b in lessons), default=0)
        # As many columns as the labels' words allow at that size (three at most): fewer, then scroll.
        columns = next((c for c in range((n + ROWS - 1) // ROWS, 1, -1)
                        if (w - 2 * u - (c - 1) * u) // c >= longest), 1)
        bw = min(max(u * 17, longest), (w - 2 * u - (columns - 1) * u) // columns)
        per_column = (n + columns - 1) // columns
        self.per_column = per_column
        hint_h = round(max(14, u * 3 // 4) * 1.3) + u // 4
        top, bottom = self._heading(size)[2] + u // 2, h - hint_h - bh - u // 2 - u // 4
        left = (w - columns * bw - (columns - 1) * u) // 2
        row_of = self.buttons.focus % per_column if 0 <= self.buttons.focus < n else None
        rows = self.column.place(pygame.Rect(left, top, bw, max(bh, bottom - top)), per_column, bh, gap, row_of)
        for i, b in enumerate(lessons):
            col, row = divmod(i, per_column)
            b.rect = rows[row].move(col * (bw + u), 0) if rows[row].h else pygame.Rect(0, 0, 0, 0)
        y = top + self.column.used + u // 2
        back_w = min(max(u * 5, font(t, True).size(self.back_button.label)[0] + pad), u * 8)
        switch_w = min(font(t, True).size(self.switch.label)[0] + pad, w - 2 * u - u - back_w)
        x = (w - switch_w - u - back_w) // 2
        self.switch.rect = pygame.Rect(x, y, switch_w, bh)
        self.back_button.rect = pygame.Rect(x + switch_w + u, y, back_w, bh)
        self.dirty = True

    @staticmethod
    def _heading(size: tuple[int, int]) -> tuple[int, int, int]:
        """The title's size and top, and where the line under it ends."""
        u, f = ui_unit(size), frame_unit(size)  # the title grows less than the words read
        title_px, top = round(f * 1.7), round(size[1] * 0.04)
        return title_px, top, top + round(title_px * 1.4) + round(u * 0.75 * 1.5)

    def handle_event(self, event: pygame.event.Event) -> None:
        focus, first = self.buttons.focus, self.column.first
        if self.column.handle_event(event):
            self.resize(self.size)
            return
        self._handle(event)
        if self.buttons.focus != focus or self.column.first != first:
            self.resize(self.size)  # the focused lesson in view

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            n = self.entry_count
            f = self.buttons.focus
            step = self.per_column if event.key == pygame.K_RIGHT else -self.per_column
            if f < n and 0 <= f + step < n:  # across the columns of lessons
                self.buttons.focus = f + step
                self.buttons.move(0)
            else:
                self.switch_game(1 if event.key == pygame.K_RIGHT else -1)
            self.dirty = True
            return
        if self.buttons.handle_event(event):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        w, h = surface.get_size()
        u = ui_unit((w, h))
        title = self.course.title
        title_px, top, _end = self._heading((w, h))
        draw_text(surface, title, fit_size(title, title_px, w - 2 * u, 16), GOLD, (w // 2, top), "midtop", True, True)
        kept = self.progress.course(self.game)
        n = len(self.course.lessons)
        done = sum(1 for lesson in self.course.lessons if lesson.key in kept.done)
        line = ngettext("{done} of {n} lesson done.", "{done} of {n} lessons done.", n).format(done=done, n=n)
        line += " " + _("Each is a position on the table: you make the move.")
        draw_text(surface, line, fit_size(line, u * 3 // 4, w - 2 * u, 12, bold=False), INK,
                  (w // 2, top + round(title_px * 1.4)), "midtop")
        for b in self.buttons.buttons:
            b.draw(surface)
        self.column.draw(surface)
        hint = _("Arrow keys to choose, Enter to open a lesson, Esc to go back")
        draw_text(surface, hint, max(14, u * 3 // 4), INK_DIM, (w // 2, h - u // 2), "midbottom")
