"""The main menu: new game, rules in brief, quit. Arrows and Enter, or the mouse."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.anim import Animator
from game.app import App, Scene
from game.assets import font
from game.i18n import _, number
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
    draw_message_box,
    draw_panel,
    draw_text,
    felt_background,
    ui_unit,
    wrap_text,
)

# An escalera of hearts, ten to ace, fanned under the title: the game's signature meld.
FAN_CARDS = (26 + 8, 26 + 9, 26 + 10, 26 + 11, 26 + 12)


def rules_summary(target: int = 15000) -> list[str]:
    """The rules in brief, one paragraph each (built at call time so the language applies)."""
    return [
        _("Two, three or four players; at four, partners sit opposite and share their melds."),
        _("Each turn: draw two cards from the stock, or take the discard pile; meld; discard one."),
        _(
            "A meld is three or more cards of one rank (4 to ace), with at most two wild cards "
            "and at least twice as many natural cards as wild ones. Twos and jokers are wild."
        ),
        _(
            "A run is 3 to 7 cards of one suit in order, from 4 up to ace, with no wild card. "
            "A run of seven cards is an escalera."
        ),
        _(
            "Seven cards make a canasta: natural 500, mixed 300, escalera 1,500, "
            "and seven wild cards, a bolivia, 2,500."
        ),
        _(
            "A side's first meld must reach a minimum set by its score: 15 below zero, 50 from 0, "
            "90 from 1,500, 120 from 3,000, 150 from 7,000."
        ),
        _(
            "Red threes are laid out at once: 100 each, 1,000 for all six. They count plus for a side "
            "that can go out at the end of the hand, minus for a side that can't."
        ),
        _("Black threes can be melded only when going out. A black three left in hand costs 100."),
        _(
            "Your side may go out once it has an escalera and one more canasta: "
            "100 for going out, 200 for going out concealed."
        ),
        _("The first side to reach {target} points wins; a tie for the lead is a draw.").format(
            target=number(target)
        ),
    ]


class Notice:
    """A message with one OK button, over the menu (a damaged save, a file that could not be written)."""

    def __init__(self, message: str) -> None:
        self.message = message
        self.ok = Button(_("OK"), self.close)
        self.ok.focused = True
        self.open = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 20
        self._lines: list[str] = []

    def close(self) -> None:
        self.open = False

    def layout(self, size: tuple[int, int]) -> None:
        u = self.unit = ui_unit(size)
        width = min(size[0] - 2 * u, u * 26)
        self._lines = wrap_text(self.message, font(u), width - 2 * u)
        height = len(self._lines) * round(u * 1.35) + u * 6
        self.rect = pygame.Rect(0, 0, width, min(height, size[1] - u))
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = min(u * 7, width - 2 * u), round(u * 2.1)
        self.ok.rect = pygame.Rect(0, 0, bw, bh)
        self.ok.rect.midbottom = (self.rect.centerx, self.rect.bottom - round(u * 1.1))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE
        ):
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.ok.rect.collidepoint(event.pos):
            self.ok.pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.ok.pressed and self.ok.rect.collidepoint(event.pos):
                self.close()
            self.ok.pressed = False

    def draw(self, surface: pygame.Surface) -> None:
        draw_message_box(surface, self.rect, self._lines, self.unit)
        self.ok.draw(surface)


class MenuScene(Scene):
    """The title screen. `on_new_game` is called when the player starts a game."""

    def __init__(
        self,
        on_new_game: Callable[[], None] | None = None,
        on_rules: Callable[[], None] | None = None,
        on_quit: Callable[[], None] | None = None,
        on_continue: Callable[[], None] | None = None,
        continue_info: str | None = None,
        target: int = 15000,
    ) -> None:
        """With `on_continue` the menu offers "Continue game" first (a saved game exists);
        `continue_info` says which game, and New game then asks before replacing it."""
        super().__init__()
        self.on_new_game = on_new_game
        self.on_rules = on_rules
        self.on_quit = on_quit
        self.on_continue = on_continue
        self.continue_info = continue_info
        self.target = target
        buttons = [
            Button(_("New game"), self._new_game),
            Button(_("Rules in brief"), self._rules),
            Button(_("Quit"), self._quit),
        ]
        if on_continue is not None:
            buttons.insert(0, Button(_("Continue game"), self._continue))
        self.buttons = FocusGroup(buttons)
        self.back_button = Button(_("Back"), self.close_rules)
        self.next_button = Button(_("Next page"), lambda: self.turn_page(1))
        self.prev_button = Button(_("Previous"), lambda: self.turn_page(-1))
        self.showing_rules = False
        self.rules_page = 0
        self._pages: list[list[list[str]]] = []  # pages of paragraphs of wrapped lines
        self._rules_size = 16
        self.dialog: Dialog | None = None
        self.notices: list[Notice] = []
        self.toasts = Toasts()
        self.anim = Animator()
        self.fan_rise = 0.0  # 1 = the fan still below its place, 0 = arrived
        self._background: pygame.Surface | None = None
        self._fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._unit = ui_unit(self.size)
        self._rules_panel = pygame.Rect(0, 0, 0, 0)

    def ask(self, message: str, on_answer: Callable[[bool], None], yes: str, no: str) -> None:
        """A yes/no question over the menu (another copy of the game is open)."""
        self.dialog = Dialog(message, on_answer, yes=yes, no=no)
        self.dialog.layout(self.size)
        self.dirty = True

    def notice(self, message: str) -> None:
        """Show a message with an OK button (several wait their turn)."""
        n = Notice(message)
        n.layout(self.size)
        self.notices.append(n)
        self.dirty = True

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
        bw = min(u * 7, (self._rules_panel.w - 2 * u) // 3)
        self.back_button.rect = pygame.Rect(0, 0, bw, round(u * 2))
        self.back_button.rect.midbottom = (w // 2, self._rules_panel.bottom - u // 2)
        self.back_button.focused = True
        self.prev_button.rect = self.back_button.rect.move(-(bw + u // 2), 0)
        self.next_button.rect = self.back_button.rect.move(bw + u // 2, 0)
        self._paginate()
        if self.dialog is not None:
            self.dialog.layout(size)
        for n in self.notices:
            n.layout(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.notices:
            self.notices[0].handle_event(event)
            if not self.notices[0].open:
                self.notices.pop(0)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.dirty = True
            return
        if self.dialog is not None and self.dialog.open:
            if self.dialog.handle_event(event):
                self.dirty = True
            return
        if self.showing_rules:
            self._rules_event(event)
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
            if self.continue_info and self.buttons.focus == 0:
                hint = self.continue_info
            draw_text(surface, hint, max(14, u * 3 // 4), INK_DIM, (w // 2, h - u // 2), "midbottom")
        self.toasts.draw(surface, (w // 2, h - u // 4), u)  # over the hint line, clear of buttons
        if self.dialog is not None and self.dialog.open:
            self.dialog.draw(surface)
        if self.notices:
            self.notices[0].draw(surface)

    # --- actions ---------------------------------------------------------------------

    def _new_game(self) -> None:
        if self.on_new_game is None:
            self.toasts.show(_("A new game is not available yet."))
        elif self.on_continue is not None:
            # A game is in progress: starting another would replace it, so ask first.
            on_new_game = self.on_new_game

            def answer(yes: bool) -> None:
                if yes:
                    on_new_game()

            self.dialog = Dialog(
                _("You have a game in progress. Set up a new game instead? The game in progress is "
                  "kept until the new game starts."),
                answer,
                yes=_("New game"),
                no=_("Keep it"),
            )
            self.dialog.layout(self.size)
        else:
            self.on_new_game()
        self.dirty = True

    def _continue(self) -> None:
        if self.on_continue is not None:
            self.on_continue()
        self.dirty = True

    def _rules(self) -> None:
        if self.on_rules is not None:
            self.on_rules()
        else:
            self.showing_rules = True
            self.rules_page = 0
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

    def _rules_event(self, event: pygame.event.Event) -> None:
        """The rules pages: ← → (or Page Up / Down, Space) turn the page, Enter reads on then closes,
        Esc or Backspace closes; the mouse uses the buttons."""
        if event.type == pygame.KEYDOWN:
            last = self.rules_page >= len(self._pages) - 1
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close_rules()
            elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_DOWN, pygame.K_SPACE):
                self.turn_page(1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_UP):
                self.turn_page(-1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if last:
                    self.close_rules()
                else:
                    self.turn_page(1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self._rules_buttons():
                if b.rect.collidepoint(event.pos):
                    b.activate()
                    break

    def _rules_buttons(self) -> list[Button]:
        out = [self.back_button]
        if self.rules_page > 0:
            out.append(self.prev_button)
        if self.rules_page < len(self._pages) - 1:
            out.append(self.next_button)
        return out

    def turn_page(self, delta: int) -> None:
        self.rules_page = max(0, min(len(self._pages) - 1, self.rules_page + delta))
        self.dirty = True

    def _paginate(self) -> None:
        """The rules at the largest size that fits one page; below a readable size, several pages."""
        panel = self._rules_panel
        u = self._unit
        top = panel.top + round(u * 3.2)
        room = self.back_button.rect.top - u // 2 - top
        width = panel.w - 3 * u
        readable = max(16, round(u * 0.82))
        size = u
        while True:
            fnt = font(size)
            blocks = [wrap_text("• " + p, fnt, width) for p in rules_summary(self.target)]
            line_h = round(size * 1.25)
            needed = sum(len(b) * line_h for b in blocks) + (len(blocks) - 1) * (size // 2)
            if needed <= room or size <= readable:
                break
            size -= 1
        pages: list[list[list[str]]] = [[]]
        used = 0
        for block in blocks:
            h = len(block) * line_h + size // 2
            if pages[-1] and used + h > room:
                pages.append([])
                used = 0
            pages[-1].append(block)
            used += h
        self._pages = pages
        self._rules_size = size
        self.rules_page = min(self.rules_page, len(pages) - 1)

    def _draw_rules(self, surface: pygame.Surface) -> None:
        panel = self._rules_panel
        u = self._unit
        draw_panel(surface, panel, max(8, u // 2))
        draw_text(surface, _("Rules in brief"), round(u * 1.4), GOLD, (panel.centerx, panel.top + u), "midtop", True)
        size = self._rules_size
        fnt = font(size)
        line_h = round(size * 1.25)
        y = panel.top + round(u * 3.2)
        for block in self._pages[self.rules_page] if self._pages else []:
            for j, line in enumerate(block):
                x = panel.left + round(u * 1.5) + (fnt.size("• ")[0] if j else 0)
                surface.blit(fnt.render(line, True, INK), (x, y))
                y += line_h
            y += size // 2
        if len(self._pages) > 1:
            text = _("Page {n} of {total}").format(n=self.rules_page + 1, total=len(self._pages))
            draw_text(surface, text, max(14, u * 2 // 3), INK_DIM, (panel.right - u, panel.top + u // 2), "topright")
        self.next_button.focused = self.rules_page < len(self._pages) - 1
        self.back_button.focused = not self.next_button.focused
        for b in self._rules_buttons():
            b.draw(surface)
