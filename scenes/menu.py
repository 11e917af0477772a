"""The main menu: continue, new game, settings, statistics, rules, quit. Arrows and Enter, or the mouse."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.anim import Animator
from game.assets import font
from game.i18n import _
from game.ui.card_faces import CardFaces
from game.ui.layout import card_height
from game.ui.looks import text_scale
from scenes.scene import Host, Scene
from scenes.spoken_screens import speak
from scenes.widgets import (
    BUTTON_LABEL,
    GOLD,
    INK,
    INK_DIM,
    Button,
    Dialog,
    FocusGroup,
    Toasts,
    draw_message_box,
    draw_text,
    felt_background,
    frame_unit,
    ui_unit,
    wrap_text,
)

Fanned = tuple[pygame.Surface, pygame.Rect]  # one card of the title fan, rotated, and where it goes
READABLE_BUTTON = math.ceil(16 / BUTTON_LABEL)  # the shortest menu button whose label is 16 px
# An escalera of hearts, ten to ace, fanned under the title: the game's signature meld.
FAN_CARDS = (26 + 8, 26 + 9, 26 + 10, 26 + 11, 26 + 12)


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
        on_settings: Callable[[], None] | None = None,
        on_statistics: Callable[[], None] | None = None,
        on_lessons: Callable[[], None] | None = None,
        on_friends: Callable[[], None] | None = None,
    ) -> None:
        """With `on_continue` the menu offers "Continue game" first (a saved game exists);
        `continue_info` says which game, and New game then asks before replacing it."""
        super().__init__()
        self.on_new_game = on_new_game
        self.on_rules = on_rules
        self.on_quit = on_quit
        self.on_continue = on_continue
        self.continue_info = continue_info
        self.on_settings = on_settings
        self.on_statistics = on_statistics
        self.on_lessons = on_lessons
        self.on_friends = on_friends
        self._friends = Button(_("Play with friends"), lambda: self._open(self.on_friends))
        buttons = [
            Button(_("New game"), self._new_game),
            self._friends,
            Button(_("Learn to play"), lambda: self._open(self.on_lessons)),
            Button(_("Settings"), lambda: self._open(self.on_settings)),
            Button(_("Statistics"), lambda: self._open(self.on_statistics)),
            Button(_("Rules"), lambda: self._open(self.on_rules)),
            Button(_("Quit"), self._quit),
        ]
        if on_continue is not None:
            buttons.insert(0, Button(_("Continue game"), self._continue))
        self.buttons = FocusGroup(buttons)
        self.dialog: Dialog | None = None
        self.notices: list[Notice] = []
        self.toasts = Toasts()
        self.anim = Animator()
        self.fan_rise = 0.0  # 1 = the fan still below its place, 0 = arrived
        self._fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._unit = ui_unit(self.size)
        self._sub_px = self._unit
        self._title_size = 28
        self._title = pygame.Rect(0, 0, 0, 0)
        self._subtitle = pygame.Rect(0, 0, 0, 0)
        self._hint = pygame.Rect(0, 0, 0, 0)

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

    def announce(self) -> None:
        focused = self.buttons.focused
        speak([_("Bolivia: main menu."), self.continue_info or "", focused.label if focused else ""])

    def enter(self, app: Host) -> None:
        super().enter(app)
        self.fan_rise = 1.0
        self.anim.tweens.tween(self, "fan_rise", 0.0, 0.7, "easeOutCubic", delay=0.1)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self._unit = ui_unit(size)
        # Top down: the title, the subtitle under it; bottom up: the hint line, the buttons over it; the
        # fan takes the room between (at 1024x600 with six buttons it covered the subtitle).
        self._title_size = max(28, round(min(h * 0.14, w * 0.11)))
        title_w, title_h = font(self._title_size, True).size(_("Bolivia"))
        self._title = pygame.Rect(0, 0, title_w, title_h)
        self._title.midtop = (w // 2, round(h * 0.035))
        self._sub_px = frame_unit(size)  # the subtitle grows less than the words read: room for the buttons
        sub_w, sub_h = font(self._sub_px).size(_("Bolivian Canasta"))
        self._subtitle = pygame.Rect(0, 0, sub_w, sub_h)
        self._subtitle.midtop = (w // 2, max(self._title.bottom, self._title.top + self._title_size * 5 // 4))
        hint_px = max(14, u * 3 // 4)
        hint_w = max(font(hint_px).size(text)[0] for text in (self._hint_text(0), self._hint_text(1)))
        self._hint = pygame.Rect(0, 0, min(hint_w, w), font(hint_px).get_height())
        self._hint.midbottom = (w // 2, h - u // 2)
        bw, bh, gap = min(w - 2 * u, u * 13), round(u * 2.2), round(u * 0.6)
        top = round(h * 0.55)
        bottom = min(h - round(u * 1.8), self._hint.top - max(4, u // 4))
        rows = self._rows()
        n = len(rows)
        if n * bh + (n - 1) * gap > bottom - top:
            # A short window (or six buttons with a game in progress): closer, then smaller buttons,
            # but never below a readable label; then the column rises into the fan's room (the fan
            # shrinks), never over the subtitle.
            # At a larger text size the buttons keep labels that size larger, the fan giving up its room
            # for them (they were shrunk to the normal size's smallest, whatever the size chosen).
            gap = max(4, round(u * 0.3))
            highest = (bottom - self._subtitle.bottom - gap - (n - 1) * gap) // n  # the fan given up
            chosen = min(round(READABLE_BUTTON * text_scale()), highest)
            bh = max(READABLE_BUTTON, chosen, (bottom - top - (n - 1) * gap) // n)
            top = max(self._subtitle.bottom + gap, min(top, bottom - n * bh - (n - 1) * gap))
        for i, row in enumerate(rows):
            half = (bw - gap) // len(row)
            for j, b in enumerate(row):  # New game and Play with friends share a row, side by side
                b.rect = pygame.Rect((w - bw) // 2 + j * (half + gap), top + i * (bh + gap),
                                     bw if len(row) == 1 else half, bh)
        margin = max(4, u // 4)
        room = pygame.Rect(u, self._subtitle.bottom + margin, w - 2 * u, top - margin - self._subtitle.bottom - margin)
        self._fan = self._build_fan(size, room)
        if self.dialog is not None:
            self.dialog.layout(size)
        for notice in self.notices:
            notice.layout(size)

    def _beside(self, step: int) -> int:
        """The step to the button beside the focused one in its row, that way; 0: none there."""
        focused = self.buttons.focused
        row = next((r for r in self._rows() if focused in r), [])
        if focused is None or len(row) < 2:
            return 0
        i = row.index(focused) + step
        return step if 0 <= i < len(row) and row[i].enabled else 0

    def _rows(self) -> list[list[Button]]:
        """The buttons row by row: one a row, but Play with friends beside New game."""
        rows: list[list[Button]] = []
        for b in self.buttons.buttons:
            if b is self._friends:
                rows[-1].append(b)
            else:
                rows.append([b])
        return rows

    def pieces(self) -> dict[str, pygame.Rect]:
        """Where each thing of the menu is: title, subtitle, fan (all its cards), each button, the hint."""
        out = {"title": self._title, "subtitle": self._subtitle, "hint": self._hint}
        if self._fan:
            out["fan"] = self._fan[0][1].unionall([rect for _img, rect in self._fan[1:]])
        for i, b in enumerate(self.buttons.buttons):
            out[f"button{i}"] = b.rect
        return out

    def _hint_text(self, focus: int) -> str:
        if self.continue_info and focus == 0:
            return self.continue_info
        return _("Arrow keys to choose, Enter to confirm")

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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_quit()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            # New game and Play with friends side by side: ← → go from one to the other, as they look.
            step = self._beside(-1 if event.key == pygame.K_LEFT else 1)
            if step:
                self.buttons.move(step)
                self.dirty = True
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
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        w, h = surface.get_size()
        u = self._unit
        draw_text(surface, _("Bolivia"), self._title_size, GOLD, self._title.midtop, "midtop", True, True)
        draw_text(surface, _("Bolivian Canasta"), self._sub_px, INK, self._subtitle.midtop, "midtop")
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
        draw_text(surface, self._hint_text(self.buttons.focus), max(14, u * 3 // 4), INK_DIM, self._hint.midbottom,
                  "midbottom")
        self.toasts.draw(surface, (w // 2, h - u // 4), u)  # over the hint line, clear of buttons
        if self.dialog is not None and self.dialog.open:
            self.dialog.draw(surface)
        if self.notices:
            self.notices[0].draw(surface)

    # --- actions ---------------------------------------------------------------------

    def new_game(self) -> None:
        """As if New game were chosen (the command line's --deal): a game in progress is asked about first."""
        self._new_game()

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

    def _open(self, callback: Callable[[], None] | None) -> None:
        if callback is not None:
            callback()
        else:
            self.toasts.show(_("Not available here."))
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

    def _build_fan(self, size: tuple[int, int], room: pygame.Rect) -> list[Fanned]:
        """The decorative card fan, as large as it is meant to be (cards a fifth of the window high) or as
        fits `room`, centred in it; none in a room too small for it. Rotated once per window size."""
        card_w = max(24, round(size[1] * 0.19 / 1.4))
        for _attempt in range(4):
            fan = self._fan_of(card_w)
            box = fan[0][1].unionall([rect for _img, rect in fan[1:]])
            if box.w <= room.w and box.h <= room.h:
                return [(img, rect.move(room.centerx - box.centerx, room.centery - box.centery)) for img, rect in fan]
            card_w = math.floor(card_w * min(room.w / box.w, room.h / box.h)) - 1
            if card_w < 12:
                break
        return []

    @staticmethod
    def _fan_of(card_w: int) -> list[Fanned]:
        """The fan's cards `card_w` wide, placed round their pivot at (0, 0)."""
        faces = CardFaces(card_w)
        radius = card_height(card_w) * 1.6
        n = len(FAN_CARDS)
        out = []
        for i, cid in enumerate(FAN_CARDS):
            angle = (i - (n - 1) / 2) * 13.0  # degrees, left to right
            card = pygame.Surface((card_w + faces.shadow_offset, faces.height + faces.shadow_offset), pygame.SRCALPHA)
            faces.blit(card, cid, (0, 0))
            img = pygame.transform.rotozoom(card, -angle, 1.0)
            a = math.radians(angle)
            centre = (round(radius * math.sin(a)), round(-radius * math.cos(a)))
            out.append((img.convert_alpha() if pygame.display.get_surface() else img, img.get_rect(center=centre)))
        return out
