"""A lesson's prepared position: the cards written as text, set up as a real GameState of the engine
(as `python -m game turn` sets up a position: every face its own physical card, the cards not placed
in the stock below the ones listed). Pure: no pygame, no clock, no I/O; the fill is seeded."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.rules.cards import FACE, RED_THREE, deck_ids, ids_for_faces, parse_face
from game.rules.position import new_position, sides_of
from game.rules.ruleset import RULESETS
from game.rules.scoring import SideScore
from game.rules.state import GameState, Phase

OTHER_HAND = 11  # cards held by a seat whose hand the lesson does not name


def faces(text: str) -> list[int]:
    """"KH KS JK" as faces; a lesson's text is ours, so a typo is a bug that raises ValueError."""
    return [parse_face(t) for t in text.split()]


@dataclass(frozen=True)
class Setup:
    """A position, the player at seat 0. `hands[0]` is the player's hand; a seat left out, or given
    as a number, holds that many cards filled from the deck (never red threes). `melds` and
    `red_threes` are per side; `pile` is bottom to top; `stock` lists the top of the stock, first
    drawn first. `phase` "meld": the player has drawn already."""

    game: str = "bolivia"
    players: int = 4
    phase: str = "draw"
    hands: tuple[str | int, ...] = ("",)
    melds: tuple[tuple[str, ...], ...] = ()
    red_threes: tuple[str, ...] = ()
    pile: str = "5C 9D"  # a pile that plays no part, unless the lesson says otherwise
    stock: str = ""
    scores: tuple[int, ...] = ()
    turn: int = 0
    seed: int = field(default=0)  # the fill of the hands not named and of the stock


def build(setup: Setup) -> GameState:
    """The GameState of a setup; ValueError when it describes no possible position."""
    rules = RULESETS[setup.game]
    sides = sides_of(setup.players)
    named = [setup.hands[i] if i < len(setup.hands) else OTHER_HAND for i in range(setup.players)]
    hand_faces = [faces(h) if isinstance(h, str) else [] for h in named]
    meld_faces = [[faces(m) for m in (setup.melds[side] if side < len(setup.melds) else ())] for side in range(sides)]
    red_faces = [faces(setup.red_threes[side]) if side < len(setup.red_threes) else [] for side in range(sides)]
    groups = hand_faces + [m for side in meld_faces for m in side] + red_faces + [faces(setup.pile),
                                                                                  faces(setup.stock)]
    ids = iter(ids_for_faces([f for g in groups for f in g], rules.packs, rules.jokers))
    placed = [[next(ids) for _f in g] for g in groups]
    used = {c for g in placed for c in g}
    rest = [c for c in deck_ids(rules.packs, rules.jokers) if c not in used]
    random.Random(f"lesson:{setup.seed}").shuffle(rest)
    hands = placed[:setup.players]
    for seat, h in enumerate(named):
        if isinstance(h, int):  # filled from the deck, red threes left in the stock
            for c in [c for c in rest if not RED_THREE[c]][:h]:
                rest.remove(c)
                hands[seat].append(c)
    k = setup.players
    melds = []
    for side in range(sides):
        melds.append(placed[k:k + len(meld_faces[side])])
        k += len(meld_faces[side])
    red_threes = placed[k:k + sides]
    if not all(RED_THREE[c] for r in red_threes for c in r):
        raise ValueError("only red threes are laid out beside the melds")
    pile, stock = placed[-2], placed[-1]
    if any(RED_THREE[c] for h in hands for c in h):
        raise ValueError("a red three is never held: it is laid out at once")
    # The scores come from an earlier hand, kept as one line a side (the score sheet shows it).
    results = [{"hand": 1, "out": None, "concealed": False, "totals": list(setup.scores),
                "scores": [SideScore(x, 0, 0, 0, 0, x).to_json() for x in setup.scores]}] if setup.scores else []
    # A lesson's meld that is none raises IllegalAction, a ValueError.
    s = new_position(setup.players, rules, hand_no=2 if setup.scores else 1,
                     first_dealer=(setup.turn - 1) % setup.players,  # the player to act sits left of the dealer
                     scores=list(setup.scores) or None, results=results, turn=setup.turn,
                     phase=Phase.DRAW if setup.phase == "draw" else Phase.MELD, hands=hands, melds=melds,
                     red_threes=red_threes, pile=pile, stock=rest + stock[::-1])  # drawn from the end of the list
    problems = s.check()
    if problems:
        raise ValueError("; ".join(problems))
    return s


def pick(hand: list[int], text: str) -> tuple[int, ...]:
    """Distinct cards of these faces from a hand; ValueError when one is not there."""
    out: list[int] = []
    for f in faces(text):
        c = next((c for c in hand if FACE[c] == f and c not in out), None)
        if c is None:
            raise ValueError(f"no {text} in hand")
        out.append(c)
    return tuple(out)
