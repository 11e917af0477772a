"""Information-set Monte Carlo search over one seat's decision (after Cowling, Powley and Whitehouse 2012).

Each iteration deals the hidden cards afresh, consistently with what the seat has seen
(`inference.sample_consistent`), and plays every first move worth searching in that same world with
the same rollout dice, so the first moves are compared by paired differences (common random numbers),
whose noise is a fraction of the rewards' own. The first moves come from the planner's knowledge (its own
choice, its ranked draws, a meld step against discarding now, going out against holding on); a plain
discard is the planner's, unsearched. After the first move the planner plays the rest of the turn (`depth` 1) and
the next seats' turns, and the rollout is cut off and scored by the shared evaluator
(`world_side_values`, exact when the hand ended). A tree over the seat's whole turn (moves keyed by card
faces, UCB counting availability, `depth` above 1) is still there, but measured weaker: its exploration
under a pile take dragged the take's mean down, and it took a third fewer piles than a root search.

Effort is counted in simulated moves and the going-out work they do (positions of the exact solver: the
same seed gives the same decisions on any machine), with an optional wall-clock cap for the table, where the
answer must come in time.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace

from game.ai.evaluate import black_threes_held, world_side_values
from game.ai.game_end import out_loses_game
from game.ai.inference import sample_consistent, unlikely_pairs
from game.ai.levels import EXPERT, PLAYOUT, Planner, Style, choose_with
from game.ai.plan import OutPlans, plan_go_out, why_illegal
from game.ai.playout import NODES_PER_MOVE, LazyLegal, goes_out, playout_step
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.cards import BLACK_THREE, FACE
from game.rules.errors import IllegalAction
from game.rules.state import GameState, Phase
from game.rules.view import PlayerView, view_of

ROLLOUT_STYLE = PLAYOUT  # Hard's planner with a smaller going-out search (levels.PLAYOUT)
REWARD_SCALE = 1000.0  # points per unit of reward in UCB
MOVE_CAP = 90
ENDGAME_ROUNDS = 2  # rounds of stock left below which a rollout plays the hand to its end
MELDED_WORTH = 150.0  # a side's first meld, beyond its cards (see leaf_values)
# Points a rollout that ends the game adds for its winner (a game-aware style only): near the target the
# hand's difference matters through who finishes ahead, so winning by 10 beats losing by 10 by far more.
GAME_WON = 2000.0


@dataclass(frozen=True)
class Budget:
    """How long one decision may think. `moves`: simulated moves (reproducible); `seconds`: a wall
    clock cap on top (for the table; leave None for measurements). The search stops at whichever
    comes first, after at least `min_iterations`."""

    moves: int = 1000
    seconds: float | None = None
    min_iterations: int = 6
    max_iterations: int = 600
    exploration: float = 0.7
    bias: float = 0.35  # progressive bias toward the planner's choice, in reward units, fading with visits
    discards: int = 3  # ranked discards offered at each discard point
    draws: int = 4  # ranked pile takes offered besides the stock
    horizon: int = 1  # other seats' turns played out after the seat's own turn
    margin: float = 0.08  # how much better (in reward units) than the planner's choice a move must look
    confidence: float = 1.5  # and by this many standard errors of the paired difference
    depth: int = 1  # the seat's own moves searched as a tree, the first included (below, the planner plays)
    style: Style = field(default=EXPERT)  # the planner, with Standard Canasta's tuning (levels.EXPERT)


@dataclass
class Node:
    visits: int = 0
    total: float = 0.0
    avail: int = 0
    children: dict[tuple, Node] = field(default_factory=dict)


def action_key(a: Action) -> tuple:
    """An action by card faces: two 7♥ are the same move for the rules."""
    def faces(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(FACE[c] for c in cards))

    if isinstance(a, Discard):
        return ("discard", FACE[a.card])
    if isinstance(a, TakePile):
        return ("pile", faces(a.cards), tuple(sorted(faces(m) for m in a.melds)))
    if isinstance(a, LayMelds):
        return ("lay", tuple(sorted(faces(m) for m in a.melds)))
    if isinstance(a, AddToMeld):
        return ("add", a.meld, faces(a.cards))
    if isinstance(a, MeldMove):
        return ("move", tuple(sorted(faces(m) for m in a.new)),
                tuple(sorted((mid, faces(cs)) for mid, cs in a.add)), tuple(sorted(a.combine)))
    if isinstance(a, (TakeTop, Combine, Answer)):
        return (type(a).__name__, *vars(a).values())
    return (type(a).__name__,)


class Search:
    """One decision of one seat."""

    def __init__(self, view: PlayerView, rng: random.Random, budget: Budget,
                 out_plans: OutPlans | None = None) -> None:
        self.view = view
        self.rng = rng
        self.budget = budget
        self.me = view.seat
        # The decision's going-out plans: the adviser shares them with its own checks of the same view.
        self.out_plans = out_plans if out_plans is not None else OutPlans()
        self.avoid = unlikely_pairs(view)
        self._candidates: dict[tuple, list[Action]] = {}
        self.tree_style = replace(budget.style, out_search=ROLLOUT_STYLE.out_search, game_aware=False)
        self.iterations = 0
        self.moves = 0

    # ----- candidates ------------------------------------------------------------------------------

    def candidates(self, state: GameState) -> list[Action]:
        """The seat's moves worth searching at this point of its turn, the planner's choice first."""
        view = view_of(state, self.me)
        key = (view.phase, len(view.pile), tuple(sorted(view.hand)),
               tuple((m.id, m.cards) for m in view.melds[view.side]), view.permission, view.asked)
        got = self._candidates.get(key)
        if got is not None:
            return got
        legal = LazyLegal(state, self.out_plans.first_meld_steps)
        # Deeper in the tree (after a draw or a meld of this turn) the rollout's cheaper going-out search:
        # the full one cost 17 ms a point there, a third of a decision's time.
        style = self.budget.style if not self._candidates else self.tree_style
        planner = Planner(style, view, random.Random(0), self.out_plans)
        default = choose_with(style, view, legal, random.Random(0), count=False,  # type: ignore[arg-type]
                              out_plans=self.out_plans)
        out = [default]
        if view.phase == Phase.DRAW:
            takes = [a for a in legal if isinstance(a, (TakePile, TakeTop))]
            if takes:
                out += [a for a, _v in planner.draw_options(takes)[:self.budget.draws + 1]]
                out.append(DrawStock())
        elif view.phase == Phase.MELD and view.permission is not True:
            # Going out (or asking to) against holding on, a meld step against discarding now, and
            # the planner's best few discards.
            if view.permission is None and view.melds[view.side]:
                seq = plan_go_out(view, style.out_search, self.out_plans)
                if seq and self.budget.style.game_aware and not self._candidates and out_loses_game(
                        self.view, seq) is not None:
                    seq = None  # going out would end the game behind (game_end.py)
                if seq:
                    # A partner is asked first: its "no" keeps a big hand of its from counting against us.
                    if view.players == 4 and not view.asked and len(view.hand) >= 2 and AskPartner() in legal:
                        out.append(AskPartner())
                    else:
                        out.append(seq[0])
            if view.melds[view.side]:
                step = planner.next_step()
                if step is not None:
                    out.append(step)
                if view.stock_count <= ENDGAME_ROUNDS * view.rules.draws(view.players) * view.players:
                    # Melding everything down, only near the end: earlier the short rollout prices cards
                    # on the table above pairs held as keys to the pile (measured with the root search Hard once had).
                    down = Planner(replace(style, hand_floor=2, endgame_turns=99.0), view, random.Random(0),
                                   self.out_plans).next_step()
                    if down is not None:
                        out.append(down)
            if len(view.hand) > 1 or view.melds[view.side]:
                ranking = planner.discard_ranking() if len(view.hand) > 1 else list(view.hand)
                out += [Discard(c) for c in ranking[:self.budget.discards]]
        seen: set[tuple] = set()
        clean: list[Action] = []
        for a in out:
            k = action_key(a)
            if k in seen or (a is not default and why_illegal(view, a) is not None):
                continue
            seen.add(k)
            clean.append(a)
        self._candidates[key] = clean
        return clean

    # ----- the search ------------------------------------------------------------------------------

    def run(self) -> tuple[Action, Node, list[Action]]:
        """Every world sampled serves every first move (common random numbers: the same hidden cards and
        the same rollout dice), so the first moves are compared by paired differences, whose noise is a
        fraction of the noise of the rewards themselves; below the first move the tree is searched as
        usual. The planner's choice stands unless another is better by the margin and by `confidence`
        standard errors of the paired difference: a few worlds cannot tell small edges from luck."""
        b = self.budget
        root = Node()
        root_state = sample_consistent(self.view, random.Random(0), self.avoid)
        root_moves = _root_choices(self.view, self.candidates(root_state))
        if len(root_moves) <= 1:
            return root_moves[0], root, root_moves
        keys = [action_key(a) for a in root_moves]
        for k in keys:
            root.children[k] = Node()
        rewards: list[list[float]] = [[] for _ in root_moves]
        start = time.perf_counter()
        seed = self.rng.randrange(1 << 30)
        work = self.out_plans.work  # the rollouts' going-out searches count too (playout.NODES_PER_MOVE)
        while self.iterations < b.max_iterations:
            if self.iterations >= b.min_iterations:
                if self.moves + (self.out_plans.work - work) // NODES_PER_MOVE >= b.moves:
                    break
                if b.seconds is not None and time.perf_counter() - start > b.seconds:
                    break
            world = sample_consistent(self.view, random.Random(seed + self.iterations), self.avoid)
            for i, (k, first) in enumerate(zip(keys, root_moves, strict=True)):
                state = world.copy() if i < len(keys) - 1 else world
                child = root.children[k]
                child.avail += 1
                rewards[i].append(self.iterate(child, state, random.Random(seed * 3 + self.iterations), first))
            root.visits += 1
            self.iterations += 1
        best, best_gain = 0, 0.0
        draw = self.view.phase == Phase.DRAW
        loaded = self._loads_black_threes if draw else lambda a: False
        for i in range(1, len(root_moves)):
            gain, se = _paired(rewards[i], rewards[0])
            # A draw is chosen by the mean alone (measured stronger than the planner's choice), but a pile
            # loaded with more black threes than the seat can shed before the hand ends must win clearly:
            # taken on a few worlds' means, such piles left Expert holding five or six at the hand's end.
            margin, confidence = (0.0, 0.0) if draw and not loaded(root_moves[i]) else (b.margin, b.confidence)
            if gain > margin and gain > confidence * se and gain > best_gain:
                best, best_gain = i, gain
        return root_moves[best], root, root_moves

    def _loads_black_threes(self, a: Action) -> bool:
        if not isinstance(a, TakePile) or not any(BLACK_THREE[c] for c in self.view.pile):
            return False
        return Planner(self.budget.style, self.view, random.Random(0), self.out_plans).loads_black_threes(a)

    def iterate(self, first_node: Node, state: GameState, rng: random.Random, first: Action) -> float:
        """One rollout of one world below a first move; its reward, backed up along the tree's path."""
        if not self._apply(state, first):
            return -1e3  # not a move in this world (cannot happen at the root: the seat's hand is known)
        path = [first_node]
        node = first_node
        used = 1
        # Selection and expansion, while it is this seat's turn.
        while self.budget.depth > 1 and self._my_turn(state) and used < MOVE_CAP:
            moves = self.candidates(state)
            keyed = [(action_key(a), a) for a in moves]
            for k, _a in keyed:
                child = node.children.get(k)
                if child is None:
                    child = node.children[k] = Node()
                child.avail += 1
            fresh = [(k, a) for k, a in keyed if node.children[k].visits == 0]
            if fresh:
                k, action = fresh[0]  # the planner's order: its own choice is tried first
                expanded = True
            else:
                k, action = max(keyed, key=lambda ka: self._ucb(node.children[ka[0]], ka[0] == keyed[0][0]))
                expanded = False
            if not self._apply(state, action):
                node.children[k].avail -= 1
                break
            used += 1
            node = node.children[k]
            path.append(node)
            if expanded:
                break
        used += self.rollout(state, rng, MOVE_CAP - used)
        self.moves += used
        values = leaf_values(state)
        if self.budget.style.game_aware and state.phase == Phase.GAME_OVER and state.winner is not None:
            values[state.winner] += GAME_WON  # the game, not only the hand: a rollout that ends it, won or lost
        side = self.view.side
        others = [v for s, v in enumerate(values) if s != side]
        reward = (values[side] - sum(others) / len(others)) / REWARD_SCALE
        for n in path:
            n.visits += 1
            n.total += reward
        return reward

    def _ucb(self, child: Node, is_default: bool) -> float:
        b = self.budget
        mean = child.total / child.visits
        explore = b.exploration * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
        bias = b.bias / (child.visits + 1) if is_default else 0.0
        return mean + explore + bias

    def _my_turn(self, state: GameState) -> bool:
        return (state.phase in (Phase.DRAW, Phase.MELD) and state.turn == self.me and state.to_act == self.me)

    def _apply(self, state: GameState, action: Action) -> bool:
        try:
            state.apply(action)
        except IllegalAction:
            return False
        return True

    def rollout(self, state: GameState, rng: random.Random, limit: int) -> int:
        """The planner plays on until `horizon` turns of the other seats are done, or the hand ends."""
        me = self.me
        stop_turn = (me + 1 + self.budget.horizon) % self.view.players
        left_my_turn = state.turn != me
        # Near the end of the stock, play the hand out: its end is then scored exactly.
        # So too when the opponents have what it takes to go out: whether they do decides the hand, and
        # the evaluator's guess of our unfinished canastas would not see it.
        to_end = len(state.stock) <= ENDGAME_ROUNDS * state.rules.draws(state.players) * state.players or any(
            state.may_go_out(side) for side in range(state.sides) if side != self.view.side)
        used = 0
        while state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER) and used < limit:
            if state.turn != me:
                left_my_turn = True
            if left_my_turn and state.turn == stop_turn and state.phase == Phase.DRAW and not to_end:
                break
            if not playout_step(state, ROLLOUT_STYLE, rng, self.out_plans):
                break
            used += 1
        return used


def leaf_values(state: GameState) -> list[float]:
    """The evaluator's score estimate of every side, plus what having melded is worth while the hand
    goes on (the pile opens to a pair, top cards go onto runs): the short rollout cannot see it."""
    values = world_side_values(state)
    if state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
        t = len(state.stock) / (state.rules.draws(state.players) * state.players)
        for side in range(state.sides):
            if state.melds[side]:
                values[side] += MELDED_WORTH * min(1.0, t / 4.0)
            values[side] -= black_threes_held(state, side)
    return values


def _root_choices(view: PlayerView, moves: list[Action]) -> list[Action]:
    """The first moves searched: the planner's choice, and each draw, meld step, going out or asking against
    it, but no other plain discard: the planner's keep values and danger judge a discard better than a short
    rollout's estimate does (measured: a root search of discards lost 86 a deal to the plain planner, and
    Expert searching its discards held more black threes than it). When the planner goes out (or asks to), it
    does: holding on looks better than it is to a rollout that stops before the opponents could go out
    (searched, Expert went out in 32% of its hands against the root search's 50%, and lost 414 a deal on 30 deals).
    Deeper in the tree, discards are searched, as the rest of the turn needs them."""
    default, rest = moves[0], moves[1:]
    if isinstance(default, AskPartner) or goes_out(view, default):
        return [default]
    out = [default] + [a for a in rest if not isinstance(a, Discard)]
    if len(out) > 1 and not isinstance(default, Discard):
        out += [a for a in rest if isinstance(a, Discard)][:1]  # discarding now, against the planner's meld step
    return out


def _paired(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Mean of the paired differences x - y and its standard error."""
    d = [x - y for x, y in zip(xs, ys, strict=True)]
    n = len(d)
    mean = sum(d) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in d) / (n - 1)
    return mean, math.sqrt(var / n)
