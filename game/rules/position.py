"""Building a position: the one way code outside the engine makes a GameState that is not the start of a game.

`new_position` takes every fact of a position (the rule set, the seats' hands, the melds, the red threes, the
pile, the stock, the scores, whose turn and phase, who has melded) and returns a GameState the engine can
play on; what is left out takes the value a game would have (no cards seen, nobody asked, the turn started
as the engine starts one). `changed` is a copy of a state with some facts replaced, as
`dataclasses.replace` is for a dataclass.

Nothing here checks that the position could be reached in a game: saves are checked by
game/rules/validate.py (`state_from_json`, which reads them with `GameState.from_json`), and
`GameState.check` lists what is wrong with any state.
A meld given as its cards is classified here (IllegalAction, a ValueError, when they are no meld).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.melds import Meld, classify, order_cards
from game.rules.ruleset import BOLIVIA, RuleSet
from game.rules.state import GameState, Phase

# Every fact of a position, as `new_position` takes it and `changed` carries it over.
FIELDS = ("seed", "target", "hand_no", "first_dealer", "scores", "results", "winner", "end_reason", "phase",
          "turn", "hands", "melds", "red_threes", "pile", "stock", "known", "pile_takes", "next_meld_id",
          "melded_by", "melded_at_turn_start", "player_melded_at_turn_start", "asked", "permission")


def new_position(
    players: int = 4,
    rules: RuleSet = BOLIVIA,
    *,
    seed: int = 0,
    target: int | None = None,
    hand_no: int = 1,
    dealer: int | None = None,
    first_dealer: int | None = None,
    scores: Sequence[int] | None = None,
    results: Sequence[dict] = (),
    winner: int | None = None,
    end_reason: str | None = None,
    phase: Phase | str = Phase.DRAW,
    turn: int = 0,
    hands: Sequence[Sequence[int]] | None = None,
    melds: Sequence[Sequence[Meld | Sequence[int]]] | None = None,
    red_threes: Sequence[Sequence[int]] | None = None,
    pile: Sequence[int] = (),
    stock: Sequence[int] = (),
    known: Sequence[Sequence[int]] | None = None,
    pile_takes: Sequence[tuple[int, int]] = (),
    next_meld_id: int | None = None,
    melded_by: Sequence[bool] | None = None,
    melded_at_turn_start: bool | None = None,
    player_melded_at_turn_start: bool | None = None,
    asked: bool = False,
    permission: bool | None = None,
) -> GameState:
    """A position of a game of `players` seats under `rules` (see the module's docstring).

    hands, known: per seat (known: the faces seen going into the hand). melds, red_threes, scores: per side;
    a meld is a Meld, or its cards (classified and numbered after the Melds given, in order). pile: bottom
    first; stock: the last card is drawn first. dealer: the seat that dealt hand `hand_no` (or first_dealer,
    the seat that dealt the first hand; neither: the seed's first dealer). results: the hands played, as
    `GameState.results` holds them. melded_by: per seat, has melded this hand (default: its side has melds).
    The turn's facts (melded at its start, asked, the partner's answer) default to a turn just started."""
    s = GameState(players, seed, rules, target)
    if dealer is not None and first_dealer is not None:
        raise ValueError("a position takes the dealer or the first dealer, not both")
    if dealer is not None:
        first_dealer = (dealer - max(hand_no - 1, 0)) % players
    if first_dealer is not None:
        if not 0 <= first_dealer < players:
            raise ValueError("the dealer is not a seat of this game")
        s.first_dealer = first_dealer
    if not 0 <= turn < players:
        raise ValueError("the turn is not a seat of this game")
    sides = s.sides
    s.hand_no = hand_no
    s.scores = _per(scores, sides, "scores", 0)
    s.results = [dict(r) for r in results]
    s.winner, s.end_reason = winner, end_reason
    s.phase = Phase(phase)
    s.turn = turn
    s.hands = [list(h) for h in _per(hands, players, "hands", ())]
    s.red_threes = [list(r) for r in _per(red_threes, sides, "red_threes", ())]
    s.pile, s.stock = list(pile), list(stock)
    s.known = [list(k) for k in _per(known, players, "known", ())]
    s.pile_takes = [(seat, rank) for seat, rank in pile_takes]
    given = [m.id for side in (melds or ()) for m in side if isinstance(m, Meld)]
    number = max(given, default=0) + 1
    s.melds = []
    for side in _per(melds, sides, "melds", ()):
        row = []
        for m in side:
            if not isinstance(m, Meld):
                shape = classify(m, s.rules)
                m = Meld(number, shape.kind, shape.key, order_cards(shape.kind, m))
                number += 1
            row.append(m)
        s.melds.append(row)
    s.next_meld_id = number if next_meld_id is None else next_meld_id
    s.melded_by = ([bool(s.melds[s.side_of(p)]) for p in range(players)] if melded_by is None
                   else _per(melded_by, players, "melded_by", False))
    s.melded_at_turn_start = s.has_melded(s.side_of(turn)) if melded_at_turn_start is None else melded_at_turn_start
    s.player_melded_at_turn_start = (s.melded_by[turn] if player_melded_at_turn_start is None
                                     else player_melded_at_turn_start)
    s.asked, s.permission = asked, permission
    return s


def sides_of(players: int) -> int:
    """The number of sides at a table of `players` (GameState.sides): partners at four."""
    return 2 if players == 4 else players


def changed(state: GameState, *, start_turn: bool = False, **facts) -> GameState:
    """A copy of the state with these facts (`new_position`'s names) replaced; every other fact stays as it
    was (but new melds are numbered after the melds given), and the turn's facts too unless `start_turn`:
    then they are those of the turn just started, as `new_position` gives them."""
    unknown = set(facts) - set(FIELDS)
    if unknown:
        raise TypeError(f"not a fact of a position: {', '.join(sorted(unknown))}")
    now = {name: getattr(state, name) for name in FIELDS}
    if "melds" in facts and "next_meld_id" not in facts:
        del now["next_meld_id"]  # numbered after the melds given
    if start_turn:
        now.update(melded_at_turn_start=None, player_melded_at_turn_start=None, asked=False, permission=None)
    return new_position(state.players, state.rules, **{**now, **facts})


def _per(values: Sequence | None, count: int, name: str, empty) -> list:
    """One value per seat or side (`empty` for each when none is given)."""
    if values is None:
        return [empty] * count
    if len(values) != count:
        raise ValueError(f"{name}: {len(values)} given for {count}")
    return list(values)
