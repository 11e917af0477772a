"""The stock and the discard pile: their badges (how many cards, blocked, frozen), a frozen pile's wild
card crosswise under the top card, and a click on either turned into an intent. The cards themselves
are drawn with every other card (they fly between parts); this part draws what lies over them."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules.cards import BLACK_THREE, RED_THREE, WILD
from game.rules.ruleset import FROZEN_BY_WILD
from game.rules.state import Phase
from game.ui import draw_list
from game.ui.card_faces import FaceCache
from game.ui.draw_list import DrawList
from game.ui.input_map import Intent
from game.ui.layout import contains_point
from scenes.table_parts.view import TableView
from scenes.widgets import INK_DIM, fit_size, text_image

BADGE_READABLE = 12  # px: below this a badge's words go on two lines


class Piles:
    def __init__(self, faces: FaceCache) -> None:
        self.faces = faces  # the table's card faces: the crosswise wild card is one of them
        self.stock = pygame.Rect(0, 0, 0, 0)
        self.discard = pygame.Rect(0, 0, 0, 0)
        self._crosswise: dict[tuple[int, int], pygame.Surface] = {}

    def place(self, stock: tuple[int, int, int, int], discard: tuple[int, int, int, int]) -> None:
        self.stock, self.discard = pygame.Rect(stock), pygame.Rect(discard)

    def intent_at(self, pos: tuple[int, int]) -> Intent | None:
        """A click on the stock draws; on the pile it takes it, or discards the card selected."""
        if contains_point(tuple(self.stock), pos):
            return Intent("draw")
        if contains_point(tuple(self.discard), pos):
            return Intent("pile")
        return None

    def draw(self, surface: pygame.Surface | DrawList, view: TableView, u: int) -> None:
        state = view.state
        small = max(12, u * 2 // 3)
        st, pi = self.stock, self.discard
        if not state.stock:
            draw_list.rect(surface, INK_DIM, st, width=2, border_radius=8)
        if not state.pile:
            draw_list.rect(surface, INK_DIM, pi, width=2, border_radius=8)
        freeze = state.pile_freeze(view.side) if state.pile else None
        if freeze == FROZEN_BY_WILD:
            self.draw_crosswise_wild(surface, view, pi)
        self.badge(surface, _("Stock {n}").format(n=len(state.stock)), st, small)
        self.badge(surface, _("Pile {n}").format(n=len(state.pile)), pi, small)
        if state.pile_blocked():
            top = state.pile[-1]
            text = _("BLOCKED")
            if BLACK_THREE[top] and state.rules.pile_freezes and state.phase == Phase.DRAW:
                text = _("Blocked for {who}").format(who=view.names[state.turn])  # one player only
            self.badge(surface, text, pi, small, (170, 20, 20), middle=True)
        elif freeze is not None:
            self.badge(surface, _("FROZEN"), pi, small, (30, 70, 150), middle=True)

    def draw_crosswise_wild(self, surface: pygame.Surface | DrawList, view: TableView, pile: pygame.Rect) -> None:
        """A frozen pile: its wild card lies crosswise, sticking out on both sides of the pile."""
        state = view.state
        wild = next((c for c in reversed(state.pile) if WILD[c] or RED_THREE[c]), None)
        if wild is None:
            return
        key = (wild, pile.w)
        if key not in self._crosswise:
            self._crosswise.clear()
            self._crosswise[key] = pygame.transform.rotate(self.faces.get(max(12, pile.w)).face(wild), 90)
        img = self._crosswise[key]
        surface.blit(img, img.get_rect(center=pile.center))
        top = state.pile[-1]  # the top card lies over it, as on a real table
        if top != wild:
            surface.blit(self.faces.get(max(12, pile.w)).face(top), pile.topleft)

    @staticmethod
    def badge(surface: pygame.Surface | DrawList, text: str, card: pygame.Rect, size: int,
              color: tuple[int, int, int] = (12, 40, 24), middle: bool = False) -> None:
        """A label on a card, shrunk to the card's width so neighbours never overlap; a label too long
        to stay readable on one line ("Blocked for North") goes on two."""
        room = card.w - 8
        lines = [text]
        words = text.split()
        if len(words) > 1 and fit_size(text, size, room, 9) < min(size, BADGE_READABLE):
            cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        px = min(fit_size(line, size, room, 9) for line in lines)
        images = [text_image(line, px, (255, 255, 255), True) for line in lines]
        tag = pygame.Rect(0, 0, card.w - 2, sum(img.get_height() for img in images) + 6)
        tag.midbottom = (card.centerx, card.bottom - 3) if not middle else (card.centerx, card.centery + tag.h // 2)
        draw_list.rect(surface, color, tag, border_radius=5)
        y = tag.y + 3
        for img in images:
            surface.blit(img, img.get_rect(midtop=(tag.centerx, y)))
            y += img.get_height()
