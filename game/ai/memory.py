"""Card counting from one seat's view: what is seen, what is still unseen, and who may hold what.

Everything here is a function of the PlayerView, so it needs no history: every card that was ever
face up is still face up (melds, pile, red threes) or is remembered in `view.known` (cards seen going
into a hand from a pile pickup, until that hand plays them).
"""

from __future__ import annotations

from collections import Counter
from math import comb

from game.rules.cards import FACE, FACE_RANK, JOKER_FACE, NATURAL, RANK, face_of
from game.rules.view import PlayerView


def face_total(face: int, packs: int, jokers: int) -> int:
    """How many physical cards of this face the deck holds."""
    return jokers if face == JOKER_FACE else packs


def hypergeom_at_least(population: int, successes: int, draws: int, k: int) -> float:
    """P(X >= k) for X the successes among `draws` cards taken from `population` holding `successes`."""
    if k <= 0:
        return 1.0
    if draws <= 0 or successes <= 0 or population <= 0 or k > min(successes, draws):
        return 0.0
    draws = min(draws, population)
    total = comb(population, draws)
    below = 0
    for i in range(k):
        below += comb(successes, i) * comb(population - successes, draws - i)
    return max(0.0, 1.0 - below / total)


class CardMemory:
    """Counts by face of the cards the seat has seen, and the unseen remainder."""

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        self.view = view
        self.packs = rules.packs
        self.jokers = rules.jokers
        seen: Counter[int] = Counter()
        for c in view.hand:
            seen[FACE[c]] += 1
        for side in view.melds:
            for m in side:
                for c in m.cards:
                    seen[FACE[c]] += 1
        for c in view.pile:
            seen[FACE[c]] += 1
        for side in view.red_threes:
            for c in side:
                seen[FACE[c]] += 1
        # Faces known to sit in another seat's hand (own known cards are in view.hand already).
        self.known: list[Counter[int]] = []
        for seat in range(view.players):
            k: Counter[int] = Counter(view.known[seat]) if seat != view.seat else Counter()
            self.known.append(k)
            seen.update(k)
        self.seen = seen
        # Hidden slots: cards in a hand not known to anyone but its holder.
        self.hidden = [0 if s == view.seat else max(0, view.hand_counts[s] - len(view.known[s]))
                       for s in range(view.players)]
        self.unseen_total = sum(self.hidden) + view.stock_count
        self._rank_cache: dict[int, int] = {}

    def unseen_face(self, face: int) -> int:
        return max(0, face_total(face, self.packs, self.jokers) - self.seen[face])

    def unseen_naturals(self, rank: int) -> int:
        """Naturals of a rank (4..A) no one has shown: in hidden hand slots or in the stock."""
        got = self._rank_cache.get(rank)
        if got is None:
            got = sum(self.unseen_face(face_of(s, rank)) for s in range(4))
            self._rank_cache[rank] = got
        return got

    def unseen_wilds(self) -> int:
        return sum(self.unseen_face(face_of(s, 2)) for s in range(4)) + self.unseen_face(JOKER_FACE)

    def known_naturals(self, seat: int, rank: int) -> int:
        return sum(n for f, n in self.known[seat].items() if FACE_RANK[f] == rank and 4 <= rank <= 14)

    def p_holds_naturals(self, seat: int, rank: int, k: int = 2) -> float:
        """Probability that `seat` holds at least k naturals of `rank` (known cards count for sure)."""
        if seat == self.view.seat:
            return 1.0 if sum(1 for c in self.view.hand if NATURAL[c] and RANK[c] == rank) >= k else 0.0
        need = k - self.known_naturals(seat, rank)
        return hypergeom_at_least(self.unseen_total, self.unseen_naturals(rank), self.hidden[seat], need)
