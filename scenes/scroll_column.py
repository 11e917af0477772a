"""A column of lines of one height (buttons, a list's rows) in the room a screen has for them. When they are
more than the room holds, they keep their size and the column scrolls: the focused line always in view, a
mark above and below where more lines are, the wheel and a click on a mark move it (issue 36: the larger
text sizes made the screens shrink their lines to fit, and so their words, below the normal size)."""

from __future__ import annotations

import pygame

from game.ui import cues
from scenes.widgets import GOLD


class ScrollColumn:
    def __init__(self) -> None:
        self.first = 0  # the first line in view
        self.shown = 0  # how many lines are in view
        self.count = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.mark = 0  # the height of the band of each mark, when the column scrolls
        self._followed: int | None = -1  # the focused line when last placed

    @property
    def scrolls(self) -> bool:
        return self.count > self.shown

    @property
    def more_above(self) -> bool:
        return self.scrolls and self.first > 0

    @property
    def more_below(self) -> bool:
        return self.scrolls and self.first + self.shown < self.count

    @property
    def used(self) -> int:
        """The height the column takes as last placed (its lines and marks)."""
        return self.area.h

    def needed(self, count: int, line_h: int, gap: int) -> int:
        """The height `count` lines take without scrolling."""
        return max(0, count * (line_h + gap) - gap)

    def place(self, area: pygame.Rect, count: int, line_h: int, gap: int, focus: int | None) -> list[pygame.Rect]:
        """Each line's rect: in view, one under another from the area's top; out of view, an empty rect
        (nothing drawn, nothing hit). `focus` (an index) is brought into view."""
        return self.place_each(area, [line_h] * count, gap, focus)

    def place_each(self, area: pygame.Rect, heights: list[int], gap: int, focus: int | None) -> list[pygame.Rect]:
        """As `place`, for lines of their own heights."""
        self.area, self.count = pygame.Rect(area), len(heights)
        needed = sum(heights) + gap * (len(heights) - 1)
        if needed <= area.h:
            self.first, self.shown, self.mark = 0, self.count, 0
            return self._stack(area.top, heights, gap, 0, self.count)
        self.mark = max(16, min(heights) // 3)
        room = area.h - 2 * self.mark
        if focus == self._followed:
            focus = None  # the same line as before: the wheel may have scrolled it out of view, leave it
        else:
            self._followed = focus
        self.first = max(0, min(self.first, self.count - 1))
        if focus is not None and 0 <= focus < self.count and focus < self.first:
            self.first = focus
        while self.first > 0 and self.first - 1 + self._fits(heights, gap, self.first - 1, room) >= self.count:
            self.first -= 1  # room left after the last line (a larger window): lines above come into view
        self.shown = self._fits(heights, gap, self.first, room)
        while focus is not None and focus >= self.first + self.shown and self.first < focus:
            self.first += 1
            self.shown = self._fits(heights, gap, self.first, room)
        used = sum(heights[self.first:self.first + self.shown]) + gap * (self.shown - 1)
        self.area.h = min(area.h, 2 * self.mark + used)  # the marks just past the lines
        return self._stack(area.top + self.mark, heights, gap, self.first, self.shown)

    @staticmethod
    def _fits(heights: list[int], gap: int, first: int, room: int) -> int:
        """How many lines from `first` on fit in `room` (at least one)."""
        n, used = 0, -gap
        for h in heights[first:]:
            if used + gap + h > room and n:
                break
            used += gap + h
            n += 1
        return max(1, n)

    def _stack(self, top: int, heights: list[int], gap: int, first: int, shown: int) -> list[pygame.Rect]:
        rects, y = [], top
        for i, h in enumerate(heights):
            if first <= i < first + shown:
                rects.append(pygame.Rect(self.area.x, y, self.area.w, h))
                y += h + gap
            else:
                rects.append(pygame.Rect(0, 0, 0, 0))
        return rects

    def marks(self) -> list[tuple[int, pygame.Rect]]:
        """The marks drawn and clicked: (-1 for "more above", +1 for "more below", where)."""
        out = []
        if self.more_above:
            out.append((-1, pygame.Rect(self.area.x, self.area.top, self.area.w, self.mark)))
        if self.more_below:
            out.append((1, pygame.Rect(self.area.x, self.area.bottom - self.mark, self.area.w, self.mark)))
        return out

    def scroll(self, delta: int) -> bool:
        """Move the lines in view by `delta`; True when they moved (the caller places them again)."""
        first = max(0, min(self.first + delta, self.count - 1 if delta > 0 and self.more_below else self.first))
        moved, self.first = first != self.first, first
        return moved

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the column and a click on a mark scroll it; True when it moved."""
        if not self.scrolls:
            return False
        if event.type == pygame.MOUSEWHEEL and event.y:
            at = pygame.mouse.get_pos() if pygame.display.get_surface() is not None else self.area.center
            return self.area.collidepoint(at) and self.scroll(-1 if event.y > 0 else 1)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return any(rect.collidepoint(event.pos) and self.scroll(delta) for delta, rect in self.marks())
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for delta, rect in self.marks():
            size = max(8, min(rect.h * 3 // 4, 20))
            tip = (rect.centerx, rect.top + (rect.h - size) // 2 if delta < 0 else rect.bottom - (rect.h - size) // 2)
            cues.pointer(surface, tip, size, "up" if delta < 0 else "down", fill=GOLD)
