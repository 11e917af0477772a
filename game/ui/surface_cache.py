"""A cache of drawn images bounded by the memory they hold, not by their number.

Panels, shadows and buttons are drawn once per size and kept, as drawing them each frame costs
milliseconds. Bounded by count (`lru_cache(maxsize=32)`), a cache of panels sized to their content
(a scoring column is as tall as its lines) grew by a few full-screen images every game, some
16 MB a game over a session. Here the least recently used images go once the cache holds more
than `max_bytes` of pixels, and an image larger than that alone is not kept at all.

The images of a screen's own big panels (a scoring column, a dialog's box: megabytes at a large
window) would stay while the next screen plays; `let_go_of_large_images` drops them when the screen
changes, and the screen that needs them again draws them once.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any

import pygame

LARGE_BYTES = 1 << 20  # an image from this size is a screen's own panel, not a label or a button

_caches: weakref.WeakSet[SurfaceCache] = weakref.WeakSet()


def _bytes_of(value: Any) -> int:
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, tuple):
        return sum(_bytes_of(v) for v in value)
    return 0


class SurfaceCache:
    """Calls of `make` by their arguments, least recently used first, within `max_bytes`."""

    def __init__(self, make: Callable[..., Any], max_bytes: int) -> None:
        self.make = make
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        _caches.add(self)

    def __call__(self, *args: Hashable) -> Any:
        hit = self._items.get(args)
        if hit is not None:
            self._items.move_to_end(args)
            return hit[0]
        value = self.make(*args)
        size = _bytes_of(value)
        if size > self.max_bytes:  # kept, it would push out everything else and still be over the bound
            return value
        self._items[args] = (value, size)
        self.bytes += size
        while self.bytes > self.max_bytes:
            _key, (_old, freed) = self._items.popitem(last=False)
            self.bytes -= freed
        return value

    def let_go_of_large(self, min_bytes: int = LARGE_BYTES) -> None:
        """Forget the images of `min_bytes` or more."""
        for key in [k for k, (_v, size) in self._items.items() if size >= min_bytes]:
            self.bytes -= self._items.pop(key)[1]

    def __len__(self) -> int:
        return len(self._items)

    def cache_clear(self) -> None:
        self._items.clear()
        self.bytes = 0


def surface_cache(max_mb: float) -> Callable[[Callable[..., Any]], SurfaceCache]:
    """Decorator: `@surface_cache(8)` keeps at most 8 MB of the function's images."""

    def wrap(make: Callable[..., Any]) -> SurfaceCache:
        return wraps(make)(SurfaceCache(make, int(max_mb * (1 << 20))))

    return wrap


def let_go_of_large_images(min_bytes: int = LARGE_BYTES) -> None:
    """A screen was left: every cache forgets its images of `min_bytes` or more."""
    for cache in list(_caches):
        cache.let_go_of_large(min_bytes)
