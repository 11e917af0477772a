"""The review of a hand: the moments where the player's move cost most, by the adviser's judgement.

The hand is played back from its record (game/rules/record.py). At each of the seat's decisions the
adviser (game/ai/adviser.py) is asked for its move from the seat's own view; where the seat played
another, both moves are weighed as the adviser's search weighs its candidates (game/ai/ismcts.py):
the same worlds, dealt consistently with what the seat had seen, each played on from both moves with
the same dice by the planner, and scored by the shared evaluator. The cost of the move is the mean
paired difference, in points of the score sheet. Every decision where the adviser would have played
otherwise is kept (`Review.deviations`), with its cost; the moments named first are those that cost most,
at most three, each clearly more than the noise of its worlds.

The reason given is about the better move: the adviser's own reason for it (its going out held back, a
game won), and when the player melded where the adviser would have discarded at once, why keeping those
cards in hand was better before the discard's own reason, never a discard's reason alone for a meld.

Everything here is counted, not timed: the adviser thinks for a number of simulated moves and the
weighing plays a number of worlds, every die seeded by the hand and the move, so a hand's review is
the same on any machine. No words are kept: a moment holds the view and the moves, and says why in the
language of the moment when asked.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from game.ai.adviser import Advice, advise, discard_warnings, seat_names
from game.ai.coach import COACH_BUDGET, as_meld_move, reason_for
from game.ai.inference import sample_consistent
from game.ai.ismcts import REWARD_SCALE, Budget, Node, Search, action_key
from game.i18n import _, ngettext
from game.rules.actions import Action, Answer, Discard, DrawStock, TakePile, TakeTop
from game.rules.cards import FACE, NATURAL, RANK
from game.rules.names import cards_text, rank_plural
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
    searched: bool = False  # the adviser's reason weighs the game's end (going out held back, a game won):
    # told again only by asking the adviser again; every other reason is read off the move and the view

    @property
    def kind(self) -> str:
        """What the better move is, for the reason it takes: "meld", "discard", "hold" (a discard where the
        player melded: the cards kept, then the card let go), "draw", "pile" (the pile or its top card
        taken), or "other" (an answer, a question to the partner)."""
        if as_meld_move(self.better) is not None:
            return "meld"
        if isinstance(self.better, Discard):
            return "hold" if as_meld_move(self.played) is not None else "discard"
        if isinstance(self.better, DrawStock):
            return "draw"
        if isinstance(self.better, (TakePile, TakeTop)):
            return "pile"
        return "other"

    @property
    def counts(self) -> bool:
        """The move cost clearly more than the noise of its worlds, and enough to be worth attention."""
        return self.cost >= MIN_COST and self.cost > CONFIDENCE * self.error

    def reason(self, names: list[str] | None = None) -> str:
        """Why the better move, in the adviser's words and the language of the moment: the reason the
        table's hint gives for it (asked again: the same view gives the same move), and before a discard
        where the player melded, why those cards were worth keeping."""
        names = names or seat_names(self.view)
        said = reason_for(self.view, self.better, names)
        if self.searched:  # the game's end in it: the adviser asked again (a search, the same move)
            advice = advise(self.view, names)
            said = advice.hint.reason if same_move(advice.hint.move, self.better) else said
        if self.kind == "hold" and not self.searched:  # a going out held back says why itself
            return hold_reason(self.view, self.played) + " " + said
        return said

    def risk(self, names: list[str] | None = None) -> str | None:
        """The table's warning before the discard played, if it had one (what the card gave away): said
        only where the better move is another discard (it is what the choice of card cost)."""
        if not isinstance(self.played, Discard) or not isinstance(self.better, Discard):
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
    deviations: list[Moment] = field(default_factory=list)  # every move the adviser would have played otherwise

    @property
    def named_cost(self) -> float:
        return sum(m.cost for m in self.moments)


def hold_reason(view: PlayerView, played: Action) -> str:
    """Why not meld these cards now, when the adviser discards at once: what they still do in hand."""
    move = as_meld_move(played)
    cards = [c for m in move.new for c in m] + [c for _mid, cs in move.add for c in cs] if move else []
    ranks = sorted({RANK[c] for c in cards if NATURAL[c] and sum(1 for d in cards if NATURAL[d] and
                                                                     RANK[d] == RANK[c]) >= 2})
    if ranks:
        return _("Keep {cards} in your hand for now: a pair of {ranks} in hand can take the pile when one is "
                 "discarded, and melded later they count the same.").format(
            cards=cards_text(cards), ranks=rank_plural(ranks[-1]))
    return ngettext("Keep {cards} in your hand for now: melded later it counts the same, and held it leaves the "
                    "others guessing.",
                    "Keep {cards} in your hand for now: melded later they count the same, and held they leave the "
                    "others guessing.", len(cards)).format(cards=cards_text(cards))


def told_by_search(view: PlayerView, advice: Advice) -> bool:
    """Whether the adviser's reason weighed the game's end (not read off the move and the view alone)."""
    return advice.hint.reason != reason_for(view, advice.hint.move, seat_names(view))


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
        self.found: list[Moment] = []  # the deviations that count (`Moment.counts`)
        self.deviations: list[Moment] = []

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
        advice = advise(view, budget=self.budget)  # seeded by the view: the table's hint
        better = advice.hint.move
        if view.phase == Phase.ANSWER and not isinstance(better, Answer):
            better = played
        if not same_move(better, played):
            self.differed += 1
            b, p = weigh(view, [better, played], self.worlds, seed, self.budget)
            cost, error = paired_cost(b, p)
            moment = Moment(self.hand.hand, index, view, played, better, cost, error, told_by_search(view, advice))
            self.deviations.append(moment)
            if moment.counts:
                self.found.append(moment)
        return self.finished

    def result(self) -> Review:
        moments = sorted(self.found, key=lambda m: (-m.cost, m.move))[:MOMENTS]
        return Review(self.hand.hand, self.seat, self.done, self.differed, moments,
                      sum(m.cost for m in self.found), len(self.found), list(self.deviations))


def review_hand(record: GameRecord, hand: HandRecord, seat: int = 0, budget: Budget = REVIEW_BUDGET,
                worlds: int = WORLDS) -> Review:
    """The seat's costliest moves of the hand, by the adviser's judgement."""
    reviewer = Reviewer(record, hand, seat, budget, worlds)
    while not reviewer.step():
        pass
    return reviewer.result()
