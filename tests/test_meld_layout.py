"""The meld areas: every meld of every side readable at any count a real hand reaches (issue 13).

No two melds overlap, every card's index strip shows, nothing lies on a side's label strip, its red
threes' column, or any other part of the table, at every window size from the minimum up.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.shell.window import MIN_SIZE
from game.ui.layout import (
    CARD_SCALES,
    PILE_EDGE,
    Rect,
    canasta_width,
    index_strip,
    inside,
    layout_melds,
    overlap_area,
    sort_melds,
    table_layout,
    width_rungs,
)

# A real meld: 3 to 6 cards fanned; 7 or more (up to 14: twelve naturals and two wild cards) is a
# canasta, squared up into one pile.
meld_sizes = st.integers(3, 14)
kinds = st.sampled_from(["run", "rank", "rank", "wild", "threes"])
sides_melds = st.lists(st.tuples(kinds, meld_sizes), min_size=1, max_size=16)
sizes = st.tuples(st.integers(MIN_SIZE[0], 2560), st.integers(MIN_SIZE[1], 1440))


def shapes(melds: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return [("canasta", 1) if n >= 7 else (kind, n) for kind, n in melds]


def table_parts(t) -> dict[str, Rect]:
    named = {"hand": t.hand, "stock": t.stock, "discard": t.discard, "status": t.status, "score": t.score,
             "controls": t.controls}
    if t.log[2]:
        named["log"] = t.log
    named |= {f"fan{s}": r for s, r in t.seat_fans.items()}
    return named


def check_side(t, side: int, melds: list[tuple[str, int]]) -> int:
    room = t.meld_rooms[side]
    lay = layout_melds(room, melds, t.meld_card_w)
    assert lay.fits, melds
    assert lay.card_w in width_rungs(t.meld_card_w, 16)
    sw, sh = index_strip(lay.card_w)
    boxes = lay.boxes
    for i, (kind, n) in enumerate(melds):
        cards = lay.melds[i]
        assert len(cards) == n
        box = boxes[i]
        assert inside(box, room), (box, room)
        for r in cards:
            assert inside(r, box)
        # Within a meld, each card's index strip is clear of the cards laid over it.
        for k, (x, y, _w, _h) in enumerate(cards):
            for later in cards[k + 1:]:
                assert overlap_area((x, y, sw, sh), later) == 0
        if kind == "canasta":
            assert box[2:] == (canasta_width(lay.card_w), lay.card_h + PILE_EDGE)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert overlap_area(a, b) == 0, (a, b)
        # Nothing of the table lies on a meld: not another side's area, not a label strip, not a panel.
        for name, r in table_parts(t).items():
            assert overlap_area(a, r) == 0, (name, a, r)
        for other, r in t.meld_areas.items():
            if other != side:
                assert overlap_area(a, r) == 0
        for r in list(t.meld_bands.values()) + list(t.three_rooms.values()):
            assert overlap_area(a, r) == 0, (a, r)
    return lay.card_w


@settings(max_examples=150, deadline=None)
@given(sizes, st.sampled_from([2, 3, 4]), st.lists(sides_melds, min_size=3, max_size=3),
       st.sampled_from(sorted(CARD_SCALES.values())))
def test_every_meld_of_every_side_is_readable(size: tuple[int, int], players: int,
                                               per_side: list[list[tuple[str, int]]], scale: float) -> None:
    t = table_layout(size, players, scale)  # normal and large cards (the settings' card size)
    for side in t.meld_rooms:
        cw = check_side(t, side, shapes(per_side[side]))
        # Still large enough to read a card's index: about 28 px at 1024x600 with 16 melds. (A window
        # taller than wide is as narrow as a 4:3 one: its width is what limits.)
        ref = min(size[1], size[0] * 0.75)
        assert cw >= (0.045 if players != 3 else 0.04) * ref / scale ** 0.5, (side, cw)


@pytest.mark.parametrize("size", [MIN_SIZE, (1024, 640), (1366, 768), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("card_size", sorted(CARD_SCALES))
def test_sixteen_big_melds_a_side(size: tuple[int, int], players: int, card_size: str) -> None:
    # The worst a hand reaches: sixteen melds, none of them squared up, six cards each.
    t = table_layout(size, players, CARD_SCALES[card_size])
    for side in t.meld_rooms:
        check_side(t, side, [("rank", 6)] * 12 + [("run", 6)] * 4)


@pytest.mark.parametrize("size", [MIN_SIZE, (1366, 768), (2560, 1440)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_label_strips_and_threes_columns_are_their_own(size: tuple[int, int], players: int) -> None:
    t = table_layout(size, players)
    window = (0, 0, *size)
    parts = list(table_parts(t).values())
    for side, area in t.meld_areas.items():
        band, room, threes = t.meld_bands[side], t.meld_rooms[side], t.three_rooms[side]
        for r in (band, room, threes):
            assert inside(r, area) and inside(r, window)
            for other in parts:
                assert overlap_area(r, other) == 0
        assert overlap_area(band, room) == overlap_area(band, threes) == overlap_area(room, threes) == 0
        assert band[3] >= t.label_px + 4
        assert t.three_card_w <= threes[2]
    areas = list(t.meld_areas.values())
    for i, a in enumerate(areas):
        for b in areas[i + 1:]:
            assert overlap_area(a, b) == 0


def test_melds_read_in_kind_order_and_cards_shrink_only_when_needed() -> None:
    melds = [("rank", 3), ("wild", 3), ("run", 5), ("threes", 3), ("rank", 4), ("run", 3), ("canasta", 1)]
    assert [melds[i][0] for i in sort_melds(melds)] == ["run", "run", "rank", "rank", "wild", "threes", "canasta"]
    t = table_layout((1366, 768), 2)
    lay = layout_melds(t.meld_rooms[0], melds, t.meld_card_w)
    firsts = [lay.melds[i][0] for i in sort_melds(melds)]
    assert sorted(firsts, key=lambda r: (r[1], r[0])) == firsts  # rows, then left to right
    assert layout_melds(t.meld_rooms[0], melds[:4], t.meld_card_w).card_w == t.meld_card_w  # a few: full size
    # More melds overlap their cards more, then wrap, then shrink, never below the index strips.
    widths = [layout_melds(t.meld_rooms[0], [("rank", 5)] * k, t.meld_card_w).card_w for k in range(1, 17)]
    assert widths == sorted(widths, reverse=True) and widths[-1] < widths[0]


def test_empty_and_absurd_meld_lists() -> None:
    area = (0, 0, 300, 100)
    assert layout_melds(area, [], 50).melds == []
    lay = layout_melds(area, [("rank", 40)] * 30, 50)
    assert not lay.fits
    assert sum(len(m) for m in lay.melds) == 1200
