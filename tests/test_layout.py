"""Layout maths: everything inside the window, every card's index readable."""

from __future__ import annotations

import pytest

from game.ui.layout import (
    CARD_SCALES,
    Rect,
    card_height,
    hit_test,
    index_strip,
    inside,
    layout_back_fan,
    layout_hand,
    layout_melds,
    overlap_area,
    seat_positions,
    side_of_seat,
    snap_width,
    table_layout,
    width_rungs,
)

SIZES = [(1024, 640), (1280, 720), (1280, 800), (1366, 768), (1600, 900), (1920, 1080), (1920, 1200)]


def assert_indices_visible(rects: list[Rect], card_w: int) -> None:
    """No card drawn later covers an earlier card's index strip."""
    sw, sh = index_strip(card_w)
    for i, (x, y, _, _) in enumerate(rects):
        strip = (x, y, sw, sh)
        for later in rects[i + 1 :]:
            assert overlap_area(strip, later) == 0, (i, strip, later)


def test_rect_helpers() -> None:
    assert inside((1, 1, 2, 2), (0, 0, 3, 3))
    assert not inside((2, 2, 2, 2), (0, 0, 3, 3))
    assert overlap_area((0, 0, 10, 10), (5, 5, 10, 10)) == 25
    assert overlap_area((0, 0, 10, 10), (10, 0, 5, 5)) == 0
    assert hit_test([(0, 0, 10, 10), (5, 0, 10, 10)], (7, 3)) == 1
    assert hit_test([(0, 0, 10, 10), (5, 0, 10, 10)], (2, 3)) == 0
    assert hit_test([(0, 0, 10, 10)], (20, 3)) is None


def test_card_shape() -> None:
    assert card_height(100) == 140
    assert index_strip(100) == (31, 56)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_areas_inside_window_and_apart(size: tuple[int, int], players: int) -> None:
    t = table_layout(size, players)
    window = (0, 0, *size)
    named = {"hand": t.hand, "stock": t.stock, "discard": t.discard, "status": t.status, "score": t.score}
    named |= {f"fan{s}": r for s, r in t.seat_fans.items()}
    named |= {f"melds{s}": r for s, r in t.meld_areas.items()}
    for name, r in named.items():
        assert inside(r, window), (name, r)
        assert r[2] > 0 and r[3] > 0, name
    items = list(named.items())
    for i, (a, ra) in enumerate(items):
        for b, rb in items[i + 1 :]:
            assert overlap_area(ra, rb) == 0, (a, ra, b, rb)
    sides = {side_of_seat(s, players) for s in range(players)}
    assert set(t.meld_areas) == sides
    assert set(t.seat_fans) == set(range(1, players))


@pytest.mark.parametrize("size", SIZES)
def test_cards_are_large(size: tuple[int, int]) -> None:
    t = table_layout(size, 4)
    h = size[1]
    assert t.hand_card_w >= h * 0.15  # a 640-high window gets cards about 100 px wide
    assert t.meld_card_w >= h * 0.11
    assert t.pile_card_w >= h * 0.09
    assert layout_hand(t.hand, 15, t.hand_card_w).card_w == t.hand_card_w


def test_seats_and_sides() -> None:
    assert seat_positions(2) == ["bottom", "top"]
    assert seat_positions(4) == ["bottom", "left", "top", "right"]
    with pytest.raises(ValueError):
        seat_positions(5)
    assert [side_of_seat(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [side_of_seat(s, 3) for s in range(3)] == [0, 1, 2]


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_hand_size_fits_with_indices_visible(size: tuple[int, int], players: int) -> None:
    t = table_layout(size, players)
    window = (0, 0, *size)
    for n in range(1, 61):
        h = layout_hand(t.hand, n, t.hand_card_w)
        assert len(h.rects) == n
        for r in h.rects:
            assert inside(r, t.hand), (n, r)
            assert inside(r, window)
            assert r[2] == h.card_w and r[3] == h.card_h
        assert_indices_visible(h.rects, h.card_w)
        assert h.card_w >= 0.1 * size[1], (n, h.card_w)  # still readable at 60 cards


def test_hand_sizes_shrink_monotonically() -> None:
    t = table_layout((1024, 640), 2)
    widths = [layout_hand(t.hand, n, t.hand_card_w).card_w for n in range(1, 61)]
    assert widths == sorted(widths, reverse=True)
    assert layout_hand(t.hand, 0).rects == []


def test_hand_rows_are_centred() -> None:
    t = table_layout((1280, 720), 2)
    h = layout_hand(t.hand, 5, t.hand_card_w)
    left = h.rects[0][0] - t.hand[0]
    right = t.hand[0] + t.hand[2] - (h.rects[-1][0] + h.card_w)
    assert abs(left - right) <= 1


@pytest.mark.parametrize("vertical", [False, True])
def test_back_fans_stay_inside(vertical: bool) -> None:
    t = table_layout((1024, 640), 4)
    seat = 1 if vertical else 2
    area = t.seat_fans[seat]
    assert t.seat_vertical[seat] is vertical
    for n in (1, 5, 15, 40, 60):
        rects = layout_back_fan(area, n, vertical)
        assert len(rects) == n
        for r in rects:
            assert inside(r, area), (n, r, area)
            if vertical:
                assert r[2] > r[3]  # landscape: drawn turned
    assert layout_back_fan(area, 0, vertical) == []


def test_width_rungs_are_a_few_sizes_about_seven_percent_apart() -> None:
    rungs = width_rungs(172)
    assert rungs[0] == 172 and rungs[-1] == 1
    assert list(rungs) == sorted(set(rungs), reverse=True)
    for big, small in zip(rungs, rungs[1:], strict=False):
        assert small == big - 1 or 0.90 <= small / big <= 0.95, (big, small)
    assert width_rungs(131, 94)[-1] == 94  # a floor ends the ladder
    assert snap_width(150, 172) == 149 and snap_width(172, 172) == 172 and snap_width(500, 172) == 172


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_hands_and_melds_use_only_the_ladders_widths(size: tuple[int, int]) -> None:
    # A growing hand or meld area reuses a few card sizes (and their drawn faces), not one per pixel.
    t = table_layout(size, 4)
    hand_widths = {layout_hand(t.hand, n, t.hand_card_w).card_w for n in range(1, 61)}
    assert hand_widths <= set(width_rungs(t.hand_card_w))
    assert len(hand_widths) <= 8
    meld_widths = set()
    for k in range(1, 14):
        melds = [("rank", 4)] * k + [("run", 7)] * (k // 3)
        meld_widths.add(layout_melds(t.meld_areas[0], melds, t.meld_card_w).card_w)
    assert meld_widths <= set(width_rungs(t.meld_card_w, 16))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_large_cards_grow_the_hand_and_melds_and_still_fit(size: tuple[int, int], players: int) -> None:
    normal, large = table_layout(size, players), table_layout(size, players, CARD_SCALES["large"])
    assert large.hand_card_w >= normal.hand_card_w * 1.12
    assert large.meld_card_w > normal.meld_card_w
    assert large.hand[3] > normal.hand[3]
    window = (0, 0, *size)
    areas = [large.hand, large.stock, large.discard, large.status, large.score, *large.meld_areas.values()]
    for i, a in enumerate(areas):
        assert inside(a, window)
        for b in areas[i + 1:]:
            assert overlap_area(a, b) == 0
    for side, area in large.meld_areas.items():  # a meld card still fits its area's height
        assert card_height(large.meld_card_w) <= area[3], side
