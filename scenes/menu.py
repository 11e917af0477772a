"""The main menu: new game, rules in brief, quit. Arrows and Enter, or the mouse."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.anim import Animator
from game.app import App, Scene
from game.assets import font
from game.i18n import _
from game.ui.card_faces import CardFaces
from game.ui.layout import card_height
from scenes.widgets import (
    GOLD,
    INK,
    INK_DIM,
    Button,
    Dialog,
    FocusGroup,
    Toasts,
    draw_panel,
    draw_text,
    felt_background,
    ui_unit,
    wrap_text,
)

# An escalera of hearts, ten to ace, fanned under the title: the game's signature meld.
FAN_CARDS = (26 + 8, 26 + 9, 26 + 10, 26 + 11, 26 + 12)


def rules_summary() -> list[str]:
    """The rules in brief, one paragraph each (built at call time so the language applies)."""
    return [
        _("Two, three or four players; at four, partners sit opposite and share their melds."),
        _("Each turn: draw two cards from the stock, or take the discard pile; meld; discard one."),
        _(
            "A meld is three or more cards of one rank (4 to ace), with at most two wild cards "
            "and at least twice as many natural cards as wild ones. Twos and jokers are wild."
        ),
        _("An escalera is a run of 3 to 7 cards of one suit, from 4 up to ace, with no wild card."),
        _(
            "Seven cards make a canasta: natural 500, mixed 300, escalera 1,500, "
            "and seven wild cards, a bolivia, 2,500."
        ),
        _("Red threes are laid out at once and score 100 each. A black three left in hand costs 100."),
        _("Your side may go out once it has an escalera and one more canasta."),
        _("The first side to reach 15,000 points wins."),
    ]


class MenuScene(Scene):
    """The title screen. `on_new_game` is called when the player starts a game."""

    def __init__(
        self,
        on_new_game: Callable[[], None] | None = None,
        on_rules: Callable[[], None] | None = None,
        on_quit: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.on_new_game = on_new_game
        self.on_rules = on_rules
        self.on_quit = on_quit
        self.buttons = FocusGroup(
            [
                Button(_("New game"), self._new_game),
                Button(_("Rules in brief"), self._rules),
                Button(_("Quit"), self._quit),
            ]
        )
        self.back_button = Button(_("Back"), self.close_rules)
        self.showing_rules = False
        self.dialog: Dialog | None = None
        self.toasts = Toasts()
        self.anim = Animator()
        self.fan_rise = 0.0  # 1 = the fan still below its place, 0 = arrived
        self._background: pygame.Surface | None = None
        self._fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._unit = ui_unit(self.size)
        self._rules_panel = pygame.Rect(0, 0, 0, 0)

    # --- scene hooks -----------------------------------------------------------------

    def enter(self, app: App) -> None:
        super().enter(app)
        self.fan_rise = 1.0
        self.anim.tweens.tween(self, "fan_rise", 0.0, 0.7, "easeOutCubic", delay=0.1)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self._unit = ui_unit(size)
        self._background = None  # redrawn lazily at the new size
        self._fan = self._build_fan(size)
        bw, bh, gap = min(w - 2 * u, u * 13), round(u * 2.2), round(u * 0.6)
        top = round(h * 0.55)
        room = h - top - round(u * 1.8)
        n = len(self.buttons.buttons)
        if n * bh + (n - 1) * gap > room:  # a short window: smaller buttons, never off-screen
            bh = max(u, (room - (n - 1) * gap) // n)
        for i, b in enumerate(self.buttons.buttons):
            b.rect = pygame.Rect((w - bw) // 2, top + i * (bh + gap), bw, bh)
        self._rules_panel = pygame.Rect(0, 0, min(w - 2 * u, u * 34), h - 2 * u)
        self._rules_panel.center = (w // 2, h // 2)
        self.back_button.rect = pygame.Rect(0, 0, u * 7, round(u * 2))
        self.back_button.rect.midbottom = (w // 2, self._rules_panel.bottom - u // 2)
        self.back_button.focused = True
        if self.dialog is not None:
            self.dialog.layout(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None and self.dialog.open:
            if self.dialog.handle_event(event):
                self.dirty = True
            return
        if self.showing_rules:
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_SPACE,
                pygame.K_BACKSPACE,
            ):
                self.close_rules()
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                if self.back_button.rect.collidepoint(event.pos):
                    self.close_rules()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_quit()
            return
        if self.buttons.handle_event(event):
            self.dirty = True

    def update(self, dt: float) -> None:
        busy = not self.anim.idle
        self.anim.update(dt)
        if busy:  # also the frame where a tween lands, to draw its end position
            self.dirty = True
        if self.toasts.update(dt):
            self.dirty = True
        if self.dialog is not None and not self.dialog.open:
            self.dialog = None
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = felt_background(surface.get_size())
        surface.blit(self._background, (0, 0))
        w, h = surface.get_size()
        u = self._unit
        if self.showing_rules:
            self._draw_rules(surface)
        else:
            title_size = max(28, round(min(h * 0.14, w * 0.11)))
            draw_text(surface, _("Bolivia"), title_size, GOLD, (w // 2, round(h * 0.035)), "midtop", True, True)
            draw_text(
                surface, _("Bolivian Canasta"), u, INK, (w // 2, round(h * 0.035) + title_size * 5 // 4), "midtop"
            )
            rise = round(self.fan_rise * h * 0.12)
            alpha = round(255 * (1 - self.fan_rise))
            for img, rect in self._fan:
                if alpha < 255:
                    img.set_alpha(alpha)
                    surface.blit(img, rect.move(0, rise))
                    img.set_alpha(255)  # None would switch off per-pixel alpha as well
                else:
                    surface.blit(img, rect)
            self.buttons.draw(surface)
            hint = _("Arrow keys to choose, Enter to confirm")
            draw_text(surface, hint, max(14, u * 3 // 4), INK_DIM, (w // 2, h - u // 2), "midbottom")
        self.toasts.draw(surface, (w // 2, h - u // 4), u)  # over the hint line, clear of buttons
        if self.dialog is not None and self.dialog.open:
            self.dialog.draw(surface)

    # --- actions ---------------------------------------------------------------------

    def _new_game(self) -> None:
        if self.on_new_game is not None:
            self.on_new_game()
        else:
            self.toasts.show(_("A new game is not available yet."))
        self.dirty = True

    def _rules(self) -> None:
        if self.on_rules is not None:
            self.on_rules()
        else:
            self.showing_rules = True
        self.dirty = True

    def close_rules(self) -> None:
        self.showing_rules = False
        self.dirty = True

    def _quit(self) -> None:
        if self.on_quit is not None:
            self.on_quit()
        elif self.app is not None:
            self.app.quit()

    def ask_quit(self) -> None:
        """Escape on the menu asks first: a stray key press must not end the session."""

        def answer(yes: bool) -> None:
            if yes:
                self._quit()

        self.dialog = Dialog(_("Quit Bolivia?"), answer, yes=_("Quit"), no=_("Stay"))
        self.dialog.layout(self.size)
        self.dirty = True

    # --- drawing helpers -------------------------------------------------------------

    def _build_fan(self, size: tuple[int, int]) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The decorative card fan, rotated once per window size (rotating is slow)."""
        w, h = size
        card_w = max(24, round(h * 0.19 / 1.4))
        faces = CardFaces(card_w)
        radius = card_height(card_w) * 1.6
        pivot = (w // 2, round(h * 0.375 + radius))
        n = len(FAN_CARDS)
        out = []
        for i, cid in enumerate(FAN_CARDS):
            angle = (i - (n - 1) / 2) * 13.0  # degrees, left to right
            card = pygame.Surface((card_w + faces.shadow_offset, faces.height + faces.shadow_offset), pygame.SRCALPHA)
            faces.blit(card, cid, (0, 0))
            img = pygame.transform.rotozoom(card, -angle, 1.0)
            a = math.radians(angle)
            cx = pivot[0] + radius * math.sin(a)
            cy = pivot[1] - radius * math.cos(a)
            out.append((img.convert_alpha(), img.get_rect(center=(round(cx), round(cy)))))
        return out

    def _draw_rules(self, surface: pygame.Surface) -> None:
        panel = self._rules_panel
        u = self._unit
        draw_panel(surface, panel, max(8, u // 2))
        draw_text(surface, _("Rules in brief"), round(u * 1.4), GOLD, (panel.centerx, panel.top + u), "midtop", True)
        top = panel.top + round(u * 3.2)
        bottom = self.back_button.rect.top - u // 2
        width = panel.w - 3 * u
        size = u
        while True:  # the largest text that fits the panel
            fnt = font(size)
            blocks = [wrap_text("• " + p, fnt, width) for p in rules_summary()]
            line_h = round(size * 1.25)
            needed = sum(len(b) * line_h for b in blocks) + (len(blocks) - 1) * (size // 2)
            if needed <= bottom - top or size <= 12:
                break
            size -= 1
        y = top
        for block in blocks:
            for j, line in enumerate(block):
                x = panel.left + round(u * 1.5) + (fnt.size("• ")[0] if j else 0)
                surface.blit(fnt.render(line, True, INK), (x, y))
                y += line_h
            y += size // 2
        self.back_button.draw(surface)
