"""The turns of a table over the network, as the table scene drives and follows them (scenes/turns.py):
the stand-in for the turn controller when the game is the server's, not ours.

The state the table draws is the seat's mirror (game/net/mirror.py), built from the server's `state`
messages alone. A move of the player is checked by the engine on a copy of that mirror first (its
reason comes at once, in the player's language), then sent in `turn`'s syntax; the server's answer
comes back as the next state, applied by `update` one message at a time, when the pictures have caught
up. The hint and the discard warning read the same mirror, so they see what the seat sees and no more.

A hand's whole record comes from the server once the hand is over (never before), for its replay and
review; the player's meld moves of the turn are taken back at the server (`undo`), which judges it as
the game alone does (game/rules/take_back.py).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from game.i18n import _
from game.net.mirror import Mirror, turned, turned_record
from game.net.session import Session
from game.rules.actions import Action
from game.rules.cards import FACE, deck_ids, parse_face
from game.rules.errors import IllegalAction
from game.rules.events import Event
from game.rules.move_syntax import to_move
from game.rules.position import changed
from game.rules.record import GameRecord, ReplayError, replay
from game.rules.record_check import InvalidRecord, record_from_json
from game.rules.state import GameState, Phase
from game.rules.take_back import UNDOABLE, refusal
from game.shell.controller import _Job

log = logging.getLogger("bolivia.together")


@dataclass
class NetApplied:
    seat: int
    action: Action | None
    events: list[Event] = field(default_factory=list)


class NetTurns:
    """The table's turns, played at a server. `messages` holds what is not a state (notices, the lobby,
    refusals), for the scene that shows them."""

    def __init__(self, session: Session, first: dict, clock: Callable[[], float] = time.monotonic) -> None:
        """`first`: the seat's first `state` message (the table is drawn from it)."""
        self.session = session
        self.me: int = first["seat"]
        self.players: int = first["players"]
        self.mirror = Mirror()
        self.pending: deque[dict] = deque()
        self.messages: deque[dict] = deque()
        self.human = {0}
        self.hint_job: _Job | None = None
        # The hands over, as the server sent each once it ended, turned so that the player is seat 0: the
        # replay, the review and the score sheet's hands read it. The hand in play is the server's alone.
        self.record: GameRecord | None = None
        self._hands: list[dict] = []  # their JSON, turned
        self._waiting: list[dict] = []  # records come just after a hand's end: filed once the table shows it
        self._kept = 0  # the player's meld moves of this turn that may be taken back (the server judges)
        self._sent_kind = ""  # what the move on its way is: "meld", "undo" or another
        self.sent = False  # a move of ours is on its way: no other until the server answers
        self.clock = clock
        self.turn_since = clock()  # when the seat to act began to think
        self.last_to_act: int | None = None
        self.closed: str | None = None
        self.auto_deal = True
        self.first_events = self.mirror.update(turned(first, self.me))
        self.state: GameState = self.mirror.state  # type: ignore[assignment]
        self._note_turn()

    # ----- what the table asks -----------------------------------------------------------------------

    @property
    def human_to_act(self) -> bool:
        s = self.state
        return (s.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER) and s.to_act == 0 and not self.sent
                and not self.pending)

    @property
    def thinking(self) -> bool:
        return not self.human_to_act and self.state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER)

    @property
    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo_refusal(self) -> str | None:
        """Why the player's last meld move cannot be taken back now, or None (the server judges again)."""
        if self.sent or self.pending:
            return _("It is not your turn.")
        return refusal(self.state, 0, self._kept)

    def set_speed(self, speed: str) -> None:
        pass  # the other seats play at their own pace

    def seconds_thinking(self) -> float:
        return self.clock() - self.turn_since

    def play(self, action: Action) -> list[Event]:
        """The player's move: the engine judges it on a copy of the seat's table (IllegalAction with its
        reason), then it goes to the server. Its events come back with the next state."""
        if not self.human_to_act:
            raise IllegalAction(_("It is not your turn."))
        trial = self.state.copy()
        try:
            trial.apply(action)  # IllegalAction: the reason, and nothing sent
        except IllegalAction:
            raise
        except Exception as why:  # the seat's table lacks what the engine wanted: the server judges alone
            log.warning("the move could not be tried on the seat's table: %r", why)
        self.session.send({"type": "move", "move": to_move(self.state, action)})
        self.sent = True
        self._sent_kind = "meld" if isinstance(action, UNDOABLE) and self.state.phase == Phase.MELD else "other"
        self.hint_job = None
        return []

    def say(self, phrase: str) -> None:
        """One of the table's fixed messages (Good luck, ...), to every seat."""
        self.session.send({"type": "say", "phrase": phrase})

    def undo(self) -> bool:
        """Ask the server to take the player's last meld move of this turn back; False when there is none
        (undo_refusal says why). What was taken back comes with the next state."""
        if not self.can_undo:
            return False
        self.session.send({"type": "move", "move": {"undo": True}})
        self.sent = True
        self._sent_kind = "undo"
        self.hint_job = None
        return True

    def ask_hint(self, decide) -> _Job:
        job = _Job(0, decide, self.state)
        job.run()  # the adviser reads the seat's own view: quick enough for a key press
        self.hint_job = job
        return job

    def deal(self) -> list[Event]:
        """Between hands: the next hand is the server's, already on its way."""
        applied = self.update(0.0, busy=False)
        return applied.events if applied is not None else []

    def update(self, dt: float, busy: bool) -> NetApplied | None:
        """Read what came; apply the next state once the pictures have caught up."""
        self.take(self.session.poll())
        if busy or not self.pending:
            return None
        msg = self.pending.popleft()
        try:
            mine = turned(msg, self.me)
            events = self.mirror.update(mine)
            taken = [e for e in mine["events"] if e.get("type") == "took_back"]
            for e in taken:  # for the log: whose meld went back, and its cards
                self.messages.append({"type": "took_back", "seat": e["seat"], "cards": self._ids(e["cards"])})
        except Exception as why:  # a server that is not ours, or a damaged message: leave, never crash
            log.warning("a state the table cannot draw: %r", why)
            self.pending.clear()
            self.closed = _("The table sent a position this game cannot read.")
            self.messages.append({"type": "closed", "reason": self.closed})
            return None
        self._count_kept(bool(taken))
        self.sent = False
        self._note_turn()
        self._file_records()
        return NetApplied(self.state.turn, None, events)

    def _count_kept(self, taken_back: bool) -> None:
        """The player's meld moves of this turn, counted as the server keeps them: one more for a meld
        move of theirs the turn goes on after, one less for one taken back, none after anything else."""
        s = self.state
        if self.sent and self._sent_kind == "undo" and taken_back:
            self._kept = max(0, self._kept - 1)
        elif self.sent and self._sent_kind == "meld" and s.phase == Phase.MELD and s.to_act == 0:
            self._kept += 1
        else:
            self._kept = 0

    def _ids(self, faces: list[str]) -> list[int]:
        """Card ids for faces a message names (for their words: a face's first id)."""
        rules = self.state.rules
        first: dict[int, int] = {}
        for c in deck_ids(rules.packs, rules.jokers):
            first.setdefault(FACE[c], c)
        return [first[parse_face(f)] for f in faces]

    # ----- the hands over: their records --------------------------------------------------------------

    def as_ended(self, hand_no: int) -> GameState:
        """The table at the end of hand `hand_no` with every hand as it really ended, from the hand's record
        (the seat's own table holds only counts of the others' cards, filled with cards it never saw): what
        the scoring screen shows. The seat's own table when the record has not come."""
        shown = self.state.copy()
        hand = self.record.hand(hand_no) if self.record is not None else None
        if hand is None or self.state.hand_no != hand_no:
            return shown
        last = None
        for step in replay(self.record, hand):
            last = step.state
        if last is not None and [len(h) for h in last.hands] == [len(h) for h in shown.hands]:
            return changed(shown, hands=[list(h) for h in last.hands])
        return shown

    def _file_records(self) -> None:
        """The records waiting whose hand the table has shown ended, checked and added to `record`."""
        ended = {r["hand"] for r in self.mirror.results}
        for msg in [m for m in self._waiting if m.get("hand_no") in ended]:
            self._waiting.remove(msg)
            try:
                hand = turned_record(msg, self.me)
                record = record_from_json({**hand, "hands": self._hands + hand["hands"]})
                for _step in replay(record, record.hands[-1]):  # it must play back, or it is no record
                    pass
            except (InvalidRecord, ReplayError, KeyError, TypeError, ValueError, IndexError,
                    AttributeError) as why:
                log.warning("a hand's record the game cannot read: %r", why)
                continue
            self._hands += hand["hands"]
            self.record = record

    def take(self, messages: list[dict]) -> None:
        """Messages read: states wait their turn to be drawn, the rest wait for the scene to show them."""
        for msg in messages:
            kind = msg.get("type")
            if kind == "state":
                self.pending.append(msg)
            elif kind == "refused":
                self.sent = False  # the server said no: the player plays again
                if self._sent_kind == "undo":
                    self._kept = 0  # the server keeps nothing more to take back (a restart forgets them)
                self.messages.append(msg)
            elif kind == "hand_record":
                self._waiting = self._waiting[-3:] + [msg]  # a few at most: a server that is not ours sends more
                self._file_records()
            elif kind in ("closed", "failed"):
                self.closed = msg.get("reason", "")
                self.sent = False
                self.messages.append(msg)
            else:
                self.messages.append(msg)

    def _note_turn(self) -> None:
        if self.state.to_act != self.last_to_act:
            self.last_to_act = self.state.to_act
            self.turn_since = self.clock()

    def close(self) -> None:
        self.session.close()
