"""Play with friends: host a table or join one (from the tables found on this network, or by the code
and address the host gives), and the lobby where the seats fill before the host starts.

The scenes hold no connection: the shell (game/shell/together.py) does, and calls back in."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.assets import font
from game.i18n import _, ngettext, number
from game.keep.settings import LEVELS
from game.net.invite import Found, spoken
from game.rules.house import HouseError, with_house
from game.rules.ruleset import RULESETS
from game.ui.speech import ASKED, MINE, say
from game.ui.spoken_table import for_the_ear
from scenes.house_words import house_summary
from scenes.rules import game_name
from scenes.scene import Scene
from scenes.scroll_column import ScrollColumn
from scenes.setup import computer_level_name
from scenes.spoken_screens import speak
from scenes.text_field import TextField
from scenes.widgets import (
    BUTTON_LABEL,
    GOLD,
    INK,
    INK_DIM,
    READABLE_PX,
    Button,
    FocusGroup,
    draw_text,
    felt_background,
    frame_unit,
    ui_unit,
    wrap_text,
)

LINE_TEXT = 0.62  # a line's words, as a share of the screen's unit: the text size chosen


def found_label(t: Found) -> str:
    free = ngettext("{n} free seat", "{n} free seats", t.free).format(n=t.free)
    return _("{name}'s table: {game}, {free}").format(name=t.host, game=game_name(t.game), free=free)


class TogetherScene(Scene):
    """Your name, Host a table, the tables found here, a code and address typed, Join."""

    def __init__(self, name: str, on_host: Callable[[str], None], on_join: Callable[[str, str, bool], None],
                 on_back: Callable[[], None], find: Callable[[], list[Found]] | None = None,
                 on_resume: Callable[[], None] | None = None, resume_info: str = "") -> None:
        super().__init__()
        self.on_host, self.on_join, self.on_back, self.find = on_host, on_join, on_back, find
        self.name = TextField(name, 40, _("Your name"))
        self.where = TextField("", 120, _("Code and address, like K7Q M3X 192.168.1.20:8765"))
        self.partner = True  # sit opposite the host (4 players)
        self.found: list[Found] = []
        self.status = ""
        self._since_look = 1.0
        self._look_at = (0, 0)
        self.on_resume, self.resume_info = on_resume, resume_info
        self.column = ScrollColumn()  # the lines, scrolled when the window cannot hold them all
        self._make_buttons()

    def _make_buttons(self) -> None:
        buttons = [Button(_("Host a table"), lambda: self.on_host(self.name.text.strip()))]
        for t in self.found[:4]:
            buttons.append(Button(found_label(t), lambda w=t.where: self._join(w)))
        buttons += [Button(self._seat_label(), self._toggle_seat),
                    Button(_("Join"), lambda: self._join(self.where.text))]
        if self.on_resume is not None:
            buttons.append(Button(_("Continue the last table"), self.on_resume))
        buttons.append(Button(_("Back"), self.on_back))
        focus = getattr(getattr(self, "buttons", None), "focus", 0)
        self.buttons = FocusGroup(buttons, focus=min(focus, len(buttons) - 1))
        self.resize(self.size)

    def _seat_label(self) -> str:
        return _("At four: sit opposite the host (partners)") if self.partner else _(
            "At four: sit beside the host (opponents)")

    def _toggle_seat(self) -> None:
        self.partner = not self.partner
        self._make_buttons()

    def _join(self, where: str) -> None:
        self.on_join(self.name.text.strip(), where, self.partner)

    def say(self, text: str) -> None:
        self.status = text
        self.dirty = True
        if text:
            say(for_the_ear(text), MINE)

    # ----- the keys: the two fields and the buttons, one ring -----------------------------------------

    def stops(self) -> list[TextField | Button]:
        """What ↑ ↓ and Tab go through, top to bottom as on screen: the name, Host a table, the tables
        found, the seat, the code and address, Join, Continue, Back."""
        out: list[TextField | Button] = [self.name]
        for b in self.buttons.buttons:
            if b.label == _("Join"):
                out.append(self.where)
            out.append(b)
        return out

    def _at(self) -> int:
        stops = self.stops()
        for i, stop in enumerate(stops):
            if isinstance(stop, TextField) and stop.focused:
                return i
        focused = self.buttons.focused
        return stops.index(focused) if focused is not None else 0

    def _go(self, i: int) -> None:
        """The focus onto stop `i`, said aloud: a field with what it holds, a button by its label."""
        stop = self.stops()[i]
        for field in (self.name, self.where):
            field.focused = field is stop
        self.buttons.focus = self.buttons.buttons.index(stop) if isinstance(stop, Button) else -1
        self.buttons._sync()
        self.dirty = True
        say(self.focus_words(), ASKED, interrupt=True)

    def focus_words(self) -> str:
        for field in (self.name, self.where):
            if field.focused:
                return _("{label}: {text}. Type, then Enter.").format(
                    label=field.placeholder, text=field.text or _("empty"))
        focused = self.buttons.focused
        return focused.label if focused is not None else ""

    def announce(self) -> None:
        look = ngettext("{n} table found on this network.", "{n} tables found on this network.",
                        len(self.found)).format(n=len(self.found)) if self.found else \
            _("Looking for tables on this network…")
        speak([_("Play with friends"), look, self.focus_words()])

    def resize(self, size: tuple[int, int]) -> None:
        """The lines keep the text size chosen; more than the window holds (four tables found, a small
        window, a large text size) and they scroll, the focused one in view."""
        super().resize(size)
        w, h = size
        u = ui_unit(size)
        f = frame_unit(size)
        t = self._text = max(READABLE_PX, round(u * LINE_TEXT))
        self._label_px = max(READABLE_PX, round(t * 0.9))
        bw, bh = min(w - 2 * u, u * 22), round(t / BUTTON_LABEL)
        label_h = round(self._label_px * 1.3)
        self._title_h = round(f * 2.9)
        self._area = pygame.Rect((w - bw) // 2, self._title_h, bw, max(bh, h - self._title_h - round(f * 2.4)))
        self._line_h = (bh, label_h)
        self._place()

    def _lines(self) -> list[TextField | Button | str]:
        """The column top to bottom: the name field, Host, the line about the network, the tables found,
        the seat, the code and address, Join, Continue, Back."""
        out: list[TextField | Button | str] = []
        for stop in self.stops():
            out.append(stop)
            if stop is self.buttons.buttons[0]:
                out.append("look")
        return out

    def _place(self) -> None:
        bh, label_h = self._line_h
        lines = self._lines()
        heights = [label_h if line == "look" else bh + (label_h if line is self.name else 0) for line in lines]
        at = self._at()
        focus = lines.index(self.stops()[at])
        gap = max(4, bh // 6)
        rects = self.column.place_each(self._area, heights, gap, focus)
        self._look_at = None
        for line, rect in zip(lines, rects, strict=True):
            if line == "look":
                self._look_at = rect.bottomleft if rect.h else None
            elif line is self.name:
                line.rect = pygame.Rect(rect.x, rect.bottom - bh, rect.w, bh) if rect.h else pygame.Rect(0, 0, 0, 0)
            else:
                line.rect = rect
        self._status_y = min(self.size[1] - round(frame_unit(self.size) * 2.4),
                             self._area.top + self.column.used + gap)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.column.handle_event(event):
            self._place()
            self.dirty = True
            return
        self._handle(event)
        self._place()  # the focus moved: its line in view

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self._go((self._at() + (-1 if back else 1)) % len(self.stops()))
            return
        for field in (self.name, self.where):
            if field.handle_event(event):
                self.dirty = True
                if event.type == pygame.MOUSEBUTTONDOWN and field.focused:
                    self.buttons.focus = -1  # the click's field has the focus, no button
                    self.buttons._sync()
                if event.type != pygame.MOUSEBUTTONDOWN or field.focused:
                    return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.where.focused:
                self._join(self.where.text)
                return
            if self.name.focused:  # the name typed: on to Host a table
                self._go(self._at() + 1)
                return
        if self.buttons.focus < 0 and event.type == pygame.KEYDOWN:
            return  # no button has the focus: Enter, ← → are not a button's
        if self.buttons.handle_event(event):
            self.dirty = True

    def update(self, dt: float) -> None:
        self._since_look += dt
        if self.find is not None and self._since_look >= 0.5:
            self._since_look = 0.0
            found = self.find()
            if found != self.found:
                new = [t for t in found if t not in self.found]
                self.found = found
                self._make_buttons()
                self.dirty = True
                for t in new:  # a table heard on the network: said, so the ear knows it is there
                    say(_("Table found: {table}").format(table=found_label(t)), MINE)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        w, _h = surface.get_size()
        u, f = ui_unit(self.size), frame_unit(self.size)
        draw_text(surface, _("Play with friends"), round(f * 1.6), GOLD, (w // 2, f // 2), "midtop", True, True)
        px = self._label_px
        if self.name.rect.h:
            draw_text(surface, _("Your name"), px, INK_DIM, (self.name.rect.x, self.name.rect.y - 2), "bottomleft")
            self.name.draw(surface, self._text)
        look = _("Tables on this network:") if self.found else _("Looking for tables on this network…")
        if self._look_at is not None:
            draw_text(surface, look, px, INK_DIM, self._look_at, "bottomleft")
        if self.where.rect.h:
            self.where.draw(surface, self._text)
        self.buttons.draw(surface)
        self.column.draw(surface)
        if self.status:
            step = round(px * 1.25)
            for i, line in enumerate(wrap_text(self.status, font(px, True), w - 2 * u)[:2]):
                draw_text(surface, line, px, INK, (w // 2, self._status_y + i * step), "midtop", True, True)
        elif self.resume_info and self.on_resume is not None:
            draw_text(surface, self.resume_info, px, INK_DIM, (w // 2, self._status_y), "midtop")


def seat_status(seat: dict, me: int, computers: str | None) -> str:
    """A seat as the lobby says it: who holds it, and whether the computer plays it."""
    if seat["seat"] == me:
        return _("{name} (you)").format(name=seat["name"] or _("You"))
    if seat["person"] and seat.get("away"):
        return _("{name}: away, the computer plays for them").format(name=seat["name"])
    if seat["person"]:
        here = seat.get("connected", True)
        return seat["name"] if here else _("{name}: connection lost").format(name=seat["name"])
    if computers not in LEVELS:  # a server that does not say it (or names a level of its tools)
        return _("Computer: waiting for a player")
    return _("Computer ({level}): waiting for a player").format(level=computer_level_name(computers))


class LobbyScene(Scene):
    """The seats round the table as they fill, the rules, the invite; the host picks the computers'
    level and starts."""

    def __init__(self, hosting: bool, code: str, address: str, me: int, on_start: Callable[[str], None],
                 on_leave: Callable[[], None], pump: Callable[[], None], house_lines: list[str] | None = None,
                 level: str = "normal", on_ready: Callable[[bool], None] | None = None,
                 on_level: Callable[[str], None] | None = None, level_from_table: bool = False) -> None:
        super().__init__()
        self.on_ready = on_ready
        self.on_level = on_level  # the host's choice, told to the table so every seat's lobby shows it
        self.level_from_table = level_from_table  # a host back at its table: the level it chose before
        self.ready_seats: set[int] = set()
        self.hosting, self.code, self.address, self.me = hosting, code, address, me
        self.on_start, self.on_leave, self.pump = on_start, on_leave, pump
        self.house_lines = house_lines or []
        self.level = level if level in LEVELS else "normal"
        self.table: dict | None = None
        self.status = ""
        buttons = []
        if hosting:
            self.level_button = Button(self._level_label(), self._next_level)
            buttons += [self.level_button, Button(_("Start"), lambda: self.on_start(self.level))]
        else:
            self.ready_button = Button(_("Ready"), self._toggle_ready)
            buttons.append(self.ready_button)
        buttons.append(Button(_("Leave the table"), self.on_leave))
        self.buttons = FocusGroup(buttons, vertical=False)
        self.column = ScrollColumn()  # the lines, scrolled when the room above the buttons cannot hold them
        self._lines_area = pygame.Rect(0, 0, 0, 0)
        self._line_rects: list[pygame.Rect] = []

    def _toggle_ready(self) -> None:
        """A guest says Ready (or takes it back); every seat sees it."""
        ready = self.me not in self.ready_seats
        if self.on_ready is not None:
            self.on_ready(ready)
        self.ready_button.label = _("Not ready") if ready else _("Ready")
        self.dirty = True

    def show_ready(self, seats: list[int]) -> None:
        before = self.seat_lines()
        self.ready_seats = set(seats)
        for line in self.seat_lines():
            if line not in before:
                say(for_the_ear(line), MINE)
        if not self.hosting:
            self.ready_button.label = _("Not ready") if self.me in self.ready_seats else _("Ready")
        self.dirty = True

    def _level_label(self) -> str:
        return _("Computers: {level}").format(level=computer_level_name(self.level))

    def _next_level(self) -> None:
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.level_button.label = self._level_label()
        self.dirty = True
        if self.on_level is not None:
            self.on_level(self.level)

    def show_table(self, table: dict) -> None:
        first = self.table is None
        before = self.seat_lines()
        self.table = table
        if first:  # the code and the seats are known only now: the whole lobby said
            self.announce()
        else:  # who came, went or is away, said as the seat's line now reads
            for line in self.seat_lines():
                if line not in before:
                    say(for_the_ear(line), MINE)
        if self.hosting and self.level_from_table and table.get("computers") in LEVELS:
            # Once: after that the host's own choice leads, and the table's echo of it may lag behind.
            self.level, self.level_from_table = table["computers"], False
            self.level_button.label = self._level_label()
        self.dirty = True

    def say(self, text: str) -> None:
        self.status = text
        self.dirty = True
        if text:
            say(for_the_ear(text), MINE)

    def rules_line(self) -> str:
        t = self.table
        if t is None:
            return ""
        return ngettext("{game}, {n} player, to {target} points", "{game}, {n} players, to {target} points",
                        t["players"]).format(game=game_name(t["variant"]), n=t["players"], target=number(t["target"]))

    def seat_lines(self) -> list[str]:
        """Each seat as the lobby shows it: its place seen from mine, who holds it, partner, ready."""
        t = self.table
        if t is None:
            return []
        where = _where(t["players"], self.me)
        lines = []
        for seat in t["seats"]:
            text = _("{place}: {who}").format(place=where[seat["seat"]], who=seat_status(
                seat, self.me, self.level if self.hosting else t.get("computers")))
            if t["players"] == 4 and seat["seat"] == (self.me + 2) % 4:
                text += "  · " + _("your partner")
            if seat["seat"] in self.ready_seats and seat["seat"] != 0:
                text += "  · " + _("ready")
            lines.append(text)
        return lines

    def announce(self) -> None:
        focused = self.buttons.focused
        if self.table is None:  # the table is still being opened or joined: said in full once it is there
            speak([_("Your table"), focused.label if focused else ""])
            return
        speak([_("Your table"), _("Invite code: {code}").format(code=spoken(self.code)),
               _("Address: {address}").format(address=self.address), self.rules_line(),
               *(self.house_lines or (_house_lines(self.table) if self.table else [])), *self.seat_lines(),
               "" if self.hosting else _("Waiting for the host to start…"), focused.label if focused else ""])

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u, f = ui_unit(size), frame_unit(size)  # the title, the code and the buttons grow less than the words
        n = len(self.buttons.buttons)
        bw, bh, gap = min((w - 2 * f) // n - f // 2, f * 12), round(f * 2), f // 2
        x = (w - (n * bw + (n - 1) * gap)) // 2
        for i, b in enumerate(self.buttons.buttons):
            b.rect = pygame.Rect(x + i * (bw + gap), h - bh - f, bw, bh)
        px = max(14, u * 4 // 5)
        top = round(f * 2.8) + round(f * 1.8)  # under the title and the invite code
        bottom = self.buttons.buttons[0].rect.y - round(px * 1.4)  # a line kept for what the table says
        self._lines_area = pygame.Rect(f, top, w - 2 * f, max(px, bottom - top))
        self._place_lines()

    def _lines(self) -> list[tuple[str, int, tuple[int, int, int], bool, int]]:
        """What the lobby says, line by line: (words, size, colour, bold, height)."""
        u = ui_unit(self.size)
        px, small = max(14, u * 4 // 5), max(14, u * 3 // 4)
        out = [(_("Address: {address}").format(address=self.address), px, INK, False, round(u * 1.6))]
        t = self.table
        if t is not None:
            out.append((self.rules_line(), px, INK_DIM, False, round(u * 1.3)))
            house = self.house_lines or _house_lines(t)
            for i, line in enumerate(house):
                out.append((line, small, INK_DIM, False, round(u * 1.05) + (u // 2 if i == len(house) - 1 else 0)))
            if not house:
                out[-1] = (*out[-1][:4], out[-1][4] + u // 2)
            for seat, text in zip(t["seats"], self.seat_lines(), strict=True):
                out.append((text, px, GOLD if seat["person"] else INK, bool(seat["person"]), round(u * 1.35)))
        if not self.hosting:
            out.append((_("Waiting for the host to start…"), px, INK_DIM, False, round(u * 1.6)))
        return out

    def _place_lines(self) -> None:
        """The lines in view: more than the room above the buttons holds, and they scroll (↑ ↓, the wheel)."""
        lines = self._lines()
        self._line_rects = self.column.place_each(self._lines_area, [line[4] for line in lines], 0, None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_leave()
            return
        scroll = event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.column.scroll(
            -1 if event.key == pygame.K_UP else 1)
        if scroll or self.column.handle_event(event):
            self._place_lines()
            self.dirty = True
            return
        if self.buttons.handle_event(event):
            self.dirty = True

    def update(self, dt: float) -> None:
        self.pump()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        w, _h = surface.get_size()
        u, f = ui_unit(self.size), frame_unit(self.size)
        draw_text(surface, _("Your table"), round(f * 1.6), GOLD, (w // 2, f // 2), "midtop", True, True)
        invite = _("Invite code: {code}").format(code=spoken(self.code))
        draw_text(surface, invite, round(f * 1.3), INK, (w // 2, round(f * 2.8)), "midtop", True, True)
        if len(self._line_rects) != len(self._lines()):
            self._place_lines()  # the table or the seats changed since the lines were placed
        for (text, px, colour, bold, _height), rect in zip(self._lines(), self._line_rects, strict=True):
            if rect.h:
                draw_text(surface, text, px, colour, (w // 2, rect.top), "midtop", bold)
        self.column.draw(surface)
        if self.status:
            draw_text(surface, self.status, max(14, u * 4 // 5), INK, (w // 2, self.buttons.buttons[0].rect.y - f // 2),
                      "midbottom", True, True)
        self.buttons.draw(surface)


def _where(players: int, me: int) -> list[str]:
    """Each seat's place as seen from mine: South is mine, then clockwise."""
    names = {2: [_("South"), _("North")], 3: [_("South"), _("West"), _("North")],
             4: [_("South"), _("West"), _("North"), _("East")]}[players]
    return [names[(s - me) % players] for s in range(players)]


def _house_lines(table: dict) -> list[str]:
    """The house rules the table plays, as its `table` message names them (a guest's lobby: the host has
    its own setup's), in the language of the moment; none when the message names none it can read."""
    house = table.get("house")
    if not isinstance(house, dict):
        return []
    try:
        rules = with_house(RULESETS[table["variant"]], house)
    except (HouseError, KeyError, TypeError, ValueError):
        return []
    return [_("House rules: {rules}").format(rules=house_summary(rules))]
