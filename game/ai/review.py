"""The review of a hand: the moments where the player's move cost most, by the adviser's judgement.

The hand is played back from its record (game/rules/record.py). At each of the seat's decisions the
adviser (game/ai/adviser.py) is asked for its move from the seat's own view; where the seat played
another, both moves are weighed as the adviser's search weighs its candidates (game/ai/ismcts.py):
the same worlds, dealt consistently with what the seat had seen, each played on from both moves with
the same dice by the planner, and scored by the shared evaluator. The cost of the move is the mean
paired difference, in points of the score sheet. The moments named are those that cost most, at most
three, each clearly more than the noise of its worlds.

Everything here is counted, not timed: the adviser thinks for a number of simulated moves and the
weighing plays a number of worlds, every die seeded by the hand and the move, so a hand's review is
the same on any machine. No words are kept: a moment holds the view and the moves, and says why in the
language of the moment when asked.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.ai.adviser import advice_for, advise, discard_warnings
from game.ai.coach import COACH_BUDGET, as_meld_move
from game.ai.inference import sample_consistent
from game.ai.ismcts import REWARD_SCALE, Budget, Node, Search, action_key
from game.rules.actions import Action, Answer, Discard
from game.rules.cards import FACE
from game.rules.record import GameRecord, HandRecord, ReplayError, replay
from game.rules.state import Phase
from game.rules.view import PlayerView, view_of

# The adviser as at the table (a count of simulated moves, no clock).
REVIEW_BUDGET: Budget = COACH_BUDGET
WORLDS = 16  # worlds each compared pair of moves is played on
MOMENTS = 3  # moments named at most
MIN_COST = 40.0  # points: a smaller cost is not worth a player's attention
CONFIDENCE = 1.5  # a moment's cost must be this many standard errors of its worlds' differences
NOT_A_MOVE = -1e3  # the search's reward for a first move its world refuses


@dataclass(frozen=True)
class Moment:
    """One decision of the seat: the move it made and the adviser's, from the seat's view then."""

    hand: int  # the hand's number in the game
    move: int  # the move's place in the hand's record, from 0 (the replay's frame move + 1 shows it made)
    view: PlayerView  # what the seat saw when it chose
    played: Action
    better: Action
    cost: float  # points the played move gave away, by the adviser's weighing
    error: float  # the standard error of that cost over its worlds

    def reason(self, names: list[str] | None = None) -> str:
        """Why the better move, in the adviser's words and the language of the moment."""
        return advice_for(self.view, self.better, names).hint.reason

    def risk(self, names: list[str] | None = None) -> str | None:
        """The table's warning before the discard played, if it had one (what the card gave away)."""
        if not isinstance(self.played, Discard):
            return None
        warnings = discard_warnings(self.view, names)
        return next((w for c, w in warnings.items() if FACE[c] == FACE[self.played.card]), None)


@dataclass(frozen=True)
class Review:
    hand: int
    seat: int
    decisions: int  # the seat's decisions looked at
    differed: int  # those where the adviser would have played another move
    moments: list[Moment]  # the costliest, most first
    found_cost: float = 0.0  # the cost of every moment found, the named and those after the third
    found: int = 0  # how many were found

    @property
    def named_cost(self) -> float:
        return sum(m.cost for m in self.moments)


def same_move(a: Action, b: Action) -> bool:
    """The same move for the rules: cards by their faces, a meld laid or staged alike."""
    ma, mb = as_meld_move(a), as_meld_move(b)
    return action_key(ma if ma is not None else a) == action_key(mb if mb is not None else b)


def weigh(view: PlayerView, moves: list[Action], worlds: int, seed: int,
          budget: Budget = REVIEW_BUDGET) -> list[list[float]]:
    """Each move's outcome, in points for the seat's side against the others, on the same `worlds`
    worlds and dice (the adviser's search's own rollout and evaluator)."""
    search = Search(view, random.Random(seed), budget)
    out: list[list[float]] = [[] for _m in moves]
    for w in range(worlds):
        world = sample_consistent(view, random.Random(seed * 7919 + w), search.avoid)
        rewards = [search.iterate(Node(), world.copy(), random.Random(seed * 3 + w), move) for move in moves]
        if min(rewards) <= NOT_A_MOVE:
            continue  # a move this world does not allow (the seat's own cards are known: it should not happen)
        for i, reward in enumerate(rewards):
            out[i].append(reward * REWARD_SCALE)
    return out


def paired_cost(better: list[float], played: list[float]) -> tuple[float, float]:
    """The mean of better - played over the worlds, and its standard error."""
    d = [b - p for b, p in zip(better, played, strict=True)]
    n = len(d)
    if n == 0:
        return 0.0, math.inf
    mean = sum(d) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n)


def decisions(record: GameRecord, hand: HandRecord, seat: int) -> list[tuple[int, PlayerView, Action]]:
    """Each of the seat's decisions in the hand: the move's place, the seat's view then, the move made.
    A record that stops playing back ends them there."""
    found: list[tuple[int, PlayerView, Action]] = []
    moves = 0

    def before(state, who: int, action: Action) -> None:
        nonlocal moves
        if who == seat and state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            found.append((moves, view_of(state, seat), action))
        moves += 1

    try:
        for _step in replay(record, hand, before):
            pass
    except ReplayError:
        pass
    return found


class Reviewer:
    """A hand's review worked out a decision at a time (`step`), so a screen can show how far it is
    without a thread of its own; `review_hand` runs it to its end."""

    def __init__(self, record: GameRecord, hand: HandRecord, seat: int = 0, budget: Budget = REVIEW_BUDGET,
                 worlds: int = WORLDS) -> None:
        self.hand = hand
        self.seat = seat
        self.budget = budget
        self.worlds = worlds
        self.todo = decisions(record, hand, seat)
        self.done = 0
        self.differed = 0
        self.found: list[Moment] = []

    @property
    def finished(self) -> bool:
        return self.done >= len(self.todo)

    def step(self) -> bool:
        """Weigh the next decision; True once every decision is weighed."""
        if self.finished:
            return True
        index, view, played = self.todo[self.done]
        self.done += 1
        seed = self.hand.hand * 100_003 + index
        better = advise(view, budget=self.budget).hint.move  # seeded by the view: the table's hint
        if view.phase == Phase.ANSWER and not isinstance(better, Answer):
            better = played
        if not same_move(better, played):
            self.differed += 1
            b, p = weigh(view, [better, played], self.worlds, seed, self.budget)
            cost, error = paired_cost(b, p)
            if cost >= MIN_COST and cost > CONFIDENCE * error:
                self.found.append(Moment(self.hand.hand, index, view, played, better, cost, error))
        return self.finished

    def result(self) -> Review:
        moments = sorted(self.found, key=lambda m: (-m.cost, m.move))[:MOMENTS]
        return Review(self.hand.hand, self.seat, self.done, self.differed, moments,
                      sum(m.cost for m in self.found), len(self.found))


def review_hand(record: GameRecord, hand: HandRecord, seat: int = 0, budget: Budget = REVIEW_BUDGET,
                worlds: int = WORLDS) -> Review:
    """The seat's costliest moves of the hand, by the adviser's judgement."""
    reviewer = Reviewer(record, hand, seat, budget, worlds)
    while not reviewer.step():
        pass
    return reviewer.result()
