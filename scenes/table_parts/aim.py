"""The keyboard's target: the stock, the pile, the new meld's place or one of the side's melds, moved
with Tab and marked by white corner brackets and a pointer (a shape no other mark has: not a colour);
Enter plays onto it, A stages the selected cards onto it, K picks it up."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules.state import Phase
from game.ui import cues
from game.ui.draw_list import DrawList
from game.ui.input_map import Intent
from game.ui.layout import TableLayout
from game.ui.table_view import Homes
from scenes.table_parts.outcomes import Refuse
from scenes.table_parts.view import TableView

Target = str | int  # "stock", "pile", "new", or a meld's id


class Aim:
    def __init__(self) -> None:
        self.index = 0  # into `targets`
        self.stock = self.discard = (0, 0, 0, 0)

    def place(self, layout: TableLayout) -> None:
        self.stock, self.discard = layout.stock, layout.discard

    @staticmethod
    def targets(view: TableView) -> list[Target]:
        return ["stock", "pile", "new"] + [m.id for m in view.state.melds[view.side]]

    def move(self, view: TableView, delta: int) -> None:
        self.index = (self.index + delta) % len(self.targets(view))

    def current(self, view: TableView) -> Target:
        targets = self.targets(view)
        return targets[self.index % len(targets)]

    def onto(self, view: TableView, selected: bool, staged: bool) -> Intent:
        """Enter: the intent of playing onto the target (onto a meld; the new meld's place stages the
        selected cards, or with none lays what is staged)."""
        t = self.current(view)
        if isinstance(t, int):
            return Intent("onto", t)
        if t == "new":
            return Intent("meld" if selected or not staged else "lay")
        return Intent("draw" if t == "stock" else "pile")

    def pick(self, view: TableView) -> Intent | Refuse:
        """K: the target meld picked up (K on another of its rank combines them)."""
        t = self.current(view)
        if isinstance(t, int):
            return Intent("pick", t)
        return Refuse(_("Choose one of your melds with Tab first, then K; then another meld and K."))

    def draw(self, surface: pygame.Surface | DrawList, view: TableView, homes: Homes) -> None:
        """Framed on the player's turn once Tab has moved it (the stock in the draw: the first move)."""
        if not view.my_turn():
            return
        t = self.current(view)
        rect = ({"stock": self.stock, "pile": self.discard, "new": homes.new_meld_zone}.get(t)
                if not isinstance(t, int) else homes.meld_rects.get(t))
        if rect and self.index != 0 or (rect and t == "stock" and view.state.phase == Phase.DRAW):
            framed = pygame.Rect(rect).inflate(12, 12)
            width = max(3, min(framed.w, framed.h) // 28)
            cues.corner_brackets(surface, framed, width)
            cues.pointer(surface, (framed.centerx, framed.top - 3), max(8, width * 3), "down")
