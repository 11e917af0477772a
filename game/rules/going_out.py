"""Can a hand be melded away this turn? Decides whether a player may ask "May I go out?" and
whether a player bound by a "yes" still can.

The exact answer comes from game/rules/out_solver.py; a quick necessary condition spares it for the
many hands that could never make an escalera and another canasta this turn.
"""

from __future__ import annotations

from collections import Counter

from game.rules.actions import MeldMove
from game.rules.cards import ACE, BLACK_THREE, FACE, JOKER, RANK, WILD
from game.rules.melds import (
    BOLIVIA_CANASTA,
    ESCALERA,
    MIXED_CANASTA,
    NATURAL_CANASTA,
    RANK_MELD,
    RUN,
    WILD_MELD,
    Meld,
    side_may_go_out,
)
from game.rules.out_solver import OutSolver
from game.rules.ruleset import RuleSet

# A meld's shape for the search: ("rank", rank, naturals, wilds) / ("run", suit, low, high) / ("wild", n)
Shape = tuple


def _shape(kind: str, key: int, cards: tuple[int, ...]) -> Shape | None:
    if kind == RANK_MELD:
        w = sum(1 for c in cards if WILD[c])
        return (RANK_MELD, key, len(cards) - w, w)
    if kind == RUN:
        ranks = [RANK[c] for c in cards]
        return (RUN, key, min(ranks), max(ranks))
    if kind == WILD_MELD:
        return (WILD_MELD, len(cards))
    return None  # black threes: nothing more can be added usefully


def _canasta(s: Shape, rules: RuleSet) -> str | None:
    if s[0] == RANK_MELD and s[2] + s[3] >= rules.canasta_size:
        return MIXED_CANASTA if s[3] else NATURAL_CANASTA
    if s[0] == RUN and s[3] - s[2] + 1 == rules.run_max:
        return ESCALERA
    if s[0] == WILD_MELD and s[1] == rules.wild_meld_max:
        return BOLIVIA_CANASTA
    return None


def _qualifies(shapes: tuple[Shape, ...], base: list[str], rules: RuleSet) -> bool:
    return rules.qualifies(base + [c for c in (_canasta(s, rules) for s in shapes) if c])


def _face_value(f: int) -> int:
    r = f % 16
    return 50 if r == JOKER else 20 if r in (2, ACE) else 10 if r >= 8 else 5


def _is_wild_face(f: int) -> bool:
    return f % 16 in (2, JOKER)


def _remove(hand: tuple[int, ...], faces: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(hand)
    for f in faces:
        rest.remove(f)
    return tuple(rest)


def grow_shape(s: Shape, f: int, rules: RuleSet) -> Shape | None:
    """A meld shape with one more card of face `f`, or None when the card does not fit it."""
    wild = _is_wild_face(f)
    if s[0] == RANK_MELD:
        _, r, n, w = s
        if wild:
            if rules.wilds_fit(n, w + 1):
                return (RANK_MELD, r, n, w + 1)
            return None
        return (RANK_MELD, r, n + 1, w) if f % 16 == r else None
    if s[0] == RUN:
        _, suit, low, high = s
        if wild or f // 16 != suit or high - low + 1 >= rules.run_max:
            return None
        r = f % 16
        if r == low - 1 and r >= 4:
            return (RUN, suit, r, high)
        if r == high + 1 and r <= ACE:
            return (RUN, suit, low, r)
        return None
    if s[0] == WILD_MELD and wild and s[1] < rules.wild_meld_max:
        return (WILD_MELD, s[1] + 1)
    return None


def can_go_out(
    hand: list[int] | tuple[int, ...],
    side_melds: list[tuple[str, int, tuple[int, ...]]],
    rules: RuleSet,
    need: int = 0,
) -> bool:
    """Whether the whole hand can be melded this turn, with or without one final discard, leaving the
    side with an escalera and another canasta. `need`: first-meld minimum still to reach (0 if melded).
    Exact at any hand size (game/rules/out_solver.py)."""
    shapes = [s for s in (_shape(kind, key, cards) for kind, key, cards in side_melds) if s is not None]
    rest = tuple(sorted(FACE[c] for c in hand if not BLACK_THREE[c]))
    if not _could_qualify(rest, shapes, rules):
        return False
    if not rules.exact_out_solver:
        return _search_go_out(hand, shapes, rules, need)
    melds = [(i, kind, key, tuple(cards)) for i, (kind, key, cards) in enumerate(side_melds)]
    return OutSolver(hand, melds, rules, need).possible()


def go_out_moves(hand: list[int] | tuple[int, ...], side_melds: list[Meld] | tuple[Meld, ...], rules: RuleSet,
                 need: int = 0, combines: bool = True) -> list[MeldMove]:
    """Every meld move that goes out (leaving no card, or one to discard), one per outcome; `combines`:
    whether they may combine melds (out_solver.py says which combines are left out)."""
    shapes = [s for s in (_shape(m.kind, m.key, m.cards) for m in side_melds) if s is not None]
    rest = tuple(sorted(FACE[c] for c in hand if not BLACK_THREE[c]))
    if not _could_qualify(rest, shapes, rules) or not rules.exact_out_solver:
        return []  # Standard Canasta: going out is reached move by move (legal.py's steps)
    return OutSolver(hand, [(m.id, m.kind, m.key, m.cards) for m in side_melds], rules, need,
                     combines=combines).moves()


def _could_qualify(hand: tuple[int, ...], shapes: list[Shape], rules: RuleSet) -> bool:
    """A quick necessary condition: could the side end this turn with the canastas going out needs?
    Most hands fail it at once, which spares the search."""
    made = [c for c in (_canasta(s, rules) for s in shapes) if c]
    if side_may_go_out(made, rules):
        return True
    faces = Counter(hand)
    wilds = sum(n for f, n in faces.items() if _is_wild_face(f))
    escaleras = made.count(ESCALERA)
    for suit in range(4 if rules.runs else 0):
        # New escaleras of this suit: seven unbroken ranks, from the hand and the suit's open runs; at
        # most one per seven such cards (a second one in a suit that has one already counts too).
        open_runs = [sh for sh in shapes if sh[0] == RUN and sh[1] == suit and not _canasta(sh, rules)]
        covered = {f % 16 for f in faces if f // 16 == suit and not _is_wild_face(f)}
        for sh in open_runs:
            covered.update(range(sh[2], sh[3] + 1))
        run = best = 0
        for r in range(4, ACE + 1):
            run = run + 1 if r in covered else 0
            best = max(best, run)
        if best >= rules.run_max:
            cards = sum(n for f, n in faces.items() if f // 16 == suit and not _is_wild_face(f))
            cards += sum(sh[3] - sh[2] + 1 for sh in open_runs)
            escaleras += max(1, cards // rules.run_max)
    if escaleras == 0 and rules.escalera_to_go_out:
        return False
    others = len(made) - made.count(ESCALERA)
    open_wild = sum(sh[1] for sh in shapes if sh[0] == WILD_MELD and not _canasta(sh, rules))
    if rules.wild_melds and wilds + open_wild >= rules.wild_meld_max:
        others += 1
    for r in range(4, ACE + 1):
        in_melds = sum(sh[2] + sh[3] for sh in shapes if sh[0] == RANK_MELD and sh[1] == r and not _canasta(sh, rules))
        naturals = sum(n for f, n in faces.items() if f % 16 == r and not _is_wild_face(f))
        if in_melds + naturals + min(wilds, rules.max_wilds_in_rank_meld) >= rules.canasta_size and naturals + in_melds:
            others += 1
    return rules.qualifies([ESCALERA] * escaleras + [MIXED_CANASTA] * others)


# ----- a bounded search, for rule sets the exact solver is not written for (Standard Canasta) --------------

NODE_BUDGET = 5000


def _search_go_out(hand: list[int] | tuple[int, ...], shapes: list[Shape], rules: RuleSet, need: int) -> bool:
    """Depth-first over faces and meld shapes, memoised, with a node budget (an exhausted budget answers no);
    Standard Canasta's hands are small: 11 to 15 cards, more only after a pile."""
    threes = sum(1 for c in hand if BLACK_THREE[c])
    if threes == 2:
        return False  # two black threes can be neither melded nor both discarded
    rest = tuple(sorted(FACE[c] for c in hand if not BLACK_THREE[c]))
    keep = 0 if threes == 1 else 1
    if _loose(rest, shapes) > keep + (1 if threes == 1 else 0):
        return False  # more cards that fit no meld than may stay: no search needed (big hands end here)
    points = 5 * threes if threes >= 3 else 0
    return _Search(rules, [], threes).solve(rest, tuple(shapes), keep, points, need)


def _loose(hand: tuple[int, ...], shapes: list[Shape]) -> int:
    """Cards of rank melds only (Standard Canasta) that no meld could take this turn: a natural whose rank
    the side has not melded and the hand holds fewer than three of (two with a wild card will do)."""
    counts = Counter(f % 16 for f in hand if not _is_wild_face(f))
    wild = any(_is_wild_face(f) for f in hand)
    melded = {s[1] for s in shapes if s[0] == RANK_MELD}
    return sum(n for r, n in counts.items() if r not in melded and n < 3 and not (n == 2 and wild))


class _Search:
    def __init__(self, rules: RuleSet, fixed_canastas: list[str], held: int = 0) -> None:
        self.rules = rules
        self.fixed = fixed_canastas
        self.held = held  # black threes held outside the search until the very end
        self.nodes = 0
        self.seen: set = set()

    def _may_leave(self, rest: tuple[int, ...], shapes: tuple[Shape, ...]) -> bool:
        """The keep-two rule on each step: a move leaving one card or none needs the side to qualify."""
        return len(rest) + self.held >= 2 or _qualifies(shapes, self.fixed, self.rules)

    def solve(self, hand: tuple[int, ...], shapes: tuple[Shape, ...], keep: int, points: int, need: int) -> bool:
        """hand: sorted faces (threes removed); keep: how many may stay (0 or 1, the discard)."""
        if len(hand) <= keep and points >= need and _qualifies(shapes, self.fixed, self.rules):
            return True
        key = (hand, tuple(sorted(shapes)), points >= need)
        if key in self.seen:
            return False
        self.seen.add(key)
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            return False
        rules = self.rules
        distinct = sorted(set(hand))
        # Add one card to a meld already there (or laid earlier in this search).
        for i, s in enumerate(shapes):
            for f in distinct:
                grown = grow_shape(s, f, rules)
                if grown is not None:
                    rest = _remove(hand, (f,))
                    new_shapes = shapes[:i] + (grown,) + shapes[i + 1:]
                    if self._may_leave(rest, new_shapes) and self.solve(
                            rest, new_shapes, keep, points + _face_value(f), need):
                        return True
        # Lay a new three-card meld; larger melds are reached by adding.
        ranks_melded = {s[1] for s in shapes if s[0] == RANK_MELD} if rules.one_meld_per_rank else set()
        for trio in _trios(hand, distinct, rules):
            shape = _trio_shape(trio)
            if shape[0] == RANK_MELD and shape[1] in ranks_melded:
                continue  # those cards go onto the side's meld of that rank
            rest = _remove(hand, trio)
            laid = shapes + (shape,)
            if self._may_leave(rest, laid) and self.solve(rest, laid, keep, points + sum(map(_face_value, trio)), need):
                return True
        return False


def _trios(hand: tuple[int, ...], distinct: list[int], rules: RuleSet):
    counts = Counter(hand)
    wilds = [f for f in distinct if _is_wild_face(f)]
    by_rank: dict[int, list[int]] = {}
    for f in distinct:
        if not _is_wild_face(f):
            by_rank.setdefault(f % 16, []).append(f)
    for _r, faces in by_rank.items():
        pool = [f for f in faces for _ in range(min(counts[f], 3))]
        seen = set()
        for i in range(len(pool)):
            for j in range(i + 1, len(pool)):
                pair = (pool[i], pool[j])
                for k in range(j + 1, len(pool)):
                    trio = (pool[i], pool[j], pool[k])
                    if trio not in seen:
                        seen.add(trio)
                        yield trio
                if rules.wilds_fit(2, 1):
                    for w in wilds:
                        trio = pair + (w,)
                        if trio not in seen:
                            seen.add(trio)
                            yield trio
    if rules.runs:
        for f in distinct:
            if not _is_wild_face(f) and 4 <= f % 16 <= ACE - 2 and counts[f + 1] and counts[f + 2]:
                yield (f, f + 1, f + 2)
    if rules.wild_melds and len([f for f in hand if _is_wild_face(f)]) >= 3:
        wpool = [f for f in wilds for _ in range(min(counts[f], 3))]
        seen = set()
        for i in range(len(wpool)):
            for j in range(i + 1, len(wpool)):
                for k in range(j + 1, len(wpool)):
                    trio = (wpool[i], wpool[j], wpool[k])
                    if trio not in seen:
                        seen.add(trio)
                        yield trio


def _trio_shape(trio: tuple[int, ...]) -> Shape:
    wild = [f for f in trio if _is_wild_face(f)]
    if len(wild) == 3:
        return (WILD_MELD, 3)
    nat = [f for f in trio if not _is_wild_face(f)]
    if len({f % 16 for f in nat}) == 1:
        return (RANK_MELD, nat[0] % 16, len(nat), len(wild))
    ranks = [f % 16 for f in nat]
    return (RUN, nat[0] // 16, min(ranks), max(ranks))
