"""The message line under the hand: one place for everything the table says in words.

A hint, a refusal, a warning about the staged move, a short notice (sound on, a partner's answer) and
the turn's instruction (the status) share this one line, so two of them never lie over each other. Each
message has a subject: a new one replaces its subject's last one, and the newest of those still showing
is the one read; when none is, the status is. A refusal therefore shows once, here, and the hint stays
until the position changes (the scene drops it then) or another message takes the line.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, language
from game.rules.cards import BLACK_THREE, RANK
from game.rules.names import rank_plural
from game.rules.ruleset import FROZEN_BY_WILD
from game.rules.state import Phase
from game.ui import cues
from game.ui.draw_list import DrawList
from game.ui.looks import contrast_colour
from scenes.table_parts.view import TableView
from scenes.widgets import INK, draw_text, fit_size, font, wrap_text

# Each subject's colour: a refusal reads as one, a hint as the hint's outlines do. The colour is never the
# only sign: each of these subjects has its icon before its words (game/ui/cues.py).
COLOURS: dict[str | None, tuple[int, int, int]] = {
    "refusal": (255, 180, 160),
    "staged": (255, 205, 130),
    "hint": (255, 235, 120),
}
READABLE = 14  # px: a message smaller than this on one line goes on two


class Message:
    """One thing said: its words, its subject, and how long it shows (None: until it is dropped)."""

    def __init__(self, message: str, duration: float | None, key: str | None) -> None:
        self.message = message
        self.duration = duration
        self.key = key
        self.age = 0.0
        self.language = language()  # words said before the player changed the language are not shown

    @property
    def alive(self) -> bool:
        return self.duration is None or self.age < self.duration


class MessageLine:
    """The line's messages, newest last (`items`, as the table's toasts were), and its drawing."""

    def __init__(self) -> None:
        self.items: list[Message] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.room_right = 0  # the line's right end: the sound switch sits beyond it
        self.on_show: Callable[[str], None] | None = None  # each message as it shows: said aloud

    def place(self, rect: tuple[int, int, int, int], room_right: int) -> None:
        self.rect = pygame.Rect(rect)
        self.room_right = room_right

    def show(self, message: str, duration: float | None = 3.0, key: str | None = None,
             aloud: bool = True) -> Message:
        """Say `message`; one with the `key` of a message still showing replaces it. `aloud`: False for a
        line that only updates one already said (a count of seconds)."""
        if key is not None:
            self.drop(key)
        said = Message(message, duration, key)
        self.items.append(said)
        if self.on_show is not None and aloud:
            self.on_show(message)
        return said

    def say(self, key: str, message: str | None, duration: float | None = 3.0, aloud: bool = True) -> None:
        """`message` about `key`, or with none that subject is done."""
        if message is None:
            self.drop(key)
        else:
            self.show(message, duration, key, aloud)

    def drop(self, key: str) -> bool:
        """Take away the message about `key` (its subject is done); True if one was showing."""
        before = len(self.items)
        self.items = [m for m in self.items if m.key != key]
        return len(self.items) != before

    def refuse(self, reason: str) -> None:
        """The engine's reason a move was refused; the same reason said of the staged move goes: said once."""
        staged = next((m for m in self.items if m.key == "staged"), None)
        if staged is not None and staged.message == reason:
            self.drop("staged")
        self.show(reason, 4.5, key="refusal")  # one reason at a time, the newest

    def say_staged(self, reason: str | None) -> None:
        """Why the engine would refuse the staged move as it stands (None: it would not), said until the
        staging changes; a refusal of the same move replaces it."""
        said = next((m for m in self.items if m.key == "staged"), None)
        if reason is None:
            self.drop("staged")
        elif said is None or said.message != reason:
            self.show(reason, None, key="staged")

    def forget_other_languages(self) -> bool:
        """The messages said in a language no longer chosen go; True if the hint was one of them (the
        table works it out again in the new one: the line must not speak French among English words)."""
        now = language()
        had_hint = any(m.key == "hint" and m.language != now for m in self.items)
        self.items = [m for m in self.items if m.language == now]
        return had_hint

    def shown(self) -> Message | None:
        return self.items[-1] if self.items else None

    def update(self, dt: float) -> bool:
        """Age the messages; True when one went (the line shows another now)."""
        for m in self.items:
            m.age += dt
        before = len(self.items)
        self.items = [m for m in self.items if m.alive]
        return len(self.items) != before

    def draw(self, surface: pygame.Surface | DrawList, view: TableView, u: int) -> None:
        r = self.rect
        if r.w <= 0:
            return
        said = self.shown()
        room = max(20, self.room_right - r.x - 8)
        size = max(READABLE, min(u * 3 // 4, r.h - 4))
        if said is None:
            text = status_text(view) + "   " + _("H: keys")
            # Shrunk to the window's width rather than cut: the instruction must read whole.
            px = fit_size(text, size, room, 12, bold=False)
            draw_text(surface, text, px, INK, (r.x, r.centery), "midleft", shadow=True)
            return
        colour = COLOURS.get(said.key, INK)
        x = r.x
        if said.key in cues.ICONS:  # a refusal, a warning, a hint: its shape before its words
            side = max(12, min(size, r.h - 4))
            cues.icon(surface, said.key, (x + side / 2 + 2, r.centery), side, contrast_colour(colour))
            x += side + max(6, side // 3)
            room = max(20, room - (x - r.x))
        px = fit_size(said.message, size, room, READABLE - 1, bold=True)
        if font(px, True).size(said.message)[0] <= room:
            draw_text(surface, said.message, px, colour, (x, r.centery), "midleft", bold=True, shadow=True)
            return
        # Too long for one line at a readable size: two lines, the second cut if it must be.
        px = max(12, min(size, (r.h - 2) // 2))
        while px > 12 and 2 * font(px, True).get_linesize() > r.h:
            px -= 1  # both lines inside the line's place, their descenders too (not cut by the window's edge)
        lines = wrap_text(said.message, font(px, True), room)
        if len(lines) > 2:
            lines = [lines[0], _cut(" ".join(lines[1:]), px, room)]
        step = font(px, True).get_linesize()
        y = max(r.y, r.centery - (len(lines) * step) // 2)
        for line in lines:
            draw_text(surface, line, px, colour, (x, y), "topleft", bold=True, shadow=True)
            y += step


def _cut(text: str, px: int, room: int) -> str:
    f = font(px, True)
    while text and f.size(text + "…")[0] > room:
        text = text[:-1]
    return text + "…"


def status_text(view: TableView) -> str:
    """The turn's instruction: what the player may do now, or who is playing."""
    s = view.state
    if s.phase == Phase.GAME_OVER:
        return _("The game is over.")
    if s.phase == Phase.DEAL:
        return _("The hand is over.")
    if view.human_to_act:
        side = s.side_of(view.seat)
        if s.phase == Phase.ANSWER:
            return _("Your partner asks to go out: answer yes or no.")
        if s.phase == Phase.DRAW and s.pile_blocked():
            return (_("Your turn: a black three blocks the pile; draw from the stock.") if BLACK_THREE[s.pile[-1]]
                    else _("Your turn: nobody may take the pile with this card on top; draw from the stock."))
        if s.phase == Phase.DRAW and s.pile and s.pile_freeze(side) == FROZEN_BY_WILD:
            return _("Your turn: draw from the stock, or take the frozen pile with a natural pair (a wild card "
                     "lies in it).")
        if s.phase == Phase.DRAW and s.pile and s.pile_freeze(side) is not None:
            return _("Your turn: draw from the stock, or take the frozen pile with a natural pair (your side "
                     "has not melded yet).")
        onto = s.onto_take() if s.phase == Phase.DRAW else None
        if onto is not None:
            return _("Your turn: draw, or click the pile: its top card goes onto your {ranks} and the pile is "
                     "yours.").format(ranks=rank_plural(RANK[s.pile[-1]]))
        if s.phase == Phase.DRAW and s.rules.draws(s.players) == 1:
            return _("Your turn: click the stock to draw one, or click the pile to take it.")
        if s.phase == Phase.DRAW:
            return _("Your turn: click the stock to draw two, or click the pile to take it.")
        if s.permission is True:
            return _("Your partner said yes: you must go out this turn.")
        if s.permission is False:
            return _("Your partner said no: you may not go out this turn.")
        return _("Meld, add to your melds, or select one card and click the pile to discard.")
    who = view.names[s.to_act]
    if s.to_act == view.seat:  # the demo plays the player's seat too
        return _("The computer is playing your seat…")
    if view.thinking:
        return _("{who} is thinking…").format(who=who)
    return _("{who} to play.").format(who=who)
