"""Where every card belongs on the table for a given state: its home.

The table scene compares each card's home with where its sprite is and sends it flying there,
so any change of the rules state (a deal, a pile taken, a meld combined) animates by itself.
No pygame here: plain numbers, so the layout of a whole table can be tested headless.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules.cards import RANK, WILD
from game.rules.melds import BLACK_THREES, Meld, order_cards
from game.rules.state import GameState
from game.ui.hand_order import arranged, pinned_rects, sort_key
from game.ui.layout import (
    PILE_EDGE,
    Rect,
    TableLayout,
    card_height,
    layout_back_fan,
    layout_hand,
    layout_melds,
)

__all__ = ["Homes", "Spot", "compute_homes", "sort_key"]

LIFT = 0.22  # a selected hand card rises by this share of its height


@dataclass(slots=True)
class Spot:
    x: float
    y: float
    w: int
    face_up: bool
    z: float
    rotated: bool = False  # a back drawn on its side (left and right seats)


@dataclass
class Homes:
    spots: dict[int, Spot] = field(default_factory=dict)
    hand: list[int] = field(default_factory=list)  # the player's cards in display order
    hand_rects: dict[int, Rect] = field(default_factory=dict)
    meld_rects: dict[int, Rect] = field(default_factory=dict)  # meld id -> bounding rect (own and others)
    meld_side: dict[int, int] = field(default_factory=dict)
    staged_rects: list[Rect] = field(default_factory=list)
    red_three_rects: dict[int, Rect] = field(default_factory=dict)  # side -> area
    new_meld_zone: Rect = (0, 0, 0, 0)  # where a drop lays a new meld
    hand_card_w: int = 0
    hand_base: dict[int, Rect] = field(default_factory=dict)  # hand cards' places before any lift: the pins
    meld_card_w: dict[int, int] = field(default_factory=dict)  # side -> width of its meld cards now
    staged_on_melds: dict[int, Rect] = field(default_factory=dict)  # a staged addition's card -> its place


def _meld_z(y: float, x: float) -> float:
    """Meld cards stack by row, then left to right, so a lower row always covers the one above."""
    return 1_000_000 + y * 10_000 + x * 10


def _bounds(rects: list[Rect]) -> Rect:
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    return (x0, y0, x1 - x0, y1 - y0)


def compute_homes(state: GameState, layout: TableLayout, seat: int = 0, sort_mode: str = "rank",
                  staged: Sequence[Sequence[int]] | None = None, selected: set[int] | None = None,
                  pins: dict[int, Rect] | None = None, adds: dict[int, tuple[int, ...]] | None = None,
                  custom: Sequence[int] | None = None) -> Homes:
    """Every card's home. `staged`: the new melds set out for a meld move, shown in the player's meld
    area; `adds`: cards set out for the side's melds (meld id -> cards), shown on the meld they go onto,
    in its order; `pins`: the hand's places to keep (see `hand_order.pinned_rects`) while the pointer is on it;
    `custom`: the order the player dragged the hand into (see `hand_order.arranged`)."""
    staged = staged or []
    adds = adds or {}
    selected = selected or set()
    homes = Homes()
    spots = homes.spots
    z = 0
    # Stock and pile: stacked, the last card on top.
    sx, sy, sw, _sh = layout.stock
    for c in state.stock:
        spots[c] = Spot(sx, sy, sw, False, z)
        z += 1
    dx, dy, dw, _dh = layout.discard
    for c in state.pile:
        spots[c] = Spot(dx, dy, dw, True, z)
        z += 1
    # Melds of every side, with the red threes in a narrow column at the right of the area.
    staged_cards = {c for m in staged for c in m} | {c for cs in adds.values() for c in cs}
    for side in range(state.sides):
        area = layout.meld_rooms[side]
        own = side == state.side_of(seat)
        # A meld with staged cards is shown with them, in its own order (a canasta spread out again).
        melds = [m if not (own and m.id in adds) else
                 Meld(m.id, m.kind, m.key, order_cards(m.kind, m.cards + adds[m.id])) for m in state.melds[side]]
        # A canasta is squared up into one pile, as at a real table: one card wide, labelled.
        squared = [m.canasta(state.rules) is not None and not (own and m.id in adds) for m in melds]
        # Squared canastas go last, in the bottom row, which no other row ever covers.
        shapes = [("canasta" if sq else "threes" if m.kind == BLACK_THREES else m.kind, 1 if sq else m.size)
                  for m, sq in zip(melds, squared, strict=True)]
        extra = staged if side == state.side_of(seat) else []
        shapes += [("staged", len(m)) for m in extra]
        placed = layout_melds(area, shapes, layout.meld_card_w)
        homes.meld_card_w[side] = placed.card_w
        for i, m in enumerate(melds):
            rects = placed.melds[i]
            if squared[i]:
                x, y, w, h = rects[0]
                # Naturals on top of the pile; a few pixels of edge show it is a stack.
                pile = sorted(m.cards, key=lambda c: (not WILD[c], RANK[c]))
                for k, c in enumerate(pile):
                    off = (min(k, 3) * PILE_EDGE) // 3
                    spots[c] = Spot(x + off, y + off, w, True, _meld_z(y, x) + k)
            else:
                for k, (c, r) in enumerate(zip(m.cards, rects, strict=True)):
                    spots[c] = Spot(r[0], r[1], r[2], True, _meld_z(r[1], r[0]) + k)
                    if c in staged_cards:
                        homes.staged_on_melds[c] = r
            homes.meld_rects[m.id] = placed.boxes[i]
            homes.meld_side[m.id] = side
        for j, cards in enumerate(extra):
            rects = placed.melds[len(melds) + j]
            for k, (c, r) in enumerate(zip(cards, rects, strict=True)):
                spots[c] = Spot(r[0], r[1], r[2], True, _meld_z(r[1], r[0]) + k)
            homes.staged_rects.append(placed.boxes[len(melds) + j])
        if side == state.side_of(seat):
            homes.new_meld_zone = area
        tx, ty, _tw, th = layout.three_rooms[side]
        threes = state.red_threes[side]
        tw = layout.three_card_w
        room = th - card_height(tw)
        step = max(4, room // max(1, len(threes) - 1)) if len(threes) > 1 else 0
        step = min(step, card_height(tw) // 3)
        for k, c in enumerate(threes):
            spots[c] = Spot(tx, ty + k * step, tw, True, z)
            z += 1
        homes.red_three_rects[side] = layout.three_rooms[side]
    # The other players' hands: backs.
    for s in range(state.players):
        if s == seat or s not in layout.seat_fans:
            continue
        vertical = layout.seat_vertical[s]
        rects = layout_back_fan(layout.seat_fans[s], len(state.hands[s]), vertical)
        for c, r in zip(state.hands[s], rects, strict=True):
            w = r[3] if vertical else r[2]
            spots[c] = Spot(r[0], r[1], w, False, z, rotated=vertical)
            z += 1
    # The player's hand, sorted, selected cards lifted.
    hand = arranged(sorted((c for c in state.hands[seat] if c not in staged_cards), key=sort_key(sort_mode)), custom)
    rects = pinned_rects(hand, pins)
    if rects is None:
        hl = layout_hand(layout.hand, len(hand), layout.hand_card_w)
        rects, card_w = hl.rects, hl.card_w
    else:
        card_w = rects[0][2]
    homes.hand = hand
    homes.hand_card_w = card_w
    for c, r in zip(hand, rects, strict=True):
        homes.hand_base[c] = r
        lift = round(card_height(card_w) * LIFT) if c in selected else 0
        spots[c] = Spot(r[0], r[1] - lift, r[2], True, 1_000_000_000 + z)
        homes.hand_rects[c] = (r[0], r[1] - lift, r[2], r[3])
        z += 1
    return homes
