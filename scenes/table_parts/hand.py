"""The player's hand: which cards are selected, the keyboard's focus, the card under the pointer, a press
not yet let go, the cards being dragged, where the cards stay while the pointer is on the hand, the
order they are sorted in, and the marks over the cards (drawn this turn, playable, the hint's). The
cards' places come from the table's homes (game/ui/table_view.py); the cards themselves are drawn with
every other card (scenes/table_parts/cards.py), which follow a drag where this part says."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from game.i18n import _
from game.rules import events as ev
from game.ui import cues, draw_list
from game.ui.draw_list import DrawList
from game.ui.hand_order import SORT_ORDERS, follow_focus, moved
from game.ui.layout import Rect, contains_point
from game.ui.table_view import LIFT, Homes
from scenes.table_parts.outcomes import Refuse
from scenes.widgets import GOLD, HINT

DRAG = 10  # pixels the pointer moves, pressed, before the cards are dragged rather than clicked
AWAY = 0.4  # seconds the pointer stays off the hand before the hand re-spreads
# A card that can be melded or added now (the settings' help): a thick light ring edged in near-black on
# both sides, so it stands out by its brightness and its shape on the green felt and on a white card alike,
# not by its hue alone.
PLAYABLE = (170, 255, 190)
PLAYABLE_EDGE = (8, 24, 14)


class Hand:
    def __init__(self, sort_mode: str = "rank") -> None:
        self.sort_mode = sort_mode if sort_mode in SORT_ORDERS else "rank"
        self.show_playable = False  # the settings' outline of the cards that can be melded or added now
        self.playable: frozenset[int] = frozenset()  # those cards, judged by the engine once per change
        self.selected: set[int] = set()
        self.focus = 0  # keyboard focus: the index of `focus_card` in the hand
        self.focus_card: int | None = None  # the focus follows this card, not a place
        self.new_cards: set[int] = set()  # drawn this turn: marked until the player's next turn
        self.hover: int | None = None
        self.keys_last = False  # the last hand input was a key (the focus is framed), not the mouse (hover)
        self.press: tuple[int, tuple[int, int]] | None = None  # card pressed, where
        self.dragging: list[int] = []
        self.dropped: list[int] = []  # the cards of the last drag, as they were let go
        self.drag_offset = (0, 0)
        self.pointer_in = False
        self.away: float | None = None  # seconds since the pointer left the hand, until it re-spreads
        self.pins: dict[int, Rect] | None = None  # where the hand's cards stay
        self.area: Rect = (0, 0, 0, 0)
        self.order: list[int] = []  # the cards in display order
        self.custom: list[int] | None = None  # the order the player dragged the cards into, until a sort
        self.rects: dict[int, Rect] = {}
        self.base: dict[int, Rect] = {}  # places before any lift: the pins
        self.card_w = 0

    def apply_settings(self, sort_order: str, show_playable: bool) -> None:
        self.sort_by(sort_order if sort_order in SORT_ORDERS else "rank")
        self.show_playable = show_playable

    def place(self, area: Rect) -> None:
        self.area = area
        self.pins = None  # a new size: the hand is laid out afresh at once

    def pins_to_keep(self) -> dict[int, Rect] | None:
        """The places to keep: under the pointer, under a press not yet let go, and for a moment after
        the pointer left (a click on the way back must land on the card it aimed at)."""
        return self.pins if self.pointer_in or self.press is not None or self.away is not None else None

    def arrange(self, homes: Homes) -> None:
        """The hand's new places; the keyboard's focus stays on its card."""
        before = self.order
        self.order, self.rects, self.base, self.card_w = homes.hand, homes.hand_rects, homes.hand_base, \
            homes.hand_card_w
        self.pins = homes.hand_base
        self.focus_card = follow_focus(self.focus_card if self.focus_card is not None else
                                       (before[self.focus] if self.focus < len(before) else None),
                                       before, self.order)
        self.focus = self.order.index(self.focus_card) if self.focus_card is not None else 0

    def on_event(self, e: ev.Event, seat: int) -> None:
        """A new hand lays the hand out afresh, nothing selected; the cards the player draws are marked new
        until the player's next turn."""
        if isinstance(e, ev.HandDealt):
            self.custom = None
            self.selected.clear()
            self.new_cards.clear()
            self.pins = None
        elif isinstance(e, ev.TurnStarted) and e.seat == seat:
            self.new_cards.clear()  # last turn's cards are not new any more
        elif isinstance(e, ev.CardsDrawn | ev.PileTaken) and e.seat == seat:
            self.new_cards.update(e.cards if isinstance(e, ev.CardsDrawn) else e.to_hand)

    def keep_only(self, held: set[int]) -> None:
        self.selected &= held
        self.new_cards &= held

    # ----- intents ----------------------------------------------------------------------------------

    def chosen(self) -> tuple[int, ...]:
        """The cards selected, in a fixed order (what a move is asked with)."""
        return tuple(sorted(self.selected))

    def sort_by(self, order: str) -> bool:
        """Two explicit orders (no toggle: one press is always enough); True when the order changed, and
        the hand is laid out afresh in it."""
        if order == self.sort_mode or order not in SORT_ORDERS:
            return False
        self.sort_mode = order
        self.pins = self.custom = None
        return True

    def toggle_focused(self) -> bool:
        if not self.order:
            return False
        self.toggle(self.order[self.focus])
        return True

    def to_discard(self) -> int | Refuse:
        """The card a discard key means: the one selected, or with none the keyboard's focus."""
        chosen = self.chosen()
        if len(chosen) == 1:
            return chosen[0]
        if not chosen and self.order:
            return self.order[self.focus]
        return Refuse(_("Select one card to discard."), frozenset(chosen))

    # ----- the pointer -------------------------------------------------------------------------------

    def press_at(self, pos: tuple[int, int]) -> bool:
        """A press on one of the hand's cards (taken: True): a click or a drag, said when it moves or is
        let go."""
        card = self.card_at(pos)
        if card is None:
            return False
        self.press = (card, pos)
        return True

    def drag_to(self, pos: tuple[int, int], held: bool,
                where: Callable[[int], tuple[float, float]]) -> dict[int, tuple[int, int]] | None:
        """The pointer moved: a press moved far enough drags the selected cards (the one pressed with
        them); while dragging, where each dragged card goes. `where(card)`: where it lies now."""
        if not self.dragging:
            self.track(pos)
        if self.press and held and not self.dragging:
            card, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG:
                self.selected.add(card)
                self.dragging = sorted(self.selected, key=lambda c: self.order.index(c) if c in self.order else 0)
                x, y = where(card)
                self.drag_offset = (int(x - start[0]), int(y - start[1]))
        if not self.dragging:
            return None
        step = max(12, self.card_w // 3)
        return {c: (pos[0] + self.drag_offset[0] + i * step, pos[1] + self.drag_offset[1])
                for i, c in enumerate(self.dragging)}

    def reorder_at(self, pos: tuple[int, int], cards: list[int]) -> None:
        """Dragged cards let go over the hand: they go where they were dropped, the player's own order
        from now on (until a sort); they are let go of (a drag to reorder selects nothing)."""
        rest = [c for c in self.order if c not in cards]
        if not rest:
            return
        # The nearest card left in the hand: the dragged cards go before it, or after it if dropped
        # on its right half.
        def distance(c: int) -> float:
            x, y, w, h = self.base.get(c, self.rects[c])
            return abs(x + w / 2 - pos[0]) + 2 * abs(y + h / 2 - pos[1])

        near = min(rest, key=distance)
        x, _y, w, _h = self.base.get(near, self.rects[near])
        i = rest.index(near) + (1 if pos[0] > x + w / 2 else 0)
        self.custom = moved(self.order, cards, rest[i] if i < len(rest) else None)
        self.selected -= set(cards)

    def release(self, pos: tuple[int, int]) -> str | None:
        """The button let go: "dropped" (the dragged cards, over `pos`), "toggled" (a card clicked), or
        None (the press was not on the hand)."""
        press, self.press = self.press, None
        if self.dragging:
            self.dropped, self.dragging = self.dragging, []
            self.track(pos)
            return "dropped"
        if press is not None:
            self.toggle(press[0])
            return "toggled"
        return None

    # ----- input ------------------------------------------------------------------------------------

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for c in reversed(self.order):
            if contains_point(self.rects[c], pos):
                return c
        return None

    def in_area(self, pos: tuple[int, int]) -> bool:
        """Over the hand, lifted cards included: while the pointer is here, the cards keep their places."""
        x, y, w, h = self.area
        lift = round(self.card_w * 1.4 * LIFT) + 4
        return contains_point((x, y - lift, w, h + lift), pos) or self.card_at(pos) is not None

    def track(self, pos: tuple[int, int]) -> None:
        inside = self.in_area(pos)
        if inside != self.pointer_in:
            self.pointer_in = inside
            self.away = None if inside else 0.0  # it re-spreads once the pointer has been away a moment

    def update(self, dt: float, staging: bool = False) -> bool:
        """True when the pointer has been away long enough: now the hand may close its gaps. Not while
        cards are staged (`staging`): the player goes back and forth between the hand and a meld, and a
        hand closing its gaps meanwhile would put another card under the next click."""
        if self.away is None or self.press is not None or staging:
            return False
        self.away += dt
        if self.away < AWAY:
            return False
        self.away = None
        return True

    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
        self.focus_card = card  # the keyboard carries on from the card last touched

    def move_focus(self, delta: int) -> None:
        """Arrows move along the hand and stop at its ends (a wrap once led to the wrong discard)."""
        if self.order:
            self.focus = max(0, min(len(self.order) - 1, self.focus + delta))
            self.focus_card = self.order[self.focus]

    def focused(self) -> int | None:
        return self.order[self.focus] if self.focus < len(self.order) else None

    def pointer_moved(self) -> bool:
        """The mouse moved: the pointer's card is framed again, not the keyboard's (True: a change)."""
        was, self.keys_last = self.keys_last, False
        return was

    def hover_at(self, pos: tuple[int, int]) -> bool:
        hover = self.card_at(pos)
        changed, self.hover = hover != self.hover, hover
        return changed

    # ----- looks ------------------------------------------------------------------------------------

    def highlighted(self, keyboard: bool) -> int | None:
        """The one card framed in blue: the keyboard's focus after a key (when `keyboard` shows it), the
        card under the pointer after a move of the mouse (never both: two frames read as two cards)."""
        if self.hover is not None and not self.keys_last:
            return self.hover
        return self.focused() if keyboard else None

    def visible_part(self, card: int) -> pygame.Rect | None:
        """The part of a card not covered by the next card of its row (what an outline should frame)."""
        r = self.rects.get(card)
        if r is None:
            return None
        i = self.order.index(card)
        if i + 1 < len(self.order) and self.base[self.order[i + 1]][1] == self.base[card][1]:
            return pygame.Rect(r[0], r[1], max(8, min(r[2], self.base[self.order[i + 1]][0] - r[0])), r[3])
        return pygame.Rect(r)

    def playable_ring(self) -> int:
        """The playable cards' ring, in pixels: thick enough to find at a glance (3 px at the smallest)."""
        return max(3, round(self.card_w / 18))

    def draw_marks(self, surface: pygame.Surface | DrawList, playable: Iterable[int], hinted: Iterable[int],
                   focus: int | None = None) -> None:
        """A gold bar over each card drawn this turn, the playable cards and the hint's cards outlined, and a
        pointer over the `focus` card (its blue frame alone would tell it from a selected card's gold by
        colour only; a selected card is lifted as well)."""
        bar_h = max(4, self.card_w // 16)
        for c in self.new_cards:
            r = self.rects.get(c)
            if r is not None and c not in self.dragging:
                strip = max(8, round(r[2] * 0.31) - 4)
                draw_list.rect(surface, GOLD, (r[0] + 2, r[1] - bar_h - 2, strip, bar_h), border_radius=2)
        ring = self.playable_ring()
        for c in playable:
            r = self.visible_part(c)
            if r is not None and c not in self.dragging:
                # Dark from 1 px outside the light ring to 2 px inside the card's edge, the light ring between.
                draw_list.rect(surface, PLAYABLE_EDGE, r.inflate(2 * ring + 4, 2 * ring + 4), width=ring + 4,
                               border_radius=9)
                draw_list.rect(surface, PLAYABLE, r.inflate(2 * ring + 2, 2 * ring + 2), width=ring,
                               border_radius=8)
        for c in hinted:
            r = self.visible_part(c)
            if r is not None:
                draw_list.rect(surface, HINT, r.inflate(4, 6), width=3, border_radius=8)
        r = self.visible_part(focus) if focus is not None and focus not in self.dragging else None
        if r is not None:
            cues.pointer(surface, (r.centerx, r.top - bar_h - 4), self.focus_pointer())

    def focus_pointer(self) -> int:
        """The focus pointer's height in pixels."""
        return max(8, round(self.card_w / 7))
