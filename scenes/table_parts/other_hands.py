"""How many cards each other seat holds, written by its fanned backs in words ("West · 10 cards": a bare
"West: 10" reads as a score), in gold for the seat to act, with a pointer at its name (not the colour
alone)."""

from __future__ import annotations

import pygame

from game.rules.state import Phase
from game.ui import cues
from game.ui.draw_list import DrawList
from game.ui.layout import TableLayout
from game.ui.looks import text_scale
from game.ui.narrate import hand_count
from scenes.table_parts.view import TableView
from scenes.widgets import GOLD, INK, draw_text, fit_size


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
        labels = {s: hand_count(view.names[s], len(st.hands[s])) for s in self.layout.seat_fans if s != view.seat}
        top = [s for s in labels if self.layout.seat_position(s) == "top"]
        # The top seat's label ends this far left of its fan: the normal text size's, so that a larger one
        # leaves the labels the same strip (they were fitted into less, 22 px at normal became 21 at large).
        off = round(u / text_scale()) // 2
        if top:  # the top seat's label and the left seat's share the strip left of the top fan: both fit it
            room = pygame.Rect(self.layout.seat_fans[top[0]]).left - off - 4
            beside = [labels[s] for s in labels if self.layout.seat_position(s) in ("left", "top")]
            small = fit_size("\u2003".join(beside), small, room, 12)
        for s, area in self.layout.seat_fans.items():
            if s == view.seat:
                continue
            r = pygame.Rect(area)
            text = labels[s]
            to_act = st.to_act == s and st.phase not in (Phase.DEAL, Phase.GAME_OVER)
            color = GOLD if to_act else INK
            pos = self.layout.seat_position(s)
            if pos == "top":
                drawn = draw_text(surface, text, small, color, (r.left - off, r.centery), "midright", bold=True,
                                  shadow=True)
            elif pos == "left":
                drawn = draw_text(surface, text, small, color, (4, r.top - 4), "bottomleft", bold=True, shadow=True)
            else:
                drawn = draw_text(surface, text, small, color, (size[0] - 4, r.top - 4), "bottomright", bold=True,
                                  shadow=True)
            if to_act:  # the seat to play: a pointer at its name, not its gold alone
                cues.pointer(surface, (drawn.centerx, drawn.top), max(6, small // 2), "down", fill=GOLD)
