"""Going out in one meld move, decided exactly and listed completely, by counting rather than by
trying card orders.

A hand goes out when all of it (but at most one card, the discard) can be laid in one meld move
leaving the side with an escalera and another canasta. The question is answered by a dynamic
programme over the ranks 4 to ace, in order. At each rank, for each suit, the natural cards of that
rank and suit either continue or start runs of the suit (the runs open at the rank before are the
state: their lengths, and which of the side's runs each one has joined) or go to the rank's melds;
a rank's melds take its remaining naturals and some wild cards (counted, with the side's melds of the
rank and their combines, by a small exact table per rank). Wild cards left at the end go to wild
melds. What the state keeps: the runs open per suit, jokers and twos used, whether the discard is
kept, and the canastas made so far (capped at what going out needs). Each state is visited once, so
the answer needs no search budget and is exact at any hand size.

The rule set says which melds there are: where it has no runs (Standard Canasta) no run opens, where it
has no wild melds wild cards go to rank melds only, and where a side holds one meld a rank the rank's
cards all go onto that meld, or into one new meld where the side has none.

The same programme lists every going-out move, one per outcome: moves that differ only in which
suit of one rank (or which 2) lies in which of that rank's melds, which 2 lies in a rank meld rather
than a wild meld, or which 2 is kept to discard, lay the same cards in rule terms (same points, same
canastas, same value kept) and are listed once, with the cards dealt out in a fixed order. Combines
inside a listed move (`combines=True`) join melds none of which is a canasta into one that ends as a
canasta, each of them needed to reach canasta size before additions; any other combine never scores
more than the same move without it (the hand ends with the move), so it is left out. Moves that only
combine, laying no card, are steps, not listed here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from game.rules.actions import MeldMove
from game.rules.cards import ACE, BLACK_THREE, FACE, JOKER, NATURAL, RANK, SUIT, VALUE, WILD, face_of
from game.rules.melds import ESCALERA, MIXED_CANASTA, RANK_MELD, RUN, WILD_MELD
from game.rules.ruleset import RuleSet

RANKS = tuple(range(4, ACE + 1))
NEW = -1  # an open run not joined to one of the side's runs

# A side meld for the solver: (id, kind, key, cards)
SideMeld = tuple[int, str, int, tuple[int, ...]]
# An open run: (length so far, ranks still covered by the side's run it has joined, that run's id or NEW)
Item = tuple[int, int, int]


@dataclass(frozen=True)
class _RankConfig:
    """How one rank's melds end: groups of the side's melds (combined), what each gets, new melds."""

    groups: tuple[tuple[int, ...], ...]  # meld ids, the first the one the others combine into
    adds: tuple[tuple[int, int, int], ...]  # per group: naturals, jokers, twos added
    new: tuple[tuple[int, int, int], ...]  # new melds: naturals, jokers, twos
    canastas: int


def _groupings(melds: list[tuple[int, int, int]], rules: RuleSet, room: int) -> Iterator[list[list]]:
    """Ways to combine one rank's melds, (id, naturals, wilds) each, leaving out the dominated ones: a
    group of several melds holds no canasta, at most the wild cards a meld may hold, reaches canasta
    size with the `room` cards the hand could add, and would not be one without any of its melds.
    Any other combine never makes more canastas, and leaves less room for wild cards."""
    size = rules.canasta_size

    def fine(group: list) -> bool:
        if len(group) == 1:
            return True
        sizes = [n + w for _i, n, w in group]
        total = sum(sizes)
        return total + room >= size and all(total - x < size for x in sizes)

    def walk(i: int, groups: list[list]) -> Iterator[list[list]]:
        if i == len(melds):
            if all(fine(g) for g in groups):
                yield [list(g) for g in groups]
            return
        m = melds[i]
        yield from walk(i + 1, groups + [[m]])
        if m[1] + m[2] >= size:
            return
        for gi, g in enumerate(groups):
            if (sum(x[2] for x in g) + m[2] <= rules.max_wilds_in_rank_meld
                    and all(x[1] + x[2] < size for x in g)
                    and sum(x[1] + x[2] for x in g) < size):
                yield from walk(i + 1, groups[:gi] + [g + [m]] + groups[gi + 1:])

    yield from walk(0, [])


class _RankMelds:
    """Exact table for one rank: for N naturals, j jokers and t twos laid on the rank's melds, the most
    canastas they can end with (or None: they cannot all be laid), and every way of laying them."""

    def __init__(self, melds: list[tuple[int, int, int]], rules: RuleSet, room: int, combines: bool = True) -> None:
        self.rules = rules
        self.maxw = rules.max_wilds_in_rank_meld
        self.size = rules.canasta_size
        self.parts: list[list[tuple[tuple[int, ...], int, int]]] = []
        parts = _groupings(melds, rules, room) if combines else iter([[[m] for m in melds]])
        for part in parts:
            self.parts.append([(tuple(m[0] for m in g), sum(m[1] for m in g), sum(m[2] for m in g)) for g in part])
        self._best: dict = {}
        self._new: dict = {}
        self.wild_room = sum(max(0, self.maxw - w) for _i, _n, w in melds)  # wild cards the side's melds take
        # New melds the rank may have: one, and none beside the side's own, where a side holds one meld a
        # rank (Standard Canasta); else as many as the cards make.
        self.new_melds: int | None = (0 if melds else 1) if rules.one_meld_per_rank else None

    def _meld_options(self, n: int, w: int, naturals: int, jokers: int, twos: int, new: bool):
        """What one meld of n naturals and w wild cards may take: (naturals, jokers, twos)."""
        for bw in range(min(self.maxw - w, jokers + twos) + 1):
            for bj in range(max(0, bw - twos), min(bw, jokers) + 1):
                low = max(0, self.rules.naturals_for(w + bw) - n)
                if new:
                    low = max(low, 1, 3 - bw)
                for a in range(low, naturals + 1):
                    yield a, bj, bw - bj

    def _new_options(self, naturals: int, jokers: int, twos: int):
        """What the next new meld of the rank may take, within the new melds the rank may have."""
        if self.new_melds is None:
            yield from self._meld_options(0, 0, naturals, jokers, twos, new=True)
        elif self.new_melds == 1:  # the one new meld takes every card left to the rank
            yield from (o for o in self._meld_options(0, 0, naturals, jokers, twos, new=True)
                        if o == (naturals, jokers, twos))

    def best(self, naturals: int, jokers: int, twos: int) -> int | None:
        key = (naturals, jokers, twos)
        if key not in self._best:
            found = None
            for pi in range(len(self.parts)):
                b = self._dist(pi, 0, naturals, jokers, twos)
                if b is not None and (found is None or b > found):
                    found = b
            self._best[key] = found
        return self._best[key]

    def _dist(self, pi: int, gi: int, naturals: int, jokers: int, twos: int) -> int | None:
        groups = self.parts[pi]
        if gi == len(groups):
            return self.new_best(naturals, jokers, twos)
        _ids, n, w = groups[gi]
        found = None
        for a, bj, bt in self._meld_options(n, w, naturals, jokers, twos, new=False):
            rest = self._dist(pi, gi + 1, naturals - a, jokers - bj, twos - bt)
            if rest is not None:
                total = rest + (n + w + a + bj + bt >= self.size)
                if found is None or total > found:
                    found = total
                    if found >= 2:
                        return found
        return found

    def new_best(self, naturals: int, jokers: int, twos: int) -> int | None:
        key = (naturals, jokers, twos)
        if key in self._new:
            return self._new[key]
        if naturals == 0:
            result = 0 if jokers == twos == 0 else None
        else:
            result = None
            for a, bj, bt in self._new_options(naturals, jokers, twos):
                rest = self.new_best(naturals - a, jokers - bj, twos - bt)
                if rest is not None:
                    total = rest + (a + bj + bt >= self.size)
                    if result is None or total > result:
                        result = total
                        if result >= 2:
                            break
        self._new[key] = result
        return result

    def configs(self, naturals: int, jokers: int, twos: int) -> Iterator[_RankConfig]:
        for groups in self.parts:
            yield from self._configs(groups, 0, naturals, jokers, twos, (), groups)

    def _configs(self, groups, gi, naturals, jokers, twos, adds, all_groups) -> Iterator[_RankConfig]:
        if gi == len(groups):
            for new in self._new_configs(naturals, jokers, twos, (naturals, self.maxw, self.maxw)):
                cans = sum(n + w + a + bj + bt >= self.size for (_i, n, w), (a, bj, bt) in zip(all_groups, adds,
                                                                                             strict=True))
                cans += sum(a + bj + bt >= self.size for a, bj, bt in new)
                yield _RankConfig(tuple(g[0] for g in all_groups), adds, new, cans)
            return
        ids, n, w = groups[gi]
        for opt in self._meld_options(n, w, naturals, jokers, twos, new=False):
            a, bj, bt = opt
            if len(ids) > 1 and n + w + a + bj + bt < self.size:
                continue  # a combine listed in a going-out move makes a canasta
            if self._dist_ok(groups, gi + 1, naturals - a, jokers - bj, twos - bt):
                yield from self._configs(groups, gi + 1, naturals - a, jokers - bj, twos - bt, adds + (opt,),
                                         all_groups)

    def _dist_ok(self, groups, gi, naturals, jokers, twos) -> bool:
        if gi == len(groups):
            return self.new_best(naturals, jokers, twos) is not None
        _ids, n, w = groups[gi]
        return any(self._dist_ok(groups, gi + 1, naturals - a, jokers - bj, twos - bt)
                   for a, bj, bt in self._meld_options(n, w, naturals, jokers, twos, new=False))

    def _new_configs(self, naturals, jokers, twos, bound) -> Iterator[tuple[tuple[int, int, int], ...]]:
        """New melds as a non-increasing sequence of (naturals, jokers, twos), each at most `bound`."""
        if naturals == 0:
            if jokers == twos == 0:
                yield ()
            return
        for opt in self._new_options(naturals, jokers, twos):
            if opt > bound:
                continue
            a, bj, bt = opt
            if self.new_best(naturals - a, jokers - bj, twos - bt) is None:
                continue
            for rest in self._new_configs(naturals - a, jokers - bj, twos - bt, opt):
                yield (opt,) + rest


class OutSolver:
    """Whether (and how) a hand goes out this turn on the side's melds. `need`: the first-meld minimum
    still to reach (0 once the side has melded); `keep`: whether one card may stay for a discard."""

    def __init__(self, hand: Sequence[int], side_melds: Sequence[SideMeld], rules: RuleSet, need: int = 0,
                 keep: bool = True, combines: bool = True) -> None:
        self.rules = rules
        self.hand = list(hand)
        self.need = need
        self.count: dict[tuple[int, int], int] = {}
        self.jokers = self.twos = self.threes = 0
        self.other = 0  # cards that can never be melded (red threes: never held in play)
        for c in hand:
            if BLACK_THREE[c]:
                self.threes += 1
            elif WILD[c]:
                if RANK[c] == JOKER:
                    self.jokers += 1
                else:
                    self.twos += 1
            elif NATURAL[c]:
                key = (RANK[c], SUIT[c])
                self.count[key] = self.count.get(key, 0) + 1
            else:
                self.other += 1
        self.total = sum(VALUE[c] for c in hand)
        self.fixed_escaleras = self.fixed_others = 0
        rank_melds: dict[int, list[tuple[int, int, int]]] = {}
        self.blocks: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (suit, low) -> [(meld id, length)]
        self.block_span: dict[int, tuple[int, int, int]] = {}  # meld id -> (suit, low, high)
        self.wild_melds: list[tuple[int, int]] = []  # (id, size) of open wild melds
        self.meld_order = [m[0] for m in side_melds]
        for mid, kind, key, cards in side_melds:
            if kind == RANK_MELD:
                w = sum(1 for c in cards if WILD[c])
                rank_melds.setdefault(key, []).append((mid, len(cards) - w, w))
            elif kind == RUN:
                ranks = [RANK[c] for c in cards]
                low, high = min(ranks), max(ranks)
                if len(cards) >= rules.run_max:
                    self.fixed_escaleras += 1
                elif (low - 1, key) in self.count or (high + 1, key) in self.count:
                    self.blocks.setdefault((key, low), []).append((mid, len(cards)))
                    self.block_span[mid] = (key, low, high)
                # else a run no card of the hand can reach: it stays as it is, not a canasta
            elif kind == WILD_MELD:
                if len(cards) >= rules.wild_meld_max:
                    self.fixed_others += 1
                else:
                    self.wild_melds.append((mid, len(cards)))
        self._rank_melds = rank_melds
        self._combines = combines
        self._tables: dict[int, _RankMelds] = {}  # made as the ranks are reached (_table)
        self.rank_has_melds = {r: bool(rank_melds.get(r)) for r in RANKS}
        # Ranks where nothing can happen while no run is open: no card of the rank in hand, no meld of it,
        # no run of the side's starting there. Passed without a position worked out (most of a short hand's).
        self._idle = [not self.rank_has_melds[r] and not any(self.count.get((r, s)) or (s, r) in self.blocks
                                                                for s in range(4)) for r in RANKS]
        self.may_keep = keep
        self._memo: dict = {}
        self._trans: dict = {}
        self.steps = 0  # positions worked out (not looked up) while listing moves
        self._max_steps: int | None = None

    def _table(self, r: int) -> _RankMelds:
        """The rank's exact table, shared by every solver meeting the same melds of the rank, room and rules
        (its answers depend on nothing else): a computer player's playouts meet them again and again."""
        table = self._tables.get(r)
        if table is None:
            melds = tuple(self._rank_melds.get(r, ()))
            room = sum(self.count.get((r, s), 0) for s in range(4)) + self.jokers + self.twos
            key = (melds, room, self.rules, self._combines)
            table = _TABLES.get(key)
            if table is None:
                if len(_TABLES) >= TABLES_KEPT:
                    _TABLES.clear()
                table = _TABLES[key] = _RankMelds(list(melds), self.rules, room, self._combines)
            self._tables[r] = table
        return table

    # ----- the starting choices ----------------------------------------------------------------------

    def _starts(self) -> list[tuple[bool, int, bool]]:
        """(kept already, black threes melded, the kept card is a three)."""
        if self.other or self.total < self.need:
            return []
        b = self.threes
        if b == 0:
            return [(not self.may_keep, 0, False)]
        if b == 1:
            return [(True, 0, True)] if self.may_keep and self._keep_ok(5) else []
        if b == 2:
            return []
        out = [(not self.may_keep, b, False)]
        if b >= 4 and self.may_keep and self._keep_ok(5):
            out.append((True, b - 1, True))
        return out

    def _keep_ok(self, value: int) -> bool:
        return self.total - value >= self.need

    def possible(self, steps: int | None = None) -> bool | None:
        """Whether the hand goes out; with `steps`, None when that many positions worked out did not tell."""
        starts = self._hopeful_starts()
        if not starts:
            return False
        self._max_steps = None if steps is None else self.steps + steps
        try:
            return any(self._feasible(0, ((),) * 4, 0, kept, 0, 0) for kept, _b, _t in starts)
        except _OutOfSteps:
            return None
        finally:
            self._max_steps = None

    def _hopeful_starts(self) -> list[tuple[bool, int, bool]]:
        """The starting choices, none where a quick bound says the hand cannot go out."""
        starts = self._starts()
        if not starts or self._orphans() > (0 if all(k for k, _b, _t in starts) else 1):
            return []
        return starts

    def _orphans(self) -> int:
        """Natural cards with no meld they could possibly join (a quick bound: at most one may stay)."""
        wilds = self.jokers + self.twos
        covered = {(s, r) for (r, s) in self.count}
        for suit, low, high in self.block_span.values():
            covered |= {(suit, r) for r in range(low, high + 1)}
        orphans = 0
        for (r, s), n in self.count.items():
            rank_total = sum(self.count.get((r, x), 0) for x in range(4))
            if self.rank_has_melds[r] or rank_total >= 3 or (rank_total >= 2 and wilds):
                continue
            if self.rules.runs and any(all((s, x) in covered for x in range(low, low + 3))
                                       for low in range(r - 2, r + 1)):
                continue
            orphans += n
        return orphans

    # ----- the programme -----------------------------------------------------------------------------

    def _suit_transitions(self, suit: int, r: int, items: tuple[Item, ...], cards: int):
        """Every way the open runs of a suit pass rank r with up to `cards` naturals of it:
        (items after, naturals used, escaleras ended, runs ended as (low, high, joined run or NEW))."""
        key = (suit, r, items, cards)
        if key in self._trans:
            return self._trans[key]
        rmax = self.rules.run_max
        blocks = self.blocks.get((suit, r), [])
        results: dict = {}

        def walk(i: int, after: list[Item], used: int, esc: int, ended: list, claimed: frozenset) -> None:
            if used > cards:
                return
            if i == len(items):
                rest = list(after)
                for bi, (mid, length) in enumerate(blocks):
                    if bi not in claimed:
                        rest.append((length, length - 1, mid))
                for k in range((cards - used if self.rules.runs else 0) + 1):  # new runs, where the game has them
                    final = tuple(sorted(rest + [(1, 0, NEW)] * k))
                    sig = (final, used + k, esc, tuple(sorted(ended)))
                    results[sig] = None
                return
            length, skip, mid = items[i]
            if skip:
                walk(i + 1, after + [(length, skip - 1, mid)], used, esc, ended, claimed)
                return
            if mid != NEW or length >= 3:  # it may end before rank r
                walk(i + 1, after, used, esc + (length == rmax), ended + [(r - length, r - 1, mid)], claimed)
            if length < rmax and r <= ACE:
                walk(i + 1, after + [(length + 1, 0, mid)], used + 1, esc, ended, claimed)
            if mid == NEW:
                for bi, (bid, blen) in enumerate(blocks):
                    if bi not in claimed and length + blen <= rmax:
                        walk(i + 1, after + [(length + blen, blen - 1, bid)], used, esc, ended, claimed | {bi})

        walk(0, [], 0, 0, [], frozenset())
        out = list(results)
        self._trans[key] = out
        return out

    def _light_transitions(self, suit: int, r: int, items: tuple[Item, ...], cards: int):
        """The transitions that matter for the yes-or-no question: (items after, used, escaleras), those
        using more cards first (they tend to find a way sooner)."""
        key = ("light", suit, r, items, cards)
        if key not in self._trans:
            seen = {(t[0], t[1], t[2]) for t in self._suit_transitions(suit, r, items, cards)}
            self._trans[key] = sorted(seen, key=lambda t: -t[1])
        return self._trans[key]

    def _light_steps(self, i: int, states, wu: int, kept: bool):
        """The steps through rank RANKS[i] for the yes-or-no question, wild cards counted together (they
        are interchangeable on the table): (new states, wild cards used, kept, escaleras, canastas)."""
        r = RANKS[i]
        per_suit = [self._light_transitions(s, r, states[s], self.count.get((r, s), 0)) for s in range(4)]
        table = self._table(r)
        has_melds = self.rank_has_melds[r]
        may_keep = not kept and self._keep_ok(VALUE_OF_RANK[r])
        wilds = self.jokers + self.twos
        for combo in product(*per_suit):
            left = sum(self.count.get((r, s), 0) - combo[s][1] for s in range(4))
            new_states = tuple(t[0] for t in combo)
            esc = sum(t[2] for t in combo)
            for keep in ((False, True) if may_keep and left else (False,)):
                n = left - keep
                if n == 0 and not has_melds:
                    yield new_states, 0, kept or keep, esc, 0
                    continue
                cap = n // max(self.rules.naturals_per_wild, 1) + table.wild_room
                for w in range(min(wilds - wu, cap) + 1):
                    cans = table.best(n, w, 0)
                    if cans is not None:
                        yield new_states, w, kept or keep, esc, cans

    def _rank_steps(self, i: int, states, ju: int, tu: int, kept: bool):
        """Every step through rank RANKS[i]: (new states, jokers and twos used, kept, escaleras made,
        naturals left to the rank's melds, what was chosen)."""
        r = RANKS[i]
        per_suit = [self._suit_transitions(s, r, states[s], self.count.get((r, s), 0)) for s in range(4)]
        table = self._table(r)
        has_melds = self.rank_has_melds[r]
        may_keep = not kept and self._keep_ok(VALUE_OF_RANK[r])
        for combo in product(*per_suit):
            left = [self.count.get((r, s), 0) - combo[s][1] for s in range(4)]
            new_states = tuple(t[0] for t in combo)
            esc = sum(t[2] for t in combo)
            keeps: list[int | None] = [None]
            if may_keep:
                keeps += [s for s in range(4) if left[s] > 0]
            for keep_suit in keeps:
                n = sum(left) - (keep_suit is not None)
                now_kept = kept or keep_suit is not None
                if n == 0 and not has_melds:
                    yield new_states, 0, 0, now_kept, esc, 0, (combo, keep_suit)
                    continue
                cap = n // max(self.rules.naturals_per_wild, 1) + table.wild_room
                for j in range(min(self.jokers - ju, cap) + 1):
                    for t in range(min(self.twos - tu, cap - j) + 1):
                        if table.best(n, j, t) is not None:
                            yield new_states, j, t, now_kept, esc, n, (combo, keep_suit)

    def _wild_best(self, jokers: int, twos: int) -> int | None:
        key = ("wild", jokers, twos)
        if key not in self._memo:
            plans = self._wild_plans(jokers, twos)
            self._memo[key] = max((b for _p, b in plans), default=None)
        return self._memo[key]

    def _close(self, states, esc: int) -> int | None:
        """Escaleras made once the runs still open after the ace end (None: one is too short)."""
        for items in states:
            for length, _skip, mid in items:
                if mid == NEW and length < 3:
                    return None
                esc += length == self.rules.run_max
        return esc

    def _final_keeps(self, ju: int, tu: int, kept: bool) -> list[tuple[int, int]]:
        keeps = [(0, 0)]
        if not kept:
            if self.jokers - ju and self._keep_ok(50):
                keeps.append((1, 0))
            if self.twos - tu and self._keep_ok(20):
                keeps.append((0, 1))
        return keeps

    def _qualifies(self, esc: int, others: int) -> bool:
        e = self.fixed_escaleras + esc
        return self.rules.qualifies([ESCALERA] * e + [MIXED_CANASTA] * (self.fixed_others + others))

    def _wild_plans(self, jokers: int, twos: int):
        """Ways to lay the wild cards left on the side's wild melds and new ones: (plan, bolivias)."""
        wmax = self.rules.wild_meld_max
        found = []

        def walk(i: int, j: int, t: int, adds: tuple, bol: int) -> None:
            if i < len(self.wild_melds):
                _mid, size = self.wild_melds[i]
                for aj in range(min(j, wmax - size) + 1):
                    for at in range(min(t, wmax - size - aj) + 1):
                        walk(i + 1, j - aj, t - at, adds + ((aj, at),), bol + (size + aj + at == wmax))
                return
            if not self.rules.wild_melds:  # Samba: wild cards left over have nowhere to go
                if j == t == 0:
                    found.append(((adds, ()), bol))
                return
            for new in _wild_splits(j, t, wmax, (wmax, wmax)):
                found.append(((adds, new), bol + sum(a + b == wmax for a, b in new)))

        walk(0, jokers, twos, (), 0)
        return found

    def _feasible(self, i: int, states, wu: int, kept: bool, esc: int, others: int) -> bool:
        while i < len(RANKS) and self._idle[i] and states == _NO_RUNS:
            i += 1
        key = (i, states, wu, kept, min(esc, 2), min(others, 2))
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self._step()
        if i == len(RANKS):
            result = False
            e = self._close(states, esc)
            if e is not None:
                left = self.jokers + self.twos - wu
                keeps = [0]
                if not kept and left and self._keep_ok(20 if self.twos else 50):
                    keeps.append(1)
                for k in keeps:
                    b = self._wild_best(left - k, 0)
                    if b is not None and self._qualifies(e, others + b):
                        result = True
                        break
        else:
            result = any(self._feasible(i + 1, ns, wu + w, k, esc + e, others + c)
                         for ns, w, k, e, c in self._light_steps(i, states, wu, kept))
        self._memo[key] = result
        return result

    # ----- listing every going-out move --------------------------------------------------------------

    def moves(self) -> list[MeldMove]:
        """Every going-out meld move (one per outcome, as the module docstring says)."""
        return list(dict.fromkeys(self.iter_moves()))

    def iter_moves(self, steps: int | None = None) -> Iterator[MeldMove]:
        """The going-out meld moves one by one (a move may come more than once); with `steps`, those found
        before that many positions were worked out (a long hand has a great many)."""
        self._max_steps = None if steps is None else self.steps + steps
        try:
            for kept, melded_threes, _three in self._hopeful_starts():
                start = ((),) * 4
                if not self._feasible(0, start, 0, kept, 0, 0):
                    continue
                for path, finish in self._paths(0, start, 0, 0, kept, 0, 0, ()):
                    move = self._build(path, finish, melded_threes)
                    if move.new or move.add:  # combines alone are steps, offered as such
                        yield move
        except _OutOfSteps:
            return
        finally:
            self._max_steps = None

    def _step(self) -> None:
        self.steps += 1
        if self._max_steps is not None and self.steps > self._max_steps:
            raise _OutOfSteps

    def _paths(self, i, states, ju, tu, kept, esc, others, path):
        while i < len(RANKS) and self._idle[i] and states == _NO_RUNS:
            path += ((_IDLE_COMBO, None, 0, 0, None),)  # what _rank_steps gives there
            i += 1
        self._step()
        if i == len(RANKS):
            e = self._close(states, esc)
            if e is None:
                return
            for kj, kt in self._final_keeps(ju, tu, kept):
                for plan, b in self._wild_plans(self.jokers - ju - kj, self.twos - tu - kt):
                    if self._qualifies(e, others + b):
                        yield path + (states,), ((kj, kt), plan)
            return
        table = self._table(RANKS[i])
        for ns, j, t, k, e, n, (combo, keep_suit) in self._rank_steps(i, states, ju, tu, kept):
            configs = list(table.configs(n, j, t)) if (n or j or t or self.rank_has_melds[RANKS[i]]) else [None]
            for config in configs:
                c = config.canastas if config else 0
                if self._feasible(i + 1, ns, ju + j + tu + t, k, esc + e, others + c):
                    yield from self._paths(i + 1, ns, ju + j, tu + t, k, esc + e, others + c,
                                           path + ((combo, keep_suit, j, t, config),))

    def _build(self, path, finish, melded_threes: int) -> MeldMove:
        pool: dict[int, list[int]] = {}
        for c in sorted(self.hand):
            pool.setdefault(FACE[c], []).append(c)

        def take(face: int, n: int = 1) -> list[int]:
            ids = pool.get(face, [])
            got, pool[face] = ids[:n], ids[n:]
            return got

        jokers = sorted(c for c in self.hand if WILD[c] and RANK[c] == JOKER)
        twos = sorted((c for c in self.hand if WILD[c] and RANK[c] == 2), key=lambda c: (FACE[c], c))
        new: list[tuple[int, ...]] = []
        adds: dict[int, list[int]] = {}
        combines: list[tuple[int, int]] = []
        *steps, last_states = path
        runs: list[tuple[int, int, int, int]] = []  # suit, low, high, joined meld
        for combo, _keep_suit, _j, _t, _config in steps:
            for s in range(4):
                runs += [(s, low, high, mid) for low, high, mid in combo[s][3]]
        for s in range(4):
            for length, _skip, mid in last_states[s]:
                runs.append((s, ACE + 1 - length, ACE, mid))
        for s, low, high, mid in runs:
            if mid == NEW:
                new.append(tuple(c for r in range(low, high + 1) for c in take(face_of(s, r))))
            else:
                _suit, blo, bhi = self.block_span[mid]
                cards = [c for r in list(range(low, blo)) + list(range(bhi + 1, high + 1)) for c in take(face_of(s, r))]
                if cards:
                    adds.setdefault(mid, []).extend(cards)
        for i, (_combo, keep_suit, j, t, config) in enumerate(steps):
            r = RANKS[i]
            if keep_suit is not None:
                take(face_of(keep_suit, r))
            naturals = [c for s in range(4) for c in take(face_of(s, r), 99)]
            if config is None:
                continue
            js, jokers = jokers[:j], jokers[j:]
            ts, twos = twos[:t], twos[t:]
            for ids, (a, bj, bt) in zip(config.groups, config.adds, strict=True):
                cards = naturals[:a] + js[:bj] + ts[:bt]
                naturals, js, ts = naturals[a:], js[bj:], ts[bt:]
                if cards:
                    adds.setdefault(ids[0], []).extend(cards)
                combines += [(other, ids[0]) for other in ids[1:]]
            for a, bj, bt in config.new:
                new.append(tuple(naturals[:a] + js[:bj] + ts[:bt]))
                naturals, js, ts = naturals[a:], js[bj:], ts[bt:]
        (kj, kt), (wadds, wnew) = finish
        jokers, twos = jokers[kj:], twos[kt:]
        for (mid, _size), (aj, at) in zip(self.wild_melds, wadds, strict=True):
            cards = jokers[:aj] + twos[:at]
            jokers, twos = jokers[aj:], twos[at:]
            if cards:
                adds.setdefault(mid, []).extend(cards)
        for aj, at in wnew:
            new.append(tuple(jokers[:aj] + twos[:at]))
            jokers, twos = jokers[aj:], twos[at:]
        if melded_threes:
            threes = sorted((c for c in self.hand if BLACK_THREE[c]), key=lambda c: (FACE[c], c))
            new.append(tuple(threes[:melded_threes]))
        order = {mid: i for i, mid in enumerate(self.meld_order)}
        return MeldMove(tuple(new), tuple((mid, tuple(adds[mid])) for mid in sorted(adds, key=order.__getitem__)),
                        tuple(combines))


_NO_RUNS = ((),) * 4
_IDLE_COMBO = (((), 0, 0, ()),) * 4  # each suit's transition through an idle rank: nothing open, nothing used

# Rank tables kept across solvers (OutSolver._table), a few megabytes at most.
TABLES_KEPT = 20_000
_TABLES: dict[tuple, _RankMelds] = {}


class _OutOfSteps(Exception):
    """The listing ran out of its steps (OutSolver.iter_moves)."""


def _wild_splits(jokers: int, twos: int, wmax: int, bound: tuple[int, int]):
    """New wild melds (3 to wmax cards each) holding exactly these jokers and twos, non-increasing."""
    if jokers == twos == 0:
        yield ()
        return
    for size in range(3, min(wmax, jokers + twos) + 1):
        for aj in range(max(0, size - twos), min(size, jokers) + 1):
            opt = (aj, size - aj)
            if opt > bound:
                continue
            for rest in _wild_splits(jokers - aj, twos - opt[1], wmax, opt):
                yield (opt,) + rest


VALUE_OF_RANK = {r: 20 if r == ACE else 10 if r >= 8 else 5 for r in RANKS}
