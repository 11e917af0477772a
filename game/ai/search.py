"""Hard: Normal plus a search at the root.

When Hard draws (and when it could go out), it takes Normal's few best choices, samples the hidden
cards a number of times consistently with what its seat knows, plays each choice out in each sampled
world under the Normal policy (its own rest of the turn, then the other seats) until the next player
has drawn, and keeps the choice with the best mean score estimate. The same worlds serve every
choice, so the comparison is not blurred by the luck of the sample. Other decisions are Normal's.

The effort is counted in playout moves and the going-out search they run (NODES_PER_MOVE nodes a move),
not in seconds, so a seed gives the same decisions on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

from game.ai.determinize import sample_world
from game.ai.evaluate import black_threes_held, world_side_values
from game.ai.levels import HARD, NORMAL, Planner, Style, choose_with, style_for
from game.ai.partner import partner_answer
from game.ai.plan import OutPlans, qualifies, why_illegal
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.state import GameState, Phase
from game.rules.view import PlayerView, view_of

MOVE_BUDGET = 900  # playout moves per decision (about 0.3 ms each)
# The playouts' going-out searches count too, this many nodes a move (plan.OutPlans.work; measured, a
# node costs a sixth of a move on average): late in a hand, where seats can go out, they cost several
# times the moves themselves (a four-player draw took 827 moves and 31,000 nodes, 1.6 s).
NODES_PER_MOVE = 6
MAX_WORLDS = 40
MIN_WORLDS = 6
OUT_WORLDS = 12
PLAYOUT_LIMIT = 60  # moves in one playout, a guard
DRAW_CHOICES = 6
# What is not searched, as measured in the arena (150 deals at four players): discards (alone, a
# discard search lost 86 points a deal to Normal while the draw search won 519: Normal's keep values and
# danger judge a discard better than a short playout's end estimate of the hand does), and laying
# everything down this turn against holding on (it lost 829 a deal: the short horizon prices cards on
# the table above rank cards held as keys to the pile, which are worth more).


class LazyLegal(Sequence):
    """The engine's legal moves of a state, computed only if the policy looks at them."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._moves: list[Action] | None = None

    def _get(self) -> list[Action]:
        if self._moves is None:
            self._moves = legal_actions(self.state)
        return self._moves

    def __getitem__(self, i):  # type: ignore[override]
        return self._get()[i]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._get())

    def __contains__(self, item: object) -> bool:
        return item in self._get()


# The Normal policy as the playouts use it: a smaller going-out search keeps a playout cheap.
PLAYOUT_STYLE = replace(NORMAL, out_search=250)



def playout_step(state: GameState, style: Style, rng: random.Random, out_plans: OutPlans) -> bool:
    """One action of a playout in a sampled world, by `style`; False at a dead end (a sampled world can
    reach one: a partner bound to go out with cards that do not allow it, say)."""
    legal = LazyLegal(state)
    try:
        action = choose_with(style, view_of(state, state.to_act), legal, rng,  # type: ignore[arg-type]
                             count=False, out_plans=out_plans)
        state.apply(action)
    except (IllegalAction, IndexError):
        if not legal:
            return False
        state.apply(legal[0])
    return True

def choose_hard(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    if view.phase == Phase.ANSWER:
        return Answer(partner_answer(view))  # weighs the hand against the score, as Expert does
    return Searcher(HARD, view, rng).decide(legal)


class Searcher:
    def __init__(self, style: Style, view: PlayerView, rng: random.Random) -> None:
        self.style = style
        self.view = view
        self.rng = rng
        self.out_plans = OutPlans()  # going-out plans, shared by this decision's playouts
        self.planner = Planner(style, view, rng, self.out_plans)
        self.moves = 0  # playout moves of the search (its work, with the going-out search: `spent`)
        self.worlds = 0
        self.start_work = 0

    def decide(self, legal: list[Action]) -> Action:
        default = choose_with(self.style, self.view, legal, self.rng, out_plans=self.out_plans)
        choices = self.candidates(legal, default)
        if len(choices) <= 1:
            return default
        best = self.search(choices)
        return best if why_illegal(self.view, best) is None or best in legal else default

    def candidates(self, legal: list[Action], default: Action) -> list[Action]:
        """The first moves worth comparing, Normal's choice first."""
        view = self.view
        if view.phase == Phase.DRAW:
            takes = [a for a in legal if isinstance(a, (TakePile, TakeTop))]
            if not takes:
                return [default]
            options = [a for a, _v in self.planner.draw_options(takes)[:DRAW_CHOICES]]
            if DrawStock() not in options:
                options.append(DrawStock())
            return _unique([default] + options)
        # Not searched: dealing; answering, where the asker is able to go out, which a random sample of
        # its hand would almost never be; a seat bound to go out; and plain discards (see above).
        if view.phase != Phase.MELD or view.permission is True:
            return [default]
        if (isinstance(default, AskPartner) or goes_out(view, default)) and len(view.hand) > 2:
            if any(qualifies(view.melds[s], view.rules) for s in range(view.sides) if s != view.side):
                # The opponents could go out first: the short playout cannot see them do it, so no
                # holding on against them.
                return [default]
            # Going out (or asking to) against holding on: the best plain discard instead.
            return _unique([default, Discard(self.planner.discard_ranking()[0])])
        return [default]

    def search(self, choices: list[Action]) -> Action:
        view = self.view
        totals = [0.0] * len(choices)
        seed = self.rng.randrange(1 << 30)
        self.start_work = self.out_plans.work  # the going-out search of Normal's own choice is not the playouts'
        # Going out is costly to play out (the engine checks every move under a partner's "yes" with a
        # search of its own) and its outcome varies little between worlds: fewer worlds do.
        limit = OUT_WORLDS if any(isinstance(a, AskPartner) or goes_out(view, a) for a in choices) else MAX_WORLDS
        while self.worlds < limit and (self.worlds < MIN_WORLDS or self.spent() < MOVE_BUDGET):
            world = sample_world(view, random.Random(seed + self.worlds))
            for i, first in enumerate(choices):
                value, used = self.playout(world.copy(), first, random.Random(seed * 7 + self.worlds))
                totals[i] += value
                self.moves += used
            self.worlds += 1
        best = max(range(len(choices)), key=lambda i: (totals[i], -i))
        return choices[best]

    def spent(self) -> int:
        """The playouts' work so far in moves: their moves, and their going-out search."""
        return self.moves + (self.out_plans.work - self.start_work) // NODES_PER_MOVE

    def playout(self, state: GameState, first: Action, rng: random.Random) -> tuple[float, int]:
        """Play `first`, then every seat (this one's rest of the turn too) by the Normal policy until the
        next player has drawn; the score estimate of this seat's side against the others. The short
        horizon keeps what a choice changes (what this turn melds, what the next player takes) and leaves
        out later play, whose chance differences only blur the comparison."""
        me = self.view.seat
        nxt = (me + 1) % self.view.players
        try:
            state.apply(first)
        except IllegalAction:
            return -1e9, 1
        used = 1
        while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER) and used < PLAYOUT_LIMIT:
            if state.turn == nxt and state.phase == Phase.MELD:
                break
            if not playout_step(state, PLAYOUT_STYLE, rng, self.out_plans):
                break
            used += 1
        values = world_side_values(state)  # exact once the hand is over, else estimated
        weight = style_for(self.style, state.rules).held_black_three
        if weight and state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            values = [v - black_threes_held(state, s, weight) for s, v in enumerate(values)]
        side = self.view.side
        others = [v for s, v in enumerate(values) if s != side]
        return values[side] - sum(others) / len(others), used


def goes_out(view: PlayerView, action: Action) -> bool:
    """Whether a meld move starts going out: it leaves at most one card in hand."""
    if isinstance(action, LayMelds):
        used = sum(len(m) for m in action.melds)
    elif isinstance(action, AddToMeld):
        used = len(action.cards)
    elif isinstance(action, MeldMove):
        used = sum(len(m) for m in action.new) + sum(len(cards) for _mid, cards in action.add)
    else:
        return False
    return len(view.hand) - used <= 1


def _unique(actions: list[Action]) -> list[Action]:
    """The actions in order, each once."""
    out: list[Action] = []
    for a in actions:
        if a not in out:
            out.append(a)
    return out
