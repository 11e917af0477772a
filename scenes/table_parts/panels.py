"""The panels over the table that the player opens and closes: the keys (H), what happened this hand (W)
and the game's score sheet (G). While one is open the computer players wait. What happened is read with
the wheel, PgUp/PgDn, Home/End and the arrows; on the sheet ↑ ↓ choose a hand and Enter (or R, or a
click on its row) plays it back; the other keys leave."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, language
from game.ui.draw_list import DrawList
from game.ui.hand_story import Scroll
from game.ui.input_map import key_intent, yes_no_letters
from game.ui.looks import text_scale
from game.ui.spoken_table import tell_keys_line
from scenes.table_parts.overlays import OVERLAYS, draw_log_overlay, draw_score_sheet
from scenes.table_parts.view import TableView
from scenes.widgets import GOLD, INK, draw_panel, draw_text, font, veil, wrap_text


class Panels:
    def __init__(self) -> None:
        self.help = False
        self.overlay: str | None = None  # "log" or "sheet" (see overlays.py)
        self.scroll = Scroll()  # where the player reads the story from
        self.shown: list[str] = []  # the story's lines on screen, as last drawn
        self.on_replay: Callable[[int], None] | None = None  # a scored hand of the game played back
        self.chosen: int | None = None  # the sheet's hand to play back (None: the latest)
        self.replayable: list[int] = []  # the hands the record can play back, as last drawn
        self.sheet_rows: list[tuple[int, pygame.Rect]] = []  # each hand's row on the sheet, as last drawn

    @property
    def open(self) -> bool:
        return self.help or self.overlay is not None

    def toggle_help(self) -> None:
        self.help = not self.help

    def toggle(self, kind: str) -> None:
        """W: what happened this hand; G: the game's score sheet."""
        self.overlay = None if self.overlay == kind else kind
        self.scroll = Scroll()  # opened again: at the newest lines
        self.chosen = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """An event while a log or the sheet is shown: taken (True). Its own key shows the other one;
        Esc, Enter, Space or a click go back to the table."""
        if self.overlay is None:
            return False
        if self.overlay == "log" and self._scrolled(event):
            return True
        if self.overlay == "sheet" and self._sheet_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            intent = key_intent(event.key, event.mod)
            kind = intent.kind if intent is not None and intent.kind in OVERLAYS and \
                intent.kind != self.overlay else None
            self.overlay, self.scroll = kind, Scroll()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):  # 4 and 5: the wheel's
            self.overlay = None
        return True

    def _sheet_event(self, event: pygame.event.Event) -> bool:
        """↑ ↓ choose a hand, Enter or R plays it back, and so does a click on its row."""
        hands = self.replayable
        if not hands or self.on_replay is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hand = next((n for n, rect in self.sheet_rows if rect.collidepoint(event.pos) and n in hands), None)
            if hand is None:
                return False
            self.chosen = hand
            self.on_replay(hand)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        at = hands.index(self.chosen) if self.chosen in hands else len(hands) - 1
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.chosen = hands[min(max(0, at + (1 if event.key == pygame.K_DOWN else -1)), len(hands) - 1)]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r):
            self.chosen = hands[at]
            self.on_replay(hands[at])
        else:
            return False
        return True

    def _scrolled(self, event: pygame.event.Event) -> bool:
        """The wheel (three lines a notch), PgUp/PgDn (a page), Home/End, the arrows (a line)."""
        s = self.scroll
        if event.type == pygame.MOUSEWHEEL:
            s.by(-3 * event.y)
        elif event.type != pygame.KEYDOWN:
            return False
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            s.page(-1 if event.key == pygame.K_PAGEUP else 1)
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            s.by(-1 if event.key == pygame.K_UP else 1)
        elif event.key == pygame.K_HOME:
            s.home()
        elif event.key == pygame.K_END:
            s.end()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface | DrawList, view: TableView, story: Callable[[TableView], list[str]],
             size: tuple[int, int], u: int, text_px: int) -> None:
        """`story(view)`: the whole hand's lines (the log part's), asked only while W is open and wrapped to
        the panel as it is drawn."""
        if self.help:
            self.draw_help(surface, view, size, u)
        if self.overlay is not None:
            veil(surface, 110)
            if self.overlay == "log":
                self.shown = draw_log_overlay(surface, story(view), u, text_px, self.scroll)
            else:
                record = view.record
                self.replayable = ([h.hand for h in record.hands if h.scores is not None]
                                   if record is not None and self.on_replay is not None else [])
                if self.chosen not in self.replayable:
                    self.chosen = self.replayable[-1] if self.replayable else None
                self.sheet_rows = draw_score_sheet(surface, view.state, view.side_names, view.names, u, text_px,
                                                   view.side, self.chosen)

    @staticmethod
    def help_box(lines: list[str], size: tuple[int, int], u: int) -> tuple[pygame.Rect, int, int,
                                                                         list[tuple[str, bool]]]:
        """The keys' panel: its box, text size, line step and wrapped lines (the title's bold). The text is
        as large as lets every wrapped line inside the box, and the box inside the window. Its margins keep
        the normal text size's: at a larger one, the words fit no smaller than they do at a smaller one."""
        width = min(size[0] - 40, u * 34)
        px = max(12, u * 3 // 4)
        u = help_margin(u)
        while True:
            step = max(px + 2, round(px * 4 / 3))
            parts = [(part, i == 0) for i, line in enumerate(lines) for part in wrap_text(line, font(px, i == 0),
                                                                                          width - u)]
            height = len(parts) * step + u
            if height <= size[1] - 20 or px <= 10:
                break
            px -= 1
        box = pygame.Rect(0, 0, width, height)
        box.center = (size[0] // 2, size[1] // 2)
        return box, px, step, parts

    @staticmethod
    def draw_help(surface: pygame.Surface | DrawList, view: TableView, size: tuple[int, int], u: int) -> None:
        box, px, step, parts = Panels.help_box(help_lines(view), size, u)
        draw_panel(surface, box, u // 2)
        pad = help_margin(u) // 2
        y = box.top + pad
        for part, title in parts:
            draw_text(surface, part, px, GOLD if title else INK, (box.x + pad, y), bold=title)
            y += step


def help_margin(u: int) -> int:
    """The keys' panel's margins (twice): the table's unit at the normal text size."""
    return max(12, round(u / text_scale()))


def help_lines(view: TableView) -> list[str]:
    """The keys that work at this table, in the language's own letters; the top card onto a run only
    where there are runs, combining only where a side may hold two melds of a rank."""
    rules = view.state.rules
    partners = view.state.players == 4
    yes, no = yes_no_letters(language())
    lines = [
        _("Keys (the game waits while this is open)"),
        _("← →  move along your hand      Space  select / unselect"),
        _("D  draw from the stock      P  take the pile (the table picks the cards, or takes those selected)"),
    ]
    if rules.runs:
        lines.append(_("T  take the top card onto a run"))
    if rules.take_onto_meld:
        lines.append(_("T  the top card onto your meld of its rank, and the pile is yours"))
    lines += [
        _("M  stage the selected cards as a new meld      L  lay everything staged      C  take it back"),
        _("Tab  choose a target (stock, pile, new meld, your melds)      Enter  play onto it"),
        _("A  stage the selected cards onto the target meld      X  discard the selected card"),
    ]
    if not rules.one_meld_per_rank:
        lines.append(_("K  pick the target meld, then K on another of its rank to combine them"))
    lines += [
        _("Z or Ctrl+Z  take back the last staged step, then your last meld      I  hint: a suggested move"),
        _("E  do the hint: its meld is staged (L lays it, Z takes it back), its draw or discard is made"),
        _("1  sort by rank      2 or S  sort by suit") + ("      " + _("Q  ask your partner “May I go out?”")
                                                       if partners else ""),
    ]
    if partners:
        lines.append(_("{yes} / {no}  answer your partner").format(yes=yes, no=no))
    lines += [
        _("R  the rules      V  sound on / off      Esc  pause      H, F1 or ?  this help"),
        _("W  what happened this hand      G  the score sheet      F11  full screen"),
        tell_keys_line(),
        _("Mouse: click cards to select, then a meld or the empty meld area; drag works too."),
        _("A gold bar marks the cards you drew this turn."),
    ]
    return lines
