"""Going out in one meld move where every meld is of one rank and a side holds at most one meld of each
rank (Standard Canasta): decided exactly and listed completely by counting.

With one meld per rank there is nothing to search: every natural of a rank the move lays goes to the
side's meld of that rank (a new one if the side has none), black threes go out together as a meld of
their own, and the only choices are which card, if any, is kept to discard, and how the wild cards
are shared among the melds. A meld of N naturals takes as many wild cards as `rules.wilds_fit`
allows, and a new meld needs three cards. The move goes out when the side then holds the canastas
going out needs (and, for a side yet to meld, the cards laid reach the minimum).

One move per outcome: moves that differ only in which suit of a rank or which 2 lies where, or which
suit of a kept wild card of a kind is kept, lay the same cards in rule terms and are listed once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from game.rules.actions import MeldMove
from game.rules.cards import ACE, BLACK_THREE, FACE, JOKER, NATURAL, RANK, VALUE, WILD
from game.rules.melds import MIXED_CANASTA, NATURAL_CANASTA, RANK_MELD
from game.rules.ruleset import RuleSet

SideMeld = tuple[int, str, int, tuple[int, ...]]  # (id, kind, key, cards), as out_solver.py takes them
NEW = 0  # the id of a meld the move lays


class RankOut:
    """The going-out moves of one hand over a side's rank melds. `need`: the first-meld minimum still to
    reach (0 once the side has melded)."""

    def __init__(self, hand: Sequence[int], side_melds: Sequence[SideMeld], rules: RuleSet, need: int = 0) -> None:
        assert not rules.runs and not rules.wild_melds and rules.one_meld_per_rank, "rank melds only"
        self.hand = sorted(hand, key=lambda c: (FACE[c], c))
        self.rules = rules
        self.need = need
        self.tried = 0  # shares of the wild cards looked at by the last listing (iter_moves)
        # Every rank meld of the side is among the targets of each move, so its canasta is counted there.
        self.melds = {key: (mid, cards) for mid, kind, key, cards in side_melds if kind == RANK_MELD}

    # ----- what may be kept, and what the rest of the hand must become ---------------------------------

    def _keeps(self) -> Iterator[int | None]:
        """No card kept, or one of each kind: a natural or black three by face, a wild card by rank."""
        yield None
        seen: set[int] = set()
        for c in self.hand:
            key = -RANK[c] if WILD[c] else FACE[c]
            if key not in seen:
                seen.add(key)
                yield c

    def _targets(self, rest: list[int]) -> list[tuple[int, int, int, int, int]] | None:
        """The rank melds after the move as (rank, naturals, wilds before, least and most wild cards it may
        take), or None when the rest of the hand cannot all be laid (a rank too short for a meld)."""
        naturals: dict[int, int] = {}
        for c in rest:
            if NATURAL[c] and not BLACK_THREE[c]:
                naturals[RANK[c]] = naturals.get(RANK[c], 0) + 1
        out = []
        for rank in range(4, ACE + 1):
            added = naturals.get(rank, 0)
            if rank in self.melds:
                cards = self.melds[rank][1]
                wilds = sum(1 for c in cards if WILD[c])
                n = len(cards) - wilds + added
                least = 0
            elif added:
                n, wilds = added, 0
                least = max(0, 3 - n)  # a new meld needs three cards
            else:
                continue
            most = _most_wilds(self.rules, n, wilds)
            if least > most:
                return None
            out.append((rank, n, wilds, least, most))
        return out

    def _rest_ok(self, rest: list[int]) -> bool:
        threes = sum(1 for c in rest if BLACK_THREE[c])
        if threes and threes < 3:
            return False  # black threes go out only as a meld of three or four
        if self.need and sum(VALUE[c] for c in rest) < self.need:
            return False  # every card of the rest is laid, so its points are the first meld's
        return True

    def _qualifies(self, canastas: list[str]) -> bool:
        return self.rules.qualifies(canastas)

    # ----- the answers ------------------------------------------------------------------------------

    def possible(self) -> bool:
        """Whether the hand can go out this turn (a hand of one card, or none, when the side qualifies)."""
        size = self.rules.canasta_size
        for kept in self._keeps():
            rest = self._rest(kept)
            if not self._rest_ok(rest):
                continue
            targets = self._targets(rest)
            if targets is None:
                continue
            wilds = sum(1 for c in rest if WILD[c])
            if not sum(t[3] for t in targets) <= wilds <= sum(t[4] for t in targets):
                continue
            # The most canastas the wild cards can make: each meld short of seven by d takes d of the
            # spare wild cards (beyond the ones each meld must take), the shortest first.
            spare = wilds - sum(t[3] for t in targets)
            made = []
            shortfalls = []
            for _rank, n, w, least, most in targets:
                have = n + w + least
                if have >= size:
                    made.append(MIXED_CANASTA if w + least else NATURAL_CANASTA)
                elif n + w + most >= size:
                    shortfalls.append(size - have)
            for d in sorted(shortfalls):
                if d <= spare:
                    spare -= d
                    made.append(MIXED_CANASTA)
            if self._qualifies(made):
                return True
        return False

    def moves(self) -> list[MeldMove]:
        """Every meld move that goes out, one per outcome."""
        return list(self.iter_moves())

    def iter_moves(self, tries: int | None = None) -> Iterator[MeldMove]:
        """The going-out moves one by one, in the order `moves` lists them. A big hand with many wild
        cards has hundreds of thousands (37 cards, 8 of them wild, over six melds: 702,510), so a caller
        that weighs a few takes them lazily; `tries` caps the shares of the wild cards looked at
        (counted in `self.tried`), going out or not, so the work is bounded too."""
        self.tried = 0
        for kept in self._keeps():
            rest = self._rest(kept)
            if not rest or not self._rest_ok(rest):
                continue
            targets = self._targets(rest)
            if targets is None:
                continue
            jokers = [c for c in rest if WILD[c] and RANK[c] == JOKER]
            twos = [c for c in rest if WILD[c] and RANK[c] != JOKER]
            bounds = tuple((least, most) for _r, _n, _w, least, most in targets)
            for split in _splits(bounds, len(jokers), len(twos)):
                if tries is not None and self.tried >= tries:
                    return
                self.tried += 1
                canastas = []
                for (_rank, n, w, _least, _most), (j, t) in zip(targets, split, strict=True):
                    if n + w + j + t >= self.rules.canasta_size:
                        canastas.append(MIXED_CANASTA if w + j + t else NATURAL_CANASTA)
                if self._qualifies(canastas):
                    yield self._build(rest, targets, split, jokers, twos)

    def _rest(self, kept: int | None) -> list[int]:
        return [c for c in self.hand if c != kept]

    def _build(self, rest: list[int], targets, split, jokers: list[int], twos: list[int]) -> MeldMove:
        new: list[tuple[int, ...]] = []
        add: list[tuple[int, tuple[int, ...]]] = []
        for (rank, _n, _w, _least, _most), (j, t) in zip(targets, split, strict=True):
            cards = tuple(c for c in rest if NATURAL[c] and RANK[c] == rank) + tuple(jokers[:j]) + tuple(twos[:t])
            jokers, twos = jokers[j:], twos[t:]
            if rank in self.melds:
                if cards:
                    add.append((self.melds[rank][0], cards))
            else:
                new.append(cards)
        threes = tuple(c for c in rest if BLACK_THREE[c])
        if threes:
            new.append(threes)  # last: black threes go out as the move's final meld
        return MeldMove(tuple(new), tuple(add))


def _most_wilds(rules: RuleSet, naturals: int, wilds: int) -> int:
    """How many more wild cards a rank meld of these naturals and wild cards may take."""
    more = 0
    while rules.wilds_fit(naturals, wilds + more + 1):
        more += 1
    return more


def _splits(bounds: tuple[tuple[int, int], ...], jokers: int, twos: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to share the jokers and twos among melds taking from `least` to `most` wild cards each,
    one by one (there can be millions). Each share of a meld is tried only when the melds after it can
    take the wild cards left, so every branch ends in a share: the next one costs a walk down the melds."""
    if not bounds:
        if jokers == twos == 0:
            yield ()
        return
    (least, most), rest = bounds[0], bounds[1:]
    room = sum(m for _l, m in rest)
    need = sum(lo for lo, _m in rest)
    for j in range(min(jokers, most) + 1):
        for t in range(min(twos, most - j) + 1):
            if j + t < least:
                continue
            left = jokers - j + twos - t
            if need <= left <= room:
                for tail in _splits(rest, jokers - j, twos - t):
                    yield ((j, t),) + tail
