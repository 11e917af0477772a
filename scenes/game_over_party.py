"""The game-over screen's celebration: confetti for a win (a kind word for a loss), and the game's summary
for the player's side: hands, canastas, escaleras, bolivias, the best hand.

Shorter at Fast, none at Instant, and a key or a click ends it (the key still does what it does).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.i18n import _, ngettext, number
from game.rules.game_story import GameStory

LIFE = 4.0  # seconds of confetti at Normal
SPEED_SCALE = {"slow": 1.25, "normal": 1.0, "fast": 0.5, "instant": 0.0}
COLOURS = [(240, 196, 70), (230, 60, 70), (70, 140, 230), (250, 250, 240), (60, 190, 110)]
PIECES = 90


@dataclass
class Piece:
    x: float  # share of the width
    y: float  # share of the height, from above the window
    fall: float  # shares of the height a second
    sway: float
    phase: float
    colour: tuple[int, int, int]


def summary_text(story: GameStory, side: str | None = None) -> str:
    """One line: the side's game in numbers, after the side's name when given ("You & North: 3 hands · …")."""
    parts = [ngettext("{n} hand", "{n} hands", story.hands).format(n=story.hands),
             ngettext("{n} canasta", "{n} canastas", story.canastas).format(n=story.canastas),
             ngettext("{n} escalera", "{n} escaleras", story.escaleras).format(n=story.escaleras),
             ngettext("{n} bolivia", "{n} bolivias", story.bolivias).format(n=story.bolivias)]
    if story.best_hand is not None:
        parts.append(_("best hand {points} (hand {n})").format(points=number(story.best_hand), n=story.best_hand_no))
    numbers = " · ".join(parts)
    return _("{side}: {numbers}").format(side=side, numbers=numbers) if side else numbers


def comfort(won: bool | None) -> str:
    """What the screen says under the title: the winners cheered, the others consoled."""
    if won is None:
        return _("Nobody ahead: a rematch settles it.")
    return _("Well played!") if won else _("Well fought. The cards turn: the next game may be yours.")


class Party:
    """Confetti falling over the screen for a win, for LIFE seconds scaled by the animation speed."""

    def __init__(self, won: bool, speed: str = "normal", seed: int = 0) -> None:
        self.life = LIFE * SPEED_SCALE.get(speed, 1.0) if won else 0.0
        self.age = 0.0
        rnd = random.Random(seed)
        self.pieces = [Piece(rnd.random(), -rnd.random() * 0.6, 0.25 + rnd.random() * 0.25, rnd.random() * 0.02,
                             rnd.random() * math.tau, rnd.choice(COLOURS)) for _n in range(PIECES)] if self.life else []

    @property
    def on(self) -> bool:
        return self.age < self.life

    def update(self, dt: float) -> bool:
        """True while the confetti falls (each frame draws it again)."""
        if not self.on:
            return False
        self.age += dt
        return True

    def skip(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.age = self.life

    def draw(self, surface: pygame.Surface, unit: int) -> None:
        if not self.on:
            return
        w, h = surface.get_size()
        fade = min(1.0, (self.life - self.age) / 0.6)
        size = max(4, unit // 3)
        for p in self.pieces:
            y = (p.y + p.fall * self.age) % 1.1 - 0.05
            x = p.x + p.sway * math.sin(p.phase + self.age * 3)
            turn = abs(math.cos(p.phase + self.age * 5))  # a piece spinning shows its edge, then its face
            rect = pygame.Rect(round(x * w), round(y * h), size, max(1, round(size * turn * fade)))
            pygame.draw.rect(surface, p.colour, rect)
