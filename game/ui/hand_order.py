"""The player's hand as a person holds it: sorted in the chosen order, steady under the pointer, and
with the keyboard focus on a card rather than on a place. No pygame: plain ids and rects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.cards import RANK, SUIT, WILD
from game.ui.layout import Rect

SORT_ORDERS = ("rank", "suit")


def sort_key(order: str) -> Callable[[int], tuple]:
    """Hand order: by rank (wild cards and threes at the right) or by suit then rank."""
    def by_rank(c: int) -> tuple:
        return (WILD[c], RANK[c] == 3, RANK[c], SUIT[c], c)

    def by_suit(c: int) -> tuple:
        return (WILD[c], RANK[c] == 3, SUIT[c], RANK[c], c)

    return by_suit if order == "suit" else by_rank


def pinned_rects(hand: Sequence[int], pins: dict[int, Rect] | None) -> list[Rect] | None:
    """The rects the hand's cards held before, when the hand only lost cards since (a meld, a
    discard): each remaining card keeps its place, so the card under the pointer stays the same.
    None when a card is new or the order changed: then the hand is laid out afresh."""
    if not pins or not hand or any(c not in pins for c in hand):
        return None
    rects = [pins[c] for c in hand]
    # Same rows, left to right as before: a re-sorted hand must not be pinned in its old places.
    if any((b[1], b[0]) < (a[1], a[0]) for a, b in zip(rects, rects[1:], strict=False)):
        return None
    return rects


def follow_focus(card: int | None, before: Sequence[int], after: Sequence[int]) -> int | None:
    """The card the keyboard focus rests on after the hand changed from `before` to `after`: the same
    card if it is still there, else its nearest neighbour that is (the right one first, as when a card
    is pulled out of a hand of cards), never a card at the other end."""
    if not after:
        return None
    if card in after:
        return card
    if card is None or card not in before:
        return after[0]
    i = before.index(card)
    for step in range(1, len(before)):
        for j in (i + step, i - step):
            if 0 <= j < len(before) and before[j] in after:
                return before[j]
    return after[0]


def arranged(hand: list[int], custom: Sequence[int] | None) -> list[int]:
    """The sorted hand in the player's own order, when they set one by dragging: the cards they placed
    in that order, any card come since (drawn, taken) after them, in the sort order."""
    if not custom:
        return hand
    held = set(hand)
    placed = [c for c in custom if c in held]
    seen = set(placed)
    return placed + [c for c in hand if c not in seen]


def moved(order: Sequence[int], cards: Sequence[int], before: int | None) -> list[int]:
    """`order` with `cards` taken out and put back, in their order, just before the card `before` (None:
    at the end)."""
    taking = set(cards)
    rest = [c for c in order if c not in taking]
    at = rest.index(before) if before in rest else len(rest)
    return rest[:at] + [c for c in cards if c in order] + rest[at:]
