"""The `turn` tool's move syntax, both ways: a move as JSON (`{"draw": "stock"}`, `{"discard": "7H"}`,
`{"meld": {"new": [[...]], "add": [[MELD, [...]]], "combine": [[MELD, INTO]]}}`, ...; README, "Headless
tools") read and checked for shape, turned into the engine's action in a state, and an action written
back. The `turn`, `advise` and `replay` tools, the table server and its clients all speak it through this
one module. Melds are written as their index in the acting side's list; cards as faces, resolved against
the hand only when the move is played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.i18n import _
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.cards import FACE, face_label, label, parse_face
from game.rules.errors import IllegalAction
from game.rules.state import GameState

MAX_MOVES = 10_000


class MoveSyntaxError(ValueError):
    """A move (or a position's field) that is not written as the syntax says: the message says what."""


@dataclass(frozen=True)
class Move:
    """A move as the file wrote it, checked for shape; cards are faces, resolved against the hand
    only when the move is played."""

    kind: str
    value: Any = None
    melds: tuple = ()
    onto: int | None = None  # a pile taken by its top card onto this meld (index in the side's list)


# ----- reading ------------------------------------------------------------------------------------


def read_int(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise MoveSyntaxError(_("{what} must be a whole number from {low} to {high}").format(
            what=what, low=low, high=high))
    return value


def read_list(value: object, what: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise MoveSyntaxError(_("{what} must be a list").format(what=what))
    if length is not None and len(value) != length:
        raise MoveSyntaxError(_("{what} must have {n} entries, one per {per}").format(
            what=what, n=length, per=_("seat") if "hands" in what or "melded_before" in what else _("side")))
    return value


def read_faces(value: object, what: str) -> list[int]:
    cards = read_list(value, what)
    out = []
    for t in cards:
        if not isinstance(t, str):
            raise MoveSyntaxError(_("{what}: a card is written as text, like \"7H\"").format(what=what))
        try:
            out.append(parse_face(t))
        except ValueError as why:
            raise MoveSyntaxError(f"{what}: {why}") from None
    return out


def read_card(value: object, what: str) -> int:
    if not isinstance(value, str):
        raise MoveSyntaxError(_("{what}: a card is written as text, like \"7H\"").format(what=what))
    try:
        return parse_face(value)
    except ValueError as why:
        raise MoveSyntaxError(f"{what}: {why}") from None


def parse_move(m: object, i: int) -> Move:
    """Move number `i` (from 0) as written, checked for shape; MoveSyntaxError saying what is wrong."""
    what = _("move {i}").format(i=i + 1)
    if not isinstance(m, dict) or not m:
        raise MoveSyntaxError(_("{what} must be an object such as {{\"discard\": \"7H\"}}").format(what=what))
    keys = set(m)
    if keys == {"draw"}:
        if m["draw"] != "stock":
            raise MoveSyntaxError(_("{what}: \"draw\" takes \"stock\"").format(what=what))
        return Move("draw")
    if keys <= {"take_pile", "melds", "onto"} and "take_pile" in keys:
        cards = read_faces(m["take_pile"], what)
        melds = tuple(tuple(read_faces(x, what)) for x in read_list(m.get("melds", []), what))
        onto = read_int(m["onto"], what, 0, MAX_MOVES) if "onto" in keys else None
        return Move("take_pile", tuple(cards), melds, onto)
    if keys == {"take_top"}:
        return Move("take_top", read_int(m["take_top"], what, 0, MAX_MOVES))
    if keys == {"meld"}:
        body = m["meld"]
        if not isinstance(body, dict) or not set(body) <= {"new", "add", "combine"}:
            raise MoveSyntaxError(_("{what}: \"meld\" takes an object with \"new\" and \"add\"").format(what=what))
        new = tuple(tuple(read_faces(x, what)) for x in read_list(body.get("new", []), what))
        adds = []
        for a in read_list(body.get("add", []), what):
            if not isinstance(a, list) or len(a) != 2:
                raise MoveSyntaxError(_("{what}: each addition is [MELD, [cards]]").format(what=what))
            adds.append((read_int(a[0], what, 0, MAX_MOVES), tuple(read_faces(a[1], what))))
        combines = []
        for c in read_list(body.get("combine", []), what):
            if not isinstance(c, list) or len(c) != 2:
                raise MoveSyntaxError(_("{what}: each combine is [MELD, INTO]").format(what=what))
            combines.append((read_int(c[0], what, 0, MAX_MOVES), read_int(c[1], what, 0, MAX_MOVES)))
        return Move("meld", (new, tuple(adds), tuple(combines)))
    if keys == {"combine"}:
        pair = m["combine"]
        if not isinstance(pair, list) or len(pair) != 2:
            raise MoveSyntaxError(_("{what}: \"combine\" takes [MELD, INTO]").format(what=what))
        return Move("combine", (read_int(pair[0], what, 0, MAX_MOVES), read_int(pair[1], what, 0, MAX_MOVES)))
    if keys == {"discard"}:
        return Move("discard", read_card(m["discard"], what))
    if keys == {"ask"}:
        if m["ask"] is not True:
            raise MoveSyntaxError(_("{what}: \"ask\" takes true").format(what=what))
        return Move("ask")
    if keys == {"answer"}:
        if not isinstance(m["answer"], bool):
            raise MoveSyntaxError(_("{what}: \"answer\" takes true or false").format(what=what))
        return Move("answer", m["answer"])
    raise MoveSyntaxError(_("{what}: unknown move {keys}").format(what=what, keys=", ".join(sorted(map(str, keys)))))


# ----- playing ------------------------------------------------------------------------------------


def _from_hand(s: GameState, faces: list[int] | tuple[int, ...], taken: set[int]) -> tuple[int, ...]:
    """Distinct cards of these faces from the hand of the player to act (not already in `taken`)."""
    out = []
    hand = s.hands[s.turn]
    for f in faces:
        c = next((c for c in hand if FACE[c] == f and c not in taken), None)
        if c is None:
            raise IllegalAction(_("{card} is not in your hand.").format(card=face_label(f)))
        taken.add(c)
        out.append(c)
    return tuple(out)


def _meld_id(s: GameState, index: int) -> int:
    side = s.melds[s.side_of(s.turn)]
    if not 0 <= index < len(side):
        raise IllegalAction(_("That meld is not one of your side's melds."))
    return side[index].id


def to_action(s: GameState, move: Move) -> Action:
    """The engine action for a move in this state; IllegalAction when its cards or melds are not there."""
    taken: set[int] = set()
    if move.kind == "draw":
        return DrawStock()
    if move.kind == "take_pile":
        cards = _from_hand(s, move.value, taken)
        onto = None if move.onto is None else _meld_id(s, move.onto)
        return TakePile(cards, tuple(_from_hand(s, m, taken) for m in move.melds), onto)
    if move.kind == "take_top":
        return TakeTop(_meld_id(s, move.value))
    if move.kind == "meld":
        new, adds, combines = move.value
        return MeldMove(tuple(_from_hand(s, m, taken) for m in new),
                        tuple((_meld_id(s, i), _from_hand(s, cards, taken)) for i, cards in adds),
                        tuple((_meld_id(s, a), _meld_id(s, b)) for a, b in combines))
    if move.kind == "combine":
        return Combine(_meld_id(s, move.value[0]), _meld_id(s, move.value[1]))
    if move.kind == "discard":
        return Discard(_from_hand(s, (move.value,), taken)[0])
    if move.kind == "ask":
        return AskPartner()
    return Answer(bool(move.value))


# ----- writing ------------------------------------------------------------------------------------


def _labels(cards: tuple[int, ...]) -> list[str]:
    return [label(c) for c in cards]


def to_move(state: GameState, action: Action) -> dict:
    """An engine action as `turn` writes it, in the state it is played from."""
    ids = [m.id for m in state.melds[state.side_of(state.turn)]]

    def at(meld_id: int) -> int:
        return ids.index(meld_id) if meld_id in ids else meld_id  # not the side's: the engine says why

    match action:
        case DrawStock():
            return {"draw": "stock"}
        case TakePile(cards=cards, melds=melds, onto=onto):
            move: dict = {"take_pile": _labels(cards)}
            if melds:
                move["melds"] = [_labels(m) for m in melds]
            if onto is not None:
                move["onto"] = at(onto)
            return move
        case TakeTop(meld=m):
            return {"take_top": at(m)}
        case Combine(meld=a, into=b):
            return {"combine": [at(a), at(b)]}
        case Discard(card=c):
            return {"discard": label(c)}
        case AskPartner():
            return {"ask": True}
        case Answer(yes=yes):
            return {"answer": yes}
        case LayMelds(melds=melds):
            action = MeldMove(new=melds)
        case AddToMeld(meld=m, cards=cards):
            action = MeldMove(add=((m, cards),))
    assert isinstance(action, MeldMove)
    body: dict = {"new": [_labels(m) for m in action.new], "add": [[at(m), _labels(c)] for m, c in action.add]}
    if action.combine:
        body["combine"] = [[at(a), at(b)] for a, b in action.combine]
    return {"meld": body}
