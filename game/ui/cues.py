"""Marks that say something by their shape, so that nothing on screen is told by colour alone (a player who
does not see red from green, or reads the table in greys, must still see it): a pointer at what the
keyboard is on, corner brackets round the keyboard's target, an icon before a refusal, a warning or a
hint. Each is drawn light with a dark edge, so it stands out on the felt, on a white card and in the
high-contrast theme alike. They draw on a surface or on a draw list (game/ui/draw_list.py).
"""

from __future__ import annotations

import pygame

from game.ui import draw_list
from game.ui.draw_list import DrawList

Color = tuple[int, int, int]
Point = tuple[float, float]
LIGHT: Color = (255, 255, 255)
DARK: Color = (0, 0, 0)

# What a message on the table's line is about, as its icon says it.
REFUSAL, WARNING, HINT = "refusal", "staged", "hint"
ICONS = (REFUSAL, WARNING, HINT)


def pointer(surface: pygame.Surface | DrawList, tip: Point, size: int, towards: str = "down",
            fill: Color = LIGHT, edge: Color = DARK) -> pygame.Rect:
    """A solid triangle whose tip is at `tip`, pointing `towards` ("down", "up", "left", "right"),
    `size` pixels from base to tip, with a dark rim."""
    x, y = tip
    half = size * 0.7
    base = {"down": ((x - half, y - size), (x + half, y - size)), "up": ((x - half, y + size), (x + half, y + size)),
            "right": ((x - size, y - half), (x - size, y + half)),
            "left": ((x + size, y - half), (x + size, y + half))}[towards]
    points = [(x, y), *base]
    draw_list.polygon(surface, edge, _grown(points, max(2, size // 5)))
    return draw_list.polygon(surface, fill, points)


def corner_brackets(surface: pygame.Surface | DrawList, rect: pygame.Rect, width: int,
                    fill: Color = LIGHT, edge: Color = DARK) -> None:
    """Four thick L-shaped corners round `rect` (the keyboard's target), each with a dark rim: a shape no
    other outline on the table has (the hint's and the picked meld's are whole frames)."""
    arm = max(3 * width, min(rect.w, rect.h) // 3)
    for colour, g in ((edge, 2), (fill, 0)):  # the dark rim 2 px round the light bars
        t, long = width + 2 * g, arm + 2 * g
        left, top = rect.left - g, rect.top - g
        right, bottom = rect.right - width - g, rect.bottom - width - g  # where a bar on that side starts
        for x, y, hx, vy in ((left, top, left, top), (right, top, rect.right - arm - g, top),
                             (left, bottom, left, rect.bottom - arm - g),
                             (right, bottom, rect.right - arm - g, rect.bottom - arm - g)):
            draw_list.rect(surface, colour, (hx, y, long, t))  # along the top or bottom edge
            draw_list.rect(surface, colour, (x, vy, t, long))  # along the left or right edge


def dashed_frame(surface: pygame.Surface | DrawList, rect: pygame.Rect, width: int, dash: int,
                 fill: Color = LIGHT, edge: Color = DARK) -> None:
    """A frame of dashes round `rect` (a meld picked up), each with a dark rim: broken where the hint's
    frame is whole, so the two differ in greys too."""
    for colour, g in ((edge, 1), (fill, 0)):
        t = width + 2 * g
        for x in range(rect.left, rect.right, 2 * dash):
            w = min(dash, rect.right - x)
            draw_list.rect(surface, colour, (x - g, rect.top - g, w + 2 * g, t))
            draw_list.rect(surface, colour, (x - g, rect.bottom - width - g, w + 2 * g, t))
        for y in range(rect.top, rect.bottom, 2 * dash):
            h = min(dash, rect.bottom - y)
            draw_list.rect(surface, colour, (rect.left - g, y - g, t, h + 2 * g))
            draw_list.rect(surface, colour, (rect.right - width - g, y - g, t, h + 2 * g))


def icon(surface: pygame.Surface | DrawList, kind: str, centre: Point, size: int, fill: Color,
         edge: Color = DARK) -> pygame.Rect:
    """The icon of a message's subject, `size` pixels across, centred at `centre`: a stop sign (an
    octagon with a bar) before a refusal, a triangle with "!" before a warning, a four-pointed star before
    a hint. Their outlines differ, so they are told apart in greys too."""
    x, y = centre
    r = size / 2
    if kind == REFUSAL:
        k = 0.4142  # tan(22.5°): an octagon's side over its half-width
        outline = [(x - r * k, y - r), (x + r * k, y - r), (x + r, y - r * k), (x + r, y + r * k),
                   (x + r * k, y + r), (x - r * k, y + r), (x - r, y + r * k), (x - r, y - r * k)]
        draw_list.polygon(surface, edge, _grown(outline, max(2, size // 8)))
        area = draw_list.polygon(surface, fill, outline)
        bar = max(2, round(r * 0.32))
        draw_list.rect(surface, edge, (round(x - r * 0.6), round(y - bar / 2), round(r * 1.2), bar))
        return area
    if kind == WARNING:
        outline = [(x, y - r), (x + r, y + r * 0.85), (x - r, y + r * 0.85)]
        draw_list.polygon(surface, edge, _grown(outline, max(2, size // 8)))
        area = draw_list.polygon(surface, fill, outline)
        bar = max(2, round(r * 0.22))
        draw_list.rect(surface, edge, (round(x - bar / 2), round(y - r * 0.4), bar, round(r * 0.7)))
        draw_list.rect(surface, edge, (round(x - bar / 2), round(y + r * 0.45), bar, bar))
        return area
    outline = [(x, y - r), (x + r * 0.28, y - r * 0.28), (x + r, y), (x + r * 0.28, y + r * 0.28), (x, y + r),
               (x - r * 0.28, y + r * 0.28), (x - r, y), (x - r * 0.28, y - r * 0.28)]
    draw_list.polygon(surface, edge, _grown(outline, max(2, size // 8)))
    return draw_list.polygon(surface, fill, outline)


def _grown(points: list[Point], by: float) -> list[Point]:
    """The polygon pushed out from its centre by about `by` pixels (its dark rim)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for px, py in points:
        dx, dy = px - cx, py - cy
        d = max(1e-6, (dx * dx + dy * dy) ** 0.5)
        out.append((px + dx / d * by, py + dy / d * by))
    return out
