"""The table's panels of words: what happened lately (a small panel that never covers a card, and the
whole hand's story on W) and the game's score sheet (on G), drawn for the log panel and the panels parts,
which own what is shown; these only read."""

from __future__ import annotations

import pygame

from game.i18n import _, number
from game.ui import draw_list
from game.ui.hand_story import Scroll, wrap
from game.ui.score_sheet import READABLE_PX, column_headers, sheet_layout, sheet_rows
from scenes.widgets import GOLD, INK, INK_DIM, draw_panel, draw_text, fit_size, font, panel_image

OVERLAYS = ("log", "sheet")


def log_panel_image(size: tuple[int, int], lines: list[str], text_px: int) -> pygame.Surface:
    """The last few things that happened, newest at the bottom, each cut to the panel's width."""
    image = panel_image(size, max(4, text_px // 3)).copy()
    w, h = size
    pad = max(4, text_px // 3)
    title = _("What happened (W)")
    draw_text(image, title, fit_size(title, text_px - 1, w - 2 * pad, 9), INK_DIM, (pad, pad), bold=True)
    room = (h - 2 * pad - text_px - 2) // (text_px + 3)
    y = h - pad - text_px
    for line in reversed(lines[-room:] if room > 0 else []):
        text, px = fit_line(line, text_px, w - 2 * pad)
        draw_text(image, text, px, INK, (pad, y + text_px - px))
        y -= text_px + 3
    return image


def fit_line(text: str, size: int, room: int) -> tuple[str, int]:
    """`text` shrunk a little (two sizes at most), then cut with an ellipsis, to fit `room` pixels; and the
    size to draw it at (the size it was measured at: a line measured small and drawn large was cut by the
    panel's edge, without its ellipsis)."""
    px = fit_size(text, size, room, size - 2, bold=False)
    f = font(px, False)
    if f.size(text)[0] <= room:
        return text, px
    while text and f.size(text.rstrip() + "…")[0] > room:
        text = text[:-1]
    return text.rstrip() + "…", px


def _box(size: tuple[int, int], u: int, width: int) -> pygame.Rect:
    w, h = size
    box = pygame.Rect(0, 0, min(w - 2 * u, width), h - 2 * u)
    box.center = (w // 2, h // 2)
    return box


def draw_log_overlay(surface: pygame.Surface, lines: list[str], u: int, text_px: int,
                     scroll: Scroll | None = None) -> list[str]:
    """The whole hand so far, wrapped at word boundaries; newest at the bottom, and with a `scroll` the
    player moves through it (wheel, PgUp/PgDn, Home/End), else the oldest lines give way when it is long.
    Returns the lines shown."""
    box = _box(surface.get_size(), u, u * 30)
    draw_panel(surface, box, u // 2)
    pad = u // 2
    draw_text(surface, _("What happened this hand"), text_px + 4, GOLD, (box.x + pad, box.y + pad), bold=True)
    draw_text(surface, _("W or Esc: back to the table"), text_px, INK_DIM, (box.right - pad, box.y + pad + 2),
              "topright")
    f = font(text_px)
    wrapped = wrap(lines, box.w - 2 * pad, lambda text: f.size(text)[0])
    top = box.y + pad + text_px + 4 + u // 2
    room = max(1, (box.bottom - pad - text_px - top) // (text_px + 4))  # a line kept for where the page is
    scroll = scroll if scroll is not None else Scroll()
    scroll.fit(len(wrapped), room)
    y = top
    shown = scroll.shown(wrapped)
    for part in shown:
        draw_text(surface, part, text_px, INK, (box.x + pad, y))
        y += text_px + 4
    if scroll.lines > scroll.room:  # where the page is in the story, and how to move
        where = _("Lines {first}-{last} of {n} · wheel or PgUp/PgDn").format(
            first=scroll.top + 1, last=min(scroll.lines, scroll.top + scroll.room), n=scroll.lines)
        draw_text(surface, where, max(12, text_px - 2), INK_DIM, (box.right - pad, box.bottom - pad // 2),
                  "bottomright")
    return shown


def draw_score_sheet(surface: pygame.Surface, state, side_names: list[str], seat_names: list[str], u: int,
                     text_px: int, my_side: int, chosen: int | None = None,
                     back: str | None = None) -> list[tuple[int, pygame.Rect]]:
    """Hand by hand, each side's melded cards, bonuses, cards left in hand, the hand's score and the
    running total; the latest hands when there are more than fit (or those down to the `chosen` one).
    The `chosen` hand, the one Enter plays back, is marked, and the footer says how. Returns each shown
    hand's row (its number, its rectangle) for a click to choose. `back`: how to leave it (by default, back
    to the table)."""
    rows = sheet_rows(state)
    heads = column_headers()
    sides = state.sides
    box = _box(surface.get_size(), u, u * 40)
    draw_panel(surface, box, u // 2)
    pad = u // 2
    title = _("Score sheet · to {t}").format(t=number(state.target))
    draw_text(surface, title, text_px + 4, GOLD, (box.x + pad, box.y + pad), bold=True)
    draw_text(surface, back or _("G or Esc: back to the table"), text_px, INK_DIM, (box.right - pad, box.y + pad + 2),
              "topright")
    bottom = box.bottom - pad
    if chosen is not None:
        hint = _("↑ ↓ choose a hand · Enter or a click: replay it")
        hint_px = max(READABLE_PX, text_px - 2)
        draw_text(surface, hint, hint_px, INK_DIM, (box.right - pad, box.bottom - pad // 2), "bottomright")
        bottom -= hint_px + 2
    outs = [_("{who} out").format(who=name) for name in seat_names]
    sheet = sheet_layout(box.w - 2 * pad, rows, sides, text_px, outs,
                         lambda text, px, bold: font(px, bold).size(text)[0])
    text_px, small = sheet.text_px, sheet.caption_px
    x0 = box.x + pad
    y = box.y + pad + text_px + 4 + u // 2
    for side in range(sides):
        left, right = (x0 + x for x in sheet.side_span(side))
        name = side_names[side]
        color = GOLD if side == my_side else INK
        draw_text(surface, name, fit_size(name, text_px, right - left, READABLE_PX), color,
                  ((left + right) // 2, y), "midtop", bold=True)
        if side:
            draw_list.line(surface, INK_DIM, (left - 3, y), (left - 3, bottom), 1)
    y += text_px + 4
    for side in range(sides):
        for k, lines in enumerate(sheet.headers):
            for i, line in enumerate(lines):
                draw_text(surface, line, text_px, INK_DIM, (x0 + sheet.rights[side][k], y + i * (text_px + 2)),
                          "topright", bold=k == len(heads) - 1)
    y += max(len(lines) for lines in sheet.headers) * (text_px + 2) + 4
    draw_list.line(surface, INK_DIM, (box.x + pad, y - 3), (box.right - pad, y - 3), 1)
    line_h = text_px + small + 6  # the hand's number, and under it who went out
    room = max(1, (bottom - y) // line_h)
    if not rows:
        draw_text(surface, _("No hand has been scored yet."), text_px, INK, (box.x + pad, y))
        return []
    if len(rows) > room:
        draw_text(surface, _("(earlier hands above)"), small, INK_DIM, (box.x + pad, y))
        y += small + 6
        fit = max(1, (bottom - y) // line_h)
        at = next((i for i, row in enumerate(rows) if row.hand == chosen), len(rows) - 1)
        first = min(len(rows) - fit, at)  # the latest hands, or from the chosen one down
        rows = rows[first:first + fit]
    placed: list[tuple[int, pygame.Rect]] = []
    for row in rows:
        rect = pygame.Rect(box.x + pad // 2, y - 2, box.w - pad, line_h)
        placed.append((row.hand, rect))
        if row.hand == chosen:
            draw_list.rect(surface, GOLD, rect, 2, max(2, u // 6))
        label = _("Hand {n}").format(n=row.hand)
        draw_text(surface, label, text_px, INK, (box.x + pad, y), bold=True)
        if row.out is not None:
            draw_text(surface, outs[row.out], small, INK_DIM, (box.x + pad, y + text_px), "topleft")
        for side in range(sides):
            for k, value in enumerate(row.cells[side]):
                last = k == len(heads) - 1
                draw_text(surface, number(value), text_px, GOLD if last else INK, (x0 + sheet.rights[side][k], y),
                          "topright", bold=last)
        y += line_h
    return placed
