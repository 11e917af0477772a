"""The first-meld search as it was before it was made fast (game/rules/first_meld.py), kept as the test
oracle: it tries every multiset of candidate melds and keeps the minimal ones. tests/test_first_meld_search.py
checks that the fast search finds exactly the same first melds, in the same order. The candidate melds are
the game's own (unchanged)."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.cards import JOKER, NATURAL, RANK, VALUE
from game.rules.first_meld import (
    NO_CARD,
    TWO_KEY,
    Candidate,
    _natural_choices,
    _wild_choices,
    _with_wilds,
    candidates,
    pool_of,
    rank_meld_removable,
)
from game.rules.ruleset import RuleSet


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
