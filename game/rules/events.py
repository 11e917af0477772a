"""What happened, as `apply` reports it: the table animates these, the log describes them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class HandDealt:
    hand_no: int
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]  # the turned-up cards, bottom first
    stock: int


@dataclass(frozen=True)
class RedThreeLaid:
    seat: int
    card: int
    replacement: int | None  # drawn from the stock in its place, or None (from the pile, or stock empty)


@dataclass(frozen=True)
class CardsDrawn:
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class PileTaken:
    seat: int
    meld: int
    top: int
    meld_cards: tuple[int, ...]  # from hand, joining the top card in the new meld
    to_hand: tuple[int, ...]  # the rest of the pile (red threes among them are laid out)


@dataclass(frozen=True)
class TopTaken:
    seat: int
    card: int
    meld: int


@dataclass(frozen=True)
class Melded:
    seat: int
    meld: int
    kind: str
    cards: tuple[int, ...]


@dataclass(frozen=True)
class AddedToMeld:
    seat: int
    meld: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class MeldsCombined:
    seat: int
    meld: int
    into: int


@dataclass(frozen=True)
class CanastaMade:
    side: int
    meld: int
    canasta: str


@dataclass(frozen=True)
class Discarded:
    seat: int
    card: int


@dataclass(frozen=True)
class PartnerAsked:
    seat: int


@dataclass(frozen=True)
class PartnerAnswered:
    seat: int
    yes: bool


@dataclass(frozen=True)
class TurnStarted:
    seat: int


@dataclass(frozen=True)
class WentOut:
    seat: int
    concealed: bool


@dataclass(frozen=True)
class StockExhausted:
    seat: int


@dataclass(frozen=True)
class HandEnded:
    hand_no: int
    scores: tuple[dict, ...]  # per side: the SideScore lines
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameEnded:
    winner: int | None  # side, or None for a draw
    totals: tuple[int, ...]
    reason: str = field(default="target")  # "target" or "hand_limit"


Event = (HandDealt | RedThreeLaid | CardsDrawn | PileTaken | TopTaken | Melded | AddedToMeld | MeldsCombined
         | CanastaMade | Discarded | PartnerAsked | PartnerAnswered | TurnStarted | WentOut | StockExhausted
         | HandEnded | GameEnded)
