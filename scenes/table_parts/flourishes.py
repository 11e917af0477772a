"""The words that spring from a meld when it becomes a canasta ("Canasta pure!"), and fade."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytweening

from game.assets import font
from game.rules import events as ev
from game.rules.names import canasta_name
from game.ui.layout import Rect
from scenes.widgets import GOLD


@dataclass
class Flourish:
    text: str
    meld: int
    age: float = 0.0
    life: float = 1.6


class Flourishes:
    def __init__(self) -> None:
        self.items: list[Flourish] = []

    def on_event(self, e: ev.Event) -> None:
        if isinstance(e, ev.CanastaMade):
            self.items.append(Flourish(canasta_name(e.canasta) + "!", e.meld))

    def update(self, dt: float) -> bool:
        """True while any shows (each frame draws it again)."""
        if not self.items:
            return False
        for f in self.items:
            f.age += dt
        self.items = [f for f in self.items if f.age < f.life]
        return True

    def draw(self, surface: pygame.Surface, meld_rects: dict[int, Rect], size: tuple[int, int], u: int) -> None:
        for i, f in enumerate(self.items):
            t = f.age / f.life
            scale = 0.6 + 0.6 * pytweening.easeOutElastic(min(1.0, t * 2.5))
            alpha = 255 if t < 0.7 else round(255 * (1 - (t - 0.7) / 0.3))
            img = font(round(u * 1.4 * scale), True).render(f.text, True, GOLD)
            img.set_alpha(alpha)
            where = meld_rects.get(f.meld)
            rect = pygame.Rect(where) if where else pygame.Rect(0, 0, size[0], size[1] // 2)
            spot = img.get_rect(center=(rect.centerx, rect.centery + i * round(u * 1.6)))
            # Over a meld at the window's edge the words come inwards rather than run off it.
            surface.blit(img, spot.clamp(pygame.Rect((0, 0), size)))
