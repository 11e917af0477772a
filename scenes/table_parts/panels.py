"""The panels over the table that the player opens and closes: the keys (H), what happened this hand (W)
and the game's score sheet (G). While one is open the computer players wait."""

from __future__ import annotations

import pygame

from game.i18n import _, language
from game.ui.draw_list import DrawList
from game.ui.input_map import key_intent, yes_no_letters
from scenes.table_parts.overlays import OVERLAYS, draw_log_overlay, draw_score_sheet
from scenes.table_parts.view import TableView
from scenes.widgets import GOLD, INK, draw_panel, draw_text, font, veil, wrap_text


class Panels:
    def __init__(self) -> None:
        self.help = False
        self.overlay: str | None = None  # "log" or "sheet" (see overlays.py)

    @property
    def open(self) -> bool:
        return self.help or self.overlay is not None

    def toggle_help(self) -> None:
        self.help = not self.help

    def toggle(self, kind: str) -> None:
        """W: what happened this hand; G: the game's score sheet."""
        self.overlay = None if self.overlay == kind else kind

    def handle_event(self, event: pygame.event.Event) -> bool:
        """An event while a log or the sheet is shown: taken (True). Its own key shows the other one;
        Esc, Enter, Space or a click go back to the table."""
        if self.overlay is None:
            return False
        if event.type == pygame.KEYDOWN:
            intent = key_intent(event.key, event.mod)
            self.overlay = intent.kind if intent is not None and intent.kind in OVERLAYS and \
                intent.kind != self.overlay else None
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.overlay = None
        return True

    def draw(self, surface: pygame.Surface | DrawList, view: TableView, log: list[str], size: tuple[int, int],
             u: int, text_px: int) -> None:
        if self.help:
            self.draw_help(surface, view, size, u)
        if self.overlay is not None:
            veil(surface, 110)
            if self.overlay == "log":
                draw_log_overlay(surface, log, u, text_px)
            else:
                draw_score_sheet(surface, view.state, view.side_names, view.names, u, text_px, view.side)

    @staticmethod
    def draw_help(surface: pygame.Surface | DrawList, view: TableView, size: tuple[int, int], u: int) -> None:
        lines = help_lines(view)
        box = pygame.Rect(0, 0, min(size[0] - 40, u * 34), u * (len(lines) + 2))
        box.center = (size[0] // 2, size[1] // 2)
        draw_panel(surface, box, u // 2)
        y = box.top + u // 2
        px = max(12, u * 3 // 4)
        for i, line in enumerate(lines):
            for part in wrap_text(line, font(px, i == 0), box.w - u):
                draw_text(surface, part, px, GOLD if i == 0 else INK, (box.x + u // 2, y), bold=i == 0)
                y += u


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
    lines += [
        _("M  stage the selected cards as a new meld      L  lay everything staged      C  take it back"),
        _("Tab  choose a target (stock, pile, new meld, your melds)      Enter  play onto it"),
        _("A  stage the selected cards onto the target meld      X  discard the selected card"),
    ]
    if not rules.one_meld_per_rank:
        lines.append(_("K  pick the target meld, then K on another of its rank to combine them"))
    lines += [
        _("Z or Ctrl+Z  take back the last staged step, then your last meld      I  hint: a suggested move"),
        _("1  sort by rank      2 or S  sort by suit") + ("      " + _("Q  ask your partner “May I go out?”")
                                                       if partners else ""),
    ]
    if partners:
        lines.append(_("{yes} / {no}  answer your partner").format(yes=yes, no=no))
    lines += [
        _("R  the rules      V  sound on / off      Esc  pause      H, F1 or ?  this help"),
        _("W  what happened this hand      G  the score sheet      F11  full screen"),
        _("Mouse: click cards to select, then a meld or the empty meld area; drag works too."),
        _("A gold bar marks the cards you drew this turn."),
    ]
    return lines
