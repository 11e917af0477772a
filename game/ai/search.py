"""Hard: Normal plus a search at the root.

When Hard draws (and when it could go out), it takes Normal's few best choices, samples the hidden
cards a number of times consistently with what its seat knows, plays each choice out in each sampled
world under the Normal policy (its own rest of the turn, then the other seats) until the next player
has drawn, and keeps the choice with the best mean score estimate. The same worlds serve every
choice, so the comparison is not blurred by the luck of the sample. Other decisions are Normal's.

The effort is counted in playout moves, not in seconds, so a seed gives the same decisions on any
machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

from game.ai.determinize import sample_world
from game.ai.evaluate import world_side_values
from game.ai.levels import NORMAL, Planner, Style, choose_with
from game.ai.plan import why_illegal
from game.ai.values import predict_sides
from game.rules.actions import Action, AddToMeld, AskPartner, Discard, DrawStock, LayMelds, TakePile, TakeTop
from game.rules.cards import BLACK_THREE
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.state import GameState, Phase
from game.rules.view import PlayerView, view_of

MOVE_BUDGET = 900  # playout moves per decision (about 0.3 ms each)
MAX_WORLDS = 40
MIN_WORLDS = 6
OUT_WORLDS = 12
FITTED_LEAF = False  # end playouts on the fitted estimate of game/ai/values.py
PLAYOUT_LIMIT = 60  # moves in one playout, a guard
DISCARD_CHOICES = 4
DRAW_CHOICES = 6
FULL_ROUND = False  # playouts stop once the next player has drawn
# Also weigh laying everything down this turn against Normal's holding on. Off: it lost 829 points a
# deal to the plain search (the short horizon prices cards on the table above rank cards held as keys
# to the pile, which the arena shows are worth more).
TURN_PLANS = False


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
# Another way to play the rest of a turn: lay everything that can be laid (the first meld too), and
# finish rank canastas with wild cards. Normal holds rank cards for the pile until the end nears.
MELD_DOWN = replace(PLAYOUT_STYLE, name="meld_down", hand_floor=2, complete_with_wilds=True, first_meld_budget=99.0)

Plan = tuple[Action, Style]  # a first move, and how this seat plays the rest of its turn


def choose_hard(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return Searcher(NORMAL, view, rng).decide(legal)


class Searcher:
    def __init__(self, style: Style, view: PlayerView, rng: random.Random) -> None:
        self.style = style
        self.view = view
        self.rng = rng
        self.planner = Planner(style, view, rng)
        self.full_round = FULL_ROUND
        self.turn_plans = TURN_PLANS
        self.move_budget = MOVE_BUDGET
        self.max_worlds = MAX_WORLDS
        self.discard_choices = DISCARD_CHOICES
        self.draw_choices = DRAW_CHOICES
        # Which decisions are searched. Discards are not: alone, the discard search lost 86 points a deal
        # to Normal while the draw search won 519 (150 deals at four players); Normal's keep values and
        # danger judge a discard better than a short playout's end estimate of the hand does.
        self.search_draw = True
        self.search_discard = False
        self.search_out = True
        self.fitted_leaf = FITTED_LEAF

    def decide(self, legal: list[Action]) -> Action:
        default = choose_with(self.style, self.view, legal, self.rng)
        plans = self.candidates(legal, default)
        if len(plans) <= 1:
            return default
        best = self.search(plans)
        return best if why_illegal(self.view, best) is None or best in legal else default

    def candidates(self, legal: list[Action], default: Action) -> list[Plan]:
        view = self.view
        normal = PLAYOUT_STYLE
        if view.phase not in (Phase.DRAW, Phase.MELD):
            # Dealing; or answering, where the asker is able to go out, which a random sample of its
            # hand would almost never be.
            return [(default, normal)]
        if view.phase == Phase.DRAW:
            takes = [a for a in legal if isinstance(a, (TakePile, TakeTop))]
            if not takes or not self.search_draw:
                return [(default, normal)]
            options = [a for a, _v in self.planner.draw_options(takes)[:self.draw_choices]]
            if DrawStock() not in options:
                options.append(DrawStock())
            return _unique([(a, normal) for a in [default] + options])
        if view.permission is True:
            return [(default, normal)]
        plans: list[Plan] = [(default, normal)]
        if isinstance(default, Discard):
            if BLACK_THREE[default.card] or not self.search_discard:
                return plans  # shedding a black three is never worse: it also blocks the pile
            plans += [(Discard(c), normal) for c in self.planner.discard_ranking()[:self.discard_choices]]
        elif isinstance(default, AskPartner) or _goes_out(view, default):
            # Going out (or asking to) against holding on: the best plain discard instead.
            if len(view.hand) > 2 and self.search_out:
                plans.append((Discard(self.planner.discard_ranking()[0]), normal))
            return _unique(plans)
        if self.turn_plans:
            down = choose_with(MELD_DOWN, view, legal, self.rng, count=False)
            if down != default and why_illegal(view, down) is None:
                plans.append((down, MELD_DOWN))
        return _unique(plans)

    def search(self, plans: list[Plan]) -> Action:
        view = self.view
        totals = [0.0] * len(plans)
        moves = 0
        worlds = 0
        seed = self.rng.randrange(1 << 30)
        # Going out is costly to play out (the engine checks every move under a partner's "yes" with a
        # search of its own) and its outcome varies little between worlds: fewer worlds do.
        limit = OUT_WORLDS if any(isinstance(a, AskPartner) or _goes_out(view, a) for a, _s in plans) \
            else self.max_worlds
        while worlds < limit and (worlds < MIN_WORLDS or moves < self.move_budget):
            world = sample_world(view, random.Random(seed + worlds))
            for i, plan in enumerate(plans):
                value, used = self.playout(world.copy(), plan, random.Random(seed * 7 + worlds))
                totals[i] += value
                moves += used
            worlds += 1
        best = max(range(len(plans)), key=lambda i: (totals[i], -i))
        return plans[best][0]

    def playout(self, state: GameState, plan: Plan, rng: random.Random) -> tuple[float, int]:
        """Play the plan's first move, the rest of this turn in the plan's style, then every seat by the
        Normal policy until the next player has drawn (or, with `full_round`, until this seat's next
        turn); the score estimate of this seat's side against the others. The short horizon keeps what a
        choice changes (what this turn melds, what the next player takes) and leaves out later play,
        whose chance differences only blur the comparison."""
        first, rest = plan
        me = self.view.seat
        nxt = (me + 1) % self.view.players
        try:
            state.apply(first)
        except IllegalAction:
            return -1e9, 1
        used = 1
        left_turn = state.turn != me
        while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER) and used < PLAYOUT_LIMIT:
            if state.turn != me:
                left_turn = True
                if not self.full_round and state.turn == nxt and state.phase == Phase.MELD:
                    break
            elif left_turn and state.phase == Phase.DRAW:
                break
            seat = state.to_act
            style = rest if seat == me and not left_turn else PLAYOUT_STYLE
            legal = LazyLegal(state)
            try:
                action = choose_with(style, view_of(state, seat), legal, rng, count=False)  # type: ignore[arg-type]
                state.apply(action)
            except (IllegalAction, IndexError):
                if not legal:
                    break  # a sampled world can reach a dead end (a partner bound to go out, say)
                state.apply(legal[0])
            used += 1
        values = self.leaf_values(state)
        side = self.view.side
        others = [v for s, v in enumerate(values) if s != side]
        return values[side] - sum(others) / len(others), used


    def leaf_values(self, state: GameState) -> list[float]:
        """Each side's expected end-of-hand score: exact once the hand is over, else the fitted model
        (or the evaluator's hand-set estimate where no model is fitted)."""
        if self.fitted_leaf and state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            fitted = predict_sides(state)
            if fitted is not None:
                return fitted
        return world_side_values(state)


def _goes_out(view: PlayerView, action: Action) -> bool:
    """Whether a meld move starts going out: it leaves at most one card in hand."""
    if isinstance(action, LayMelds):
        used = sum(len(m) for m in action.melds)
    elif isinstance(action, AddToMeld):
        used = len(action.cards)
    else:
        return False
    return len(view.hand) - used <= 1


def _unique(plans: list[Plan]) -> list[Plan]:
    out: list[Plan] = []
    for p in plans:
        if all(p[0] != q[0] for q in out):
            out.append(p)
    return out
