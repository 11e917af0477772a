"""The turn controller: who acts next, and when. No pygame, no clock of its own.

The frame loop calls `update(dt, busy)` every frame. When the pictures have caught up (`busy`
false) and a computer seat is to act, the controller waits a pause set by the speed setting,
then asks that seat's player for one action. The decision runs on a worker thread that never
touches pygame, so a long think never freezes a frame; `update` applies the action when it is
ready and returns the engine's events for the scene to animate. The player's own moves go
through `play`, which raises IllegalAction with the engine's reason.

Undo: the controller counts the player's meld moves of this turn, the last ones on the game's move stack;
`undo` takes the last one back through the hand's record, one move at a time, until the turn's discard (the
draw showed new cards: never undone). Computer moves are never undone: any move but a meld move forgets them.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai import Chooser
from game.i18n import _
from game.keep.failures import log_failure
from game.rules.actions import Action, Deal
from game.rules.errors import IllegalAction
from game.rules.events import Event
from game.rules.legal import has_legal_action, legal_actions
from game.rules.record import GameRecord
from game.rules.state import GameState, Phase
from game.rules.take_back import TakeBacks
from game.rules.view import view_of
from game.shell.frame_gate import wait_for_frame_end

# Seconds between two computer actions, by animation speed.
PAUSES = {"slow": 1.1, "normal": 0.6, "fast": 0.25, "instant": 0.0}


@dataclass
class Applied:
    seat: int
    action: Action
    events: list[Event] = field(default_factory=list)


class TurnController:
    def __init__(self, state: GameState, choosers: dict[int, Chooser], human: set[int] | None = None,
                 speed: str = "normal", seed: int = 0, threaded: bool = True, record: GameRecord | None = None) -> None:
        self.state = state
        # Every move goes through the record (game/rules/record.py): the save carries it, replays read it.
        self.record = record if record is not None else GameRecord.of(state)
        self.choosers = choosers
        self.human = {0} if human is None else human
        self.pause = PAUSES.get(speed, PAUSES["normal"])
        self.rng = random.Random(f"{seed}:computer")
        self.auto_deal = False  # the table deals itself; between hands the scoring screen asks
        self._wait = 0.0
        self._job: _Job | None = None
        self._jobs: queue.SimpleQueue | None = None
        self._last_update = 0.0
        self.threaded = threaded
        self.errors: list[str] = []
        self._undo = TakeBacks()  # the player's meld moves this turn: the last ones on the move stack
        self.hint_job: _Job | None = None
        # Set when the game can go no further (a state with no legal move): the controller makes no more
        # moves; `on_dead_end(reason)` is called once, for the shell to keep the save aside and leave.
        self.dead_end: str | None = None
        self.on_dead_end: Callable[[str], None] | None = None
        self._human_checked: tuple | None = None  # the last position where the player's moves were counted

    def set_speed(self, speed: str) -> None:
        self.pause = PAUSES.get(speed, PAUSES["normal"])

    @property
    def seat_to_act(self) -> int:
        return self.state.to_act

    @property
    def human_to_act(self) -> bool:
        return self.state.phase not in (Phase.DEAL, Phase.GAME_OVER) and self.state.to_act in self.human

    @property
    def thinking(self) -> bool:
        return self._job is not None

    def play(self, action: Action) -> list[Event]:
        """The player's own move; IllegalAction leaves everything as it was."""
        if not self.human_to_act:
            raise IllegalAction(_("It is not your turn."))
        turn = self._undo.keep(self.state, action)
        events = self.record.play(self.state, action)
        self.hint_job = None  # a hint asked before this move is about another position
        self._undo.moved(self.state, turn)  # counted, or forgotten: a draw, a discard, a question, the hand's end
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) and self.human_to_act and self.state.phase == Phase.MELD

    def undo(self) -> bool:
        """Take back the player's last meld move of this turn; False when there is none."""
        if not self.can_undo:
            return False
        # Put back into the same GameState object: the table, the flow and the autosave all hold this one,
        # so they all see the undone game.
        self._undo.take_back(self.state, self.state.to_act, self.record)
        self.hint_job = None
        return True

    def ask_hint(self, decide) -> _Job:
        """Work out a suggestion for the player on the thinking thread; `decide()` returns an action."""
        self.hint_job = _Job(self.state.to_act, decide, self.state)
        if self.threaded:
            self._worker().put(self.hint_job)
        else:
            self.hint_job.run()
        return self.hint_job

    def deal(self) -> list[Event]:
        self._undo.forget()
        return self.record.play(self.state, Deal())

    def update(self, dt: float, busy: bool) -> Applied | None:
        """Advance the computer seats by at most one action."""
        state = self.state
        if self.dead_end is not None:
            return None
        if self.human_to_act:
            self._wait = 0.0
            self._check_human()
            return None
        if state.phase == Phase.GAME_OVER:
            self._wait = 0.0
            return None
        if state.phase == Phase.DEAL and not self.auto_deal:
            return None
        if self._job is not None:
            if not self._job.done.is_set():
                self._let_it_think()
                return None
            return self._finish()
        if busy:
            return None
        self._wait += dt
        if self._wait < self.pause:
            return None
        self._wait = 0.0
        if state.phase == Phase.DEAL:
            self._undo.forget()
            return Applied(-1, Deal(), self.deal())
        seat = state.to_act
        view = view_of(state, seat)
        rng = random.Random(self.rng.random())
        # The legal moves are found on the worker too: with a full hand they can take longer than a
        # frame. The state does not change until the job is done (only `update` applies moves).
        self._job = _Job(seat, lambda: self.choosers[seat](view, legal_actions(state), rng), state)
        if self.threaded:
            self._worker().put(self._job)
        else:
            self._job.run()
        return self._finish() if self._job.done.is_set() else None

    def _finish(self) -> Applied | None:
        job, self._job = self._job, None
        assert job is not None
        if job.error is not None:  # logged by the job, with its position
            self.errors.append(repr(job.error))
        else:
            try:
                assert job.action is not None
                self._undo.forget()
                return Applied(job.seat, job.action, self.record.play(self.state, job.action))
            except Exception as why:
                # A computer move the engine refuses: fall back to the first legal action, and say so.
                self._failed(f"the engine refused seat {job.seat}'s computer move {job.action!r}", why)
        seat = self.state.to_act
        try:
            legal = legal_actions(self.state)
            if not legal:
                self._stop(_("the player to act has no legal move"))
                return None
            self._undo.forget()
            return Applied(seat, legal[0], self.record.play(self.state, legal[0]))
        except Exception as why:  # the engine itself fails on this game: never into the frame loop
            self._failed("the engine failed on the first legal move", why)
            self._stop(_("the rules refused every move the computer player tried"))
            return None

    def _check_human(self) -> None:
        """The player to act must have a move to make, or the table would wait for ever. Counted once per
        position (a move, an undo or a state put back changes it), not every frame."""
        state = self.state
        seat = state.to_act
        position = (state.hand_no, state.phase, state.turn, tuple(state.hands[seat]), len(state.pile),
                    len(state.stock), state.asked, state.permission, sum(len(m) for m in state.melds))
        if position == self._human_checked:
            return
        self._human_checked = position
        try:
            able = has_legal_action(state)  # on the frame's thread: asks no list of a long hand's first melds
        except Exception as why:  # the engine fails on this game: never into the frame loop
            self._failed("the engine could not list the player's moves", why)
            self._stop(_("the rules could not list your moves"))
            return
        if not able:
            self._stop(_("you have no legal move"))

    def _failed(self, what: str, why: BaseException) -> None:
        """A failure kept (self.errors) and logged with its traceback and the position it happened in."""
        self.errors.append(repr(why))
        log_failure(what, why, self.state)

    def _stop(self, why: str) -> None:
        """A dead end (only a damaged save can lead here): no more moves, and whoever listens is told."""
        self.dead_end = why
        if self.on_dead_end is not None:
            self.on_dead_end(why)

    def _worker(self) -> queue.SimpleQueue:
        """The jobs queue of this game's thinking thread, started once. (A thread started for each
        decision made that frame wait for the new thread to hand the interpreter back: milliseconds.)
        A daemon thread: closing the window mid-think must not wait for it."""
        if self._jobs is None:
            self._jobs = queue.SimpleQueue()
            threading.Thread(target=_work, args=(self._jobs,), daemon=True, name="computer-player").start()
        return self._jobs

    def _let_it_think(self) -> None:
        """A frame loop that never sleeps (tests, a fast clock) could keep the interpreter lock from
        the thinking thread for good: when frames come less than a millisecond apart, pause a moment.
        The real loop sleeps most of every frame, so this never slows a game."""
        now = time.perf_counter()
        if now - self._last_update < 0.001:
            time.sleep(0.001)
            now = time.perf_counter()
        self._last_update = now

    def close(self) -> None:
        self._job = None  # a thread still thinking is a daemon: its answer is dropped
        if self._jobs is not None:
            self._jobs.put(None)  # the thread ends once it is done thinking
            self._jobs = None


def _work(jobs: queue.SimpleQueue) -> None:
    while (job := jobs.get()) is not None:
        wait_for_frame_end()  # asked during a frame: think once it is shown (see game/shell/frame_gate.py)
        job.run()


class _Job:
    """One decision of a computer player (or the player's hint), run once, on a thread or not. The state
    does not change while it runs (only the controller applies moves), so a failure is logged with it."""

    def __init__(self, seat: int, decide, state: GameState) -> None:
        self.seat = seat
        self.decide = decide
        self.state = state
        self.action: Action | None = None
        self.error: Exception | None = None
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self.action = self.decide()
        except Exception as why:  # a broken player must not take the game down
            self.error = why
            log_failure(f"seat {self.seat}'s decision failed", why, self.state)
        finally:
            self.done.set()
