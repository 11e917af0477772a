"""What happened: the hand's story. The small panel beside the piles shows its last lines (drawn once
per new line, then blitted); W shows the whole hand, told again from the game's record each time it is
asked for (game/ui/hand_story.py), so it is kept through a save and speaks the language of the moment."""

from __future__ import annotations

import pygame

from game.i18n import language
from game.rules.record import HandRecord
from game.ui import themes
from game.ui.draw_list import DrawList
from game.ui.hand_story import hand_story
from scenes.table_parts.overlays import log_panel_image
from scenes.table_parts.view import TableView

LOG_LINES = 80  # the small panel's memory: far more than it shows


class LogPanel:
    def __init__(self) -> None:
        self.lines: list[str] = []  # what the table said, as it said it (the small panel's lines)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_px = 13
        self._cache: tuple[tuple, pygame.Surface] | None = None
        self._story: tuple[tuple, list[str]] | None = None
        self._spoken: str | None = None  # the language `lines` were said in (None: not told from the record yet)

    def place(self, rect: tuple[int, int, int, int], text_px: int) -> None:
        self.rect, self.text_px = pygame.Rect(rect), text_px

    def add(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-LOG_LINES]

    def start_hand(self, line: str | None) -> None:
        """A new hand: its story starts again."""
        self.lines[:] = [line] if line else []
        self._spoken = language()

    @staticmethod
    def recorded_hand(view: TableView) -> HandRecord | None:
        """The record of the hand on the table (or just scored), if the turns keep a record of it."""
        record = view.record
        if record is None or not record.hands or record.hands[-1].hand != view.state.hand_no:
            return None
        return record.hands[-1]

    def story(self, view: TableView) -> list[str]:
        """The whole hand as W shows it: from the record when there is one (a lesson has none: then the
        lines the table said). Made again only when the hand has moved on or the language has changed."""
        hand = self.recorded_hand(view)
        if hand is None or view.record is None:
            return self.lines
        # The moves taken back count too: a meld taken back and another laid leaves as many moves as before.
        key = (id(view.record), hand.hand, len(hand.moves), hand.undone, hand.scores is not None, language(),
               tuple(view.names))
        if self._story is None or self._story[0] != key:
            self._story = (key, hand_story(view.record, hand, view.names))
        return self._story[1]

    def retell(self, view: TableView) -> None:
        """The small panel's lines told again from the record: for a game continued from its save (the
        table said nothing yet) and after a language change; else they stay as said (with any take-back)."""
        if self._spoken == language() or self.recorded_hand(view) is None:
            return
        self.lines[:] = self.story(view)[-LOG_LINES:]
        self._spoken = language()

    def draw(self, surface: pygame.Surface | DrawList) -> None:
        r = self.rect
        if r.w <= 0:
            return
        key = (tuple(self.lines[-10:]), tuple(r), self.text_px, themes.felt_name())  # the panel follows the felt
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, log_panel_image(r.size, self.lines, self.text_px))
        surface.blit(self._cache[1], r.topleft)
