"""What happened: the hand's story, kept here (the whole of it on W), and its last lines in the small
panel beside the piles, drawn once per new line and then blitted."""

from __future__ import annotations

import pygame

from game.ui.draw_list import DrawList
from scenes.table_parts.overlays import log_panel_image

LOG_LINES = 80  # a whole hand's story


class LogPanel:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_px = 13
        self._cache: tuple[tuple, pygame.Surface] | None = None

    def place(self, rect: tuple[int, int, int, int], text_px: int) -> None:
        self.rect, self.text_px = pygame.Rect(rect), text_px

    def add(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-LOG_LINES]

    def start_hand(self, line: str | None) -> None:
        """A new hand: its story starts again."""
        self.lines[:] = [line] if line else []

    def draw(self, surface: pygame.Surface | DrawList) -> None:
        r = self.rect
        if r.w <= 0:
            return
        key = (tuple(self.lines[-10:]), tuple(r), self.text_px)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, log_panel_image(r.size, self.lines, self.text_px))
        surface.blit(self._cache[1], r.topleft)
