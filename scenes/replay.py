"""Replay: a hand of the game played back from its record, move by move.

Every seat's hand, each side's melds, the pile and the stock as they were after the move shown, and the
hand's story up to it (the move shown in gold). Keys: ← → a move back or on, Home/End the deal or the
end, Space plays or pauses, + − the pace, H the hands as you saw them, every hand, or the view of the seat
that made the move as it chose it (its own hand and the others' backs: what a computer player knows),
PgUp/PgDn the hand before or after, Esc back. The buttons below do the same.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.assets import font
from game.i18n import _, ngettext
from game.rules.record import GameRecord
from game.ui.card_faces import CardFaces
from game.ui.hand_order import sort_key
from game.ui.hand_story import wrap
from game.ui.layout import card_height
from game.ui.narrate import seat_names, side_names
from game.ui.replay_model import PACES, VIEWS, Board, ReplayModel
from game.ui.speech import Said
from game.ui.spoken_table import for_the_ear
from scenes.scene import Host, Scene
from scenes.widgets import (
    GOLD,
    INK,
    READABLE_PX,
    Button,
    draw_panel,
    draw_text,
    felt_background,
    fit_size,
    ui_unit,
)


def pace_name(seconds: float) -> str:
    return _("{n} s a move").format(n=f"{seconds:g}")


class ReplayScene(Scene):
    """`record` is the game's; `hand` the number (from 1) of the hand to open; `on_back()` leaves."""

    def __init__(self, record: GameRecord, hand: int, on_back: Callable[[], None] | None = None,
                 show_hidden: bool = False, games: list[GameRecord] | None = None, at: int | None = None,
                 note: Callable[[], list[str]] | None = None, sort_order: str = "rank",
                 four_colour: bool = False, names: list[str] | None = None) -> None:
        """`games` (oldest first, `record` among them): the kept games, PgUp/PgDn going on from one into the
        next. `at`: the move to open at (else the hand's end); `note()`: words shown over the story while
        that move is shown (the review's better move), made when drawn, in the language of the moment.
        `sort_order` and `four_colour`: the player's settings, as the table shows the cards. `names`: each
        seat's (the people's at a table with friends); else the game's own, in the language of the moment."""
        super().__init__()
        self.order = sort_key(sort_order)
        self.four_colour = four_colour
        self.games = games if games else [record]
        self.record = record
        self.on_back = on_back
        self.view_mode = "all" if show_hidden else "yours"  # one of VIEWS
        numbers = [h.hand for h in record.hands]
        self.numbers = numbers
        self.names = names if names is not None and len(names) == record.players else None
        self.model = ReplayModel(record, record.hand(hand) or record.hands[-1], self.names)
        self.model.go(self.model.last if at is None else at)  # by default its end first, Home for the deal
        self.at = self.model.index if at is not None else None
        self.hand_at = self.model.hand.hand  # the note belongs to this hand's move
        self.note = note
        self._faces: CardFaces | None = None
        self._meld_face_cache: dict[int, CardFaces] = {}  # the melds' cards, by width (smaller when many)
        self._unit = ui_unit(self.size)
        self._text = 14
        self._board = self._story = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, Button] = {}
        self._make_buttons()
        self._said = Said()  # each move said aloud as the replay shows it

    def _make_buttons(self) -> None:
        self.buttons = {
            "home": Button("|◀", self._home),
            "back": Button("◀", self._back),
            "play": Button(_("Play (Space)"), self._toggle),
            "forward": Button("▶", self._forward),
            "end": Button("▶|", self._end),
            "slower": Button("−", lambda: self._pace(-1)),
            "faster": Button("+", lambda: self._pace(1)),
            "hidden": Button(self._hidden_label(), self._toggle_hidden),
            "prev": Button(_("Hand before (PgUp)"), lambda: self._hand(-1)),
            "next": Button(_("Hand after (PgDn)"), lambda: self._hand(1)),
            "leave": Button(_("Back (Esc)"), self._leave),
        }

    @property
    def show_hidden(self) -> bool:
        """Every hand face up."""
        return self.view_mode == "all"

    def _hidden_label(self) -> str:
        return {"all": _("Hands: all shown (H)"), "yours": _("Hands: as you saw them (H)"),
                "seat": _("Hands: as the mover saw them (H)")}[self.view_mode]

    # ----- what the controls do --------------------------------------------------------------------

    def _home(self) -> None:
        self.model.playing = False
        self.model.go(0)
        self.dirty = True

    def _end(self) -> None:
        self.model.go(self.model.last)
        self.dirty = True

    def _back(self) -> None:
        self.model.back()
        self.dirty = True

    def _forward(self) -> None:
        self.model.forward()
        self.dirty = True

    def _toggle(self) -> None:
        self.model.toggle()
        self.dirty = True

    def _pace(self, step: int) -> None:
        self.model.faster(-step)  # "+" is quicker: fewer seconds a move
        self.dirty = True

    def _toggle_hidden(self) -> None:
        self.view_mode = VIEWS[(VIEWS.index(self.view_mode) + 1) % len(VIEWS)]
        self.buttons["hidden"].label = self._hidden_label()
        self.dirty = True

    def _hand(self, step: int) -> None:
        """The hand before or after; past the first or last, the game before or after (kept games)."""
        later = self.numbers.index(self.model.hand.hand) + step
        if not 0 <= later < len(self.numbers):
            other = next((i for i, g in enumerate(self.games) if g is self.record), 0) + step
            if not 0 <= other < len(self.games) or not self.games[other].hands:
                return
            self.record = self.games[other]
            self.numbers = [h.hand for h in self.record.hands]
            later = 0 if step > 0 else len(self.numbers) - 1
        pace = self.model.pace
        self.model = ReplayModel(self.record, self.record.hands[later], self.names)
        self.model.pace = pace
        self.dirty = True

    def _leave(self) -> None:
        if self.on_back is not None:
            self.on_back()

    # ----- scene hooks -------------------------------------------------------------------------------

    def enter(self, app: Host) -> None:
        super().enter(app)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self._unit = ui_unit(size)
        bh = round(u * 1.6)
        gap = u // 3
        row2 = h - gap - bh
        row1 = row2 - gap - bh
        small = round(bh * 1.4)
        x = gap
        for name in ("home", "back", "play", "forward", "end", "slower", "faster"):
            width = u * 8 if name == "play" else small
            self.buttons[name].rect = pygame.Rect(x, row1, width, bh)
            x += width + gap
        self.buttons["hidden"].rect = pygame.Rect(x + gap, row1, w - x - 2 * gap, bh)
        third = (w - 4 * gap) // 3
        for i, name in enumerate(("prev", "next", "leave")):
            self.buttons[name].rect = pygame.Rect(gap + i * (third + gap), row2, third, bh)
        self._board = pygame.Rect(gap, round(u * 2.0), round(w * 0.64), row1 - gap - round(u * 2.0))
        self._story = pygame.Rect(self._board.right + gap, self._board.top, w - self._board.right - 2 * gap,
                                  self._board.h)
        self._text = max(14, u * 3 // 4)
        rows = self.record.players + 1  # the hands and the pile, down the left
        self._faces = CardFaces(replay_card_width(self._board.h - u, rows, self._text + 4, u), self.four_colour)

    def update(self, dt: float) -> None:
        if self.model.update(dt):
            self.dirty = True
        self._said.about((self.model.hand.hand, self.model.index), self.move_lines)

    def move_lines(self) -> list[str]:
        """The move shown, said as the story says it (the deal: the hand's number and who dealt)."""
        frame = self.model.frame
        lines = frame.said or [_("Hand {n}: the deal.").format(n=self.model.hand.hand)]
        return [for_the_ear(line) for line in lines]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_LEFT: self._back, pygame.K_RIGHT: self._forward, pygame.K_HOME: self._home,
                pygame.K_END: self._end, pygame.K_SPACE: self._toggle, pygame.K_h: self._toggle_hidden,
                pygame.K_PAGEUP: lambda: self._hand(-1), pygame.K_PAGEDOWN: lambda: self._hand(1),
                pygame.K_ESCAPE: self._leave, pygame.K_PLUS: lambda: self._pace(1),
                pygame.K_EQUALS: lambda: self._pace(1), pygame.K_KP_PLUS: lambda: self._pace(1),
                pygame.K_MINUS: lambda: self._pace(-1), pygame.K_KP_MINUS: lambda: self._pace(-1),
            }
            action = keys.get(event.key)
            if action is not None:
                action()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons.values():
                if b.rect.collidepoint(event.pos):
                    b.pressed = True
                    self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons.values():
                if b.pressed:
                    b.pressed = False
                    self.dirty = True
                    if b.rect.collidepoint(event.pos):
                        b.activate()
        elif event.type == pygame.MOUSEWHEEL and event.y:
            (self._back if event.y > 0 else self._forward)()

    # ----- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        w, _h = surface.get_size()
        u = self._unit
        m = self.model
        title = _("Replay · hand {n} · move {i} of {last}").format(n=m.hand.hand, i=m.index, last=m.last)
        if len(self.games) > 1:
            number = next((i for i, g in enumerate(self.games) if g is self.record), 0) + 1
            title = _("Game {n} of {count}").format(n=number, count=len(self.games)) + " · " + title
        title += " · " + pace_name(PACES[m.pace])
        draw_text(surface, title, round(u * 1.1), GOLD, (w // 2, u // 3), "midtop", True, True)
        self._draw_board(surface)
        self._draw_story(surface)
        self.buttons["play"].label = _("Pause (Space)") if m.playing else _("Play (Space)")
        for b in self.buttons.values():
            b.draw(surface)

    def _draw_board(self, surface: pygame.Surface) -> None:
        """The hands down the left, the pile and stock under them; each side's melds on the right."""
        assert self._faces is not None
        faces = self._faces
        state = self.model.board(self.view_mode)
        box = self._board
        draw_panel(surface, box, self._unit // 3)
        u = self._unit
        text = self._text
        names = self.names or seat_names(state.players)
        pad = u // 2
        top = box.y + pad // 2
        label_h = max(text + 4, font(text, True).get_height() + 1)  # a line's whole height: cards start under it
        if self.view_mode == "seat":  # whose view, and when, over the board: the position it chose from
            top = self._draw_whose(surface, state, names, pygame.Rect(box.x + pad, top, box.w - 2 * pad, 0), text)
        # Each hand's name and count in a column left of its cards, never over a card: the rows' cards overlap
        # at their feet (the index corners show), so a label between the rows would cover the row above.
        count_w = font(text, True).size(ngettext("{n} card", "{n} cards", 88).format(n=88))[0]
        label_w = min(max([count_w] + [font(text, True).size(n)[0] for n in names]) + pad, round(box.w * 0.2))
        # The hands' column is as wide as the hand's longest hand needs (every card's index corner showing),
        # from 42 % to 58 % of the board: the same for every move of the hand, so nothing jumps.
        longest = max((len(hand) for f in self.model.frames for hand in f.state.hands), default=1)
        needed = label_w + faces.width + round((longest - 1) * faces.width * 0.36)
        left = pygame.Rect(box.x + pad, top, min(max(round(box.w * 0.42), needed), round(box.w * 0.58)),
                           box.bottom - pad // 2 - top)
        right = pygame.Rect(left.right + pad, left.y, box.right - pad - left.right - pad, left.h)
        row_h = text + 4 + round(faces.height * ROW_SHOWN)  # the next row's cards cover the feet of this one's
        y = left.y
        acting = self.model.frame.seat
        cards_x = left.x + label_w
        for seat in range(state.players):
            hand = state.hands[seat]
            if None not in hand:  # a hand seen face up, as the player sorts a hand (backs stay as they are)
                hand = tuple(sorted(hand, key=self.order))
            colour = GOLD if seat == acting else INK
            who, px = cut_to_fit(names[seat], text, label_w - pad // 2)
            draw_text(surface, who, px, colour, (left.x, y), bold=True)
            count, px = cut_to_fit(ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand)), text,
                                   label_w - pad // 2)
            draw_text(surface, count, px, colour, (left.x, y + text + 2), bold=seat == acting)
            room = left.right - cards_x - faces.width
            gap = min(faces.width // 2, room // max(1, len(hand) - 1)) if len(hand) > 1 else 0
            for i, card in enumerate(hand):
                surface.blit(faces.card(card), (cards_x + i * gap, y))
            y += row_h
        y += faces.height - row_h + 2  # under the last hand's whole cards: nothing is drawn over the pile's label
        pile = state.pile
        label = (ngettext("Pile: {n} card", "Pile: {n} cards", len(pile)).format(n=len(pile)) + " · "
                 + ngettext("stock: {n} card", "stock: {n} cards", state.stock).format(n=state.stock))
        draw_text(surface, label, fit_size(label, text, left.w, READABLE_PX), INK, (left.x, y), bold=True)
        for i, card in enumerate(pile[-3:]):  # the top card last, on top
            surface.blit(faces.card(card), (left.x + i * (faces.width // 3), y + label_h))
        sides = side_names(state.players)
        side_h = right.h // state.sides
        for side in range(state.sides):
            top = right.y + side * side_h
            reds = len(state.red_threes[side])
            label = sides[side] + (" · " + ngettext("{n} red three", "{n} red threes", reds).format(n=reds)
                                   if reds else "")
            label, px = cut_to_fit(label, text, right.w)
            draw_text(surface, label, px, INK, (right.x, top), bold=True)
            sizes = [len(m.cards) for m in state.melds[side]]
            mf, spots, down = self._meld_faces(sizes, right.w, side_h - label_h - u // 4, faces.width)
            step = max(5, mf.width // 4)
            for meld, (row, x) in zip(state.melds[side], spots, strict=True):
                y = top + label_h + row * down
                for i, card in enumerate(meld.cards):
                    surface.blit(mf.card(card), (right.x + x + i * step, y))

    def _meld_faces(self, sizes: list[int], room_w: int, room_h: int,
                    largest: int) -> tuple[CardFaces, list[tuple[int, int]], int]:
        """A side's melds (their sizes in cards) in its part of the board: the largest cards, up to the hands'
        size, whose rows fit `room_h` overlapping no more than to their index corners; with each meld's row
        and left edge, and the step from one row down to the next."""
        width = largest
        while True:
            height = card_height(width)
            step = max(5, width // 4)
            spots = meld_rows([width + (n - 1) * step for n in sizes], room_w, self._unit // 4)
            rows = 1 + max((row for row, _x in spots), default=0)
            down = min(height * 3 // 5, max(height // 3, (room_h - height) // max(1, rows - 1)))
            if height + (rows - 1) * down <= room_h or width <= 16:
                break
            width -= 2
        faces = self._meld_face_cache.get(width)
        if faces is None:
            if len(self._meld_face_cache) > 8:
                self._meld_face_cache.clear()
            faces = self._meld_face_cache[width] = CardFaces(width, self.four_colour)
        return faces, spots, down

    def _draw_whose(self, surface: pygame.Surface, board: Board, names: list[str], line: pygame.Rect,
                    text: int) -> int:
        """The line over a seat's view: whose it is and that it is the position it chose the move from;
        where the board starts under it."""
        who = names[board.seat] if board.seat is not None else names[0]
        words = (_("{who}'s view as they chose this move: their own hand, the others' backs.").format(who=who)
                 if self.model.chooser_view() is not None else _("Your view: a seat sees its own hand only."))
        if board.seat == 0 and self.model.chooser_view() is not None:
            words = _("Your view as you chose this move.")
        size = fit_size(words, text, line.w, READABLE_PX)
        draw_text(surface, words, size, GOLD, (line.x, line.y), bold=True)
        return line.y + size + 6

    def _draw_story(self, surface: pygame.Surface) -> None:
        box = self._story
        u = self._unit
        draw_panel(surface, box, u // 3)
        text = max(14, u * 3 // 4)
        f = font(text)
        pad = u // 3

        bold = font(text, True)

        def measure(t: str) -> int:
            return f.size(t)[0]

        def bold_measure(t: str) -> int:
            return bold.size(t)[0]

        y = box.y + pad
        if self.note is not None and self.model.index == self.at and self.model.hand.hand == self.hand_at:
            for part in wrap(self.note(), box.w - 2 * pad, measure):
                draw_text(surface, part, text, GOLD, (box.x + pad, y))
                y += text + 3
            y += pad
            pygame.draw.line(surface, GOLD, (box.x + pad, y - pad // 2 - 1), (box.right - pad, y - pad // 2 - 1), 1)
        lines: list[tuple[str, bool]] = []
        for index, line in self.model.story():
            if index > self.model.index:
                break
            now = index == self.model.index  # drawn bold: measured bold
            for part in wrap([line], box.w - 2 * pad, bold_measure if now else measure):
                lines.append((part, now))
        if self.model.error and self.model.index == self.model.last:
            lines += [(part, True) for part in wrap([self.model.error], box.w - 2 * pad, bold_measure)]
        room = max(1, (box.bottom - pad - y) // (text + 3))
        for part, now in lines[-room:]:
            draw_text(surface, part, text, GOLD if now else INK, (box.x + pad, y), bold=now)
            y += text + 3


ROW_SHOWN = 0.62  # of a hand's cards, the part over the next row: their index corners and more


def replay_card_width(room_h: int, rows: int, label_h: int, u: int) -> int:
    """The hands' cards as large as fit `rows` rows in `room_h` pixels: the hands, each but the last showing
    its top ROW_SHOWN and a label's height more, the last whole, then the pile's label and its cards whole;
    never larger than the table's own cards are."""
    hands = rows - 1
    # A label's height for each row: the hands' and the pile's, and one more for the line over a seat's view.
    per = (room_h - rows * label_h - 2) / ((hands - 1) * ROW_SHOWN + 2)  # a card's height
    return max(16, min(round(u * 3.2), int(per / 1.4)))


def cut_to_fit(label: str, size: int, room: int) -> tuple[str, int]:
    """A bold label and its size, smaller down to the readable size, then cut with "…", to fit `room` pixels."""
    px = fit_size(label, size, room, READABLE_PX)
    f = font(px, True)
    while f.size(label)[0] > room and len(label) > 1:
        label = label[:-2].rstrip() + "…"
    return label, px


def meld_rows(widths: list[int], room: int, gap: int) -> list[tuple[int, int]]:
    """Each meld's row and its left edge in a width `room`: melds side by side, a new row when one
    would go past the edge."""
    out: list[tuple[int, int]] = []
    row = x = 0
    for width in widths:
        if x + width > room and x > 0:
            row, x = row + 1, 0
        out.append((row, x))
        x += width + gap
    return out
