"""A stand-in surface that notes what is drawn on it instead of drawing it.

The table draws its words, panels and marks through the same functions whether it paints the
window at once or notes each blit and rectangle here; every note says where it draws and what it
looks like, so the window's layer (`card_layer.CardLayer`) redraws, and hands to the screen, only
the rectangles whose picture changed since the last frame.

A note's look holds the blitted surface itself (compared by identity), which keeps it alive for as
long as the note is compared: a surface made anew each frame is another surface, always redrawn,
never one mistaken for the last frame's through a reused address. Cached surfaces must not be
drawn on once handed out (text, panels, faces: they are not).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

Rect = tuple[int, int, int, int]


class DrawList:
    """Has the size of the window and `blit`; `rect` and `line` below draw on it as on a surface."""

    def __init__(self, size: tuple[int, int], tag: Hashable = None) -> None:
        """`tag` sets this list's notes apart from another's (a part of the picture noted once and kept)."""
        self.size = (int(size[0]), int(size[1]))
        self.tag = tag
        self.items: list[tuple[Hashable, Hashable, Rect, Any, Any]] = []  # card_layer.Item
        self._seen: dict[Hashable, int] = {}

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size).move_to(**where) if where else pygame.Rect((0, 0), self.size)

    def _note(self, look: Hashable, rect: pygame.Rect, draw: Any, arg: Any) -> None:
        # Who a note is: its look, and which of the notes of that look this frame (two equal badges).
        n = self._seen.get(look, 0)
        self._seen[look] = n + 1
        self.items.append(((self.tag, look, n), look, (rect.x, rect.y, rect.w, rect.h), draw, arg))

    def blit(self, source: pygame.Surface, dest: Sequence[float] | pygame.Rect, area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (round(dest[0]), round(dest[1]))
        part = pygame.Rect(area) if area is not None else None
        size = part.size if part is not None else source.get_size()
        rect = pygame.Rect(x, y, *size)
        area_key = tuple(part) if part is not None else None
        self._note(("blit", source, x, y, area_key, special_flags, source.get_alpha()), rect, _blit,
                   (source, (x, y), part, special_flags))
        return rect


    def fill(self, color: Sequence[int], area: Any = None, special_flags: int = 0) -> pygame.Rect:
        r = pygame.Rect(area) if area is not None else pygame.Rect((0, 0), self.size)
        self._note(("fill", tuple(color), tuple(r), special_flags), r, _fill, (tuple(color), r, special_flags))
        return r


def _fill(surface: pygame.Surface, arg: tuple) -> None:
    color, area, flags = arg
    surface.fill(color, area, flags)


def _blit(surface: pygame.Surface, arg: tuple) -> None:
    source, pos, area, flags = arg
    surface.blit(source, pos, area, flags)


def _draw_rect(surface: pygame.Surface, arg: tuple) -> None:
    color, rect, width, radius = arg
    pygame.draw.rect(surface, color, rect, width=width, border_radius=radius)


def _draw_line(surface: pygame.Surface, arg: tuple) -> None:
    color, start, end, width = arg
    pygame.draw.line(surface, color, start, end, width)


def rect(surface: pygame.Surface | DrawList, color: Sequence[int], area: Any, width: int = 0,
         border_radius: int = 0) -> pygame.Rect:
    """`pygame.draw.rect`, on a surface or noted on a draw list."""
    if not isinstance(surface, DrawList):
        return pygame.draw.rect(surface, color, area, width=width, border_radius=border_radius)
    r = pygame.Rect(area)
    surface._note(("rect", tuple(color), tuple(r), width, border_radius), r, _draw_rect,
                  (tuple(color), r, width, border_radius))
    return r


def line(surface: pygame.Surface | DrawList, color: Sequence[int], start: Sequence[int], end: Sequence[int],
         width: int = 1) -> pygame.Rect:
    """`pygame.draw.line`, on a surface or noted on a draw list."""
    if not isinstance(surface, DrawList):
        return pygame.draw.line(surface, color, start, end, width)
    (x0, y0), (x1, y1) = start, end
    r = pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1).inflate(width + 2, width + 2)
    surface._note(("line", tuple(color), (x0, y0), (x1, y1), width), r, _draw_line,
                  (tuple(color), (x0, y0), (x1, y1), width))
    return r


def polygon(surface: pygame.Surface | DrawList, color: Sequence[int], points: Sequence[Sequence[float]],
            width: int = 0) -> pygame.Rect:
    """`pygame.draw.polygon`, on a surface or noted on a draw list."""
    pts = tuple((round(x), round(y)) for x, y in points)
    if not isinstance(surface, DrawList):
        return pygame.draw.polygon(surface, color, pts, width)
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    r = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1).inflate(2, 2)
    surface._note(("polygon", tuple(color), pts, width), r, _draw_polygon, (tuple(color), pts, width))
    return r


def _draw_polygon(surface: pygame.Surface, arg: tuple) -> None:
    color, points, width = arg
    pygame.draw.polygon(surface, color, points, width)


class Noted:
    """Notes drawn once per look and kept: `draw(surface, key, paint)` paints into a DrawList only when
    `key` changed since the last time and adds the notes kept; on a plain surface it just paints."""

    def __init__(self, tag: Hashable) -> None:
        self.tag = tag
        self._kept: tuple[Hashable, list] | None = None

    def draw(self, surface: pygame.Surface | DrawList, key: Hashable, paint: Any) -> None:
        if not isinstance(surface, DrawList):
            paint(surface)
            return
        if self._kept is None or self._kept[0] != key:
            notes = DrawList(surface.size, tag=self.tag)
            paint(notes)
            self._kept = (key, notes.items)
        surface.items.extend(self._kept[1])
