"""Move generation: the legal actions of a state, one per choice of cards distinct by rank and suit.

Melding is offered in steps: a new meld of three cards, one card added to a meld, or two melds of a
rank combined; bigger melds grow by adding, so every table a player could reach is reachable. A
first meld must reach the minimum in one action, so it is offered as sets of melds that reach it
with no meld to spare, at most FIRST_MELD_LIMIT of them (the full set grows exponentially with the
hand; the fewest cards come first). The checks mirror GameState.apply and are kept cheap: no copy
of the state is made, except to check a move bound by a partner's "yes".
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Deal,
    Discard,
    DrawStock,
    LayMelds,
    TakePile,
    TakeTop,
)
from game.rules.cards import ACE, BLACK_THREE, FACE, JOKER, NATURAL, RANK, RED_THREE, VALUE, WILD
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, Meld, canasta_of, extends_run, side_may_go_out
from game.rules.ruleset import RuleSet
from game.rules.state import GameState, Phase

FIRST_MELD_LIMIT = 300
ASK_HAND_LIMIT = 12  # asking is offered only to hands small enough to prove going out quickly


def legal_actions(state: GameState) -> list[Action]:
    phase = state.phase
    if phase == Phase.DEAL:
        return [Deal()]
    if phase == Phase.GAME_OVER:
        return []
    if phase == Phase.ANSWER:
        return [Answer(True), Answer(False)]
    gen = _Generator(state)
    actions = gen.draw_phase() if phase == Phase.DRAW else gen.meld_phase()
    if state.permission is True:
        # Bound to go out: only moves that keep going out possible (checked by the engine itself).
        actions = [a for a in actions if state.is_legal(a)]
    return actions


def _by_face(cards: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for c in sorted(cards):
        out.setdefault(FACE[c], []).append(c)
    return out


def _multisets(faces: dict[int, list[int]], size: int) -> Iterator[tuple[int, ...]]:
    """Every choice of `size` cards among these faces, distinct by face; yields card ids."""
    pool = sorted(faces)
    for combo in combinations_with_replacement(pool, size):
        used: dict[int, int] = {}
        ids = []
        for f in combo:
            i = used.get(f, 0)
            if i >= len(faces[f]):
                break
            used[f] = i + 1
            ids.append(faces[f][i])
        else:
            yield tuple(ids)


class _Generator:
    def __init__(self, state: GameState) -> None:
        self.s = state
        self.rules: RuleSet = state.rules
        self.seat = state.turn
        self.side = state.side_of(self.seat)
        self.hand = state.hands[self.seat]
        self.n = len(self.hand)
        self.faces = _by_face(self.hand)
        self.melds = state.melds[self.side]
        self.canastas = [m.canasta(self.rules) for m in self.melds]
        self.qualifies = side_may_go_out(self.canastas, self.rules)
        # Standard Canasta: one meld per rank, so no new meld of a rank the side has melded.
        self.ranks_melded = ({m.key for m in self.melds if m.kind == RANK_MELD} if self.rules.one_meld_per_rank
                             else set())

    def _left_ok(self, left: int, qualifies_after: bool) -> bool:
        if left > 1:
            return True
        return qualifies_after and self.s.permission is not False

    def _qualifies_with(self, replaced: Meld | None = None, added: list[tuple[str, tuple[int, ...]]] = ()) -> bool:
        cans = [(canasta_of(replaced.kind, replaced.cards, self.rules) if replaced and m.id == replaced.id
                 else c) for m, c in zip(self.melds, self.canastas, strict=True)]
        cans += [canasta_of(kind, cards, self.rules) for kind, cards in added]
        return side_may_go_out(cans, self.rules)

    # ----- candidate melds from hand ----------------------------------------------------------------

    def _naturals_of(self, rank: int, faces: dict[int, list[int]]) -> dict[int, list[int]]:
        return {f: ids for f, ids in faces.items() if f % 16 == rank and NATURAL[ids[0]]}

    def _wild_faces(self, faces: dict[int, list[int]]) -> dict[int, list[int]]:
        return {f: ids for f, ids in faces.items() if WILD[ids[0]]}

    def _trios(self) -> Iterator[tuple[str, tuple[int, ...]]]:
        """New melds of exactly three cards."""
        faces = self.faces
        wilds = self._wild_faces(faces)
        for r in range(4, ACE + 1):
            nat = self._naturals_of(r, faces)
            if sum(len(v) for v in nat.values()) < 2 or r in self.ranks_melded:
                continue
            for trio in _multisets(nat, 3):
                yield RANK_MELD, trio
            if self.rules.wilds_fit(2, 1):
                for pair in _multisets(nat, 2):
                    for w in wilds.values():
                        yield RANK_MELD, pair + (w[0],)
        if self.rules.runs:
            for f, ids in faces.items():
                if NATURAL[ids[0]] and f % 16 <= ACE - 2 and f + 1 in faces and f + 2 in faces:
                    yield RUN, (ids[0], faces[f + 1][0], faces[f + 2][0])
        if self.rules.wild_melds:
            for trio in _multisets(wilds, 3):
                yield WILD_MELD, trio

    def _first_meld_candidates(self, faces: dict[int, list[int]]) -> list[tuple[int, tuple[int, ...]]]:
        """Melds of any size for a first meld: (points, cards). Naturals of a rank meld are taken in a
        fixed suit order; wild cards vary by how many jokers, since that changes the points."""
        out: list[tuple[int, tuple[int, ...]]] = []
        wild_ids, jokers, twos, wild_sets = self._wild_sets(faces)
        for r in range(4, ACE + 1):
            nat = sorted(c for ids in self._naturals_of(r, faces).values() for c in ids)
            for k in range(2, len(nat) + 1):
                for ws in wild_sets:
                    if k + len(ws) >= 3 and self.rules.wilds_fit(k, len(ws)):
                        cards = tuple(nat[:k]) + ws
                        out.append((sum(VALUE[c] for c in cards), cards))
        if self.rules.runs:
            for suit in range(4):
                for low in range(4, ACE - 1):
                    for high in range(low + 2, min(low + self.rules.run_max, ACE + 1)):
                        cells = [suit * 16 + r for r in range(low, high + 1)]
                        if all(f in faces for f in cells):
                            cards = tuple(faces[f][0] for f in cells)
                            out.append((sum(VALUE[c] for c in cards), cards))
        if self.rules.wild_melds:
            for size in range(3, min(len(wild_ids), self.rules.wild_meld_max) + 1):
                for j in range(size + 1):
                    if j <= len(jokers) and size - j <= len(twos):
                        cards = tuple(jokers[:j]) + tuple(twos[:size - j])
                        out.append((sum(VALUE[c] for c in cards), cards))
        out.sort(key=lambda pc: (len(pc[1]), -pc[0]))
        return out

    def _wild_sets(self, faces: dict[int, list[int]]):
        """The hand's wild cards (jokers first) and the choices of wild cards for one rank meld."""
        wild_ids = sorted((c for ids in self._wild_faces(faces).values() for c in ids), key=lambda c: -VALUE[c])
        jokers = [c for c in wild_ids if RANK[c] == JOKER]
        twos = [c for c in wild_ids if RANK[c] == 2]
        wild_sets: list[tuple[int, ...]] = [()]
        for w in range(1, self.rules.max_wilds_in_rank_meld + 1):
            for j in range(w + 1):
                if j <= len(jokers) and w - j <= len(twos):
                    wild_sets.append(tuple(jokers[:j]) + tuple(twos[:w - j]))
        return wild_ids, jokers, twos, wild_sets

    def _pile_candidates(self, top: int) -> list[tuple[int, ...]]:
        """Cards from hand that start a new meld with the top card: a natural pair at least, with any
        more naturals of its rank and wild cards (the top card counts among the naturals)."""
        nat = sorted(c for ids in self._naturals_of(RANK[top], self.faces).values() for c in ids)
        wild_sets = self._wild_sets(self.faces)[3]
        out = []
        for k in range(2, len(nat) + 1):
            for ws in wild_sets:
                if self.rules.wilds_fit(k + 1, len(ws)):
                    out.append(tuple(nat[:k]) + ws)
        return out

    def _melded_pile_takes(self, top: int, nat: dict[int, list[int]]) -> list[tuple[int, ...]]:
        """Two cards from hand that take the pile for a side that has melded: a natural pair, or where
        the pile is not frozen for the side, a natural and a wild card; Standard Canasta puts them onto the
        side's meld of that rank, so that meld must take them."""
        takes = list(_multisets(nat, 2))
        if not self.rules.pair_must_be_natural(self.s.pile_freeze(self.side)):
            takes += [(ids[0], w[0]) for ids in nat.values() for w in self._wild_faces(self.faces).values()]
        onto = next((m for m in self.melds if m.kind == RANK_MELD and m.key == RANK[top]), None) \
            if self.rules.one_meld_per_rank else None
        base_n, base_w = (onto.naturals(), onto.wilds()) if onto else (0, 0)
        return [t for t in takes if self.rules.wilds_fit(base_n + 1 + sum(1 for c in t if not WILD[c]),
                                                         base_w + sum(1 for c in t if WILD[c]))]

    def _grown_by_pile(self, top: int, cards: tuple[int, ...]) -> tuple[Meld | None, list[tuple[str, tuple[int, ...]]]]:
        """The meld a pile taken with these cards grows (Standard Canasta), or the new meld it starts."""
        if self.rules.one_meld_per_rank:
            for m in self.melds:
                if m.kind == RANK_MELD and m.key == RANK[top]:
                    return Meld(m.id, m.kind, m.key, m.cards + cards + (top,)), []
        return None, [(RANK_MELD, cards + (top,))]

    def _combos(self, candidates: list[tuple[int, tuple[int, ...]]], need: int, used: frozenset[int],
                limit: int, ranks: set[int] = frozenset()) -> list[tuple[tuple[int, ...], ...]]:
        """Sets of disjoint candidate melds reaching `need` points, none of them superfluous (and, with
        one meld per rank, none of a rank in `ranks` or of a rank chosen already)."""
        found: list[tuple[tuple[int, ...], ...]] = []
        per_rank = self.rules.one_meld_per_rank

        def rank_of(cards: tuple[int, ...]) -> int | None:
            return next((RANK[c] for c in cards if not WILD[c]), None) if per_rank else None

        def walk(start: int, chosen: list[tuple[int, tuple[int, ...]]], points: int, taken: set[int]) -> None:
            if len(found) >= limit:
                return
            for i in range(start, len(candidates)):
                p, cards = candidates[i]
                if taken.intersection(cards):
                    continue
                if per_rank and (rank_of(cards) in ranks or rank_of(cards) in {rank_of(c) for _q, c in chosen}):
                    continue
                total = points + p
                if total >= need:
                    # Minimal: every meld already chosen is needed.
                    if all(total - q < need for q, _c in chosen):
                        found.append(tuple(c for _p, c in chosen) + (cards,))
                        if len(found) >= limit:
                            return
                elif len(chosen) < 5:
                    walk(i + 1, chosen + [(p, cards)], total, taken | set(cards))

        walk(0, [], 0, set(used))
        return found

    # ----- the two phases ---------------------------------------------------------------------------

    def draw_phase(self) -> list[Action]:
        actions: list[Action] = [DrawStock()]
        s = self.s
        if not s.pile or not NATURAL[s.pile[-1]]:
            return actions
        top = s.pile[-1]
        rest_to_hand = sum(1 for c in s.pile[:-1] if not RED_THREE[c])
        # The top card onto a run.
        for m in self.melds:
            if extends_run(m, top, self.rules):
                grown = Meld(m.id, m.kind, m.key, m.cards + (top,))
                if self._left_ok(self.n, self._qualifies_with(grown)):
                    actions.append(TakeTop(m.id))
        # The pile, with a pair (and, for a first meld, what it takes to reach the minimum).
        nat = self._naturals_of(RANK[top], self.faces)
        if not nat:
            return actions
        if self.melds:
            for pair in self._melded_pile_takes(top, nat):
                left = self.n - 2 + rest_to_hand
                grown, added = self._grown_by_pile(top, pair)
                if self._left_ok(left, self._qualifies_with(grown, added)):
                    actions.append(TakePile(pair))
            return actions
        if sum(len(v) for v in nat.values()) < 2:
            return actions
        need = s.min_meld(self.side)
        cands = self._first_meld_candidates(self.faces)

        def of_top_rank(cards: tuple[int, ...]) -> bool:
            return NATURAL[cards[0]] and all(RANK[c] == RANK[top] or WILD[c] for c in cards)

        pile_melds = self._pile_candidates(top)
        others = [pc for pc in cands if not of_top_rank(pc[1])]
        budget = FIRST_MELD_LIMIT
        for cards in pile_melds:
            if budget <= 0:
                break
            with_top = cards + (top,)
            wilds = sum(1 for c in with_top if WILD[c])
            if not self.rules.wilds_fit(len(with_top) - wilds, wilds):
                continue
            points = sum(VALUE[c] for c in with_top)
            extra_sets: list[tuple[tuple[int, ...], ...]] = [()]
            if points < need:
                extra_sets = self._combos(others, need - points, frozenset(cards), budget, {RANK[top]})
            for extra in extra_sets:
                used = len(cards) + sum(len(m) for m in extra)
                added = [(RANK_MELD, with_top)] + [(self._kind(m), m) for m in extra]
                if self._left_ok(self.n - used + rest_to_hand, self._qualifies_with(added=added)):
                    actions.append(TakePile(cards, extra))
                    budget -= 1
        return actions

    @staticmethod
    def _kind(cards: tuple[int, ...]) -> str:
        if all(WILD[c] for c in cards):
            return WILD_MELD
        nat = {RANK[c] for c in cards if not WILD[c]}
        return RANK_MELD if len(nat) == 1 else RUN

    def meld_phase(self) -> list[Action]:
        actions: list[Action] = []
        s = self.s
        if self.melds:
            if self._left_ok(self.n - 3, self.qualifies):
                actions += [LayMelds((cards,)) for _kind, cards in self._trios()]
            for m in self.melds:
                actions += self._adds(m)
            ranked = [m for m in self.melds if m.kind == RANK_MELD]
            for a in ranked:
                for b in ranked:
                    if a.id < b.id and a.key == b.key and self._combinable(a, b):
                        actions.append(Combine(a.id, b.id))
        else:
            need = s.min_meld(self.side)
            for combo in self._combos(self._first_meld_candidates(self.faces), need, frozenset(), FIRST_MELD_LIMIT):
                used = sum(len(m) for m in combo)
                if self._left_ok(self.n - used, self._qualifies_with(added=[(self._kind(m), m) for m in combo])):
                    actions.append(LayMelds(combo))
        actions += self._black_threes()
        if (s.players == 4 and not s.asked and s.permission is None and 2 <= self.n <= ASK_HAND_LIMIT
                and s.able_to_go_out(self.seat)):
            actions.append(AskPartner())
        for ids in self.faces.values():
            left = self.n - 1
            if left == 0 and not (self.qualifies and s.permission is not False):
                continue
            if left > 0 and s.permission is True:
                continue
            actions.append(Discard(ids[0]))
        return actions

    def _adds(self, m: Meld) -> list[Action]:
        out: list[Action] = []
        rules = self.rules
        if m.kind == RANK_MELD:
            wilds = m.wilds()
            nat = m.size - wilds
        for ids in self.faces.values():
            c = ids[0]
            if m.kind == RANK_MELD:
                fits = (NATURAL[c] and RANK[c] == m.key) or (WILD[c] and rules.wilds_fit(nat, wilds + 1))
            elif m.kind == RUN:
                fits = extends_run(m, c, rules)
            elif m.kind == WILD_MELD:
                fits = WILD[c] and m.size < rules.wild_meld_max
            else:
                fits = BLACK_THREE[c] and self.n - 1 <= 1 and self.qualifies and self.s.permission is not False
            if fits:
                grown = Meld(m.id, m.kind, m.key, m.cards + (c,))
                if self._left_ok(self.n - 1, self._qualifies_with(grown)):
                    out.append(AddToMeld(m.id, (c,)))
        return out

    def _combinable(self, a: Meld, b: Meld) -> bool:
        wilds = a.wilds() + b.wilds()
        nat = a.size + b.size - wilds
        return self.rules.wilds_fit(nat, wilds)

    def _black_threes(self) -> list[Action]:
        """Black threes melded as the player goes out: all of them, or all but one kept to discard."""
        threes = {f: ids for f, ids in self.faces.items() if BLACK_THREE[ids[0]]}
        count = sum(len(v) for v in threes.values())
        if count < 3 or self.s.permission is False or not self.melds:
            return []
        out: list[Action] = []
        for size in range(max(3, self.n - 1), count + 1):
            for cards in _multisets(threes, size):
                if self._left_ok(self.n - size, self.qualifies):
                    out.append(LayMelds((cards,)))
        return out
