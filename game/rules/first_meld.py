"""Every minimal first meld of a hand: sets of new melds reaching the minimum in which no meld could be
left out, and no card taken out of a meld (leaving it a valid meld), with the rest still reaching it.

Cards are told apart by rank and suit, except the 2s: a 2's suit plays no part in any rule (it is
wild wherever it lies), so 2s are counted, not named. Candidates are counted melds (how many of each
card), so two copies of a card and distinct physical wild cards are never confused.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from itertools import product

from game.rules.cards import ACE, FACE, FACE_RANK, FACE_VALUE, JOKER, JOKER_FACE, NATURAL, RANK, VALUE, face_of
from game.rules.ruleset import RuleSet
from game.rules.work import Work, unbounded

TWO_KEY = -2  # every 2 shares one key: only their number matters
NO_CARD = 10**6  # a meld with no card that could be taken out


def card_key(c: int) -> int:
    return TWO_KEY if RANK[c] == 2 else FACE[c]


def key_value(k: int) -> int:
    return 20 if k == TWO_KEY else FACE_VALUE[k]


JOKER_KEY = JOKER_FACE

# A candidate meld: (value, cards as ((key, count), ...), smallest value of a card that could be taken out)
Candidate = tuple[int, tuple[tuple[int, int], ...], int]


# Steps (a partial set built on, or a set found) the first-meld search may take for one move list: a hand
# of 40 cards at a minimum of 150 has two million minimal first melds, one of 100 cards at 50 half a
# million. Within this many steps every first meld of hands up to about 30 cards at 150 (40 at 50) is
# found; past it the search stops, its budget shared out between the biggest meld each set starts with
# (so the sets listed are not all built on one meld).
FIRST_MELD_WORK = 100_000
# Mixes of suits of the naturals of rank melds (summed over the ranks) past which the candidates are the
# rank melds by number of naturals alone: seeded hands of 48 cards have up to 200 mixes (each with every
# share of wild cards: thousands of candidates), one of 100 cards 900.
SUIT_MIXES = 300
FOUND_STEPS = 4  # a set found costs about as much as this many candidates looked at (its cards, its move)


def pool_of(hand: Sequence[int]) -> dict[int, list[int]]:
    pool: dict[int, list[int]] = {}
    for c in sorted(hand, key=lambda c: (card_key(c), c)):
        pool.setdefault(card_key(c), []).append(c)
    return pool


def _natural_choices(keys: list[int], avail: dict[int, int], low: int, by_count: bool = False
                     ) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every choice of at least `low` naturals among these keys, as ((key, count), ...); `by_count`: one
    choice for each number of naturals, taken from the keys in order (their suits play no part in a rank
    meld), for a hand so long that every mix of suits would be too many."""
    if by_count:
        total = sum(avail[k] for k in keys)
        for n in range(low, total + 1):
            chosen, left = [], n
            for k in keys:
                if left:
                    chosen.append((k, min(left, avail[k])))
                    left -= chosen[-1][1]
            yield tuple(chosen)
        return
    for counts in product(*(range(avail[k] + 1) for k in keys)):
        if sum(counts) >= low:
            yield tuple((k, n) for k, n in zip(keys, counts, strict=True) if n)


def mixes_of_suits(avail: dict[int, int]) -> int:
    """How many choices of naturals by suit the rank melds of these cards have (summed over the ranks)."""
    out = 0
    for r in range(4, ACE + 1):
        n = 1
        for k in avail:
            if k != TWO_KEY and FACE_RANK[k] == r:
                n *= avail[k] + 1
        out += n
    return out


def _wild_choices(avail: dict[int, int], most: int) -> Iterator[tuple[int, int]]:
    for w in range(most + 1):
        for j in range(min(w, avail.get(JOKER_KEY, 0)) + 1):
            if w - j <= avail.get(TWO_KEY, 0):
                yield j, w - j


def _with_wilds(nat: tuple[tuple[int, int], ...], j: int, t: int) -> tuple[tuple[int, int], ...]:
    cards = list(nat)
    if j:
        cards.append((JOKER_KEY, j))
    if t:
        cards.append((TWO_KEY, t))
    return tuple(cards)


def rank_meld_removable(n: int, nat_value: int, j: int, t: int, rules: RuleSet, keep_naturals: int = 0) -> int:
    """The smallest value of a card that can leave a rank meld of n naturals, j jokers, t twos, leaving it
    valid (and keeping `keep_naturals` naturals, the pair of a pile take)."""
    w, size = j + t, n + j + t
    best = NO_CARD
    if rules.wilds_fit(n - 1, w) and n - 1 >= keep_naturals and size - 1 >= 3:
        best = nat_value
    if t and size - 1 >= 3:
        best = min(best, 20)
    if j and size - 1 >= 3:
        best = min(best, 50)
    return best


def candidates(avail: dict[int, int], rules: RuleSet) -> list[Candidate]:
    """Every new meld these cards can make, by counts; past SUIT_MIXES mixes of suits (a hand of some 60
    cards or more), the rank melds by their number of naturals alone."""
    by_count = mixes_of_suits(avail) > SUIT_MIXES
    out: list[Candidate] = []
    nat_keys = [k for k in avail if k != TWO_KEY and FACE_RANK[k] != JOKER and 4 <= FACE_RANK[k] <= ACE and avail[k]]
    for r in range(4, ACE + 1):
        keys = sorted(k for k in nat_keys if FACE_RANK[k] == r)
        if sum(avail[k] for k in keys) < 2:
            continue
        v = key_value(keys[0])
        for nat in _natural_choices(keys, avail, 2, by_count):
            n = sum(c for _k, c in nat)
            for j, t in _wild_choices(avail, rules.max_wilds_in_rank_meld):
                if n + j + t >= 3 and rules.wilds_fit(n, j + t):
                    out.append((n * v + 50 * j + 20 * t, _with_wilds(nat, j, t),
                                rank_meld_removable(n, v, j, t, rules)))
    if rules.runs:
        for s in range(4):
            for low in range(4, ACE - 1):
                for high in range(low + 2, min(low + rules.run_max - 1, ACE) + 1):
                    keys = [face_of(s, r) for r in range(low, high + 1)]
                    if all(avail.get(k, 0) for k in keys):
                        vals = [key_value(k) for k in keys]
                        removable = min(vals[0], vals[-1]) if len(keys) > 3 else NO_CARD
                        out.append((sum(vals), tuple((k, 1) for k in keys), removable))
    if rules.wild_melds:
        for size in range(3, rules.wild_meld_max + 1):
            for j in range(min(size, avail.get(JOKER_KEY, 0)) + 1):
                t = size - j
                if t <= avail.get(TWO_KEY, 0):
                    removable = NO_CARD if size == 3 else (20 if t else 50)
                    out.append((50 * j + 20 * t, _with_wilds((), j, t), removable))
    out.sort(key=lambda c: (-c[0], c[1]))
    return out


class MinimalSets:
    """Every minimal set of a list of candidates (sorted as `candidates` sorts them) within a pool of
    cards, prepared once for a hand and asked for each part already chosen (each pile take).

    A set is built in the candidates' order, highest value first, so the meld completing it is its
    smallest: its slack (points above the minimum) is below every meld's value, and only a card that
    could leave a meld can make the set not minimal. So the melds that complete a set are those whose
    value lies in a window (bisected, not tried one by one); the smaller ones are built on, each step
    keeping only the candidates the cards left still hold, and abandoned when no melds of the values
    left could end the set with a slack below its cards (`_may_reach`)."""

    def __init__(self, cands: list[Candidate], one_per_rank: bool = False) -> None:
        self.values = [c[0] for c in cands]
        self.neg = [-v for v in self.values]  # ascending, for bisect
        self.cards_of = [c[1] for c in cands]
        self.removable = [c[2] for c in cands]
        # Standard Canasta: the rank each candidate counts for, so that no two melds of a set share one.
        self.ranks = [_rank_of(c[1]) if one_per_rank else None for c in cands]
        self.by_key: dict[int, set[int]] = {}
        for j, cards in enumerate(self.cards_of):
            for k, _n in cards:
                self.by_key.setdefault(k, set()).add(j)
        self._clashes: dict[int, frozenset[int]] = {}

    def clashes(self, j: int) -> frozenset[int]:
        """The candidates sharing a card with candidate j: only those can stop fitting when it is chosen."""
        found = self._clashes.get(j)
        if found is None:
            found = self._clashes[j] = frozenset().union(*(self.by_key[k] for k, _n in self.cards_of[j]))
        return found

    def within(self, pool: dict[int, list[int]], need: int, base: int = 0, base_removable: int = NO_CARD,
               taken: int | None = None, work: Work | None = None) -> list[tuple[tuple[int, ...], ...]]:
        """Multisets of candidates, disjoint within the pool, that with `base` points reach `need` minimally
        (`base_removable`: the smallest card that could leave the part already chosen, a pile meld), as
        tuples of melds of card ids taken from the pool in the order chosen (a copy of a card goes to
        the first meld that takes one); no meld of rank `taken` (one meld a rank). `work`: the steps
        the search may take (every set when None); when they run out, those found so far, each meld
        the sets start with having had an even share of the steps left when its turn came."""
        work = work if work is not None else unbounded()
        if base >= need:
            return [()] if base_removable > base - need else []
        values, neg, cards_of, removable, ranks = self.values, self.neg, self.cards_of, self.removable, self.ranks
        avail = {k: len(v) for k, v in pool.items()}
        left = dict(avail)
        found: list[tuple[tuple[int, ...], ...]] = []
        chosen: list[tuple[int, ...]] = []
        ranks_used: set[int | None] = set() if taken is None else {taken}
        floor = [0]  # steps kept for the sets built on the melds after this one (set at the top level)

        def physical(j: int) -> tuple[int, ...]:
            out: list[int] = []
            for k, n in cards_of[j]:
                used = avail[k] - left[k]
                out += pool[k][used:used + n]
            return tuple(out)

        def walk(fitting: list[int], total: int, low: int, top: bool) -> None:
            # `fitting`: the candidates still to try (from the last one chosen on) that the cards left hold.
            gap = need - total  # > 0: points still missing; `low`: the smallest card that could leave
            split = bisect_left(fitting, bisect_right(neg, -gap))
            for j in fitting[bisect_left(fitting, bisect_left(neg, -(gap + low - 1))):split]:
                # a completing meld, whose slack is below `low`
                if removable[j] > values[j] - gap and (ranks[j] is None or ranks[j] not in ranks_used):
                    if not work.spend(floor[0], FOUND_STEPS):
                        return
                    found.append((*chosen, physical(j)))
            rest = fitting[split:]
            if not rest:
                return
            least = values[rest[-1]]
            for at, j in enumerate(rest):  # smaller melds, built on
                if top:  # an even share of the steps left for the sets built on each meld from here on
                    floor[0] = work.left - work.left // (len(rest) - at)
                elif work.left <= floor[0]:
                    work.cut = True
                    return
                after, low_after = gap - values[j], min(low, removable[j])
                if not _may_reach(after, low_after, values[j], least):
                    continue  # no melds from here on could end the set with a slack below its cards
                rank = ranks[j]
                if rank is not None and rank in ranks_used:
                    continue
                if not work.spend(floor[0], len(rest) - at):  # the candidates looked at for the next meld
                    if top:
                        continue
                    return
                cards = cards_of[j]
                mine = physical(j)
                for key, n in cards:
                    left[key] -= n
                clash = self.clashes(j)
                more = [i for i in rest[at:] if i not in clash or all(left[key] >= n for key, n in cards_of[i])]
                if more and _may_reach(after, low_after, values[more[0]], values[more[-1]]):
                    chosen.append(mine)
                    ranks_used.add(rank)
                    walk(more, total + values[j], low_after, False)
                    chosen.pop()
                    ranks_used.discard(rank)
                for key, n in cards:
                    left[key] += n
            if top:
                floor[0] = 0

        if not work.spend(0, len(cards_of)):  # the candidates the pool holds are looked for among them all
            return found
        walk([j for j, cards in enumerate(cards_of) if all(left.get(k, 0) >= n for k, n in cards)], base,
             base_removable, True)
        return found


def _may_reach(gap: int, low: int, most: int, least: int) -> bool:
    """Whether some melds of values from `least` to `most` could sum to between `gap` and `gap + low - 1`
    (the points missing, with a slack below the smallest card that could leave): the fewest melds that
    could reach the gap must not overshoot it even when they are all the smallest."""
    fewest = -(-gap // most)
    return fewest * least <= gap + low - 1


def take(cards: tuple[tuple[int, int], ...], pool: dict[int, list[int]]
         ) -> tuple[tuple[int, ...], dict[int, list[int]]]:
    """Physical cards for a counted meld, from the front of the pool, and the pool left."""
    out: list[int] = []
    rest = dict(pool)
    for k, n in cards:
        out += rest[k][:n]
        rest[k] = rest[k][n:]
    return tuple(out), rest


def first_melds(hand: Sequence[int], rules: RuleSet, need: int, work: Work | None = None
                ) -> list[tuple[tuple[int, ...], ...]]:
    """Every minimal first meld of the hand (module docstring), as tuples of melds of card ids; those found
    within `work` when given (`work.cut` says whether some were left out)."""
    pool = pool_of(hand)
    avail = {k: len(v) for k, v in pool.items()}
    if work is not None and mixes_of_suits(avail) > SUIT_MIXES:
        work.cut = True  # rank melds by number of naturals: not every mix of suits is listed
    return MinimalSets(candidates(avail, rules), rules.one_meld_per_rank).within(pool, need, work=work)


def pile_first_melds(hand: Sequence[int], top: int, rules: RuleSet, need: int, work: Work | None = None
                     ) -> list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]:
    """Every minimal take of the pile as a first meld: (cards joining the top card, further melds); those
    found within `work` when given, each way of joining the top card having an even share of it."""
    work = work if work is not None else unbounded()
    pool = pool_of(hand)
    avail = {k: len(v) for k, v in pool.items()}
    r = RANK[top]
    keys = sorted(k for k in avail if k != TWO_KEY and FACE_RANK[k] == r and NATURAL[pool[k][0]])
    out: list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = []
    if sum(avail[k] for k in keys) < 2:
        return out
    # The melds the rest of the hand can make after a take are those of the whole hand its cards hold.
    search = MinimalSets(candidates(avail, rules), rules.one_meld_per_rank)
    v = VALUE[top]
    by_count = mixes_of_suits(avail) > SUIT_MIXES
    work.cut |= by_count
    joins = [(nat, j, t) for nat in _natural_choices(keys, avail, 2, by_count)
             for j, t in _wild_choices(avail, rules.max_wilds_in_rank_meld)
             if rules.wilds_fit(sum(c for _k, c in nat) + 1, j + t)]
    for at, (nat, j, t) in enumerate(joins):
        n = sum(c for _k, c in nat)
        cards = _with_wilds(nat, j, t)
        base = (n + 1) * v + 50 * j + 20 * t
        removable = rank_meld_removable(n + 1, v, j, t, rules, keep_naturals=3)
        joining, rest = take(cards, pool)
        taken = r if rules.one_meld_per_rank else None
        share = Work(work.left // (len(joins) - at))
        out += [(joining, extra) for extra in search.within(rest, need, base, removable, taken, share)]
        work.left -= share.spent
        work.spent += share.spent
        work.cut |= share.cut
    return out


def greedy_first_meld(hand: Sequence[int], rules: RuleSet, need: int) -> tuple[tuple[int, ...], ...] | None:
    """A first meld reaching `need`, not always minimal: the biggest melds first while the cards last (the
    move list's stand-in when its search ran out of steps before it found one)."""
    pool = pool_of(hand)
    left = {k: len(v) for k, v in pool.items()}
    chosen: list[tuple[tuple[int, int], ...]] = []
    ranks: set[int] = set()
    total = 0
    for value, cards, _removable in candidates(dict(left), rules):
        rank = _rank_of(cards) if rules.one_meld_per_rank else None
        if total >= need or (rank is not None and rank in ranks) or any(left[k] < n for k, n in cards):
            continue
        for k, n in cards:
            left[k] -= n
        chosen.append(cards)
        if rank is not None:
            ranks.add(rank)
        total += value
    if total < need:
        return None
    melds = []
    for cards in chosen:
        meld, pool = take(cards, pool)
        melds.append(meld)
    return tuple(melds)


def most_cards_of_a_minimal_first_meld(need: int) -> int:
    """No minimal first meld of `need` holds more cards than this, as every melded card counts at least 5.
    One whose melds are all of three cards has fewer than need / 15 + 1 melds (leaving out the smallest
    falls short). One with a meld of four cards or more could spare a card of that meld worth at most 50
    (a wild card, or a natural where the meld holds none), so its points, and so five times its cards,
    are below need + 50."""
    return max(3 * ((need - 1) // 15 + 1), (need + 49) // 5)


def _rank_of(cards: tuple[tuple[int, int], ...]) -> int | None:
    """The rank a candidate counts for under one meld a rank (Standard Canasta): its first natural key's."""
    k = cards[0][0]
    return None if k == TWO_KEY or FACE_RANK[k] == JOKER else FACE_RANK[k]


