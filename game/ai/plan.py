"""Turn planning from one seat's view: legality checks, meld finders and a going-out solver.

Computer players build whole melds themselves (the engine's `legal_actions` offers melds in small
steps), so they need to know, from the view alone, whether an action they built is legal. The
checks here mirror GameState.apply; tests compare them with the engine on many positions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

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
from game.rules.cards import ACE, BLACK_THREE, FACE, JOKER, NATURAL, RANK, RED_THREE, SUIT, VALUE, WILD
from game.rules.errors import IllegalAction
from game.rules.going_out import SOLVER_STEP_UNITS, can_go_out, grow_shape
from game.rules.legal import shorthand
from game.rules.meld_move import plan_meld_move
from game.rules.melds import (
    BLACK_THREES,
    RANK_MELD,
    RUN,
    WILD_MELD,
    Meld,
    classify,
    extends_run,
    meld_points,
    order_cards,
    run_ends,
    side_may_go_out,
)
from game.rules.out_solver import OutSolver
from game.rules.rank_out import RankOut
from game.rules.ruleset import RuleSet
from game.rules.state import Phase
from game.rules.view import PlayerView
from game.rules.work import Work

# ----- small helpers --------------------------------------------------------------------------------


def shapes_of(melds: list[Meld] | tuple[Meld, ...]) -> list[tuple[str, int, tuple[int, ...]]]:
    return [(m.kind, m.key, m.cards) for m in melds]


def qualifies(melds: list[Meld] | tuple[Meld, ...], rules: RuleSet) -> bool:
    """Whether a side with these melds has what it needs to go out."""
    return side_may_go_out([m.canasta(rules) for m in melds], rules)


def need_of(view: PlayerView) -> int:
    """First-meld points still required of the seat's side this hand (0 once it has melded)."""
    return 0 if view.melds[view.side] else view.min_meld[view.side]


def able_to_go_out(view: PlayerView, steps: int | None = None) -> bool | None:
    """The engine's answer; with `steps`, None when the exact solver did not tell within them."""
    work = None if steps is None else Work(steps * SOLVER_STEP_UNITS)
    return can_go_out(view.hand, shapes_of(view.melds[view.side]), view.rules, need_of(view), work)


# ----- legality from the view -------------------------------------------------------------------------


def why_illegal(view: PlayerView, action: Action) -> str | None:
    """None if the seat may make this move now, else a short reason. Mirrors GameState.apply."""
    try:
        return _check(view, action)
    except IllegalAction as why:
        return str(why)


def _check(view: PlayerView, action: Action) -> str | None:
    if isinstance(action, Answer):
        return None if view.phase == Phase.ANSWER and view.to_act == view.seat else "not asked"
    if view.to_act != view.seat or view.phase not in (Phase.DRAW, Phase.MELD):
        return "not this seat's move"
    rules = view.rules
    side_melds = list(view.melds[view.side])
    hand = view.hand
    if isinstance(action, DrawStock):
        return None if view.phase == Phase.DRAW else "drawn already"
    if isinstance(action, (TakeTop, TakePile)):
        if view.phase != Phase.DRAW:
            return "drawn already"
        if not view.pile or not NATURAL[view.pile[-1]]:
            return "pile blocked or empty"
        top = view.pile[-1]
        if isinstance(action, TakeTop):
            if not rules.take_top:
                return "the top card is never taken alone here"
            meld = _find(side_melds, action.meld)
            if meld is None or not extends_run(meld, top, rules):
                return "top card does not extend that run"
            grown = Meld(meld.id, meld.kind, meld.key, meld.cards + (top,))
            after = [grown if m.id == meld.id else m for m in side_melds]
            return _left_problem(view, len(hand), after, list(hand))
        extra = [c for m in action.melds for c in m]
        problem = _in_hand(hand, tuple(action.cards) + tuple(extra))
        if problem:
            return problem
        naturals = sum(1 for c in action.cards if NATURAL[c] and RANK[c] == RANK[top])
        freeze = rules.pile_freeze(view.pile, bool(side_melds))
        onto = _meld_of_rank(side_melds, RANK[top]) if rules.one_meld_per_rank else None
        if action.onto is not None:
            # The top card alone onto the side's meld of its rank (Standard's house rule).
            if not rules.top_onto_meld(freeze) or action.cards:
                return "the top card does not go onto a meld alone here"
            if onto is None or onto.id != action.onto:
                return "not the side's meld of the top card's rank"
        elif rules.pair_must_be_natural(freeze):
            if naturals < 2:
                return "no natural pair of the top card's rank"
        elif naturals < 1 or len(action.cards) < 2:
            return "two cards that meld with the top card"
        meld_cards = tuple(action.cards) + (top,)
        if classify(meld_cards + (onto.cards if onto else ()), rules).kind != RANK_MELD:
            return "not a rank meld"
        shapes = [classify(m, rules) for m in action.melds]
        if not side_melds and meld_points(meld_cards) + sum(meld_points(m) for m in action.melds) < need_of(view):
            return "first meld too small"
        used = set(action.cards) | set(extra)
        hand_after = [c for c in hand if c not in used] + [c for c in view.pile[:-1] if not RED_THREE[c]]
        pile_meld = Meld(onto.id, RANK_MELD, RANK[top], onto.cards + meld_cards) if onto else Meld(
            0, RANK_MELD, RANK[top], meld_cards)
        after = [m for m in side_melds if m is not onto] + [pile_meld] + [
            Meld(0, s.kind, s.key, tuple(m)) for s, m in zip(shapes, action.melds, strict=True)]
        if rules.one_meld_per_rank and _two_of_a_rank(after):
            return "one meld per rank"
        return _threes_problem(view, [s.kind for s in shapes], len(hand_after), after) or _left_problem(
            view, len(hand_after), after, hand_after)
    if view.phase != Phase.MELD:
        return "draw first"
    if isinstance(action, MeldMove):
        plan_meld_move(action, hand, side_melds, rules, need_of(view), view.permission)
        return None
    if isinstance(action, LayMelds):
        if not action.melds:
            return "no melds"
        cards = [c for m in action.melds for c in m]
        problem = _in_hand(hand, cards)
        if problem:
            return problem
        shapes = [classify(m, rules) for m in action.melds]
        if not side_melds and sum(meld_points(m) for m in action.melds) < need_of(view):
            return "first meld too small"
        used = set(cards)
        hand_after = [c for c in hand if c not in used]
        after = side_melds + [Meld(0, s.kind, s.key, tuple(m)) for s, m in zip(shapes, action.melds, strict=True)]
        if rules.one_meld_per_rank and _two_of_a_rank(after):
            return "one meld per rank"
        return _threes_problem(view, [s.kind for s in shapes], len(hand_after), after) or _left_problem(
            view, len(hand_after), after, hand_after)
    if isinstance(action, AddToMeld):
        meld = _find(side_melds, action.meld)
        if meld is None or not action.cards:
            return "no such meld or no cards"
        problem = _in_hand(hand, action.cards)
        if problem:
            return problem
        grown_cards = meld.cards + tuple(action.cards)
        shape = classify(grown_cards, rules)
        if (shape.kind, shape.key) != (meld.kind, meld.key):
            return "cards do not belong on that meld"
        used = set(action.cards)
        hand_after = [c for c in hand if c not in used]
        after = [Meld(meld.id, meld.kind, meld.key, grown_cards) if m.id == meld.id else m for m in side_melds]
        return _threes_problem(view, [shape.kind], len(hand_after), after) or _left_problem(
            view, len(hand_after), after, hand_after)
    if isinstance(action, Combine):
        a, b = _find(side_melds, action.meld), _find(side_melds, action.into)
        if a is None or b is None or a.id == b.id or a.kind != RANK_MELD or b.kind != RANK_MELD or a.key != b.key:
            return "cannot combine"
        merged = b.cards + a.cards
        classify(merged, rules)
        after = [Meld(b.id, b.kind, b.key, merged) if m.id == b.id else m for m in side_melds if m.id != a.id]
        return _left_problem(view, len(hand), after, list(hand))
    if isinstance(action, Discard):
        if action.card not in hand:
            return "not in hand"
        left = len(hand) - 1
        if left == 0:
            if not qualifies(side_melds, rules):
                return "side may not go out"
            if not rules.out_allowed(view.permission):
                return "partner said no, or not asked where a yes is needed"
        elif view.permission is True:
            return "partner said yes: go out"
        return None
    if isinstance(action, AskPartner):
        if view.players != 4 or view.asked or len(hand) < 2:
            return "cannot ask"
        return None if able_to_go_out(view) else "not able to go out"
    return "unknown action"


def _meld_of_rank(melds: list[Meld], rank: int) -> Meld | None:
    return next((m for m in melds if m.kind == RANK_MELD and m.key == rank), None)


def _two_of_a_rank(melds: list[Meld]) -> bool:
    ranks = [m.key for m in melds if m.kind == RANK_MELD]
    return len(ranks) != len(set(ranks))


def _find(melds: list[Meld], meld_id: int) -> Meld | None:
    for m in melds:
        if m.id == meld_id:
            return m
    return None


def _in_hand(hand: tuple[int, ...], cards: tuple[int, ...] | list[int]) -> str | None:
    if len(set(cards)) != len(cards):
        return "a card chosen twice"
    have = set(hand)
    if any(c not in have for c in cards):
        return "a card not in hand"
    return None


def _threes_problem(view: PlayerView, kinds: list[str], left: int, after: list[Meld]) -> str | None:
    if BLACK_THREES in kinds and (left > 1 or not qualifies(after, view.rules)
                                  or not view.rules.out_allowed(view.permission)):
        return "black threes only while going out"
    return None


def _left_problem(view: PlayerView, left: int, after: list[Meld], hand_after: list[int]) -> str | None:
    ok = qualifies(after, view.rules)
    if left <= 1:
        if not ok:
            return "keep two cards"
        if not view.rules.out_allowed(view.permission):
            return "partner said no, or not asked where a yes is needed"
    elif view.permission is True and not can_go_out(hand_after, shapes_of(after), view.rules):
        return "partner said yes: this leaves going out impossible"
    return None


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
        a = _find(melds, action.meld)
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

_Shape = tuple  # ("rank", r, n, w) / ("run", suit, low, high) / ("wild", n)


def _face_value(f: int) -> int:
    r = f % 16
    return 50 if r == JOKER else 20 if r in (2, ACE) else 10 if r >= 8 else 5


def _wild_face(f: int) -> bool:
    return f % 16 in (2, JOKER)


def _shape_of(m: Meld) -> _Shape | None:
    if m.kind == RANK_MELD:
        return (RANK_MELD, m.key, m.naturals(), m.wilds())
    if m.kind == RUN:
        ranks = [RANK[c] for c in m.cards]
        return (RUN, m.key, min(ranks), max(ranks))
    if m.kind == WILD_MELD:
        return (WILD_MELD, m.size)
    return None


def _canasta(s: _Shape, rules: RuleSet) -> str | None:
    if s[0] == RANK_MELD:
        return ("mixed" if s[3] else "natural") if s[2] + s[3] >= rules.canasta_size else None
    if s[0] == RUN:
        return "escalera" if s[3] - s[2] + 1 == rules.run_max else None
    return "bolivia" if s[1] == rules.wild_meld_max else None


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

    def qualifies(self, shapes: tuple[_Shape, ...]) -> bool:
        return self.rules.qualifies([_canasta(s, self.rules) for s in shapes])

    def solve(self, hand: tuple[int, ...], shapes: tuple[_Shape, ...], keep: int, points: int) -> bool:
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
                if self.solve(tuple(rest), shapes[:i] + (grown,) + shapes[i + 1:], keep, points + _face_value(f)):
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
            if self.solve(tuple(rest), shapes + (shape,), keep, points + sum(_face_value(f) for f in trio)):
                return True
            self.path.pop()
        return False


def _trios(hand: tuple[int, ...], distinct: list[int], rules: RuleSet) -> list[tuple[tuple[int, ...], _Shape]]:
    counts = Counter(hand)
    out: list[tuple[tuple[int, ...], _Shape]] = []
    wild = [f for f in distinct if _wild_face(f)]
    by_rank: dict[int, list[int]] = {}
    for f in distinct:
        if not _wild_face(f):
            by_rank.setdefault(f % 16, []).append(f)
    if rules.runs:
        for f in distinct:
            if not _wild_face(f) and 4 <= f % 16 <= ACE - 2 and counts[f + 1] and counts[f + 2]:
                out.append(((f, f + 1, f + 2), (RUN, f // 16, f % 16, f % 16 + 2)))
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
    return rules.qualifies(["escalera"] * escaleras + ["mixed"] * others)


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
    existing = [(m, _shape_of(m)) for m in side_melds]
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
