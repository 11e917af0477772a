"""The statistics screen: the player's games of one game (Bolivia now), by difficulty and table size, the
hands and canastas, the winning streaks; a reset that asks first. Esc or Back leaves. With more than one
game's statistics, the title's ◀ ▶ (a click, ← →, or PgUp/PgDn) show another game's, and the foot says so."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, ngettext, number, pgettext
from game.keep.stats import DEFAULT_GAME, MIXED, GameStats, Record, Statistics
from game.rules.melds import ESCALERA
from game.rules.ruleset import BOLIVIA, RULESETS
from game.ui.looks import steady_text
from scenes.achievement_lines import extra_lines
from scenes.rules import game_name
from scenes.scene import Scene
from scenes.scroll_column import ScrollColumn
from scenes.setup import level_name, players_text
from scenes.spoken_screens import speak
from scenes.widgets import (
    GOLD,
    INK,
    INK_DIM,
    READABLE_PX,
    Button,
    Dialog,
    FocusGroup,
    draw_panel,
    draw_text,
    felt_background,
    fit_size,
    font,
    frame_unit,
    ui_unit,
)

MINUS = "\u2212"


def signed(n: float) -> str:
    n = round(n)
    return MINUS + number(-n) if n < 0 else number(n)


LINE_TEXT = 0.45  # the lines' words at the least, as a share of the screen's unit: the text size chosen


def record_text(r: Record) -> str:
    if not r.played:
        return _("no games yet")
    share = round(100 * r.won / r.played)
    # Each count with its own plural: in French "1 jouée", "2 jouées".
    return _("{played}, {won}, {lost}, {drawn} ({share} % won)").format(
        played=ngettext("{n} played", "{n} played", r.played).format(n=number(r.played)),
        won=ngettext("{n} won", "{n} won", r.won).format(n=number(r.won)),
        lost=ngettext("{n} lost", "{n} lost", r.lost).format(n=number(r.lost)),
        drawn=ngettext("{n} drawn", "{n} drawn", r.drawn).format(n=number(r.drawn)), share=share)


def stat_lines(g: GameStats, game: str = "bolivia") -> list[tuple[str, str, bool]]:
    """(label, value, heading) lines, as the screen shows them, in the words of that game (Samba's run of
    seven is a samba; a game without wild melds has no bolivias)."""
    rules = RULESETS.get(game, BOLIVIA)
    lines: list[tuple[str, str, bool]] = [(_("Games"), record_text(g.record), True)]
    levels = [lv for lv in ("easy", "normal", "hard", "expert", MIXED) if lv in g.levels]
    if levels:
        lines.append((_("By difficulty"), "", True))
        for lv in levels:
            name = level_name(lv) if lv != MIXED else pgettext("difficulty", "Mixed")  # not a mixed canasta
            lines.append((name, record_text(g.levels[lv]), False))
    tables = [t for t in ("2", "3", "4") if t in g.tables]
    if tables:
        lines.append((_("By table"), "", True))
        for t in tables:
            lines.append((players_text(int(t)), record_text(g.tables[t]), False))
    lines.append((_("Hands"), "", True))
    lines.append((_("Hands played"), number(g.hands), False))
    lines.append((_("Best hand"), signed(g.best_hand) if g.best_hand is not None else "—", False))
    lines.append((_("Average hand"), signed(g.average_hand) if g.average_hand is not None else "—", False))
    lines.append((_("Made by your side"), "", True))
    lines.append((_("Canastas"), _("{n} ({natural}, {mixed})").format(
        n=number(g.canastas), natural=ngettext("{n} natural", "{n} natural", g.natural).format(n=number(g.natural)),
        mixed=ngettext("{n} mixed", "{n} mixed", g.mixed).format(n=number(g.mixed))), False))
    if rules.runs:
        lines.append((_("Sambas") if rules.canasta_key(ESCALERA) == "samba" else _("Escaleras"),
                      number(g.escaleras), False))
    if rules.wild_melds:
        lines.append((_("Bolivias"), number(g.bolivias), False))
    lines.append((_("Longest winning streak"), _("{best} (now {now})").format(best=g.best_streak, now=g.streak),
                  True))
    return lines


class StatisticsScene(Scene):
    """`on_back()` leaves; `on_reset()` forgets every statistic and returns the new (empty) ones."""

    def __init__(self, stats: Statistics, on_back: Callable[[], None] | None = None,
                 on_reset: Callable[[], Statistics] | None = None, game: str = DEFAULT_GAME,
                 on_replay: Callable[[], None] | None = None, kept: int = 0,
                 friends: tuple[int, int] | None = None) -> None:
        """`on_replay()` (R) plays back the `kept` games kept in the statistics folder. `friends`: the games
        played with friends and won, counted apart from the games against the computer."""
        super().__init__()
        self.friends = friends
        self.on_replay = on_replay
        self.on_daily: Callable[[], None] | None = None  # D: today's deal (game/rules/daily.py)
        self.rewards = False  # showing today's deal and the achievements instead of the games' numbers
        self.kept = kept
        self.stats = stats
        self.game = game
        self.on_back = on_back
        self.on_reset = on_reset
        self.reset_button = Button(_("Reset statistics"), self.ask_reset)
        self.back_button = Button(_("Back"), self.back)
        self.buttons = FocusGroup([self.reset_button, self.back_button], vertical=False, focus=1, wrap=False)
        self.dialog: Dialog | None = None
        self._unit = ui_unit(self.size)
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._text = 16
        self._frame = self._unit
        self.column = ScrollColumn()  # the lines, scrolled when the panel cannot hold them all
        self._line_rects: list[pygame.Rect] = []
        self.arrows: tuple[pygame.Rect, pygame.Rect] | None = None  # the title's ◀ ▶, to click
        self._footer_px = 14

    def games(self) -> list[str]:
        """The games with statistics (the default one always): ← → go from one to the next."""
        return sorted(set(self.stats.games) | {self.game}, key=lambda g: (g != DEFAULT_GAME, g))

    def switch_game(self, delta: int) -> None:
        games = self.games()
        self.game = games[(games.index(self.game) + delta) % len(games)]
        self.resize(self.size)
        self.announce()

    def lines(self) -> list[tuple[str, str, bool]]:
        if self.rewards:  # A: today's deal and the achievements (scenes/achievement_lines.py)
            return extra_lines(self.stats)
        lines = stat_lines(self.stats.games.get(self.game) or GameStats(), self.game)
        if self.friends is not None and self.friends[0]:
            played, won = self.friends
            lines.append((_("With friends"), "", True))
            lines.append((_("Games with friends, every game"), _("{played}, {won}").format(
                played=ngettext("{n} played", "{n} played", played).format(n=number(played)),
                won=ngettext("{n} won", "{n} won", won).format(n=number(won))), False))
        return lines

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()

    def ask_reset(self) -> None:
        def answer(yes: bool) -> None:
            self.dialog = None
            if yes and self.on_reset is not None:
                self.stats = self.on_reset()
                self.kept = 0  # the kept games go with the statistics
                self.resize(self.size)  # fewer lines now
            self.dirty = True

        question = (ngettext("Forget all your statistics and the game kept for replay? This cannot be undone.",
                             "Forget all your statistics and the {n} games kept for replay? This cannot be undone.",
                             self.kept).format(n=self.kept) if self.kept
                    else _("Forget all your statistics? This cannot be undone."))
        self.dialog = Dialog(question, answer, yes=_("Reset"), no=_("Keep them"))
        self.dialog.layout(self.size)
        self.dirty = True

    def footer(self) -> str:
        """The keys that are not on a button, said at the foot: another game's statistics, the replays."""
        parts = []
        if len(self.games()) > 1:
            parts.append(_("← → or a click on ◀ ▶: another game"))
        if self.on_replay is not None and self.kept:
            parts.append(ngettext("R: replay your last game", "R: replay your last {n} games",
                                  self.kept).format(n=self.kept))
        parts.append(_("A: achievements and today's deal") if not self.rewards else _("A: your games"))
        if self.on_daily is not None:
            parts.append(_("D: play today's deal"))
        return " · ".join(parts)

    def announce(self) -> None:
        """The statistics said line by line: label and value."""
        speak([self.title(), *(f"{label}: {value}" if value else label for label, value, _bold in self.lines()),
               self.footer()])

    def title(self) -> str:
        return _("Statistics: {game}").format(game=game_name(self.game))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self._unit = ui_unit(size)
        f = self._frame = frame_unit(size)  # the title and the buttons grow less than the words read
        bh = round(f * 2.1)
        self._footer_px = self._footer_size(size, f)
        self._panel = pygame.Rect(0, 0, min(w - 2 * u, u * 32), self._panel_h(size, f))
        self._panel.midtop = (w // 2, round(f * 3.4))
        # The lines shrink to fit the panel, down to a share of the text size chosen, and never below their
        # size at a smaller text size: more than the panel then holds, and they scroll (↑ ↓, the wheel).
        lines = self.lines()
        headings = sum(1 for _l, _v, heading in lines if heading) - 1  # each but the first has a gap over it
        per_size = 1.3 * len(lines) + headings / 3  # the lines' height, in text sizes

        def fitted(scale: float) -> int:
            us, fs = ui_unit(size, scale), frame_unit(size, scale)
            fit = int((self._panel_h(size, fs) - us) / per_size)
            return max(READABLE_PX, round(us * LINE_TEXT), min(round(us * 0.85), fit))

        self._text = steady_text(fitted)
        self._place_lines()
        bw = min(f * 10, (w - 3 * f) // 2)
        y = self._panel.bottom + round(f * 0.6)
        self.reset_button.rect = pygame.Rect(w // 2 - f // 4 - bw, y, bw, bh)
        self.back_button.rect = pygame.Rect(w // 2 + f // 4, y, bw, bh)
        self.arrows = None
        if len(self.games()) > 1:  # each arrow a target two lines wide, beside the title
            title_w = font(round(f * 1.5), True).size(self.title())[0]
            box = pygame.Rect(0, 0, f * 2, round(f * 2.2))
            box.centery = round(f * 0.8) + round(f * 1.5) // 2
            left, right = box.copy(), box.copy()
            left.right = max(box.w, w // 2 - title_w // 2 - f // 2)
            right.left = min(w - box.w, w // 2 + title_w // 2 + f // 2)
            self.arrows = (left, right)
        if self.dialog is not None:
            self.dialog.layout(size)

    def _footer_size(self, size: tuple[int, int], f: int) -> int:
        foot = self.footer()
        return fit_size(foot, max(14, f * 3 // 4), size[0] - f, READABLE_PX, False) if foot else 0

    def _panel_h(self, size: tuple[int, int], f: int) -> int:
        """The panel's height with the frame's unit `f`: the window less the title, the buttons and the foot's
        line (clear of the buttons)."""
        foot_h = round(self._footer_size(size, f) * 1.4) if self.footer() else 0
        return size[1] - round(f * 3.4) - round(f * 2.1) - round(f * 1.6) - foot_h

    def _place_lines(self) -> None:
        t = self._text
        heights = [round(t * 1.3) + (t // 3 if heading and i else 0)
                   for i, (_label, _value, heading) in enumerate(self.lines())]
        area = self._panel.inflate(0, -self._unit)
        self._line_rects = self.column.place_each(area, heights, 0, None)

    def shown_lines(self) -> list[tuple[str, str, bool, int]]:
        """The lines in view, each with where its text starts (a heading after the first has a little gap
        over it)."""
        t = self._text
        return [(label, value, heading, rect.bottom - round(t * 1.3))
                for (label, value, heading), rect in zip(self.lines(), self._line_rects, strict=True) if rect.h]

    def line_tops(self) -> list[int]:
        """Where the text of each line in view starts."""
        return [y for _label, _value, _heading, y in self.shown_lines()]

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            self.dirty = True
            return
        scroll = event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.column.scroll(
            -1 if event.key == pygame.K_UP else 1)
        if scroll or self.column.handle_event(event):
            self._place_lines()
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_d and self.on_daily is not None:
            self.on_daily()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            self.rewards = not self.rewards
            self.resize(self.size)
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.on_replay is not None and self.kept:
            self.on_replay()
            return
        others = len(self.games()) > 1
        if event.type == pygame.KEYDOWN and others and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN,
                                                                     pygame.K_LEFT, pygame.K_RIGHT):
            self.switch_game(1 if event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT) else -1)
            return  # Tab still moves between the buttons
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.arrows is not None:
            for delta, rect in zip((-1, 1), self.arrows, strict=True):
                if rect.collidepoint(event.pos):
                    self.switch_game(delta)
                    return
        if self.buttons.handle_event(event):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        w, _h = surface.get_size()
        u, f = self._unit, self._frame
        draw_text(surface, self.title(), round(f * 1.5), GOLD, (w // 2, round(f * 0.8)), "midtop", True, True)
        if self.arrows is not None:
            for glyph, rect in zip("◀▶", self.arrows, strict=True):
                draw_panel(surface, rect, max(4, f // 4))
                draw_text(surface, glyph, round(f * 1.2), GOLD, rect.center, "center", True)
        panel = self._panel
        draw_panel(surface, panel, max(8, u // 2))
        t = self._text
        label_x = panel.left + u
        value_right = panel.right - u
        for label, value, heading, y in self.shown_lines():
            x = label_x if heading else label_x + u
            draw_text(surface, label, t, GOLD if heading else INK, (x, y), bold=heading)
            if value:
                room = value_right - x - surface.get_width() // 4
                size = fit_size(value, t, max(room, u * 8), READABLE_PX, False)
                draw_text(surface, value, size, INK if heading else INK_DIM, (value_right, y + (t - size) // 2),
                          "topright")
        self.column.draw(surface)
        self.buttons.draw(surface)
        foot = self.footer()
        if foot:
            draw_text(surface, foot, self._footer_px, INK_DIM, (w // 2, _h - f // 3), "midbottom")
        if self.dialog is not None:
            self.dialog.draw(surface)
