"""A one-line text field: typed into when it has the focus (a click on it, or Tab), its text drawn in it."""

from __future__ import annotations

import pygame

from game.assets import font
from scenes.widgets import GOLD, INK, INK_DIM, draw_text


class TextField:
    def __init__(self, text: str = "", longest: int = 80, placeholder: str = "") -> None:
        self.text = text
        self.longest = longest
        self.placeholder = placeholder
        self.shown = ""
        self.focused = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was the field's (a key typed while focused, a click on it)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused or was
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            clean = "".join(ch for ch in event.text if ch.isprintable())
            self.text = (self.text + clean)[: self.longest]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return True
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                try:
                    pasted = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
                except pygame.error:
                    pasted = ""
                self.text = (self.text + " ".join(pasted.split()))[: self.longest]
                return True
            # Letters come as TEXTINPUT; other keys (Enter, Tab, Escape) belong to the screen.
            return event.unicode.isprintable() and bool(event.unicode)
        return False

    def draw(self, surface: pygame.Surface, px: int) -> None:
        r = self.rect
        pygame.draw.rect(surface, (16, 52, 34), r, border_radius=max(4, r.h // 5))
        # Focused: gold, twice as thick, and the caret (not the colour alone).
        pygame.draw.rect(surface, GOLD if self.focused else INK_DIM, r, width=4 if self.focused else 2,
                         border_radius=max(4, r.h // 5))
        shown = self.text + ("|" if self.focused else "")
        colour = INK
        if not self.text and not self.focused:
            shown, colour = self.placeholder, INK_DIM
        f = font(px)
        while shown and f.size(shown)[0] > r.w - px:
            # The end of a long text shows, where the typing is; a placeholder reads from its start.
            shown = shown[:-1] if colour == INK_DIM else shown[1:]
        self.shown = shown  # what the field last showed: a placeholder cut short says nothing true
        draw_text(surface, shown, px, colour, (r.x + px // 2, r.centery), "midleft")
