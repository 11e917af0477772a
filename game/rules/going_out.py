"""Can a hand be melded away this turn? Decides whether a player may ask "May I go out?" and
whether a player bound by a "yes" still can.

The exact answer comes from game/rules/out_solver.py, for every rule set; a quick necessary condition
spares it for the many hands that could never make the canastas going out needs this turn. The same
solver lists the going-out moves: the move generator's, and the computer players' (game/ai/plan.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from game.rules.actions import MeldMove
from game.rules.cards import ACE, BLACK_THREE, FACE, FACE_RANK, FACE_SUIT, WILD_FACE
from game.rules.melds import (
    ESCALERA,
    MIXED_CANASTA,
    RANK_MELD,
    RUN,
    WILD_MELD,
    Meld,
    Shape,
    shape_canasta,
    shape_of,
    side_may_go_out,
)
from game.rules.out_solver import OutSolver
from game.rules.ruleset import RuleSet
from game.rules.work import Work


def can_go_out(
    hand: list[int] | tuple[int, ...],
    side_melds: list[tuple[str, int, tuple[int, ...]]],
    rules: RuleSet,
    need: int = 0,
    work: Work | None = None,
) -> bool | None:
    """Whether the whole hand can be melded this turn, with or without one final discard, leaving the
    side with an escalera and another canasta. `need`: first-meld minimum still to reach (0 if melded).
    Exact at any hand size (game/rules/out_solver.py). `work`: a bound on the exact solver's positions
    (SOLVER_STEP_UNITS of work each), None when it did not tell within it (a long hand can take seconds):
    a move list's offer of "May I go out?", a computer player's going-out plans. A kept answer costs the
    positions it took to find, so the work spent, and what it leaves, depend on the position alone."""
    shapes = [s for s in (shape_of(kind, key, cards) for kind, key, cards in side_melds) if s is not None]
    rest = tuple(sorted(FACE[c] for c in hand if not BLACK_THREE[c]))
    if not _could_qualify(rest, shapes, rules):
        return False
    # The answer depends on the faces alone (two copies of a card are the same card to the rules); a face
    # fits in a byte, which keeps the stored positions small.
    melds = sorted((kind, k, bytes(sorted(FACE[c] for c in cards))) for kind, k, cards in side_melds)
    key = (bytes(sorted(FACE[c] for c in hand)), tuple(melds), rules, need)
    known = _ANSWERS.get(key)
    if known is None:
        # The melds in the key's order: the positions the solver works out then depend on the key alone.
        ordered = sorted(side_melds, key=lambda m: (m[0], m[1], sorted(FACE[c] for c in m[2])))
        solver = OutSolver(hand, [(i, kind, k, tuple(cards)) for i, (kind, k, cards) in enumerate(ordered)], rules,
                           need)
        answer = solver.possible(None if work is None else max(0, work.left) // SOLVER_STEP_UNITS)
        if answer is None:
            _charge(work, work.left if work is not None else 0, cut=True)
            return None
        if len(_ANSWERS) >= ANSWERS_KEPT:
            _ANSWERS.clear()
        known = _ANSWERS[key] = (answer, solver.steps)
    answer, steps = known
    if work is not None and steps * SOLVER_STEP_UNITS > work.left:
        _charge(work, work.left, cut=True)  # as the solver would have stopped within this work
        return None
    _charge(work, steps * SOLVER_STEP_UNITS)
    return answer


def _charge(work: Work | None, used: int, cut: bool = False) -> None:
    if work is not None:
        used = max(0, min(work.left, used))
        work.left -= used
        work.spent += used
        work.cut |= cut


# A position worked out by the exact solver costs about as much as this many steps of the first-meld
# search (game/rules/first_meld.py): a move list counts both in one Work.
SOLVER_STEP_UNITS = 16

# Answers of the exact solver by position. The same positions come again and again: under a partner's
# "yes" every move is checked by this question, by the player's own check and then by the engine, and a
# computer player's playouts meet the same hands in every world (three in four calls were repeats).
ANSWERS_KEPT = 4000  # a few megabytes at most
_ANSWERS: dict[tuple, tuple[bool, int]] = {}  # the answer and the positions it took


def go_out_moves(hand: list[int] | tuple[int, ...], side_melds: list[Meld] | tuple[Meld, ...], rules: RuleSet,
                 need: int = 0, combines: bool = True) -> list[MeldMove]:
    """Every meld move that goes out (leaving no card, or one to discard), one per outcome; `combines`:
    whether they may combine melds (out_solver.py says which combines are left out)."""
    return list(dict.fromkeys(iter_go_out_moves(hand, side_melds, rules, need, combines=combines)))


def iter_go_out_moves(hand: list[int] | tuple[int, ...], side_melds: list[Meld] | tuple[Meld, ...],
                      rules: RuleSet, need: int = 0, work: Work | None = None,
                      combines: bool = True) -> Iterator[MeldMove]:
    """The going-out meld moves one by one, in go_out_moves' order (a move may come more than once); with
    `work`, those found within it (SOLVER_STEP_UNITS a position worked out: a long hand has a great many,
    and a computer player weighs a few)."""
    shapes = [s for s in (shape_of(m.kind, m.key, m.cards) for m in side_melds) if s is not None]
    rest = tuple(sorted(FACE[c] for c in hand if not BLACK_THREE[c]))
    if not _could_qualify(rest, shapes, rules):
        return
    solver = OutSolver(hand, [(m.id, m.kind, m.key, m.cards) for m in side_melds], rules, need, combines=combines)
    steps = None if work is None else max(0, work.left) // SOLVER_STEP_UNITS
    try:
        yield from solver.iter_moves(steps)
    finally:
        _charge(work, solver.steps * SOLVER_STEP_UNITS, cut=steps is not None and solver.steps > steps)


def _could_qualify(hand: tuple[int, ...], shapes: list[Shape], rules: RuleSet) -> bool:
    """A quick necessary condition: could the side end this turn with the canastas going out needs?
    Most hands fail it at once, which spares the search."""
    made = [c for c in (shape_canasta(s, rules) for s in shapes) if c]
    if side_may_go_out(made, rules):
        return True
    faces = Counter(hand)
    wilds = sum(n for f, n in faces.items() if WILD_FACE[f])
    escaleras = made.count(ESCALERA)
    for suit in range(4 if rules.runs else 0):
        # New escaleras of this suit: seven unbroken ranks, from the hand and the suit's open runs; at
        # most one per seven such cards (a second one in a suit that has one already counts too).
        open_runs = [sh for sh in shapes if sh[0] == RUN and sh[1] == suit and not shape_canasta(sh, rules)]
        covered = {FACE_RANK[f] for f in faces if FACE_SUIT[f] == suit and not WILD_FACE[f]}
        for sh in open_runs:
            covered.update(range(sh[2], sh[3] + 1))
        run = best = 0
        for r in range(4, ACE + 1):
            run = run + 1 if r in covered else 0
            best = max(best, run)
        if best >= rules.run_max:
            cards = sum(n for f, n in faces.items() if FACE_SUIT[f] == suit and not WILD_FACE[f])
            cards += sum(sh[3] - sh[2] + 1 for sh in open_runs)
            escaleras += max(1, cards // rules.run_max)
    if escaleras == 0 and rules.escalera_to_go_out:
        return False
    others = len(made) - made.count(ESCALERA)
    open_wild = sum(sh[1] for sh in shapes if sh[0] == WILD_MELD and not shape_canasta(sh, rules))
    if rules.wild_melds and wilds + open_wild >= rules.wild_meld_max:
        others += 1
    for r in range(4, ACE + 1):
        in_melds = sum(sh[2] + sh[3] for sh in shapes
                       if sh[0] == RANK_MELD and sh[1] == r and not shape_canasta(sh, rules))
        naturals = sum(n for f, n in faces.items() if FACE_RANK[f] == r and not WILD_FACE[f])
        if naturals + in_melds:
            # A rank may make more than one canasta (twelve kings and two 2s: a natural and a mixed one);
            # its cards over the canasta's size bound how many.
            others += (in_melds + naturals + wilds) // rules.canasta_size
    return rules.qualifies([ESCALERA] * escaleras + [MIXED_CANASTA] * others)
