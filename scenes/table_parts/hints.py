"""The hint: a suggested move asked of the adviser on the thinking thread, for one position of the game.
This part keeps the hint shown (its cards outlined over the hand, its meld framed) and which position
it was asked in: a hint that comes back after the position changed is about a game gone by, and goes.
Its words name the cards of a meld it suggests; `to_do()` is the move for the table to carry out (Do it)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.rules.actions import Action, TakePile
from game.rules.names import card_name, cards_text
from game.rules.state import Phase
from game.rules.view import view_of
from game.ui import draw_list
from game.ui.draw_list import DrawList
from game.ui.hint import Hint, suggest
from game.ui.layout import Rect
from game.ui.move_words import move_words
from scenes.table_parts.outcomes import Outcomes, Say
from scenes.table_parts.view import TableView
from scenes.turns import Job
from scenes.widgets import HINT


class Hints:
    def __init__(self) -> None:
        self.hint: Hint | None = None
        self.asked: int | None = None  # the position (see `moves`) the hint on its way was asked in
        self.moves = 0  # how many times the engine's events changed the position: a hint is for one of them

    def moved(self) -> None:
        """The position changed: the hint was about the one before."""
        self.moves += 1
        self.drop()

    def drop(self) -> None:
        self.hint = None
        self.asked = None

    def decide(self, view: TableView) -> Callable[[], Action]:
        """What the thinking thread works out: the adviser's move for this position, on a copy of it taken
        now (the thread never reads the game the frame loop changes)."""
        st = view.state
        probe, seat = st.copy(), view.seat
        names = list(view.names)
        self.drop()
        self.asked = self.moves
        return lambda: suggest(probe, seat, names)

    def receive(self, job: Job, view: TableView) -> Outcomes:
        """The thread's answer: the hint said on the message line until the position changes, or nothing
        when it failed or came for a position gone by (nothing rather than a wrong hint)."""
        if job.action is None or self.asked != self.moves or view.state.phase == Phase.GAME_OVER:
            return None
        self.hint = job.action.hint  # the adviser's Advice (game/ai/adviser.py)
        return Say("hint", self.words(view), None)

    def words(self, view: TableView) -> str:
        """The hint on the message line: its reason, and the move's cards when the reason does not name them
        ("Start a run: ..." says what, not which): a meld said first, a pile take's cards after."""
        hint = self.hint
        if hint is None:
            return ""
        reason = hint.reason
        if all(card_name(c) in reason for c in hint.cards):
            return _("Hint: {text}").format(text=reason)
        if isinstance(hint.move, TakePile):  # "Take the pile: 14 cards..." then the cards from the hand
            return _("Hint: {text} With {cards}.").format(text=reason, cards=cards_text(sorted(hint.cards)))
        move = move_words(view_of(view.state, view.seat), hint.move)
        return _("Hint: {move}. {text}").format(move=move, text=reason)

    def to_do(self) -> Action | None:
        """The move the hint showing suggests, for Do it (None: no hint shows)."""
        return self.hint.move if self.hint is not None else None

    @property
    def cards(self) -> frozenset[int]:
        return frozenset(self.hint.cards) if self.hint is not None else frozenset()

    def draw_marks(self, surface: pygame.Surface | DrawList, meld_rects: dict[int, Rect]) -> None:
        """The hint's meld framed (its cards are outlined by the hand)."""
        if self.hint is not None and self.hint.meld is not None and self.hint.meld in meld_rects:
            draw_list.rect(surface, HINT, pygame.Rect(meld_rects[self.hint.meld]).inflate(10, 10), width=3,
                           border_radius=8)
