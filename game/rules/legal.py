"""Move generation: the legal actions of a state, over cards distinct by rank and suit.

What is offered, and what is left out (every move left out is reachable by the moves offered, in the
same turn, to the same table and hand; tests/test_rules_legal_complete.py checks it by brute force):

- Drawing: the stock; the top card onto each run it extends; where the house allows it (Standard's
  take_onto_meld), the pile by its top card alone onto the side's meld of its rank while the pile is not
  frozen for the side (the takes with cards from hand stay offered too); the pile with each natural pair
  of its rank once the side has melded (more cards of the rank and wild cards go on by additions after the
  take, which leaves more cards in hand and so is legal whenever the bigger take is). Before the side
  has melded, every minimal take reaching the minimum (game/rules/first_meld.py): the pair, more
  naturals and wild cards on the pile meld and further melds from the hand; a bigger take is a
  minimal one plus melds and additions that the meld phase offers next.
- Melding, once the side has melded: every three-card meld, every one-card addition and every
  combine (bigger melds grow by additions; a move leaving two or more cards is reached by these steps,
  since each step leaves more cards than the whole move).
- Going out: every meld move that goes out (leaving no card, or one to discard) is listed whole when
  the side has not melded, or when the hand holds at most WHOLE_OUT_HAND cards besides black threes;
  one move per outcome (game/rules/out_solver.py: moves that differ only in which suit of a rank or
  which 2 lies in which of that rank's melds, or which 2 is kept, give the same table in rule terms).
  From a bigger hand of a side that has melded, a step comes first: every going-out move holds a
  step that is legal alone and leaves at least two cards (a three-card meld within one of its new
  melds, one of its additions, or one of its combines), and the rest of the move still goes out, so
  steps lead to a hand of at most WHOLE_OUT_HAND cards where the rest is listed. Listed moves combine
  melds only from a hand of one card (with more, the combine is a step that can go first), and then
  only as out_solver.py says (the other combines never score more, and the hand ends).
- A first meld: every minimal set of new melds reaching the minimum (no meld and no card of it could be
  left out; 2s counted, not named, as their suit plays no part in any rule), and every first meld that
  goes out. A bigger first meld that does not go out is a minimal one plus steps offered next. A first
  meld that goes out is listed whole only while the hand is small enough for a minimal one to go out
  (first_meld.most_cards_of_a_minimal_first_meld); from a bigger hand it holds a minimal one leaving two
  cards or more, and steps then lead out as for a side that has melded.
- Bounded, whatever the hand: the first-meld search (from the hand, and with the pile) takes at most
  first_meld.FIRST_MELD_WORK counted steps. Within them it lists every minimal first meld (seeded hands:
  from the hand, up to 20 cards at a minimum of 150, 25 at 90, 40 at 50; with the pile, up to 20 cards
  at 120 and 25 at 50); past them (a hand of 40 cards at 150 has two million) a representative set:
  the sets found, the steps shared out evenly between the melds they start with (and the ways of
  joining the pile's top card), rank melds by their number of naturals alone on a very long hand, and
  the biggest melds while they last when none was found in time. Any other first meld is still the
  engine's to judge (GameState.apply). "May I go out?" is offered when the exact solver tells within
  ASK_PARTNER_WORK that the player could go out (a hand of 80 cards can take seconds to tell).
- AskPartner whenever the player could go out this turn (exact, within ASK_PARTNER_WORK), discards.

The rules are the engine's own (game/rules/judge.py, refusals.py: the pile's top card, the keep-two rule,
black threes, discards, asking), asked cheaply: no copy of the state is made, except to check a move bound
by a partner's "yes".
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
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.cards import ACE, BLACK_THREE, FACE, FACE_RANK, NATURAL, RANK, RED_THREE, WILD
from game.rules.first_meld import (
    FIRST_MELD_WORK,
    first_melds,
    greedy_first_meld,
    most_cards_of_a_minimal_first_meld,
    pile_first_melds,
)
from game.rules.going_out import SOLVER_STEP_UNITS, go_out_moves
from game.rules.judge import ask
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, Meld, canasta_of, extends_run, side_may_go_out
from game.rules.refusals import black_threes_allowed, discard_refusal, may_leave, meld_of_rank, top_refusal
from game.rules.ruleset import RuleSet
from game.rules.state import GameState, Phase
from game.rules.work import Work

# The exact solver's work for "May I go out?" (going_out.SOLVER_STEP_UNITS a position): 10,000 positions,
# where a hand of 80 cards took 200,000.
ASK_PARTNER_WORK = 10_000 * SOLVER_STEP_UNITS
WHOLE_OUT_HAND = 4  # going-out moves are listed whole from hands of at most this many cards, black threes aside


def legal_actions(state: GameState, first_meld_work: Work | None = None, ask_work: Work | None = None
                  ) -> list[Action]:
    """`first_meld_work`: the steps the first-meld search may take (FIRST_MELD_WORK when None), `ask_work`
    the exact solver's work for "May I go out?" (ASK_PARTNER_WORK when None): a computer player's playouts
    give less once their decision has spent its share (module docstring: bounded, whatever the hand)."""
    phase = state.phase
    if phase == Phase.DEAL:
        return [Deal()]
    if phase == Phase.GAME_OVER:
        return []
    if phase == Phase.ANSWER:
        return [Answer(True), Answer(False)]
    gen = _Generator(state, first_meld_work, ask_work)
    actions = gen.draw_phase() if phase == Phase.DRAW else gen.meld_phase()
    if state.permission is True:
        # Bound to go out: only moves that keep going out possible (checked by the engine itself).
        actions = [a for a in actions if state.is_legal(a)]
    return actions


def has_legal_action(state: GameState) -> bool:
    """Whether `legal_actions(state)` is not empty, without listing it (a long hand can have a great many
    first melds): the draw always offers the stock, and a meld phase with two cards or more in hand always
    offers a discard, unless the player is bound to go out."""
    if state.phase in (Phase.DRAW, Phase.MELD) and state.permission is not True and (
            state.phase == Phase.DRAW or len(state.hands[state.turn]) >= 2):
        return True
    return bool(legal_actions(state))


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
    def __init__(self, state: GameState, work: Work | None = None, ask_work: Work | None = None) -> None:
        self.s = state
        self.work = work if work is not None else Work(FIRST_MELD_WORK)
        self.ask_work = ask_work if ask_work is not None else Work(ASK_PARTNER_WORK)
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
        return may_leave(left, qualifies_after, self.rules, self.s.permission)

    def _qualifies_with(self, replaced: Meld | None = None, added: list[tuple[str, tuple[int, ...]]] = ()) -> bool:
        cans = [(canasta_of(replaced.kind, replaced.cards, self.rules) if replaced and m.id == replaced.id
                 else c) for m, c in zip(self.melds, self.canastas, strict=True)]
        cans += [canasta_of(kind, cards, self.rules) for kind, cards in added]
        return side_may_go_out(cans, self.rules)

    # ----- candidate melds from hand ----------------------------------------------------------------

    def _naturals_of(self, rank: int, faces: dict[int, list[int]]) -> dict[int, list[int]]:
        return {f: ids for f, ids in faces.items() if FACE_RANK[f] == rank and NATURAL[ids[0]]}

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
                if NATURAL[ids[0]] and FACE_RANK[f] <= ACE - 2 and f + 1 in faces and f + 2 in faces:
                    yield RUN, (ids[0], faces[f + 1][0], faces[f + 2][0])
        if self.rules.wild_melds:
            for trio in _multisets(wilds, 3):
                yield WILD_MELD, trio

    # ----- the two phases ---------------------------------------------------------------------------

    def draw_phase(self) -> list[Action]:
        actions: list[Action] = [DrawStock()]
        s = self.s
        if top_refusal(s.pile):
            return actions
        top = s.pile[-1]
        rest_to_hand = sum(1 for c in s.pile[:-1] if not RED_THREE[c])
        # The top card onto a run (unless the house never takes it alone).
        for m in (self.melds if self.rules.take_top else ()):
            if extends_run(m, top, self.rules):
                grown = Meld(m.id, m.kind, m.key, m.cards + (top,))
                if self._left_ok(self.n, self._qualifies_with(grown)):
                    actions.append(TakeTop(m.id))
        # The top card alone onto the side's meld of its rank, taking the pile (a house rule of Standard).
        onto = self._rank_meld(RANK[top])
        if onto is not None and self.rules.top_onto_meld(s.pile_freeze(self.side)):
            grown = Meld(onto.id, onto.kind, onto.key, onto.cards + (top,))
            if self._left_ok(self.n + rest_to_hand, self._qualifies_with(grown)):
                actions.append(TakePile((), onto=onto.id))
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
        for cards, extra in pile_first_melds(self.hand, top, self.rules, need, self.work):
            left = self.n - len(cards) - sum(len(m) for m in extra) + rest_to_hand
            # Whether the new melds let the side go out only matters when the take leaves a card or none.
            if left > 1 or self._left_ok(left, self._qualifies_with(added=[(RANK_MELD, cards + (top,))] + [
                    (self._kind(m), m) for m in extra])):
                actions.append(TakePile(cards, extra))
        return actions

    def _melded_pile_takes(self, top: int, nat: dict[int, list[int]]) -> list[tuple[int, ...]]:
        """Two cards from hand that take the pile for a side that has melded: a natural pair, or where
        the pile is not frozen for the side (Standard Canasta), a natural and a wild card; Standard puts
        them onto the side's meld of that rank, so that meld must take them."""
        takes = list(_multisets(nat, 2))
        if not self.rules.pair_must_be_natural(self.s.pile_freeze(self.side)):
            takes += [(ids[0], w[0]) for ids in nat.values() for w in self._wild_faces(self.faces).values()]
        onto = self._rank_meld(RANK[top])
        base_n, base_w = (onto.naturals(), onto.wilds()) if onto else (0, 0)
        return [t for t in takes if self.rules.wilds_fit(base_n + 1 + sum(1 for c in t if not WILD[c]),
                                                         base_w + sum(1 for c in t if WILD[c]))]

    def _rank_meld(self, rank: int) -> Meld | None:
        """Standard Canasta: the side's one meld of this rank, if it has one (None where a side may have several)."""
        return meld_of_rank(self.melds, rank) if self.rules.one_meld_per_rank else None

    def _grown_by_pile(self, top: int, cards: tuple[int, ...]) -> tuple[Meld | None, list[tuple[str, tuple[int, ...]]]]:
        """The meld a pile taken with these cards grows (Standard Canasta), or the new meld it starts."""
        if self.rules.one_meld_per_rank:
            for m in self.melds:
                if m.kind == RANK_MELD and m.key == RANK[top]:
                    return Meld(m.id, m.kind, m.key, m.cards + cards + (top,)), []
        return None, [(RANK_MELD, cards + (top,))]

    @staticmethod
    def _kind(cards: tuple[int, ...]) -> str:
        if all(WILD[c] for c in cards):
            return WILD_MELD
        nat = {RANK[c] for c in cards if not WILD[c]}
        return RANK_MELD if len(nat) == 1 else RUN

    def meld_phase(self) -> list[Action]:
        actions: list[Action] = []
        s = self.s
        need = 0 if self.melds else s.min_meld(self.side)
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
            work = self.work
            for combo in first_melds(self.hand, self.rules, need, work):
                used = sum(len(m) for m in combo)
                if used <= self.n - 2:  # one that goes out is among the go-outs below
                    actions.append(LayMelds(combo))
            if work.cut and not actions:
                # The search ran out of steps before it found one: the biggest melds, while they last.
                greedy = greedy_first_meld(self.hand, self.rules, need)
                if greedy is not None and sum(len(m) for m in greedy) <= self.n - 2:
                    actions.append(LayMelds(greedy))
        if self.rules.out_allowed(s.permission):
            # Whole going-out moves (module docstring: from a bigger hand of a side that has melded, steps
            # come first; combines go first as steps unless the hand holds one card; so too for a side
            # not yet melded whose hand is too big for a minimal first meld to go out).
            loose = self.n - sum(1 for c in self.hand if BLACK_THREE[c])
            if (loose <= WHOLE_OUT_HAND if self.melds
                    else self.n - 1 <= most_cards_of_a_minimal_first_meld(need)):
                seen = set(actions)
                for move in go_out_moves(self.hand, self.melds, self.rules, need, combines=self.n <= 1):
                    short = shorthand(move)
                    if short not in seen:
                        seen.add(short)
                        actions.append(short)
        if ask(s, self.ask_work) is None:
            actions.append(AskPartner())
        if discard_refusal(self.n - 1, self.melds, self.rules, s.permission) is None:
            actions += [Discard(ids[0]) for ids in self.faces.values()]
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
                fits = BLACK_THREE[c] and black_threes_allowed(self.n - 1, self.qualifies, rules, self.s.permission)
            if fits:
                grown = Meld(m.id, m.kind, m.key, m.cards + (c,))
                if self._left_ok(self.n - 1, self._qualifies_with(grown)):
                    out.append(AddToMeld(m.id, (c,)))
        return out

    def _combinable(self, a: Meld, b: Meld) -> bool:
        wilds = a.wilds() + b.wilds()
        nat = a.size + b.size - wilds
        return self.rules.wilds_fit(nat, wilds)


def shorthand(move: MeldMove) -> Action:
    """A meld move as its shorthand when it has one: LayMelds, AddToMeld or Combine."""
    if move.new and not move.add and not move.combine:
        return LayMelds(move.new)
    if len(move.add) == 1 and not move.new and not move.combine:
        return AddToMeld(move.add[0][0], move.add[0][1])
    if len(move.combine) == 1 and not move.new and not move.add:
        return Combine(*move.combine[0])
    return move


def playable_cards(state: GameState, seat: int) -> frozenset[int]:
    """The cards of `seat`'s hand that some legal meld move of this turn lays (a new meld, an addition,
    a first meld reaching its minimum), by this list of legal moves, so the keep-two rule and the
    minimum are counted; none outside the seat's meld phase. The table outlines them when asked (the
    settings), the adviser offers them for a seat's view (game/ai/adviser.py)."""
    if state.phase != Phase.MELD or state.turn != seat:
        return frozenset()
    out: set[int] = set()
    for a in legal_actions(state):
        if isinstance(a, LayMelds):
            out.update(c for m in a.melds for c in m)
        elif isinstance(a, AddToMeld):
            out.update(a.cards)
        elif isinstance(a, MeldMove):
            out.update(c for m in a.new for c in m)
            out.update(c for _mid, cards in a.add for c in cards)
    return frozenset(out & set(state.hands[seat]))
