"""Taking back moves within a turn: which moves a player may take back, and the position before them.

A player may take back the meld moves of their own turn (a new meld, cards added, melds combined), one
at a time, the last first, as far as the move before them: a draw or the pile taken showed cards that
stay shown, a question to the partner was heard, and another player's move is theirs. The game alone
(game/shell/controller.py) and the table server (game/net/table.py) both keep their turns' take-backs
here, so a player may take back the same moves at a table with friends as alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.rules.actions import Action, AddToMeld, Combine, LayMelds, MeldMove
from game.rules.errors import IllegalAction
from game.rules.record import GameRecord
from game.rules.state import GameState, Phase

# The moves that may be taken back (within the turn, before the discard).
UNDOABLE: tuple[type, ...] = (MeldMove, LayMelds, AddToMeld, Combine)


@dataclass(frozen=True)
class TakenBack:
    """A meld move taken back: `cards` went from the table back into `seat`'s hand (they had been seen
    on the table, so every seat may be told which)."""

    seat: int
    cards: tuple[int, ...]


def refusal(state: GameState, seat: int, kept: int) -> str | None:
    """Why `seat` may not take a move back now, `kept` moves of this turn being ones it may; None when it
    may. (A seat at a table over the network counts its own, to say so before asking the server.)"""
    if state.phase not in (Phase.DRAW, Phase.MELD, Phase.ANSWER) or state.to_act != seat:
        return _("It is not your turn.")
    if kept and state.phase == Phase.MELD:
        return None
    if state.phase == Phase.MELD:
        return _("Nothing to undo: the draw showed new cards, so it stays.")
    return _("Nothing to undo.")


class TakeBacks:
    """How many of the moves on top of the game's move stack (GameState.push/pop, through the hand's
    record) the player may take back: the meld moves of the turn in play. The positions themselves are
    the stack's, the one history of the hand."""

    def __init__(self) -> None:
        self._kept = 0

    def keep(self, state: GameState, action: Action) -> int | None:
        """Before a move: the turn's number when the move is one that may be taken back, else None."""
        return state.turn if isinstance(action, UNDOABLE) and state.phase == Phase.MELD else None

    def moved(self, state: GameState, turn: int | None) -> None:
        """After a move: counted when the turn goes on, or every one forgotten (a draw, a discard, a
        question, another seat's move, a meld that ended the hand)."""
        if turn is not None and state.phase == Phase.MELD and state.turn == turn:
            self._kept += 1
        else:
            self._kept = 0

    def forget(self) -> None:
        self._kept = 0

    def __len__(self) -> int:
        return self._kept

    def refusal(self, state: GameState, seat: int) -> str | None:
        """Why `seat` may not take a move back now, in the player's words; None when it may."""
        return refusal(state, seat, self._kept)

    def take_back(self, state: GameState, seat: int, record: GameRecord) -> TakenBack:
        """`seat`'s last meld move of this turn taken back through the hand's record (the same GameState
        object goes back to the position before it, so whoever holds it sees the move gone).
        IllegalAction with the reason when there is none to take back."""
        why = self.refusal(state, seat)
        if why is not None:
            raise IllegalAction(why)
        held = set(state.hands[seat])
        record.undo(state)
        self._kept -= 1
        return TakenBack(seat, tuple(c for c in state.hands[seat] if c not in held))
