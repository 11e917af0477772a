"""Every minimal first meld of a hand: sets of new melds reaching the minimum in which no meld could be
left out, and no card taken out of a meld (leaving it a valid meld), with the rest still reaching it.

Cards are told apart by rank and suit, except the 2s: a 2's suit plays no part in any rule (it is
wild wherever it lies), so 2s are counted, not named. Candidates are counted melds (how many of each
card), so two copies of a card and distinct physical wild cards are never confused.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from game.rules.cards import ACE, FACE, JOKER, NATURAL, RANK, VALUE
from game.rules.ruleset import RuleSet

TWO_KEY = -2  # every 2 shares one key: only their number matters
NO_CARD = 10**6  # a meld with no card that could be taken out


def card_key(c: int) -> int:
    return TWO_KEY if RANK[c] == 2 else FACE[c]


def key_value(k: int) -> int:
    if k == TWO_KEY:
        return 20
    r = k % 16
    return 50 if r == JOKER else 20 if r == ACE else 10 if r >= 8 else 5


JOKER_KEY = 4 * 16 + JOKER

# A candidate meld: (value, cards as ((key, count), ...), smallest value of a card that could be taken out)
Candidate = tuple[int, tuple[tuple[int, int], ...], int]


def pool_of(hand: Sequence[int]) -> dict[int, list[int]]:
    pool: dict[int, list[int]] = {}
    for c in sorted(hand, key=lambda c: (card_key(c), c)):
        pool.setdefault(card_key(c), []).append(c)
    return pool


def _natural_choices(keys: list[int], avail: dict[int, int], low: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every choice of at least `low` naturals among these keys, as ((key, count), ...)."""
    for counts in product(*(range(avail[k] + 1) for k in keys)):
        if sum(counts) >= low:
            yield tuple((k, n) for k, n in zip(keys, counts, strict=True) if n)


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
    """Every new meld these cards can make, by counts."""
    out: list[Candidate] = []
    nat_keys = [k for k in avail if k != TWO_KEY and k % 16 != JOKER and 4 <= k % 16 <= ACE and avail[k]]
    for r in range(4, ACE + 1):
        keys = sorted(k for k in nat_keys if k % 16 == r)
        if sum(avail[k] for k in keys) < 2:
            continue
        v = key_value(keys[0])
        for nat in _natural_choices(keys, avail, 2):
            n = sum(c for _k, c in nat)
            for j, t in _wild_choices(avail, rules.max_wilds_in_rank_meld):
                if n + j + t >= 3 and rules.wilds_fit(n, j + t):
                    out.append((n * v + 50 * j + 20 * t, _with_wilds(nat, j, t),
                                rank_meld_removable(n, v, j, t, rules)))
    if rules.runs:
        for s in range(4):
            for low in range(4, ACE - 1):
                for high in range(low + 2, min(low + rules.run_max - 1, ACE) + 1):
                    keys = [s * 16 + r for r in range(low, high + 1)]
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


def minimal_sets(cands: list[Candidate], avail: dict[int, int], need: int, base: int = 0,
                 base_removable: int = NO_CARD) -> list[list[Candidate]]:
    """Multisets of candidates, disjoint within `avail`, that with `base` points reach `need` minimally
    (`base_removable`: the smallest card that could leave the part already chosen, a pile meld)."""
    found: list[list[Candidate]] = []
    left = dict(avail)

    def fits(cards) -> bool:
        return all(left.get(k, 0) >= n for k, n in cards)

    def walk(start: int, chosen: list[Candidate], total: int) -> None:
        for i in range(start, len(cands)):
            cand = cands[i]
            value, cards, removable = cand
            if not fits(cards):
                continue
            t = total + value
            if t >= need:
                every = chosen + [cand]
                slack = t - need
                if base_removable > slack and all(v > slack and r > slack for v, _c, r in every):
                    found.append(every)
                continue
            for k, n in cards:
                left[k] -= n
            walk(i, chosen + [cand], t)
            for k, n in cards:
                left[k] += n

    if base >= need:
        if base_removable > base - need:
            found.append([])
        return found
    walk(0, [], base)
    return found


def to_cards(cards: tuple[tuple[int, int], ...], pool: dict[int, list[int]]) -> tuple[int, ...]:
    """Physical cards for a counted meld, taken from the pool (removed from it)."""
    out: list[int] = []
    for k, n in cards:
        out += pool[k][:n]
        pool[k] = pool[k][n:]
    return tuple(out)


def first_melds(hand: Sequence[int], rules: RuleSet, need: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every minimal first meld of the hand (module docstring), as tuples of melds of card ids."""
    pool = pool_of(hand)
    avail = {k: len(v) for k, v in pool.items()}
    out = []
    for chosen in minimal_sets(candidates(avail, rules), avail, need):
        if rules.one_meld_per_rank and not _one_per_rank(chosen):
            continue
        p = {k: list(v) for k, v in pool.items()}
        out.append(tuple(to_cards(cards, p) for _v, cards, _r in chosen))
    return out


def pile_first_melds(hand: Sequence[int], top: int, rules: RuleSet, need: int
                     ) -> list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]:
    """Every minimal take of the pile as a first meld: (cards joining the top card, further melds)."""
    pool = pool_of(hand)
    avail = {k: len(v) for k, v in pool.items()}
    r = RANK[top]
    keys = sorted(k for k in avail if k != TWO_KEY and k % 16 == r and NATURAL[pool[k][0]])
    out = []
    if sum(avail[k] for k in keys) < 2:
        return out
    v = VALUE[top]
    for nat in _natural_choices(keys, avail, 2):
        n = sum(c for _k, c in nat)
        for j, t in _wild_choices(avail, rules.max_wilds_in_rank_meld):
            if not rules.wilds_fit(n + 1, j + t):
                continue
            cards = _with_wilds(nat, j, t)
            base = (n + 1) * v + 50 * j + 20 * t
            removable = rank_meld_removable(n + 1, v, j, t, rules, keep_naturals=3)
            rest = dict(avail)
            for k, c in cards:
                rest[k] -= c
            for extra in minimal_sets(candidates(rest, rules), rest, need, base, removable):
                if rules.one_meld_per_rank and not _one_per_rank(extra, r):
                    continue
                p = {k: list(v) for k, v in pool.items()}
                out.append((to_cards(cards, p), tuple(to_cards(m, p) for _v, m, _r in extra)))
    return out


def _one_per_rank(chosen: list[Candidate], taken: int | None = None) -> bool:
    """Standard Canasta: no two new melds of one rank (nor one of the rank the pile meld takes)."""
    ranks = [k % 16 for _v, cards, _r in chosen for k, _n in cards[:1] if k != TWO_KEY and k % 16 != JOKER]
    return len(ranks) == len(set(ranks)) and taken not in ranks
