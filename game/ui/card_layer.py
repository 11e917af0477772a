"""The still part of the table, kept from one frame to the next.

Drawing the whole table every frame costs a full-window copy of the felt and a blit for each of the
hundred-odd cards on it, though most of them have not moved since the last frame. This layer holds
the background with everything still drawn on it (cards, labels on the felt). When an item arrives,
leaves, moves or changes look, the layer redraws only the rectangles it covers and covered: the
background there, then every item touching them, in order, clipped to the rectangle.

Drawn on the window itself (`target`), the layer holds everything the table shows, the cards in
flight and the words and panels over them too: a frame then redraws only what changed, and
`rects` says where, for `pygame.display.update`. The same picture, pixel for pixel, as a redraw of
the whole window (tests/test_dirty_rects.py holds it to that through a whole demo hand).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

Rect = tuple[int, int, int, int]
# One still thing, in drawing order: who it is, everything its look depends on, the rectangle it
# covers, and how to draw it: `draw(surface, arg)`, which must only draw (it may be clipped).
Item = tuple[Hashable, Hashable, Rect, Callable[[pygame.Surface, Any], None], Any]


class CardLayer:
    def __init__(self, max_area: float = 0.5) -> None:
        self.surface: pygame.Surface | None = None
        self.max_area = max_area  # redraw everything when the changes cover more of the window than this
        self._background: pygame.Surface | None = None
        self._target: pygame.Surface | None = None  # the window, when the layer is drawn there
        self._last: Sequence[Item] | None = None  # the items of the last update
        self._items: dict[Hashable, tuple[Hashable, Rect]] = {}
        self._order: list[Hashable] = []
        self.patches = 0  # rectangles redrawn by the last update (0: nothing changed, -1: all of it)
        self.rects: list[pygame.Rect] = []  # where the last update drew (the whole surface after a redraw of all)

    def invalidate(self) -> None:
        """Redraw everything at the next update."""
        self._background = None
        self._last = None

    def shows(self, target: pygame.Surface) -> bool:
        """Whether `target` holds this layer's picture as last drawn (it is drawn there, not invalidated)."""
        return self._target is target and self._background is not None

    def update(self, background: pygame.Surface, items: Sequence[Item],
               target: pygame.Surface | None = None, changed: Sequence[pygame.Rect] = ()) -> pygame.Surface:
        """Bring the layer up to date with `items` over `background`, and return it. With `target` (the
        window), the layer is drawn there: another target than last time is drawn whole. `changed`: where
        the background's picture changed since the last update (a layer under this one redrew there)."""
        if target is not None and target is not self._target:
            self.surface = self._target = target
            self._background = None
        if items is self._last and background is self._background and not changed:
            self.patches, self.rects = 0, []  # the very list drawn last time (a kept one): nothing changed
            return self.surface
        self._last = items
        current = {item[0]: (item[1], item[2]) for item in items}
        previous, self._items = self._items, current
        order, self._order = self._order, [item[0] for item in items]
        if self.surface is None or background is not self._background:
            self._redraw_all(background, items)
            return self.surface
        # Where something was (it left, moved or changed), and where something changed is now.
        dirty = [seen[1] for ident, seen in previous.items() if current.get(ident) != seen]
        dirty += [now[1] for ident, now in current.items() if ident in previous and previous[ident] != now]
        # Items that stayed but are drawn in another order among themselves: of two that swapped, at least
        # one changed rank, and redrawing its rectangle redraws both in the new order.
        kept_before = [ident for ident in order if ident in current]
        kept_now = [ident for ident in self._order if ident in previous]
        if kept_before != kept_now:
            dirty += [current[now][1] for now, before in zip(kept_now, kept_before, strict=True) if now != before]
        dirty += [tuple(r) for r in changed]
        added = [i for i, item in enumerate(items) if item[0] not in previous]
        self.patches = 0
        self.rects = []
        if not dirty and not added:
            return self.surface
        rects = [item[2] for item in items]
        patches, on_top = self._plan(dirty, added, rects)
        width, height = self.surface.get_size()
        if sum(p.w * p.h for p in patches) > width * height * self.max_area:
            self._redraw_all(background, items)
            return self.surface
        hits = [patch.collidelistall(rects) for patch in patches]  # in drawing order
        if len(patches) > 1:
            patches, hits, on_top = _cheaper(patches, hits, on_top, rects)
        surface = self.surface
        for patch, under in zip(patches, hits, strict=True):
            surface.set_clip(patch)
            surface.blit(background, patch, patch)
            for i in under:
                _ident, _key, _rect, draw, arg = items[i]
                draw(surface, arg)
        surface.set_clip(None)
        for i in on_top:
            _ident, _key, _rect, draw, arg = items[i]
            draw(surface, arg)
        self.patches = len(patches) + len(on_top)
        bounds = surface.get_rect()
        self.rects = [r for r in (p.clip(bounds) for p in [*patches, *(pygame.Rect(rects[i]) for i in on_top)]) if r]
        return surface

    @staticmethod
    def _plan(dirty: list[Rect], added: list[int], rects: list[Rect]) -> tuple[list[pygame.Rect], list[int]]:
        """The rectangles to redraw, and the new items simply drawn over the layer, in order.

        A new item (a card that has landed) can be drawn over what is there when nothing drawn after
        it overlaps it, but for new items drawn over it in turn, and no rectangle being redrawn
        touches it: what lies under it is already right. The others' places are redrawn.
        """
        patches = _merge([_snap(pygame.Rect(r)) for r in dirty])
        pending = set(added)
        while True:
            on_top: set[int] = set()
            for i in reversed(added):
                if i not in pending:
                    continue
                rect = pygame.Rect(rects[i])
                if rect.collidelist(patches) != -1:
                    continue
                later = [i + 1 + j for j in rect.collidelistall(rects[i + 1:])]
                if all(j in on_top for j in later):
                    on_top.add(i)
            refused = pending - on_top
            if not refused:
                return patches, sorted(on_top)
            patches = _merge(patches + [_snap(pygame.Rect(rects[i])) for i in refused])
            pending = on_top  # items once refused are redrawn with their rectangle

    def _redraw_all(self, background: pygame.Surface, items: Sequence[Item]) -> None:
        if self.surface is None or (self._target is None and self.surface.get_size() != background.get_size()):
            self.surface = background.copy()
        else:
            self.surface.blit(background, (0, 0))
        self._background = background
        draw_all(self.surface, items)
        self.patches = -1
        self.rects = [self.surface.get_rect()]


def draw_all(surface: pygame.Surface, items: Sequence[Item]) -> None:
    """Every item, in order (over what `surface` holds already)."""
    for _ident, _key, _rect, draw, arg in items:
        draw(surface, arg)


# What a redraw costs, in pixels of felt copied: each item drawn (a call through Python, clipped or
# not) costs about as much as ten thousand of them, a pixel of a card blended about one.
DRAW_COST = 10_000
NEAR = 6  # px: rectangles this close are worth joining (see _merge)


def _cheaper(patches: list[pygame.Rect], hits: list[list[int]], on_top: list[int],
             rects: list[Rect]) -> tuple[list[pygame.Rect], list[list[int]], list[int]]:
    """The patches as planned, or one rectangle around them all when that costs less. Many cards in
    flight close together (the deal, a pile taken) make patches that each redraw most of the others
    under them, clipped: a few hundred small draws, where one larger copy of the felt and each card
    drawn once is cheaper. The new items on top go into it too (drawn twice, their shadows would darken)."""
    planned = (sum(p.w * p.h for p in patches) + DRAW_COST * (sum(len(h) for h in hits) + len(on_top))
               + sum(rects[i][2] * rects[i][3] for i in on_top))
    bound = patches[0].unionall([*patches[1:], *(pygame.Rect(rects[i]) for i in on_top)])
    under = bound.collidelistall(rects)
    whole = bound.w * bound.h + DRAW_COST * len(under) + sum(rects[i][2] * rects[i][3] for i in under)
    if whole < planned:
        return [bound], [under], []
    return patches, hits, on_top


def _snap(rect: pygame.Rect) -> pygame.Rect:
    """The rectangle one pixel wider if it starts (at the left edge: and ends) on a multiple of four
    pixels. SDL copies
    rows that start and end on 16-byte boundaries with non-temporal stores: measured at 1920x1080, such
    a copy of the felt under a card takes five to ten times as long, and the card blended over it next
    must fetch those pixels back from memory. A patch is redrawn whole, so a wider one is as right."""
    if rect.x % 4 == 0 and rect.x > 0:
        rect.x -= 1
        rect.w += 1
    elif rect.x == 0 and rect.w % 4 == 0:
        rect.w += 1
    return rect


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Join rectangles that overlap or nearly touch where their union is no larger than the two apart
    and the cost of one more patch (DRAW_COST pixels), so that few spots are redrawn twice and a row of
    small cards (an opponent's hand) is one patch, not twenty; two that overlap a little stay apart
    (their union, a card flying across a corner of another, would be mostly still felt to redraw).
    Each is redrawn whole, background first, so that a spot in two of them comes out the same."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        joined = True
        while joined:
            joined = False
            for i in rect.inflate(2 * NEAR, 2 * NEAR).collidelistall(merged):
                other = merged[i]
                union = rect.union(other)
                if union.w * union.h <= rect.w * rect.h + other.w * other.h + DRAW_COST:
                    merged.pop(i)
                    rect = union
                    joined = True
                    break
        merged.append(rect)
    return merged
