"""Moves a player can make: small frozen values whose repr can be pasted back."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Deal:
    """Deal the next hand: from `deck` when given (a replay, a deal played again: the whole deck in the
    order the deal takes it, from the end), else from the game's own shuffle."""

    deck: tuple[int, ...] | None = None


@dataclass(frozen=True)
class DrawStock:
    """Draw from the stock; with the stock empty, end the hand."""


@dataclass(frozen=True)
class TakePile:
    """Take the pile: `cards` from hand start a new meld with the top card; `melds` are more melds
    laid from the hand held before the pickup (for a first meld that needs them). `onto`: where the
    house allows it (Standard's take_onto_meld), the top card alone goes onto this meld of the side,
    with no cards from hand."""

    cards: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...] = ()
    onto: int | None = None


@dataclass(frozen=True)
class TakeTop:
    """Take only the top card of the pile onto one of the side's runs."""

    meld: int


@dataclass(frozen=True)
class LayMelds:
    """Lay one or more new melds from hand (a first meld may need several at once)."""

    melds: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class AddToMeld:
    meld: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Combine:
    """Put one of the side's rank melds into another of the same rank."""

    meld: int
    into: int


@dataclass(frozen=True)
class MeldMove:
    """One meld move, judged as a whole on the table and hand it leaves: `new` melds from hand,
    cards added to the side's melds (`add`: (meld id, cards)), and `combine`: (meld, into) pairs of
    the side's rank melds. LayMelds, AddToMeld and Combine are shorthands of it."""

    new: tuple[tuple[int, ...], ...] = ()
    add: tuple[tuple[int, tuple[int, ...]], ...] = ()
    combine: tuple[tuple[int, int], ...] = ()


def meld_move_of(action: LayMelds | AddToMeld | Combine | MeldMove) -> MeldMove:
    """The one meld move a shorthand stands for."""
    if isinstance(action, LayMelds):
        return MeldMove(new=action.melds)
    if isinstance(action, AddToMeld):
        return MeldMove(add=((action.meld, action.cards),))
    if isinstance(action, Combine):
        return MeldMove(combine=((action.meld, action.into),))
    return action


@dataclass(frozen=True)
class Discard:
    card: int


@dataclass(frozen=True)
class AskPartner:
    """Four players: "May I go out?" Asked after drawing, by a player able to go out."""


@dataclass(frozen=True)
class Answer:
    yes: bool


Action = (Deal | DrawStock | TakePile | TakeTop | LayMelds | AddToMeld | Combine | MeldMove | Discard | AskPartner
          | Answer)

_ACTIONS = {cls.__name__: cls for cls in (Deal, DrawStock, TakePile, TakeTop, LayMelds, AddToMeld, Combine,
                                          MeldMove, Discard, AskPartner, Answer)}


def action_to_json(action: Action) -> dict:
    if isinstance(action, MeldMove):
        return {"type": "MeldMove", "new": [list(m) for m in action.new],
                "add": [[mid, list(cards)] for mid, cards in action.add], "combine": [list(p) for p in action.combine]}
    d: dict = {"type": type(action).__name__}
    for name, val in vars(action).items():
        if name in ("deck", "onto") and val is None:
            continue  # a plain deal stays {"type": "Deal"}, a pile taken with cards as it always was
        d[name] = [list(v) for v in val] if name == "melds" else (list(val) if isinstance(val, tuple) else val)
    return d


def action_from_json(d: dict) -> Action:
    cls = _ACTIONS[d["type"]]
    if cls is MeldMove:
        return MeldMove(tuple(tuple(int(c) for c in m) for m in d.get("new", ())),
                        tuple((int(mid), tuple(int(c) for c in cards)) for mid, cards in d.get("add", ())),
                        tuple((int(a), int(b)) for a, b in d.get("combine", ())))
    kwargs = {}
    for name, val in d.items():
        if name == "type":
            continue
        if name == "melds":
            val = tuple(tuple(int(c) for c in m) for m in val)
        elif name in ("cards", "deck"):
            val = tuple(int(c) for c in val)
        kwargs[name] = val
    return cls(**kwargs)
