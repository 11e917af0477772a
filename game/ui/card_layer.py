"""The still part of the table, kept from one frame to the next.

Drawing the whole table every frame costs a full-window copy of the felt and a blit for each of the
hundred-odd cards on it, though most of them have not moved since the last frame. This layer holds
the background with everything still drawn on it (cards, labels on the felt). When an item arrives,
leaves, moves or changes look, the layer redraws only the rectangles it covers and covered: the
background there, then every item touching them, in order, clipped to the rectangle. A frame is then
one copy of the layer and the few cards in flight: the same picture, pixel for pixel.
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
        self._items: dict[Hashable, tuple[Hashable, Rect]] = {}
        self._order: list[Hashable] = []
        self.patches = 0  # rectangles redrawn by the last update (0: nothing changed, -1: all of it)

    def invalidate(self) -> None:
        """Redraw everything at the next update."""
        self._background = None

    def update(self, background: pygame.Surface, items: Sequence[Item]) -> pygame.Surface:
        """Bring the layer up to date with `items` over `background`, and return it."""
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
        added = [i for i, item in enumerate(items) if item[0] not in previous]
        self.patches = 0
        if not dirty and not added:
            return self.surface
        rects = [item[2] for item in items]
        patches, on_top = self._plan(dirty, added, rects)
        width, height = self.surface.get_size()
        if sum(p.w * p.h for p in patches) > width * height * self.max_area:
            self._redraw_all(background, items)
            return self.surface
        surface = self.surface
        for patch in patches:
            surface.set_clip(patch)
            surface.blit(background, patch, patch)
            for i in patch.collidelistall(rects):  # in drawing order
                _ident, _key, _rect, draw, arg = items[i]
                draw(surface, arg)
        surface.set_clip(None)
        for i in on_top:
            _ident, _key, _rect, draw, arg = items[i]
            draw(surface, arg)
        self.patches = len(patches) + len(on_top)
        return surface

    @staticmethod
    def _plan(dirty: list[Rect], added: list[int], rects: list[Rect]) -> tuple[list[pygame.Rect], list[int]]:
        """The rectangles to redraw, and the new items simply drawn over the layer, in order.

        A new item (a card that has landed) can be drawn over what is there when nothing drawn after
        it overlaps it, but for new items drawn over it in turn, and no rectangle being redrawn
        touches it: what lies under it is already right. The others' places are redrawn.
        """
        patches = _merge([pygame.Rect(r) for r in dirty])
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
            patches = _merge(patches + [pygame.Rect(rects[i]) for i in refused])
            pending = on_top  # items once refused are redrawn with their rectangle

    def _redraw_all(self, background: pygame.Surface, items: Sequence[Item]) -> None:
        if self.surface is None or self.surface.get_size() != background.get_size():
            self.surface = background.copy()
        else:
            self.surface.blit(background, (0, 0))
        self._background = background
        for _ident, _key, _rect, draw, arg in items:
            draw(self.surface, arg)
        self.patches = -1


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Join overlapping rectangles, so that no spot is redrawn twice."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        while (i := rect.collidelist(merged)) != -1:
            rect.union_ip(merged.pop(i))
        merged.append(rect)
    return merged
