"""What a drawing puts on screen in words, and at which sizes: every line of text rendered while the block
runs, as (pixel size, text). The scenes' own caches of rendered words are emptied first, so a label drawn
before is measured again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.assets import clear_font_cache

READABLE = 14  # the smallest text a player should have to read at 1366x768 (issue 23)


def _clear_caches() -> None:
    from scenes import widgets

    clear_font_cache()
    for cache in (widgets._text_image, widgets._button_image):
        cache.cache_clear()
    widgets.fit_size.cache_clear()


@contextmanager
def rendered_text() -> Iterator[list[tuple[int, str]]]:
    """Yields the list that fills with (size, text) for each line of text rendered inside the block."""
    record: list[tuple[int, str]] = []
    real = pygame.font.Font

    class Measured(real):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            if str(text).strip():
                record.append((self.point_size, str(text)))
            return super().render(text, *args, **kwargs)

    _clear_caches()
    pygame.font.Font = Measured  # type: ignore[misc]
    try:
        yield record
    finally:
        pygame.font.Font = real  # type: ignore[misc]
        _clear_caches()


def too_small(record: list[tuple[int, str]], floor: int = READABLE) -> list[tuple[int, str]]:
    """The lines drawn below `floor` pixels, smallest first."""
    return sorted({(size, text) for size, text in record if size < floor})
