"""Turn planning from one seat's view: legality checks, meld finders and going-out plans.

Computer players build whole melds themselves (the engine's `legal_actions` offers melds in small
steps), so they need to know, from the view alone, whether an action they built is legal: the engine's
own judgement answers on the view (game/rules/judge.py).
"""

from __future__ import annotations

from dataclasses import replace

from game.rules.actions import (
    Action,
    AddToMeld,
    Combine,
    Discard,
    LayMelds,
    MeldMove,
)
from game.rules.cards import (
    ACE,
    JOKER,
    NATURAL,
    RANK,
    SUIT,
    VALUE,
    WILD,
)
from game.rules.errors import IllegalAction
from game.rules.going_out import SOLVER_STEP_UNITS, can_go_out, iter_go_out_moves
from game.rules.judge import judge
from game.rules.legal import shorthand
from game.rules.meld_move import plan_meld_move
from game.rules.melds import (
    RANK_MELD,
    RUN,
    Meld,
    classify,
    order_cards,
)
from game.rules.refusals import Refusal, find_meld
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView
from game.rules.work import Work

# ----- small helpers --------------------------------------------------------------------------------


def shapes_of(melds: list[Meld] | tuple[Meld, ...]) -> list[tuple[str, int, tuple[int, ...]]]:
    return [(m.kind, m.key, m.cards) for m in melds]


def need_of(view: PlayerView) -> int:
    """First-meld points still required of the seat's side this hand (0 once it has melded)."""
    return view.meld_minimum(view.side)


# ----- legality from the view -------------------------------------------------------------------------


def why_illegal(view: PlayerView, action: Action) -> Refusal | None:
    """None if the seat may make this move now, else why not: the engine's own judgement (game/rules/judge.py),
    on the view."""
    return judge(view, action, view.seat)


# ----- applying a meld-phase move to a copy of the view -----------------------------------------------


def apply_local(view: PlayerView, action: Action) -> PlayerView:
    """The view after the seat's own meld-phase move (LayMelds, AddToMeld, Combine). New melds get fresh
    ids above every id in sight; enough for planning a turn."""
    side = view.side
    melds = list(view.melds[side])
    hand = list(view.hand)
    if isinstance(action, LayMelds):
        next_id = max([m.id for s in view.melds for m in s], default=0) + 1
        for cards in action.melds:
            shape = classify(cards, view.rules)
            melds.append(Meld(next_id, shape.kind, shape.key, order_cards(shape.kind, cards)))
            next_id += 1
            for c in cards:
                hand.remove(c)
    elif isinstance(action, AddToMeld):
        melds = [Meld(m.id, m.kind, m.key, order_cards(m.kind, m.cards + tuple(action.cards)))
                 if m.id == action.meld else m for m in melds]
        for c in action.cards:
            hand.remove(c)
    elif isinstance(action, MeldMove):
        # Where going out needs the partner's yes, a stored going-out plan is played after it.
        plan = plan_meld_move(action, hand, melds, view.rules, 0, True if view.rules.out_needs_yes else None)
        next_id = max([m.id for s in view.melds for m in s], default=0) + 1
        melds = [m for m in plan.melds_after if m.id]
        for m in plan.new:
            melds.append(Meld(next_id, m.kind, m.key, m.cards))
            next_id += 1
        hand = list(plan.hand_after)
    elif isinstance(action, Combine):
        a = find_meld(melds, action.meld)
        assert a is not None
        melds = [Meld(m.id, m.kind, m.key, order_cards(RANK_MELD, m.cards + a.cards)) if m.id == action.into else m
                 for m in melds if m.id != action.meld]
    else:
        raise ValueError(f"apply_local does not handle {action!r}")
    all_melds = list(view.melds)
    all_melds[side] = tuple(melds)
    counts = list(view.hand_counts)
    counts[view.seat] = len(hand)
    return replace(view, hand=tuple(hand), melds=tuple(all_melds), hand_counts=tuple(counts))


def sequence_ok(view: PlayerView, actions: list[Action]) -> bool:
    """Whether each move of a planned sequence is legal after the ones before it."""
    v = view
    for i, a in enumerate(actions):
        if why_illegal(v, a) is not None:
            return False
        if i < len(actions) - 1:
            if isinstance(a, Discard):
                return False
            v = apply_local(v, a)
    return True


# ----- meld finders ---------------------------------------------------------------------------------


def naturals_by_rank(hand: tuple[int, ...] | list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for c in sorted(hand, key=lambda c: (SUIT[c], c)):
        if NATURAL[c]:
            out.setdefault(RANK[c], []).append(c)
    return out


def wilds_of(hand: tuple[int, ...] | list[int]) -> list[int]:
    """Wild cards, twos first (a joker is worth keeping longest: 50 points on the table)."""
    return sorted((c for c in hand if WILD[c]), key=lambda c: (RANK[c] == JOKER, c))


def runs_in(cards: list[int] | tuple[int, ...], max_len: int = 7) -> list[tuple[int, ...]]:
    """Disjoint runs of three or more in these cards, longest first per suit; duplicates may form a
    second run of the same suit."""
    out: list[tuple[int, ...]] = []
    pool = sorted((c for c in cards if NATURAL[c]), key=lambda c: (SUIT[c], RANK[c], c))
    for suit in range(4):
        left = [c for c in pool if SUIT[c] == suit]
        while True:
            by_rank: dict[int, int] = {}
            for c in left:
                by_rank.setdefault(RANK[c], c)
            found = _segments(sorted(by_rank), max_len)
            if not found:
                break
            used: list[int] = []
            for seg in found:
                run = tuple(by_rank[r] for r in seg)
                out.append(run)
                used += run
            left = [c for c in left if c not in used]
    return out


def _segments(ranks: list[int], max_len: int) -> list[list[int]]:
    segs: list[list[int]] = []
    cur: list[int] = []
    for r in ranks:
        if cur and r == cur[-1] + 1:
            cur.append(r)
        else:
            if len(cur) >= 3:
                segs.append(cur)
            cur = [r]
    if len(cur) >= 3:
        segs.append(cur)
    out: list[list[int]] = []
    for seg in segs:
        while len(seg) >= 3:
            out.append(seg[:max_len])
            seg = seg[max_len:]
    return out


def run_extension(meld: Meld, hand: list[int] | tuple[int, ...], rules: RuleSet) -> list[int]:
    """Cards from hand that extend a run, one end after the other, up to its maximum length."""
    if meld.kind != RUN:
        return []
    ranks = [RANK[c] for c in meld.cards]
    low, high = min(ranks), max(ranks)
    have: dict[int, int] = {}
    for c in sorted(hand):
        if NATURAL[c] and SUIT[c] == meld.key:
            have.setdefault(RANK[c], c)
    out: list[int] = []
    size = len(meld.cards)
    while size < rules.run_max:
        if high + 1 <= ACE and high + 1 in have:
            high += 1
            out.append(have.pop(high))
        elif low - 1 >= 4 and low - 1 in have:
            low -= 1
            out.append(have.pop(low))
        else:
            break
        size += 1
    return out


def may_take_wild(meld: Meld, rules: RuleSet, extra_naturals: int = 0) -> int:
    """How many more wild cards a rank meld may take (with this many naturals added as well)."""
    if meld.kind != RANK_MELD:
        return 0
    w = meld.wilds()
    n = meld.size - w + extra_naturals
    room = rules.max_wilds_in_rank_meld - w
    while room > 0 and not rules.wilds_fit(n, w + room):
        room -= 1
    return max(0, room)


# ----- going out -------------------------------------------------------------------------------------

# A going-out plan is the engine's: its exact solver (game/rules/going_out.py) tells whether the hand goes
# out, then lists its going-out moves, each within this many positions worked out (a level's
# Style.out_search; a long hand has a great many moves, and one of 80 cards took 115,000 positions to tell).
OUT_STEPS = 3000
BOUND_OUT_STEPS = 10_000  # a seat bound to go out by its partner's yes: the engine's list under a yes is slow
# A position worked out costs about a node of the going-out step search these budgets were counted in
# before (21 to 33 us against 36; playout.NODES_PER_MOVE), so it counts one unit of OutPlans.work; a
# going-out move weighed (plan_meld_move, 26 us) one more.
OUT_WEIGHED_NODES = 1
# Going-out moves weighed, at most: a playout's smaller budget takes the first listed (a sampled world is
# played roughly; weighing 16 cost a fifth more work than the first alone: 19,100 against 15,600 units in
# eight searches of tests/black_three_blunders.json's d22).
OUT_MOVES_WEIGHED = 200

# Work (first_meld.py's steps) one decision's move lists may take between them in its playouts (a sixth
# of a second's worth), before each list gets only playout.MELD_STEPS_FLOOR.
DECISION_FIRST_MELD_STEPS = 150_000


class OutPlans:
    """Going-out plans found during one decision (Expert's playouts find the same positions again and
    again), by position: hand, melds by content, minimum, partner's answer, budget. A found sequence is
    stored for each of its steps, so the moves after the first are looked up, not searched and checked
    again: under a partner's "yes" every check runs a going-out search of the engine's. One decision
    only: a stored step can differ from what a fresh search would find, and a decision must depend on
    the view and the rng alone."""

    SIZE = 4000  # positions kept before starting afresh

    def __init__(self) -> None:
        self._plans: dict[tuple, list[tuple] | None] = {}
        # The searching done for this decision, in positions the exact going-out solver worked out (a
        # going-out move weighed counts OUT_WEIGHED_NODES, a first meld weighed one): a searching level
        # counts it in its budget, since late in a hand it can cost more than the playouts' moves themselves.
        self.work = 0
        # The first-meld search of the move lists of this decision's playouts: long unmelded hands list
        # tens of thousands of first melds, each list in every playout (game/ai/playout.py LazyLegal).
        self.first_meld_steps = Work(DECISION_FIRST_MELD_STEPS)

    def find(self, view: PlayerView, budget: int) -> list[Action] | None:
        side_melds = view.melds[view.side]
        key = _out_key(view.hand, side_melds, view, budget)
        if key in self._plans:
            steps = self._plans[key]
            if steps is None:
                return None
            by_content = {_meld_key(m): m.id for m in side_melds}
            out: list[Action] = []
            for step in steps:
                if step[0] == "add":
                    if step[1] not in by_content:
                        break
                    out.append(AddToMeld(by_content[step[1]], step[2]))
                else:
                    out.append(step[1])
            else:
                return out
        seq = _plan_go_out(view, budget, self)
        if len(self._plans) > self.SIZE:
            self._plans.clear()
        if seq is None:
            self._plans[key] = None
            return None
        # Store every suffix under the position it starts from.
        v = view
        for i, action in enumerate(seq):
            melds = v.melds[v.side]
            ids = {m.id: _meld_key(m) for m in melds}
            steps: list[tuple] = []
            for a in seq[i:]:
                if isinstance(a, AddToMeld):
                    if a.meld not in ids:
                        break
                    steps.append(("add", ids[a.meld], a.cards))
                else:
                    steps.append(("move", a))
            else:
                self._plans[_out_key(v.hand, melds, v, budget)] = steps
            if isinstance(action, Discard) or i == len(seq) - 1:
                break
            v = apply_local(v, action)
        return seq


def _meld_key(m: Meld) -> tuple:
    return (m.kind, m.key, tuple(sorted(m.cards)))


def _out_key(hand: tuple[int, ...] | list[int], melds: tuple[Meld, ...] | list[Meld], view: PlayerView,
             budget: int) -> tuple:
    return (tuple(sorted(hand)), tuple(sorted(_meld_key(m) for m in melds)), need_of(view) if not melds else 0,
            view.permission, budget, view.rules.name)


def plan_go_out(view: PlayerView, budget: int = OUT_STEPS, plans: OutPlans | None = None) -> list[Action] | None:
    """The moves that meld the seat's whole hand this turn: the best scoring of the engine's going-out
    meld moves (of the first OUT_MOVES_WEIGHED it lists; on a playout's budget, the first), then the discard
    when one card is left; None when the hand cannot go out, or the exact solver did not tell within
    `budget` positions. `plans` keeps what was found for the rest of the decision, and counts the work."""
    return (plans if plans is not None else OutPlans()).find(view, budget)


def _plan_go_out(view: PlayerView, budget: int, plans: OutPlans) -> list[Action] | None:
    rules = view.rules
    if view.permission is False:
        return None
    if view.permission is None and rules.out_needs_yes:
        # Going out needs the partner's yes first: plan as if it were given (the level asks before the
        # plan's first step, and the engine binds the seat to go out once it is).
        view = replace(view, permission=True)
    side_melds = list(view.melds[view.side])
    need = need_of(view)
    if len(view.hand) == 1:
        # The last card discarded, with no meld move, where the side has its canastas.
        told = Work(budget * SOLVER_STEP_UNITS)
        able = can_go_out(list(view.hand), shapes_of(side_melds), rules, need, told)
        plans.work += told.spent // SOLVER_STEP_UNITS
        last = Discard(view.hand[0])
        if able and rules.qualifies([m.canasta(rules) for m in side_melds]) and why_illegal(view, last) is None:
            return [last]
    # The listing tells first whether the hand goes out (no move listed: it does not, or the solver could not
    # tell within the budget), with the positions it works out kept for the moves.
    listed = Work(budget * SOLVER_STEP_UNITS)
    moves = iter_go_out_moves(view.hand, side_melds, rules, need, listed)
    best: tuple[float, list[Action]] | None = None
    seen: set[MeldMove] = set()
    weighed = OUT_MOVES_WEIGHED if budget >= OUT_STEPS else 1
    try:
        for move in moves:
            if move in seen:
                continue
            if len(seen) >= weighed:
                break
            seen.add(move)
            plans.work += OUT_WEIGHED_NODES
            try:
                plan = plan_meld_move(move, view.hand, side_melds, rules, need, view.permission)
            except IllegalAction:
                continue
            value = sum(m.bonus(rules) + m.points() for m in plan.melds_after)
            value -= sum(VALUE[c] for c in plan.hand_after)
            if best is None or value > best[0]:
                best = (value, [shorthand(move)] + [Discard(c) for c in plan.hand_after])
    finally:
        moves.close()  # the listing's positions are counted when it stops
        plans.work += listed.spent // SOLVER_STEP_UNITS
    return best[1] if best else None


def hand_penalty(cards: tuple[int, ...] | list[int], rules: RuleSet) -> int:
    return sum(rules.card_penalty(c) for c in cards)
