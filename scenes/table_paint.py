"""How the table looks: drawing the felt, the cards, their labels, the panels and the overlays.

A mixin of TableScene kept apart from its input and timing: it only reads the scene's state.
"""

from __future__ import annotations

import pygame
import pytweening

from game.rules.state import Phase
from game.ui import draw_list
from game.ui.draw_list import DrawList
from game.ui.face_wishes import face_wishes
from scenes.table_parts.buttons import Enabled
from scenes.table_parts.cards import Look
from scenes.table_parts.hand import HINT
from scenes.widgets import (
    GOLD,
    INK,
    draw_text,
    ui_unit,
)


class TablePainter:
    """The drawing half of TableScene."""


    def draw(self, surface: pygame.Surface) -> None:
        """Bring the window up to date: the cards' part draws only what changed since the last frame, and
        `updated` says where (for `pygame.display.update`)."""
        if self.layout is None or self.background is None:
            return
        self.updated, again = self.cards.draw(surface, self.look())
        if again:
            self.dirty = True

    def look(self) -> Look:
        """What the cards' look depends on this frame, and what lies over them."""
        u = ui_unit(self.size)
        st = self.state
        return Look(self.background, self.size, lambda: self._under_cards(u), lambda s: self._draw_top(s, u),
                    self.selected, self._highlighted(), set(st.stock[-3:]), set(st.pile[-2:]), self.dragging)

    def _under_cards(self, u: int) -> list[tuple]:
        """The meld areas' shades and labels: they lie under the cards."""
        items = [(("shade", i), shade, shade[0], _draw_shade, shade) for i, shade in enumerate(self.shades)]
        return items + self.melds.label_items(self.view, self.relayouts, u)

    @property
    def window_behind(self) -> bool:
        """Whether the window still shows the frame before this one (see Cards.draw)."""
        return self.cards.window_behind

    def draw_whole(self, surface: pygame.Surface) -> None:
        """The same picture drawn at once on `surface`, without the layers (what they must show)."""
        if self.layout is None or self.background is None:
            return
        self.cards.draw_whole(surface, self.look())

    def cards_in_flight(self) -> list[tuple[pygame.Surface, tuple[int, int], int]]:
        return self.cards.cards_in_flight(self.look())

    @property
    def faces_pending(self) -> bool:
        """Whether faces are still to be drawn ahead (work an idle table does before it rests)."""
        return self.cards.faces_pending

    def _draw_top(self, surface: pygame.Surface | DrawList, u: int) -> None:
        """What lies over the cards: marks, the piles' badges, the panels, buttons, toasts, and any veil."""
        assert self.layout is not None
        self._note_marks(surface, u)
        self.piles.draw(surface, self.view, u)
        self.log_panel.draw(surface)
        self.score_panel.draw(surface, self.view, u, self.relayouts)
        self.draw_message_line(surface, u)
        self.button_bar.draw(surface, self._enabled())
        self._draw_flourishes(surface, u)
        self.panels.draw(surface, self.view, self.log, self.size, u, max(14, self.layout.label_px))
        self.dialogs.draw(surface, self.size, u)

    def _face_wishes(self) -> list[tuple[int, int | None]]:
        if self.layout is None:
            return []
        return face_wishes(self.state, self.seat, self.layout, self.homes)

    def _enabled(self) -> Enabled:
        mine = self._my_turn()
        return Enabled(mine=mine, melding=mine and self.state.phase == Phase.MELD, staged=bool(self.staging),
                       selected=bool(self.selected), can_undo=self.controller.can_undo, can_ask=self.can_ask,
                       suit_order=self.sort_mode == "suit", partners=self.state.players == 4)

    def _keyboard_focus_visible(self) -> bool:
        return self._my_turn()

    def _highlighted(self) -> int | None:
        return self.hand.highlighted(self._keyboard_focus_visible())

    def _note_marks(self, surface: pygame.Surface | DrawList, u: int) -> None:
        """The marks, noted once per look of the table and kept: they depend on the game (a change of it
        lays the cards out again, `relayouts`), the picked meld, the hint, a drag and the keyboard target."""
        if not isinstance(surface, DrawList):
            self._draw_marks(surface, u)
            return
        key = (self.relayouts, self.picked_meld, self.hint, tuple(self.dragging), self.target, self.size, u)
        cached = self.__dict__.get("_marks_cache")
        if cached is None or cached[0] != key:
            notes = DrawList(self.size, tag="marks")
            self._draw_marks(notes, u)
            self._marks_cache = cached = (key, notes.items)
        surface.items.extend(cached[1])

    def _draw_marks(self, surface: pygame.Surface, u: int) -> None:
        """Canasta ribbons, staged outlines, the keyboard target, hand counts of the others."""
        assert self.layout is not None
        small = max(12, u * 2 // 3)
        self.melds.draw_marks(surface, self.view)
        self._draw_hand_marks(surface)
        if self._my_turn():
            targets = self._targets()
            t = targets[self.target % len(targets)]
            rect = {"stock": self.layout.stock, "pile": self.layout.discard,
                    "new": self.homes.new_meld_zone}.get(t) if not isinstance(t, int) else self.homes.meld_rects.get(t)
            if rect and self.target != 0 or (rect and t == "stock" and self.state.phase == Phase.DRAW):
                draw_list.rect(surface, (255, 255, 255), pygame.Rect(rect).inflate(10, 10), width=2,
                                 border_radius=8)
        for s, area in self.layout.seat_fans.items():
            if s == self.seat:
                continue
            r = pygame.Rect(area)
            text = f"{self.names[s]}: {len(self.state.hands[s])}"
            color = GOLD if self.state.to_act == s and self.state.phase not in (Phase.DEAL, Phase.GAME_OVER) else INK
            pos = self.layout.seat_position(s)
            if pos == "top":
                draw_text(surface, text, small, color, (r.left - u // 2, r.centery), "midright", bold=True, shadow=True)
            elif pos == "left":
                draw_text(surface, text, small, color, (4, r.top - 4), "bottomleft", bold=True, shadow=True)
            else:
                draw_text(surface, text, small, color, (self.size[0] - 4, r.top - 4), "bottomright", bold=True,
                          shadow=True)

    def _draw_hand_marks(self, surface: pygame.Surface | DrawList) -> None:
        """The hand's marks (drawn this turn, playable, the hint's cards), and the hint's meld framed."""
        self.hand.draw_marks(surface, self.playable, self.hint.cards if self.hint is not None else ())
        if self.hint is not None and self.hint.meld is not None and self.hint.meld in self.homes.meld_rects:
            draw_list.rect(surface, HINT, pygame.Rect(self.homes.meld_rects[self.hint.meld]).inflate(10, 10),
                           width=3, border_radius=8)

    def draw_message_line(self, surface: pygame.Surface | DrawList, u: int) -> None:
        assert self.layout is not None
        self.messages.place(self.layout.status, self._message_room())
        self.messages.draw(surface, self.view, u)

    def _message_room(self) -> int:
        """Where the message line ends: the sound switch sits at its right end."""
        assert self.layout is not None
        r = self.layout.status
        return self.button_bar.message_room if self.buttons["sound"].rect.w else r[0] + r[2]

    def _draw_flourishes(self, surface: pygame.Surface, u: int) -> None:
        for i, f in enumerate(self.flourishes):
            t = f.age / f.life
            scale = 0.6 + 0.6 * pytweening.easeOutElastic(min(1.0, t * 2.5))
            alpha = 255 if t < 0.7 else round(255 * (1 - (t - 0.7) / 0.3))
            size = round(u * 1.4 * scale)
            img = _font(size, True).render(f.text, True, GOLD)
            img.set_alpha(alpha)
            where = self.homes.meld_rects.get(f.meld)
            rect = pygame.Rect(where) if where else pygame.Rect(0, 0, self.size[0], self.size[1] // 2)
            spot = img.get_rect(center=(rect.centerx, rect.centery + i * round(u * 1.6)))
            # Over a meld at the window's edge the words come inwards rather than run off it.
            surface.blit(img, spot.clamp(pygame.Rect((0, 0), self.size)))


def _draw_shade(surface: pygame.Surface, shade: tuple) -> None:
    """A meld area's darker felt: as a black layer `alpha` opaque would, darkened in place."""
    rect, alpha = shade
    keep = 255 - alpha
    surface.fill((keep, keep, keep), rect, pygame.BLEND_RGB_MULT)


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    from game.assets import font

    return font(size, bold)
