"""The table's picture: the felt, the cards, and over them each part's words and marks, in their order.

The cards' part draws the cards in two layers kept between frames (scenes/table_parts/cards.py) and asks
this for what lies under them (the meld areas' shades and labels) and over them. Each part draws itself
in its rectangle; this only asks them in turn, reading the parts it is given and changing none of them.
It keeps one thing of its own: the parts' marks over the cards, noted once per look of the table.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.draw_list import DrawList, Noted
from game.ui.table_view import Homes
from scenes.table_parts.aim import Aim
from scenes.table_parts.buttons import ButtonBar, Enabled
from scenes.table_parts.cards import Cards, Look
from scenes.table_parts.dialogs import Dialogs
from scenes.table_parts.flourishes import Flourishes
from scenes.table_parts.hand import Hand
from scenes.table_parts.hints import Hints
from scenes.table_parts.log_panel import LogPanel
from scenes.table_parts.melds import MeldAreas
from scenes.table_parts.message_line import MessageLine
from scenes.table_parts.other_hands import OtherHands
from scenes.table_parts.panels import Panels
from scenes.table_parts.piles import Piles
from scenes.table_parts.score_panel import ScorePanel
from scenes.table_parts.view import TableView
from scenes.widgets import ui_unit


@dataclass
class Frame:
    """What the scene holds that the picture shows this frame."""

    background: pygame.Surface
    size: tuple[int, int]
    homes: Homes
    version: int  # the table's relayouts: what the parts cache their pictures by
    label_px: int
    enabled: Enabled  # which buttons may be pressed now


@dataclass
class TablePicture:
    view: TableView
    cards: Cards
    hand: Hand
    melds: MeldAreas
    piles: Piles
    aim: Aim
    hints: Hints
    other_hands: OtherHands
    log_panel: LogPanel
    score_panel: ScorePanel
    messages: MessageLine
    buttons: ButtonBar
    flourishes: Flourishes
    panels: Panels
    dialogs: Dialogs

    def __post_init__(self) -> None:
        self.marks = Noted("marks")

    def draw(self, surface: pygame.Surface, frame: Frame) -> tuple[list[pygame.Rect], bool]:
        """Bring the window up to date; where it changed, and whether the next frame must draw too."""
        return self.cards.draw(surface, self.look(frame))

    def draw_whole(self, surface: pygame.Surface, frame: Frame) -> None:
        """The same picture drawn at once on `surface`, without the layers (what they must show)."""
        self.cards.draw_whole(surface, self.look(frame))

    def cards_in_flight(self, frame: Frame) -> list[tuple[pygame.Surface, tuple[int, int], int]]:
        """The cards moving now as this frame draws them (what the bench's floor frame blits)."""
        return self.cards.cards_in_flight(self.look(frame))

    def look(self, frame: Frame) -> Look:
        """What the cards' look depends on this frame, what lies under them and what over them."""
        u, st, hand = ui_unit(frame.size), self.view.state, self.hand
        return Look(frame.background, frame.size, lambda: self.melds.under_items(self.view, frame.version, u),
                    lambda surface: self.draw_over(surface, frame, u), hand.selected,
                    hand.highlighted(self.view.my_turn()), set(st.stock[-3:]), set(st.pile[-2:]), hand.dragging)

    def draw_over(self, surface: pygame.Surface | DrawList, frame: Frame, u: int) -> None:
        """What lies over the cards: marks, the piles' badges, the panels, buttons, messages, any veil."""
        view, size = self.view, frame.size
        # The marks depend on the game (a change of it lays the cards out again, `version`), the picked
        # meld, the hint, a drag and the keyboard's target.
        # While cards fly (a re-spread, a draw) the hand's marks wait: drawn at the cards' new places they
        # would frame the wrong cards until the cards arrive.
        hand = self.hand
        marked = bool(hand.new_cards or hand.playable or self.hints.cards)
        settled = self.cards.tweener.idle or not marked  # nothing to mark: the marks layer stays as it is
        key = (frame.version, self.melds.picked, self.hints.hint, tuple(self.hand.dragging), self.aim.index, size, u,
               settled, hand.highlighted(view.my_turn()), frozenset(hand.selected))
        self.marks.draw(surface, key, lambda notes: self.draw_marks(notes, frame, u, settled))
        self.piles.draw(surface, view, u)
        self.log_panel.draw(surface)
        self.score_panel.draw(surface, view, u, frame.version)
        self.messages.draw(surface, view, u)
        self.buttons.draw(surface, frame.enabled)
        self.flourishes.draw(surface, frame.homes.meld_rects, size, u, view.names)
        self.panels.draw(surface, view, self.log_panel.story, size, u, max(14, frame.label_px))
        self.dialogs.draw(surface, size, u)

    def draw_marks(self, surface: pygame.Surface | DrawList, frame: Frame, u: int, settled: bool = True) -> None:
        self.melds.draw_marks(surface, self.view)  # canasta ribbons, the staging, the picked meld
        if settled:
            hand = self.hand
            hand.draw_marks(surface, hand.playable, self.hints.cards, hand.highlighted(self.view.my_turn()))
        self.hints.draw_marks(surface, frame.homes.meld_rects)
        self.aim.draw(surface, self.view, frame.homes)
        self.other_hands.draw(surface, self.view, frame.size, u)
