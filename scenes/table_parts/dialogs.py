"""What asks the player and waits: a yes/no question (a partner's "May I go out?", the discard warning,
which cards take the pile) and the pause menu. While either is open it takes every event, and the
computer players wait."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, language
from game.ui.draw_list import DrawList
from game.ui.input_map import yes_no_letters
from game.ui.speech import ASKED, say
from scenes.widgets import INK, Button, Dialog, FocusGroup, draw_text, ui_unit, veil


class Dialogs:
    def __init__(self) -> None:
        self.dialog: Dialog | None = None
        self.paused: FocusGroup | None = None

    @property
    def open(self) -> bool:
        return self.dialog is not None or self.paused is not None

    def ask(self, text: str, answer: Callable[[bool], None], yes: str, no: str, size: tuple[int, int]) -> None:
        """A yes/no question; it goes once answered, and then `answer(yes)` is called."""
        def answered(value: bool) -> None:
            self.dialog = None
            answer(value)

        self.dialog = Dialog(text, answered, yes=yes, no=no)
        self.dialog.layout(size)

    def yes_no(self, text: str, answer: Callable[[bool], None], yes: str, no: str, size: tuple[int, int]) -> None:
        """A question whose answers show the keys that give them, in this language's letters."""
        y, n = yes_no_letters(language())
        self.ask(text, answer, f"{yes} ({y})", f"{no} ({n})", size)

    def partner_asks(self, asker: str, answer: Callable[[bool], None], size: tuple[int, int]) -> None:
        """The partner's "May I go out?"."""
        self.yes_no(_("{who} asks: “May I go out?” Yes obliges {who} to go out this turn; no forbids it.").format(
            who=asker), answer, _("Yes"), _("No"), size)

    def pause(self, entries: list[tuple[str, Callable[[], None]]], size: tuple[int, int]) -> None:
        self.paused = FocusGroup([Button(label, action) for label, action in entries])
        say(_("Paused. {first}").format(first=entries[0][0]), ASKED, interrupt=True)
        self.place(size)

    def pause_menu(self, settings: Callable[[], None] | None, rules: Callable[[], None] | None,
                   menu: Callable[[], None] | None, leave: Callable[[], None], size: tuple[int, int]) -> None:
        """The pause menu: Resume, Settings, Rules, Main menu, Quit. The game waits on the settings' and the
        rules' screens; back here, the menu is still open. Quit asks first, as Esc on the main menu does
        (the game is saved after every move, so nothing is lost either way)."""
        def resume() -> None:
            self.paused = None

        def to_menu() -> None:
            self.paused = None
            if menu is not None:
                menu()

        def screen(opener: Callable[[], None] | None) -> Callable[[], None]:
            return lambda: opener() if opener is not None else None

        def ask_quit() -> None:
            self.ask(_("Quit Bolivia?"), lambda yes: leave() if yes else None, _("Quit"), _("Stay"), size)

        self.pause([(_("Resume"), resume), (_("Settings"), screen(settings)), (_("Rules"), screen(rules)),
                    (_("Main menu"), to_menu), (_("Quit"), ask_quit)], size)

    def place(self, size: tuple[int, int]) -> None:
        if self.dialog is not None:
            self.dialog.layout(size)
        if self.paused is None:
            return
        u = ui_unit(size)
        n = len(self.paused.buttons)
        gap = u // 2
        title = u * 3  # "Paused", over the buttons
        h = max(u, min(round(u * 1.9), (size[1] - title - u) // n - gap))
        w = u * 10
        x = (size[0] - w) // 2
        y = (size[1] - (n * (h + gap) - gap) + title) // 2
        for i, b in enumerate(self.paused.buttons):
            b.rect = pygame.Rect(x, y + i * (h + u // 2), w, h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Taken (True) while a question or the pause menu is open: Y / N, or the language's letters,
        answer; Esc leaves the pause menu."""
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return True
        if self.paused is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.paused = None
            else:
                self.paused.handle_event(event)
            return True
        return False

    def draw(self, surface: pygame.Surface | DrawList, size: tuple[int, int], u: int) -> None:
        """The pause menu, and over it a question (Quit's "Quit Bolivia?")."""
        if self.paused is not None:
            veil(surface, 140)
            top = self.paused.buttons[0].rect.top if self.paused.buttons else size[1] // 2
            draw_text(surface, _("Paused"), u * 2, INK, (size[0] // 2, top - u // 2), "midbottom", bold=True,
                      shadow=True)
            self.paused.draw(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)
