"""What the bench's frame measures share (game/tools/bench.py, game/tools/net_bench.py): the floor frame a
table's frame is held against, a clock for quick runs, and nearest-rank percentiles."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p from 0 to 100) of a non-empty list."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[k]


def _ms(x: float) -> float:
    return round(x, 2)


class _FastClock:
    """Frames back to back with a 60 fps dt: quick runs and the memory game, not timings."""

    def tick(self, framerate: float = 0, /) -> int:
        return 16


class FloorFrame:
    """The least a frame of this table can cost with the same display mode: one blit of a still
    picture of the table (window-sized, in the screen's format), the cards that move in the table's
    frame just drawn (their images made beforehand, as the table keeps them), one `display.flip`."""

    def __init__(self, screen: pygame.Surface) -> None:
        import pygame

        self.screen = screen
        self.flip = pygame.display.flip
        self.still = screen.copy()  # the table as drawn: converted, since it is a copy of the screen

    def run(self, cards: list[tuple[pygame.Surface, tuple[int, int], int]]) -> tuple[float, float]:
        """One floor frame over `cards` (image, place, blit flags): its wall and CPU milliseconds."""
        screen = self.screen
        start, start_cpu = time.perf_counter(), time.thread_time()
        screen.blit(self.still, (0, 0))
        for image, pos, flags in cards:
            screen.blit(image, pos, special_flags=flags)
        self.flip()
        return (time.perf_counter() - start) * 1000, (time.thread_time() - start_cpu) * 1000
