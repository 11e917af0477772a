"""The player's buttons: Stage, Lay all, Undo, Hint, Do it (the hint carried out), Go out?, the two sort
orders, Menu, and the sound switch at the end of the message line. Each asks for its intent; which may
be pressed now is said by the table's `Enabled`, worked out from the view and the other parts' state by
the scene."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules.state import Phase
from game.ui.draw_list import DrawList
from game.ui.input_map import Intent
from scenes.table_parts.view import TableView
from scenes.widgets import Button, button_label_px, fit_size, font, ui_unit


@dataclass(frozen=True)
class Enabled:
    """What the buttons show as possible now."""

    mine: bool  # the player's own draw or meld
    melding: bool  # the player's meld phase
    staged: bool
    selected: bool
    can_undo: bool
    can_ask: bool
    suit_order: bool  # the hand is sorted by suit (the ring on that button)
    partners: bool  # four players: Go out? is shown
    hinted: bool = False  # a hint shows for this position: Do it may carry it out


class ButtonBar:
    def __init__(self, ask: Callable[[Intent], None], sound_on: bool) -> None:
        self.ask = ask  # the scene carries out the intents
        self.can_ask = False  # whether "Go out?" may be pressed: the engine's answer, asked once per change
        self.status_right = 0  # where the message line would end without the sound switch
        self.buttons: dict[str, Button] = {}
        self.make(sound_on)

    def make(self, sound_on: bool) -> None:
        """The labels in the language of the moment. Short: up to ten buttons share the controls area in
        three rows, their text at 16 px at 1366x768. Taking staged cards back is Undo's first step."""
        def on(kind: str) -> Callable[[], None]:
            return lambda: self.ask(Intent(kind))

        self.buttons = {
            "meld": Button(_("Stage (M)"), on("meld")),
            "lay": Button(_("Lay all (L)"), on("lay")),
            "undo": Button(_("Undo (Z)"), on("undo")),
            "hint": Button(_("Hint (I)"), on("hint")),
            "do_hint": Button(_("Do it (E)"), on("do_hint")),
            "ask": Button(_("Go out? (Q)"), on("ask")),
            "sort_rank": Button(_("By rank (1)"), on("sort_rank")),
            "sort_suit": Button(_("By suit (2)"), on("sort_suit")),
            "menu": Button(_("Menu (Esc)"), on("pause")),
            "sound": Button(sound_label(sound_on), on("mute")),
        }

    def judge(self, view: TableView) -> None:
        """Whether the player may ask "May I go out?" now, asked of the engine once per change."""
        st = view.state
        self.can_ask = (view.my_turn() and st.players == 4 and st.phase == Phase.MELD and not st.asked
                        and st.able_to_go_out(view.seat))

    def enabled(self, view: TableView, staged: bool, selected: bool, suit_order: bool,
                hinted: bool = False) -> Enabled:
        """What may be pressed now."""
        mine, st = view.my_turn(), view.state
        return Enabled(mine=mine, melding=mine and st.phase == Phase.MELD, staged=staged, selected=selected,
                       can_undo=view.controller.can_undo, can_ask=self.can_ask, suit_order=suit_order,
                       partners=st.players == 4, hinted=hinted)

    def sound_switched(self, on: bool) -> None:
        self.buttons["sound"].label = sound_label(on)

    def place(self, size: tuple[int, int], controls: tuple[int, int, int, int], status: tuple[int, int, int, int],
              partners: bool) -> None:
        """The buttons in three rows of the controls area, as tall as it lets them be (their text grows
        with them), filled column by column; each column as wide as its longest label needs, so a long
        one ("May I go out? (Q)") gets the room and the short ones lend it. The sound switch: at the
        right end of the message line."""
        u = ui_unit(size)
        x, y, w, h = controls
        names = [n for n in self.buttons if n != "sound" and (n != "ask" or partners)]
        rows = 3
        gap = max(4, u // 4)
        bh = max(20, min(round(u * 1.45), (h - (rows - 1) * gap) // rows))
        columns = [names[i:i + rows] for i in range(0, len(names), rows)]
        # The labels at the text size chosen, in buttons that a larger text size makes shorter (the labels'
        # bands take the centre's room): up to nearly two thirds of the button, never below their usual size.
        text = max(button_label_px(bh), min(round(u * 0.46), round(bh * 0.62)))
        pad = max(8, bh // 2) + 4
        need = [max(font(text, True).size(self.buttons[n].label)[0] + pad for n in col) for col in columns]
        room = max(len(columns), w - (len(columns) - 1) * gap)
        widths = [max(u * 2, need_w * room // max(1, sum(need))) for need_w in need]
        cx = x
        for col, width in zip(columns, widths, strict=True):
            for row, name in enumerate(col):
                self.buttons[name].rect = pygame.Rect(cx, y + row * (bh + gap), width, bh)
                self.buttons[name].label_px = text
            cx += width + gap
        if "ask" not in names:
            self.buttons["ask"].rect = pygame.Rect(0, 0, 0, 0)
        sx, sy, sw, sh = status
        self.status_right = sx + sw
        label_w = fit_size(self.buttons["sound"].label, max(12, sh // 2), sw, 10)
        width = min(sw // 3, max(u * 5, round(label_w * 0.75) + sh * 2))
        self.buttons["sound"].rect = pygame.Rect(sx + sw - width, sy + 1, width, max(12, sh - 2))

    @property
    def message_room(self) -> int:
        """Where the message line ends: the sound switch's left edge (the line's end without it)."""
        sound = self.buttons["sound"].rect
        return sound.left if sound.w else self.status_right

    def mouse_down(self, pos: tuple[int, int]) -> bool:
        """A press on a button (taken: True); the intent comes when it is let go over it."""
        for b in self.buttons.values():
            if b.rect.collidepoint(pos):
                b.pressed = True
                return True
        return False

    def mouse_up(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons.values():
            if b.pressed:
                b.pressed = False
                if b.rect.collidepoint(pos):
                    b.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface | DrawList, now: Enabled) -> None:
        b = self.buttons
        b["lay"].enabled = now.staged
        b["undo"].enabled = now.staged or now.can_undo
        b["hint"].enabled = now.mine
        b["do_hint"].enabled = now.mine and now.hinted
        b["meld"].enabled = now.melding and now.selected
        b["ask"].enabled = now.mine and now.can_ask
        b["sort_rank"].focused, b["sort_suit"].focused = not now.suit_order, now.suit_order  # the order chosen
        for name, button in b.items():
            if name == "ask" and not now.partners:
                continue  # only partners ask
            button.draw(surface)


def sound_label(on: bool) -> str:
    return _("Sound on (V)") if on else _("Sound off (V)")
