"""Turn planning from one seat's view: legality checks, meld finders and a going-out solver.

Computer players build whole melds themselves (the engine's `legal_actions` offers melds in small
steps), so they need to know, from the view alone, whether an action they built is legal: the engine's
own judgement answers on the view (game/rules/judge.py).
"""

from __future__ import annotations

from collections import Counter
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
    BLACK_THREE,
    FACE,
    FACE_RANK,
    FACE_SUIT,
    FACE_VALUE,
    JOKER,
    NATURAL,
    RANK,
    SUIT,
    VALUE,
    WILD,
    WILD_FACE,
)
from game.rules.errors import IllegalAction
from game.rules.going_out import SOLVER_STEP_UNITS
from game.rules.judge import able_to_go_out as judge_able_to_go_out
from game.rules.judge import judge
from game.rules.legal import shorthand
from game.rules.meld_move import plan_meld_move
from game.rules.melds import (
    ESCALERA,
    MIXED_CANASTA,
    RANK_MELD,
    RUN,
    WILD_MELD,
    Meld,
    Shape,
    classify,
    grow_shape,
    order_cards,
    run_ends,
    shape_canasta,
    shape_of,
)
from game.rules.out_solver import OutSolver
from game.rules.rank_out import RankOut
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


def able_to_go_out(view: PlayerView, steps: int | None = None) -> bool | None:
    """The engine's answer; with `steps`, None when the exact solver did not tell within them."""
    return judge_able_to_go_out(view, view.seat, None if steps is None else Work(steps * SOLVER_STEP_UNITS))


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

NODE_BUDGET = 3000
# A node of the going-out search tries each card of the hand on each meld: a long hand's node tries far
# more, so the tries are counted too, at most TRIES_PER_NODE a node of the budget and TRIES_BASE more
# (in a seeded game of Expert's, hands of 13 to 17 cards tried up to 19,000 on a budget of 250 nodes and
# 171,000 on 3000; one of 100 cards tries a million).
TRIES_PER_NODE = 60
TRIES_BASE = 10_000

class _OutSearch:
    """Depth-first search for a way to meld a whole hand; records the moves it took."""

    def __init__(self, rules: RuleSet, need: int, budget: int) -> None:
        self.rules = rules
        self.need = need
        self.budget = budget
        self.nodes = 0
        # A node of a long hand tries many more cards on many more melds: those tries are counted too.
        self.tries = 0
        self.max_tries = budget * TRIES_PER_NODE + TRIES_BASE
        self.seen: set = set()
        self.path: list[tuple] = []

    def qualifies(self, shapes: tuple[Shape, ...]) -> bool:
        return self.rules.qualifies([shape_canasta(s, self.rules) for s in shapes])

    def solve(self, hand: tuple[int, ...], shapes: tuple[Shape, ...], keep: int, points: int) -> bool:
        if len(hand) <= keep and points >= self.need and self.qualifies(shapes):
            return True
        key = (hand, shapes, points >= self.need)
        if key in self.seen:
            return False
        self.seen.add(key)
        self.nodes += 1
        if self.nodes > self.budget or self.tries > self.max_tries:
            return False
        distinct = sorted(set(hand))
        for i, s in enumerate(shapes):
            self.tries += len(distinct)
            if self.tries > self.max_tries:
                return False
            for f in distinct:
                grown = grow_shape(s, f, self.rules)
                if grown is None:
                    continue
                rest = list(hand)
                rest.remove(f)
                self.path.append(("add", i, f))
                if self.solve(tuple(rest), shapes[:i] + (grown,) + shapes[i + 1:], keep, points + FACE_VALUE[f]):
                    return True
                self.path.pop()
        ranks_melded = {s[1] for s in shapes if s[0] == RANK_MELD} if self.rules.one_meld_per_rank else set()
        self.tries += len(distinct)
        for trio, shape in _trios(hand, distinct, self.rules):
            if shape[0] == RANK_MELD and shape[1] in ranks_melded:
                continue  # one meld per rank: those cards go onto the meld there is
            rest = list(hand)
            for f in trio:
                rest.remove(f)
            self.path.append(("new", len(shapes), trio))
            if self.solve(tuple(rest), shapes + (shape,), keep, points + sum(FACE_VALUE[f] for f in trio)):
                return True
            self.path.pop()
        return False


def _trios(hand: tuple[int, ...], distinct: list[int], rules: RuleSet) -> list[tuple[tuple[int, ...], Shape]]:
    counts = Counter(hand)
    out: list[tuple[tuple[int, ...], Shape]] = []
    wild = [f for f in distinct if WILD_FACE[f]]
    by_rank: dict[int, list[int]] = {}
    for f in distinct:
        if not WILD_FACE[f]:
            by_rank.setdefault(FACE_RANK[f], []).append(f)
    if rules.runs:
        for f in distinct:
            if not WILD_FACE[f] and 4 <= FACE_RANK[f] <= ACE - 2 and counts[f + 1] and counts[f + 2]:
                out.append(((f, f + 1, f + 2), (RUN, FACE_SUIT[f], FACE_RANK[f], FACE_RANK[f] + 2)))
    for r, faces in by_rank.items():
        pool = [f for f in faces for _ in range(min(counts[f], 3))]
        if len(pool) >= 3:
            out.append((tuple(pool[:3]), (RANK_MELD, r, 3, 0)))
        if len(pool) >= 2 and rules.wilds_fit(2, 1):
            for w in wild:
                out.append(((pool[0], pool[1], w), (RANK_MELD, r, 2, 1)))
    if rules.wild_melds:
        wpool = [f for f in wild for _ in range(min(counts[f], 3))]
        if len(wpool) >= 3:
            out.append((tuple(wpool[:3]), (WILD_MELD, 3)))
    return out


def loose_cards(hand: tuple[int, ...] | list[int], melds: tuple[Meld, ...] | list[Meld], rules: RuleSet) -> int:
    """How many cards of the hand could not be placed in any meld this turn, however the hand is
    melded (a generous count: a card counted loose truly has no place). Going out needs at most one."""
    nat_count: dict[int, int] = {}
    suit_ranks: dict[int, set[int]] = {}
    wilds = threes = 0
    for c in hand:
        if NATURAL[c]:
            nat_count[RANK[c]] = nat_count.get(RANK[c], 0) + 1
            suit_ranks.setdefault(SUIT[c], set()).add(RANK[c])
        elif WILD[c]:
            wilds += 1
        elif BLACK_THREE[c]:
            threes += 1
    rank_melds = {m.key for m in melds if m.kind == RANK_MELD}
    placed_run: set[tuple[int, int]] = set()
    for suit, ranks in (suit_ranks.items() if rules.runs else ()):
        for m in melds:
            if m.kind == RUN and m.key == suit and m.size < rules.run_max:
                low, high = run_ends(m.cards)
                r = high + 1
                while r in ranks:
                    placed_run.add((suit, r))
                    r += 1
                r = low - 1
                while r in ranks:
                    placed_run.add((suit, r))
                    r -= 1
        for r in ranks:
            if (r - 1 in ranks and r + 1 in ranks) or (r + 1 in ranks and r + 2 in ranks) or (
                    r - 1 in ranks and r - 2 in ranks):
                placed_run.add((suit, r))
    loose = 0
    pairs = False
    for c in hand:
        if NATURAL[c]:
            r = RANK[c]
            n = nat_count[r]
            pairs = pairs or n >= 2
            if r in rank_melds or n >= 3 or (n == 2 and wilds) or (SUIT[c], r) in placed_run:
                continue
            loose += 1
    if wilds and (wilds < 3 or not rules.wild_melds) and not pairs and not rank_melds and not any(
            m.kind == WILD_MELD and m.size < rules.wild_meld_max for m in melds):
        loose += wilds
    if threes in (1, 2):
        loose += threes
    return loose


def could_qualify(hand: tuple[int, ...] | list[int], melds: tuple[Meld, ...] | list[Meld], rules: RuleSet) -> bool:
    """A generous test: could the side hold the canastas going out needs after melding this hand?"""
    made = [m.canasta(rules) for m in melds]
    escaleras = made.count("escalera")
    others = sum(1 for c in made if c and c != "escalera")
    if rules.qualifies(made):
        return True
    suit_ranks: dict[int, set[int]] = {}
    nat: dict[int, int] = {}
    wilds = 0
    for c in hand:
        if NATURAL[c]:
            suit_ranks.setdefault(SUIT[c], set()).add(RANK[c])
            nat[RANK[c]] = nat.get(RANK[c], 0) + 1
        elif WILD[c]:
            wilds += 1
    for suit, ranks in (suit_ranks.items() if rules.runs else ()):
        for m in melds:
            if m.kind == RUN and m.key == suit and m.size < rules.run_max:
                low, high = run_ends(m.cards)
                while high + 1 in ranks:
                    high += 1
                while low - 1 in ranks:
                    low -= 1
                escaleras += high - low + 1 >= rules.run_max
        best = run = 0
        for r in range(4, ACE + 1):
            run = run + 1 if r in ranks else 0
            best = max(best, run)
        escaleras += best >= rules.run_max
    if not escaleras and rules.escalera_to_go_out:
        return False
    for m in melds:
        if m.kind == RANK_MELD and m.size < rules.canasta_size:
            others += m.size + nat.get(m.key, 0) + min(wilds, rules.max_wilds_in_rank_meld) >= rules.canasta_size
        elif m.kind == WILD_MELD and m.size < rules.wild_meld_max:
            others += m.size + wilds >= rules.wild_meld_max
    for _r, n in nat.items():
        fit = max(w for w in range(min(wilds, rules.max_wilds_in_rank_meld) + 1) if rules.wilds_fit(n, w))
        others += n + fit >= rules.canasta_size
    others += rules.wild_melds and wilds >= rules.wild_meld_max
    return rules.qualifies([ESCALERA] * escaleras + [MIXED_CANASTA] * others)


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
        # The searching done for this decision, in nodes of the going-out search (a going-out move
        # weighed counts OUT_WEIGHED_NODES): a searching level counts it in its budget, since late in a
        # hand it can cost more than the playouts' moves themselves.
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


def plan_go_out(view: PlayerView, budget: int = NODE_BUDGET, plans: OutPlans | None = None) -> list[Action] | None:
    """A sequence of moves that melds the seat's whole hand this turn (ending with a discard when one
    card is left), checked move by move; None if none is found within the search budget. `plans` keeps
    what was found for the rest of the decision."""
    return (plans if plans is not None else OutPlans()).find(view, budget)


def _plan_go_out(view: PlayerView, budget: int, plans: OutPlans) -> list[Action] | None:
    rules = view.rules
    hand = list(view.hand)
    if view.permission is False:
        return None
    if view.permission is None and rules.out_needs_yes:
        # Going out needs the partner's yes first: plan as if it were given (the level asks before the
        # plan's first step, and the engine binds the seat to go out once it is).
        view = replace(view, permission=True)
    side_melds = list(view.melds[view.side])
    threes = [c for c in hand if BLACK_THREE[c]]
    if len(threes) == 2 or loose_cards(hand, side_melds, rules) > 1 or not could_qualify(hand, side_melds, rules):
        return None
    rest = tuple(sorted(FACE[c] for c in hand if not BLACK_THREE[c]))
    keep = 0 if len(threes) == 1 else 1
    existing = [(m, shape_of(m.kind, m.key, m.cards)) for m in side_melds]
    existing = [(m, s) for m, s in existing if s is not None]
    search = _OutSearch(rules, need_of(view), budget)
    found = search.solve(rest, tuple(s for _m, s in existing), keep, 0)
    plans.work += search.nodes
    if not found:
        return _one_move_out(view, plans)
    # Faces back to the hand's card ids.
    ids: dict[int, list[int]] = {}
    for c in sorted(hand):
        if not BLACK_THREE[c]:
            ids.setdefault(FACE[c], []).append(c)
    adds: dict[int, list[int]] = {}
    new: dict[int, list[int]] = {}
    for move in search.path:
        if move[0] == "add":
            _k, i, f = move
            card = ids[f].pop()
            if i < len(existing):
                adds.setdefault(existing[i][0].id, []).append(card)
            else:
                new[i].append(card)
        else:
            _k, i, trio = move
            new[i] = [ids[f].pop() for f in trio]
    leftover = [c for v in ids.values() for c in v]
    add_actions: list[Action] = [AddToMeld(mid, tuple(cards)) for mid, cards in adds.items()]
    lay: list[Action] = [LayMelds(tuple(tuple(v) for _i, v in sorted(new.items())))] if new else []
    tail: list[Action] = []
    if len(threes) >= 3:
        tail.append(LayMelds((tuple(threes),)))
    if len(threes) == 1:
        tail.append(Discard(threes[0]))
    elif leftover:
        tail.append(Discard(leftover[0]))
    # Canastas must be complete before the move that leaves one card: try the orders that may work.
    for order in (add_actions + lay, lay + add_actions):
        seq = order + tail
        if seq and sequence_ok(view, seq):
            return seq
    return _one_move_out(view, plans)


OUT_MOVES_WEIGHED = 200  # going-out moves of the exact solver compared, at most
OUT_WEIGHED_NODES = 20  # one weighed costs about as much as this many nodes of the going-out search
OUT_SHARES_TRIED = 10 * OUT_MOVES_WEIGHED  # Standard: shares of the wild cards looked at, going out or not
# Bolivia: positions the exact solver may work out to tell whether the hand goes out, and as many to list
# its moves (a hand of 80 cards took 115,000 and two seconds to tell).
OUT_SOLVER_STEPS = 10_000


def _one_move_out(view: PlayerView, plans: OutPlans | None = None) -> list[Action] | None:
    """Going out in one meld move when the step-by-step search found no way (each card alone would break
    the keep-two rule, say): the exact solver's moves, the best scoring of the first few, and the discard."""
    rules = view.rules
    side_melds = list(view.melds[view.side])
    need = need_of(view)
    if not able_to_go_out(view, OUT_SOLVER_STEPS):
        return None  # not able, or the solver could not tell within its steps (a long hand)
    melds = [(m.id, m.kind, m.key, m.cards) for m in side_melds]
    # Bolivia's exact solver, or Standard Canasta's (rank melds only).
    moves = OutSolver(view.hand, melds, rules, need).iter_moves(OUT_SOLVER_STEPS) if rules.exact_out_solver \
        else RankOut(view.hand, melds, rules, need).iter_moves(OUT_SHARES_TRIED)
    best: tuple[float, list[Action]] | None = None
    for i, move in enumerate(moves):
        if i >= OUT_MOVES_WEIGHED:
            break
        if plans is not None:
            plans.work += OUT_WEIGHED_NODES
        try:
            plan = plan_meld_move(move, view.hand, side_melds, rules, need, view.permission)
        except IllegalAction:
            continue
        value = sum(m.bonus(rules) + m.points() for m in plan.melds_after)
        value -= sum(VALUE[c] for c in plan.hand_after)
        seq: list[Action] = [shorthand(move)] + [Discard(c) for c in plan.hand_after]
        if best is None or value > best[0]:
            best = (value, seq)
    return best[1] if best else None


def hand_penalty(cards: tuple[int, ...] | list[int], rules: RuleSet) -> int:
    return sum(rules.card_penalty(c) for c in cards)
