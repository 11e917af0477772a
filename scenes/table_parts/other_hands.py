"""How many cards each other seat holds, written by its fanned backs, in gold for the seat to act."""

from __future__ import annotations

import pygame

from game.rules.state import Phase
from game.ui.draw_list import DrawList
from game.ui.layout import TableLayout
from scenes.table_parts.view import TableView
from scenes.widgets import GOLD, INK, draw_text


class OtherHands:
    def __init__(self) -> None:
        self.layout: TableLayout | None = None

    def place(self, layout: TableLayout) -> None:
        self.layout = layout

    def draw(self, surface: pygame.Surface | DrawList, view: TableView, size: tuple[int, int], u: int) -> None:
        if self.layout is None:
            return
        st = view.state
        small = max(12, u * 2 // 3)
        for s, area in self.layout.seat_fans.items():
            if s == view.seat:
                continue
            r = pygame.Rect(area)
            text = f"{view.names[s]}: {len(st.hands[s])}"
            color = GOLD if st.to_act == s and st.phase not in (Phase.DEAL, Phase.GAME_OVER) else INK
            pos = self.layout.seat_position(s)
            if pos == "top":
                draw_text(surface, text, small, color, (r.left - u // 2, r.centery), "midright", bold=True, shadow=True)
            elif pos == "left":
                draw_text(surface, text, small, color, (4, r.top - 4), "bottomleft", bold=True, shadow=True)
            else:
                draw_text(surface, text, small, color, (size[0] - 4, r.top - 4), "bottomright", bold=True,
                          shadow=True)
