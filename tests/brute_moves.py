"""Every meld move of a small hand, by brute force: each card kept, added to one of the side's melds, or
put in one of up to two new melds, with every way of combining the side's melds of one rank. The move
list and the going-out solver are checked against it on small random positions."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from game.rules.actions import MeldMove
from game.rules.cards import ACE, BLACK_THREE, FACE, JOKER, NATURAL, RANK, RED_THREE, SUIT, WILD, deck_ids
from game.rules.melds import BLACK_THREES, RANK_MELD, RUN, WILD_MELD, Meld, order_cards


def _fits(card: int, meld: Meld) -> bool:
    if meld.kind == RANK_MELD:
        return WILD[card] or (NATURAL[card] and RANK[card] == meld.key)
    if meld.kind == RUN:
        return NATURAL[card] and SUIT[card] == meld.key
    if meld.kind == WILD_MELD:
        return WILD[card]
    return meld.kind == BLACK_THREES and BLACK_THREE[card]


def _partitions(items: list) -> Iterator[list[list]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1:]
        yield [[first]] + part


def _combines(melds: Sequence[Meld]) -> list[tuple[tuple[int, int], ...]]:
    by_rank: dict[int, list[int]] = {}
    for m in melds:
        if m.kind == RANK_MELD:
            by_rank.setdefault(m.key, []).append(m.id)
    out: list[tuple[tuple[int, int], ...]] = [()]
    for ids in by_rank.values():
        more = []
        for part in _partitions(ids):
            pairs = tuple((other, g[0]) for g in part for other in g[1:])
            more += [prev + pairs for prev in out]
        out = more
    return out


def meld_moves(hand: Sequence[int], melds: Sequence[Meld], max_new: int = 2) -> Iterator[tuple[MeldMove, int]]:
    """(move, cards kept) for every assignment of the hand's cards, identical cards taken as one."""
    cards = sorted(hand, key=lambda c: (FACE[c], c))
    targets: list[tuple] = [("keep",)] + [("add", m.id) for m in melds] + [("new", k) for k in range(max_new)]

    def walk(i: int, chosen: list[int], new_used: int) -> Iterator[list[int]]:
        if i == len(cards):
            yield chosen
            return
        c = cards[i]
        low = chosen[-1] if i and FACE[cards[i - 1]] == FACE[c] else 0  # identical cards: non-decreasing
        for t in range(low, len(targets)):
            kind = targets[t]
            if kind[0] == "new" and kind[1] > new_used:
                break
            if kind[0] == "add" and not _fits(c, next(m for m in melds if m.id == kind[1])):
                continue
            yield from walk(i + 1, chosen + [t], max(new_used, kind[1] + 1) if kind[0] == "new" else new_used)

    for chosen in walk(0, [], 0):
        kept = sum(1 for t in chosen if t == 0)
        new: dict[int, list[int]] = {}
        adds: dict[int, list[int]] = {}
        for c, t in zip(cards, chosen, strict=True):
            kind = targets[t]
            if kind[0] == "new":
                new.setdefault(kind[1], []).append(c)
            elif kind[0] == "add":
                adds.setdefault(kind[1], []).append(c)
        if any(len(g) < 3 for g in new.values()):
            continue
        for combine in _combines(melds):
            move = MeldMove(tuple(tuple(new[k]) for k in sorted(new)),
                            tuple((mid, tuple(adds[mid])) for mid in (m.id for m in melds) if mid in adds), combine)
            if move.new or move.add or move.combine:
                yield move, kept


def outcome(move: MeldMove, hand: Sequence[int], melds: Sequence[Meld]) -> tuple:
    """What a legal move leaves, in rule terms: each meld after it (suits of a rank meld's cards and
    which 2 is where left out) and the cards left in hand (a 2 or a joker by kind only)."""
    groups: dict[int, set[int]] = {m.id: {m.id} for m in melds}
    cards: dict[int, list[int]] = {m.id: list(m.cards) for m in melds}
    for mid, more in move.add:
        cards[mid] += list(more)
    for src, into in move.combine:
        groups[into] |= groups.pop(src)
        cards[into] += cards.pop(src)
    finals = [(tuple(sorted(groups[mid])), _meld_sig(cards[mid])) for mid in groups]
    finals += [((), _meld_sig(list(m))) for m in move.new]
    used = {c for m in move.new for c in m} | {c for _mid, more in move.add for c in more}
    left = tuple(sorted(_card_sig(c) for c in hand if c not in used))
    return tuple(sorted(finals)), left


def _card_sig(c: int) -> int:
    return -RANK[c] if WILD[c] else FACE[c]


def _meld_sig(cards: list[int]) -> tuple:
    wild = [c for c in cards if WILD[c]]
    jokers = sum(1 for c in wild if RANK[c] == JOKER)
    nat = [c for c in cards if not WILD[c]]
    ranks = {RANK[c] for c in nat}
    if len(ranks) == 1 and not all(BLACK_THREE[c] for c in nat):
        return ("rank", ranks.pop(), len(nat), jokers, len(wild) - jokers)
    return ("faces", tuple(sorted(FACE[c] for c in nat)), jokers, len(wild) - jokers)


def random_position(rng: random.Random, n_hand: int) -> tuple[list[int], list[Meld]]:
    """A hand and a side's melds that often can go out: runs and rank melds, and cards that fit them.
    Raises LookupError in the rare draw where the cards wanted have run out."""
    deck = [c for c in deck_ids(3, 6) if not RED_THREE[c]]
    rng.shuffle(deck)
    used: set[int] = set()

    def take(pred, k: int = 1) -> list[int]:
        out = [c for c in deck if c not in used and pred(c)][:k]
        if len(out) < k:
            raise LookupError("cards ran out")
        used.update(out)
        return out

    def run_cards(suit: int, low: int, length: int) -> list[int]:
        return [take(lambda c, r=r: NATURAL[c] and RANK[c] == r and SUIT[c] == suit)[0]
                for r in range(low, low + length)]

    melds: list[Meld] = []

    def add(kind: str, key: int, cards: list[int]) -> None:
        melds.append(Meld(len(melds) + 1, kind, key, order_cards(kind, cards)))

    if rng.random() < 0.8:
        suit = rng.randrange(4)
        length = 7 if rng.random() < 0.6 else rng.randrange(3, 7)
        add(RUN, suit, run_cards(suit, rng.randrange(4, 15 - length + 1), length))
    for _i in range(rng.randrange(0, 3)):
        r = rng.randrange(4, 15)
        if rng.random() < 0.3 and melds and melds[-1].kind == RANK_MELD:
            r = melds[-1].key  # a second meld of a rank: combines
        n = rng.randrange(3, 7)
        w = min(rng.randrange(0, 3), n // 2)
        add(RANK_MELD, r, take(lambda c, r=r: NATURAL[c] and RANK[c] == r, n) + take(lambda c: WILD[c], w))
    if rng.random() < 0.3:
        add(WILD_MELD, 0, take(lambda c: WILD[c], rng.randrange(3, 7)))
    if rng.random() < 0.3:
        suit = rng.randrange(4)
        length = rng.randrange(3, 6)
        add(RUN, suit, run_cards(suit, rng.randrange(4, 15 - length + 1), length))
    ranks = [m.key for m in melds if m.kind == RANK_MELD] + [rng.randrange(4, 15) for _i in range(2)]
    runs = [m for m in melds if m.kind == RUN]
    hand: list[int] = []
    while len(hand) < n_hand:
        x = rng.random()
        if x < 0.2:
            hand += take(lambda c: WILD[c])
        elif x < 0.5:
            r = rng.choice(ranks)
            hand += take(lambda c, r=r: NATURAL[c] and RANK[c] == r)
        elif x < 0.75 and runs:
            m = rng.choice(runs)
            low, high = min(RANK[c] for c in m.cards), max(RANK[c] for c in m.cards)
            r = rng.choice([low - 1, low - 2, high + 1, high + 2])
            if 4 <= r <= 14:
                hand += take(lambda c, r=r, s=m.key: NATURAL[c] and RANK[c] == r and SUIT[c] == s)
        elif x < 0.8:
            hand += take(lambda c: BLACK_THREE[c])
        else:
            hand += take(lambda c: NATURAL[c])
    return hand, melds


def standard_position(rng: random.Random, n_hand: int, rules) -> tuple[list[int], list[Meld]]:
    """A Standard Canasta hand and side melds (one per rank, some close to a canasta) that often can go
    out: naturals of the side's ranks, wild cards, black threes."""
    deck = [c for c in deck_ids(rules.packs, rules.jokers) if not RED_THREE[c]]
    rng.shuffle(deck)
    used: set[int] = set()

    def take(pred, k: int = 1) -> list[int]:
        out = [c for c in deck if c not in used and pred(c)][:k]
        used.update(out)
        return out

    def natural(r: int):
        return lambda c: NATURAL[c] and not BLACK_THREE[c] and RANK[c] == r

    melds: list[Meld] = []
    for r in rng.sample(range(4, ACE + 1), rng.randrange(0, 4)):
        naturals = take(natural(r), rng.randrange(2, 8))
        wild = take(lambda c: WILD[c], rng.randrange(0, 3))
        if len(naturals) + len(wild) >= 3 and rules.wilds_fit(len(naturals), len(wild)):
            melds.append(Meld(len(melds) + 1, RANK_MELD, r, order_cards(RANK_MELD, naturals + wild)))
    ranks = [m.key for m in melds] + [rng.randrange(4, ACE + 1) for _i in range(2)]
    hand: list[int] = []
    while len(hand) < n_hand:
        x = rng.random()
        if x < 0.25:
            hand += take(lambda c: WILD[c])
        elif x < 0.7:
            hand += take(natural(rng.choice(ranks)))
        elif x < 0.8:
            hand += take(lambda c: BLACK_THREE[c])
        else:
            hand += take(lambda c: NATURAL[c])
    return hand, melds
