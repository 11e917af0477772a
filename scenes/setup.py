"""The setup screen: game (the first line), language, players, difficulty, target score, animation speed; Start or Back.

Each line is a choice shown as  label  [ ◀  value  ▶ ].  Keyboard: ↑ ↓ choose a line, ← → change
it, Enter goes to the next line (and presses Back or Start), Esc goes back. Mouse: click the
arrows or the value (the value steps forward), click Back or Start. It starts on Start, so a
regular who wants the same game as last time presses Enter once. A new language shows at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from game.assets import font
from game.i18n import LANGUAGES, _, ngettext, number, pgettext, set_language
from game.keep.settings import LEVELS, SPEEDS, GameSetup
from game.rules.deal_code import MAX_LENGTH, BadCode, DealCode, decode
from game.rules.ruleset import BOLIVIA, RULESETS, RuleSet
from game.ui import cues
from game.ui.narrate import seat_names
from game.ui.speech import ASKED, say
from scenes.rules import game_blurb, game_name
from scenes.scene import Host, Scene
from scenes.scroll_column import ScrollColumn
from scenes.widgets import (
    BUTTON,
    BUTTON_FOCUS,
    BUTTON_TEXT,
    GOLD,
    INK,
    INK_DIM,
    READABLE_PX,
    Button,
    at_least_a_pixel,
    draw_panel,
    draw_text,
    felt_background,
    frame_unit,
    ui_unit,
    wrap_text,
)

ROW_TEXT = 0.62  # a line's words, as a share of the screen's unit (ui_unit): the chosen text size
EACH = "each"  # the difficulty line's fourth value: one difficulty per computer seat
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "sv": "Svenska"}  # each in its own words


def level_name(level: str) -> str:
    """A difficulty's name, as the value of the Difficulty line (French: "Normale", agreeing with it)."""
    return {"easy": pgettext("difficulty", "Easy"), "normal": pgettext("difficulty", "Normal"),
            "hard": pgettext("difficulty", "Hard"), "expert": pgettext("difficulty", "Expert"),
            EACH: _("Each seat")}.get(level, level)


def computer_level_name(level: str) -> str:
    """A computer player's level, said of the computer (French: "Ordinateur (Normal)", agreeing with it,
    where the Difficulty line says "Normale")."""
    return {"easy": pgettext("computer level", "Easy"), "normal": pgettext("computer level", "Normal"),
            "hard": pgettext("computer level", "Hard"), "expert": pgettext("computer level", "Expert")}.get(
                level, level_name(level))


def level_caption(level: str) -> str:
    return {
        "easy": _("Easy: plays simply. A relaxed game."),
        "normal": _("Normal: a fair club player."),
        "hard": _("Hard: plays to win and keeps track of the cards."),
        "expert": _("Expert: thinks ahead over the cards it cannot see. The strongest."),
        EACH: _("Choose the difficulty of each computer player on the lines below."),
    }.get(level, "")


def _grouped(typed: str) -> str:
    """A code as typed, in the groups of four the scoring screen shows."""
    text = typed.upper()
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def speed_name(speed: str) -> str:
    """A speed's name, as the value of the speed line (French: "Normale", agreeing with "Vitesse")."""
    return {"slow": pgettext("speed", "Slow"), "normal": pgettext("speed", "Normal"), "fast": pgettext("speed", "Fast"),
            "instant": pgettext("speed", "Instant")}.get(speed, speed)


def players_text(n: int) -> str:
    return ngettext("{n} player", "{n} players", n).format(n=n)


def points(n: int) -> str:
    return number(n)


@dataclass
class Row:
    """One line of choices. `values` are stored values; `index` the current one."""

    key: str
    label: str
    values: list
    index: int
    rect: pygame.Rect
    box: pygame.Rect
    indent: bool = False

    @property
    def value(self) -> object:
        return self.values[self.index]


class SetupScene(Scene):
    """`on_start(setup)` starts the game; `on_back()` returns to the menu."""

    def __init__(
        self,
        setup: GameSetup | None = None,
        on_start: Callable[[GameSetup], None] | None = None,
        on_back: Callable[[], None] | None = None,
        language: str = "en",
        on_language: Callable[[str], None] | None = None,
        on_deal: Callable[[GameSetup, DealCode], None] | None = None,
        deal: str = "",
        hosting: bool = False,
    ) -> None:
        """With `on_language` a Language line is offered; `on_language(code)` keeps the player's choice.
        With `on_deal` a Deal line takes a deal code (typed; `deal` fills it in) and Start then plays that
        deal again through `on_deal(setup, code)`. `hosting`: the choices of a table for friends (its
        heading and Start say so, and Back goes to Play with friends)."""
        super().__init__()
        self.hosting = hosting
        self.on_deal = on_deal
        self.deal = ""  # the code as typed
        self.deal_error: str | None = None
        self.deal_target: int | None = None  # the code's target, played (not remembered) until the player picks one
        self._deal_applied = ""  # the code whose game, table and target the choices took
        self.setup = replace(setup) if setup is not None else GameSetup()
        self.setup.seat_levels = list(self.setup.seat_levels)
        self.setup.targets = dict(self.setup.targets)  # Back changes nothing
        if self.setup.players == 2:
            self.setup.per_seat = False
        self.on_start = on_start
        self.on_back = on_back
        self.language = language if language in LANGUAGES else "en"
        self.on_language = on_language
        self.back_button = Button(_("Back"), self.back)
        self.start_button = Button(self._start_label(), self.start)
        self.rows: list[Row] = []
        self.focus = "start"  # a row key, "back" or "start"
        self.hover_arrow: tuple[str, int] | None = None  # (row key, -1 or +1) under the mouse
        self._pressed: str | None = None
        self._unit = ui_unit(self.size)
        self._text = self._unit
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._caption_top = 0
        self._title_y = 0
        self.column = ScrollColumn()  # the lines, scrolled when the window cannot hold them all
        self._rows_area = pygame.Rect(0, 0, 0, 0)
        self._row_size = (0, 0)
        self._frame = self._unit
        self._build_rows()
        if deal:
            self.type_deal(deal)

    # ----- the choices ------------------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        return RULESETS.get(self.setup.game, BOLIVIA)

    def _build_rows(self) -> None:
        s = self.setup
        z = pygame.Rect(0, 0, 0, 0)
        games = list(RULESETS)
        if s.game not in games:
            s.game = games[0]
        if s.target not in self.rules.targets:
            s.target = self.rules.default_target(s.players)
        rows = [Row("game", _("Game"), games, games.index(s.game), z.copy(), z.copy())]
        rows.append(Row("players", _("Players"), [2, 3, 4], [2, 3, 4].index(s.players), z.copy(), z.copy()))
        difficulty = list(LEVELS) + ([EACH] if s.players > 2 else [])
        current = EACH if s.per_seat else s.level
        rows.append(Row("difficulty", _("Difficulty"), difficulty, difficulty.index(current), z.copy(), z.copy()))
        if s.per_seat:
            names = seat_names(s.players)
            for seat in range(1, s.players):
                rows.append(Row(f"seat{seat}", names[seat], list(LEVELS), LEVELS.index(s.seat_levels[seat - 1]),
                                z.copy(), z.copy(), indent=True))
        targets = list(self.rules.targets)
        rows.append(Row("target", _("Target score"), targets, targets.index(self.played_target), z.copy(), z.copy()))
        rows.append(Row("speed", _("Animation speed"), list(SPEEDS), SPEEDS.index(s.speed), z.copy(), z.copy()))
        if self.on_deal is not None:  # typed, not chosen: a single value
            rows.append(Row("deal", _("Deal"), [""], 0, z.copy(), z.copy()))
        if self.on_language is not None:  # second, after the game: a player who can't read this screen finds it
            rows.insert(1, Row("language", _("Language"), list(LANGUAGES), LANGUAGES.index(self.language), z.copy(),
                               z.copy()))
        self.rows = rows
        if self.focus not in self._order():
            self.focus = "difficulty"
        if self.app is not None:
            self.resize(self.size)

    def value_text(self, row: Row) -> str:
        v = row.value
        if row.key == "players":
            return players_text(int(v))  # type: ignore[call-overload]
        if row.key == "difficulty" or row.key.startswith("seat"):
            return level_name(str(v))
        if row.key == "target":
            return _("{n} points").format(n=points(int(v)))  # type: ignore[arg-type]
        if row.key == "speed":
            return speed_name(str(v))
        if row.key == "language":
            return LANGUAGE_NAMES[str(v)]
        if row.key == "game":
            return game_name(str(v))
        if row.key == "deal":
            return _grouped(self.deal) if self.deal else _("A new deal")
        return str(v)

    def caption(self) -> str:
        """A sentence about the line that has the focus, under the choices."""
        s = self.setup
        if self.focus == "deal" or (self.focus == "start" and self.deal):
            return self.deal_caption()
        if self.focus == "start":
            return _("Open a table with these choices: your friends join it, computers play the empty seats.") \
                if self.hosting else _("Start a new game with these choices.")
        if self.focus == "back":
            return _("Back to Play with friends; nothing is changed.") if self.hosting else \
                _("Back to the main menu; nothing is changed.")
        if self.focus == "players":
            return {
                2: _("You against one computer player."),
                3: _("Three players, each playing alone."),
                4: _("Two partnerships: you and North against West and East."),
            }[s.players]
        if self.focus == "difficulty":
            return level_caption(EACH if s.per_seat else s.level)
        if self.focus.startswith("seat"):
            seat = int(self.focus[4:])
            return seat_names(s.players)[seat] + " · " + level_caption(s.seat_levels[seat - 1])
        if self.focus == "target":
            return _("The game ends after the hand in which a side reaches {n} points.").format(n=points(s.target))
        if self.focus == "speed":
            return {
                "slow": _("Cards move slowly and the computer players take their time."),
                "normal": _("Cards move at an easy pace."),
                "fast": _("Cards move quickly."),
                "instant": _("No card movement: every move shows at once."),
            }[s.speed]
        if self.focus == "language":
            return _("The language of the game. It changes at once and is kept, even if you go back.")
        if self.focus == "game":  # each game its own sentence (Samba, with runs, read as Bolivia)
            return game_blurb(self.setup.game, self.setup.rules())
        return ""

    def deal_caption(self) -> str:
        if self.deal_error:
            return self.deal_error
        if not self.deal:
            return _("A new shuffle. To play a deal again, type the code its scoring screen showed.")
        try:
            code = decode(self.deal)
        except BadCode:  # still being typed
            return _("A deal code has about ten letters and digits, like K7QM-3XBR-9A.")
        return _("Plays the deal {code} again, the same cards to every seat: {game}, {n} players, to {target} points. "
                 "Backspace to change it.").format(code=code.text(), game=game_name(code.game), n=code.players,
                                                   target=points(self.played_target))

    @property
    def played_target(self) -> int:
        """The target the game starts to: a deal code's own, unless the player picked one since."""
        return self.deal_target if self.deal_target in self.rules.targets else self.setup.target

    def type_deal(self, text: str) -> None:
        """Letters typed on the Deal line (or filled in): a whole code sets the game and table it was dealt at."""
        self.deal = "".join(c for c in (self.deal + text) if c.isalnum())[:MAX_LENGTH]
        self._check_deal(final=False)

    def _check_deal(self, final: bool) -> bool:
        """Whether the typed code is a deal; the reason shows under the choices once it cannot become one."""
        self.deal_error = None
        self.dirty = True
        try:
            code = decode(self.deal) if self.deal else None
        except BadCode as why:
            if final or len(self.deal) >= 10:
                self.deal_error = str(why)
            code = None
        if code is None:
            self._forget_deal()  # no code (or one being changed): the target line is the player's again
            return not self.deal
        s = self.setup
        new_code = code.text() != self._deal_applied
        if not new_code and (s.game, s.players) == (code.game, code.players):
            return True  # applied already; a target the player picked since stays theirs
        self._deal_applied = code.text()
        if s.game != code.game:
            # The player's own target for the code's game, else its usual one: never the target of the game
            # shown before (a Bolivia code played "to 10,000" after Samba, and Bolivia kept it).
            rules = RULESETS.get(code.game, BOLIVIA)
            own = s.targets.get(code.game)
            s.game, s.target = code.game, own if own in rules.targets else rules.default_target(s.players)
        if s.players != code.players:
            s.switch_players(code.players)
        if new_code:  # the code's target is played, not remembered: s.target stays the player's
            self.deal_target = code.target
        if s.players == 2:
            s.per_seat = False
        self._build_rows()
        return True

    def _forget_deal(self) -> None:
        if self._deal_applied:
            self._deal_applied, self.deal_target = "", None
            self._build_rows()

    def change(self, key: str, delta: int) -> None:
        """Step a line's value forward (+1) or back (-1), wrapping round."""
        row = self._row(key)
        if row is None:
            return
        row.index = (row.index + delta) % len(row.values)
        v = row.value
        s = self.setup
        if key == "game":
            s.switch_game(str(v))  # its own target, never another game's usual one
        elif key == "players":
            s.switch_players(int(v))  # type: ignore[call-overload]
            if s.players == 2 and s.per_seat:
                s.per_seat = False
                s.level = s.seat_levels[0]
        elif key == "difficulty":
            if v == EACH:
                s.per_seat = True
                s.seat_levels = [s.level] * 3
            else:
                s.per_seat = False
                s.level = str(v)
        elif key.startswith("seat"):
            s.seat_levels[int(key[4:]) - 1] = str(v)
        elif key == "target":
            s.choose_target(int(v))  # type: ignore[call-overload]
            self.deal_target = None  # the player's pick wins over the code's
        elif key == "speed":
            s.speed = str(v)
        elif key == "language":
            self.switch_language(str(v))
        if key in ("game", "players", "difficulty", "language"):
            self._build_rows()
        self.dirty = True

    def switch_language(self, lang: str) -> None:
        """Speak `lang` from now on: every label of this screen is read again from the catalogue."""
        self.language = lang
        set_language(lang)
        self.back_button.label = _("Back")
        self.start_button.label = self._start_label()
        if self.on_language is not None:
            self.on_language(lang)

    def _row(self, key: str) -> Row | None:
        return next((r for r in self.rows if r.key == key), None)

    def _order(self) -> list[str]:
        return [r.key for r in self.rows] + ["back", "start"]

    def move_focus(self, delta: int) -> None:
        order = self._order()
        i = order.index(self.focus)
        if self.focus in ("back", "start") and delta > 0:
            return  # the buttons are the bottom line
        if self.focus in ("back", "start") and delta < 0:
            self.focus = self.rows[-1].key
        else:
            j = i + delta
            if j < 0:
                j = 0
            self.focus = "start" if j >= len(self.rows) else order[j]
        self.dirty = True

    # ----- actions ----------------------------------------------------------------------------------

    def start(self) -> None:
        if self.deal and self.on_deal is not None:
            if not self._check_deal(final=True):
                self.focus = "deal"
                return
            code = replace(decode(self.deal), target=self.played_target)  # the target the game is played to
            self.on_deal(replace(self.setup, seat_levels=list(self.setup.seat_levels)), code)
            return
        if self.on_start is not None:
            self.on_start(replace(self.setup, seat_levels=list(self.setup.seat_levels),
                                  targets=dict(self.setup.targets)))

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()

    # ----- scene hooks ------------------------------------------------------------------------------

    def enter(self, app: Host) -> None:
        super().enter(app)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._lay_out(size, ui_unit(size))

    def _lay_out(self, size: tuple[int, int], u: int) -> None:
        """The lines keep the text size chosen, whatever their number: more than the window holds, and
        the list scrolls (a list shrunk to fit drew its words smaller at the largest text size)."""
        w, h = size
        self._unit = u
        f = self._frame = frame_unit(size)  # the title and the buttons: they leave the list its room
        title_h = round(f * 2.4)
        button_h = round(f * 2.2)
        hint_h = max(READABLE_PX, f * 2 // 3) + f // 2
        margin = f // 2
        n = len(self.rows)
        self._text = t = max(READABLE_PX, round(u * ROW_TEXT))
        row_h = round(t / 0.55)
        gap = max(4, row_h // 6)
        caption_h = 2 * round(max(14, round(t * 0.85)) * 1.3) + u // 2
        room = h - title_h - caption_h - button_h - hint_h - 2 * margin - f // 2 - gap - u // 4
        panel_w = min(w - 2 * margin, u * 30)
        self._row_size = (row_h, gap)
        self._rows_area = pygame.Rect(0, 0, panel_w - u, max(row_h, min(self.column.needed(n, row_h, gap), room)))
        self._place_rows()
        panel_h = self.column.used + 2 * gap + u // 4 + caption_h
        block = title_h + panel_h + margin + button_h
        top = max(0, (h - hint_h - block) // 2)
        self._title_y = top + round(f * 0.3)
        self._panel = pygame.Rect(0, 0, panel_w, panel_h)
        self._panel.midtop = (w // 2, top + title_h)
        self._rows_area.topleft = (self._panel.left + u // 2, self._panel.top + gap + u // 4)
        self._place_rows()
        self._caption_top = self._rows_area.top + self.column.used + gap + u // 4
        bw = min(f * 9, (w - 3 * margin) // 2)
        by = min(self._panel.bottom + margin, h - hint_h - button_h)
        self.back_button.rect = pygame.Rect(w // 2 - margin // 2 - bw, by, bw, button_h)
        self.start_button.rect = pygame.Rect(w // 2 + margin // 2, by, bw, button_h)

    def _place_rows(self) -> None:
        """The lines in view, the focused one among them; the others out of sight (an empty rect)."""
        keys = [r.key for r in self.rows]
        focus = keys.index(self.focus) if self.focus in keys else None
        row_h, gap = self._row_size
        u = self._unit
        box_w = min(round((self._rows_area.w + u) * 0.5), u * 14)
        for row, rect in zip(self.rows, self.column.place(self._rows_area, len(self.rows), row_h, gap, focus),
                             strict=True):
            row.rect = rect
            row.box = pygame.Rect(rect.right - box_w - u // 4, rect.y + 2, box_w, row_h - 4) if rect.h else \
                pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> None:
        before = self.focus_words()
        first = self.column.first
        if not self._on_a_box(event) and self.column.handle_event(event):
            self._place_rows()
            self.dirty = True
            return
        self._handle(event)
        self._place_rows()  # the focus moved: its line in view
        self.dirty |= self.column.first != first
        if self.focus_words() != before:  # a line or its value changed under the keys or the mouse
            say(self.focus_words(with_caption=True), ASKED, interrupt=True)

    def _on_a_box(self, event: pygame.event.Event) -> bool:
        """The wheel over a line's value changes it (as ever); elsewhere it scrolls the list."""
        if event.type != pygame.MOUSEWHEEL or pygame.display.get_surface() is None:
            return False
        at = pygame.mouse.get_pos()
        return any(row.box.collidepoint(at) for row in self.rows)

    def focus_words(self, with_caption: bool = False) -> str:
        """The focused line said aloud: its label and value (and the sentence under the list), or a button."""
        if self.focus in ("back", "start"):
            words = (self.back_button if self.focus == "back" else self.start_button).label
        else:
            row = self._row(self.focus)
            words = _("{label}: {value}").format(label=row.label, value=self.value_text(row)) if row else ""
        caption = self.caption() if with_caption else ""
        return f"{words}. {caption}" if caption else words

    def announce(self) -> None:
        say(f"{self.heading()}. {self.focus_words(with_caption=True)}", ASKED, interrupt=True)

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            row = self._row(self.focus)
            if row is not None and event.y:
                self.change(row.key, 1 if event.y > 0 else -1)

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        on_row = self.focus not in ("back", "start")
        if self.focus == "deal" and k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.deal = self.deal[:-1] if k == pygame.K_BACKSPACE else ""
            self._check_deal(final=False)
            return
        if self.focus == "deal" and event.unicode and event.unicode.isalnum():
            self.type_deal(event.unicode)
            return
        if k == pygame.K_ESCAPE:
            self.back()
        elif k == pygame.K_UP:
            self.move_focus(-1)
        elif k == pygame.K_DOWN:
            self.move_focus(1)
        elif k == pygame.K_TAB:
            order = self._order()
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.focus = order[(order.index(self.focus) + step) % len(order)]
            self.dirty = True
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            delta = -1 if k == pygame.K_LEFT else 1
            if on_row:
                self.change(self.focus, delta)
            else:
                self.focus = "back" if delta < 0 else "start"
                self.dirty = True
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if on_row:
                self.move_focus(1)
            elif self.focus == "start":
                self.start()
            else:
                self.back()
        elif k == pygame.K_SPACE:
            if on_row:
                self.change(self.focus, 1)
            elif self.focus == "start":
                self.start()
            else:
                self.back()

    def _hit(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """What is under the mouse: (row key, -1 / 0 / +1 for left arrow / label / value or right arrow)."""
        for row in self.rows:
            if row.box.collidepoint(pos):
                arrow_w = row.box.h
                if pos[0] < row.box.left + arrow_w:
                    return row.key, -1
                return row.key, 1
            if row.rect.collidepoint(pos):
                return row.key, 0
        for name, b in (("back", self.back_button), ("start", self.start_button)):
            if b.rect.collidepoint(pos):
                return name, 0
        return None

    def _motion(self, pos: tuple[int, int]) -> None:
        hit = self._hit(pos)
        arrow = None
        if hit is not None:
            if hit[0] != self.focus:
                self.focus = hit[0]
                self.dirty = True
            row = self._row(hit[0])
            if row is not None and hit[1]:
                arrow = (hit[0], -1 if pos[0] < row.box.left + row.box.h else 1)
        if arrow != self.hover_arrow:
            self.hover_arrow = arrow
            self.dirty = True

    def _press(self, pos: tuple[int, int]) -> None:
        hit = self._hit(pos)
        self._pressed = None
        if hit is None:
            return
        key, delta = hit
        self.focus = key
        if key in ("back", "start"):
            self._pressed = key
            (self.back_button if key == "back" else self.start_button).pressed = True
        elif delta:
            self.change(key, delta)
        self.dirty = True

    def _release(self, pos: tuple[int, int]) -> None:
        pressed, self._pressed = self._pressed, None
        self.back_button.pressed = self.start_button.pressed = False
        self.dirty = True
        if pressed is None:
            return
        hit = self._hit(pos)
        if hit is not None and hit[0] == pressed:  # a click counts only if released where it began
            if pressed == "start":
                self.start()
            else:
                self.back()

    # ----- drawing ----------------------------------------------------------------------------------

    def heading(self) -> str:
        return _("Host a table") if self.hosting else _("New game")

    def _start_label(self) -> str:
        return _("Open the table") if self.hosting else _("Start game")

    def hint(self) -> str:
        if self.focus == "deal":
            return _("Type the deal's code   Backspace: erase   Enter: next, then Start   Esc: back")
        return _("↑ ↓ choose a line   ← → change it   Enter: next, then Start   Esc: back")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        w, h = surface.get_size()
        u = self._unit
        draw_text(surface, self.heading(), round(self._frame * 1.6), GOLD, (w // 2, self._title_y), "midtop", True,
                  True)
        draw_panel(surface, self._panel, max(8, u // 2))
        for row in self.rows:
            if row.rect.h:
                self._draw_row(surface, row)
        self.column.draw(surface)
        # The sentence about the focused line.
        cap = max(14, round(self._text * 0.85))
        width = self._panel.w - u * 2
        y = self._caption_top
        pygame.draw.line(surface, (200, 170, 90), (self._panel.left + u, y - u // 8),
                         (self._panel.right - u, y - u // 8), 1)
        for line in wrap_text(self.caption(), font(cap), width)[:2]:
            draw_text(surface, line, cap, INK, (self._panel.centerx, y + u // 8), "midtop")
            y += round(cap * 1.3)
        self.back_button.focused = self.focus == "back"
        self.start_button.focused = self.focus == "start"
        self.back_button.draw(surface)
        self.start_button.draw(surface)
        hint = self.hint()
        f = self._frame
        hint_size = max(READABLE_PX, f * 2 // 3)
        if self.start_button.rect.bottom + hint_size + f // 4 <= h:
            draw_text(surface, hint, hint_size, INK_DIM, (w // 2, h - f // 4), "midbottom")

    def _draw_row(self, surface: pygame.Surface, row: Row) -> None:
        u = self._unit
        t = self._text
        focused = row.key == self.focus
        if focused:
            band = pygame.Surface(at_least_a_pixel(row.rect.size), pygame.SRCALPHA)
            pygame.draw.rect(band, (255, 255, 255, 34), band.get_rect(), border_radius=max(6, row.rect.h // 4))
            surface.blit(band, row.rect)
        x = row.rect.left + u // 2 + (u if row.indent else 0)
        label = row.label if not row.indent else "· " + row.label
        draw_text(surface, label, t, GOLD if focused else INK, (x, row.rect.centery), "midleft", bold=not row.indent)
        box = row.box
        radius = max(6, box.h // 4)
        pygame.draw.rect(surface, BUTTON, box, border_radius=radius)
        if focused:  # the line chosen: a pointer before its name (its gold and its band are not all)
            cues.pointer(surface, (x - 3, row.rect.centery), max(5, min(u // 2 - 3, round(row.rect.h * 0.45))),
                         "right", fill=GOLD)
            ring = max(3, box.h // 12)
            pygame.draw.rect(surface, BUTTON_FOCUS, box, width=ring, border_radius=radius)
            if box.h >= 30:  # a dark line inside the ring, where it clears the value's words
                pygame.draw.rect(surface, BUTTON_TEXT, box.inflate(-2 * ring, -2 * ring), width=max(1, ring // 2),
                                 border_radius=max(2, radius - ring))
        arrow_w = box.h
        for delta in (-1, 1) if row.key != "deal" else ():  # the deal is typed: no arrows
            hot = self.hover_arrow == (row.key, delta)
            cx = box.left + arrow_w // 2 if delta < 0 else box.right - arrow_w // 2
            half = max(6, box.h // 4)
            color = (20, 110, 60) if hot else BUTTON_TEXT
            if len(row.values) < 2:
                color = (185, 182, 170)  # nothing else to choose yet: the arrows are greyed
            if delta < 0:
                pts = [(cx + half // 2, box.centery - half), (cx + half // 2, box.centery + half),
                       (cx - half, box.centery)]
            else:
                pts = [(cx - half // 2, box.centery - half), (cx - half // 2, box.centery + half),
                       (cx + half, box.centery)]
            pygame.draw.polygon(surface, color, pts)
        text = self.value_text(row)
        if row.key == "deal" and focused and len(self.deal) < MAX_LENGTH:
            text = _grouped(self.deal) + "_"  # where the next letter goes
        size = t
        while size > READABLE_PX and font(size, True).size(text)[0] > box.w - 2 * arrow_w:
            size -= 1
        draw_text(surface, text, size, BUTTON_TEXT, box.center, "center", bold=True)
