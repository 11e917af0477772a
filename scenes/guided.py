"""A guided first game: one whole hand against the computer on the real table, the coach beside the player.

At each position where the player is to act (each draw, meld and discard of each turn, and the partner's
question), the table's own hint is asked without the player asking: the adviser's move outlined and its
reason on the message line (game/ai/adviser.py, through `TableScene.show_hint`; no second hint here). The
player plays it or another move. The hand ends at the scoring screen, which the shell opens (`on_hand_end`).
Nothing of it is saved: the player's game in progress stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.rules.state import Phase
from scenes.scene import Host, Scene
from scenes.table import TableScene


class Coach:
    """Watches the table: asks its hint once for each position the player is to act in, and keeps the
    reasons shown (by the table's count of positions: one hint a position)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.advised: int | None = None  # the position (Hints.moves) the hint was asked for
        self.reasons: dict[int, str] = {}  # position -> the reason shown there

    def follow(self) -> None:
        t = self.table
        hint = t.hints.hint
        if hint is not None and t.hints.asked == t.hints.moves:
            self.reasons.setdefault(t.hints.moves, hint.reason)
        if (not t.controller.human_to_act or t.end_wait is not None or t.controller.hint_job is not None
                or not t.cards.tweener.idle or self.advised == t.hints.moves):
            return
        self.advised = t.hints.moves  # once a position: a hint dropped by the player's staging stays dropped
        t.carry_out(t.show_hint())


class GuidedScene(Scene):
    """The table with the coach beside the player; Esc opens the table's own pause menu (its Menu goes back
    to the lessons, `on_back`)."""

    def __init__(self, table: TableScene, on_back: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.table = table
        self.coach = Coach(table)
        self.on_back = on_back

    def enter(self, app: Host) -> None:
        super().enter(app)
        self.table.enter(app)
        if self.coach.advised is None:  # once, before the first hint takes the message line
            self.table.messages.show(_("Guided game: at each of your turns the coach shows its move and why. "
                                       "Play it, or a move of your own."), 8.0, key="guide")

    def exit(self) -> None:
        self.table.exit()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.table.resize(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.table.handle_event(event)
        self.dirty = self.dirty or self.table.dirty

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if self.table.state.phase != Phase.GAME_OVER:
            self.coach.follow()
        self.dirty = self.dirty or self.table.dirty

    def draw(self, surface: pygame.Surface) -> None:
        self.table.dirty = False
        self.table.updated = None
        self.table.draw(surface)
        self.updated = self.table.updated
        if self.table.dirty:
            self.dirty = True
