"""Where everything goes on the table, as pure maths (no pygame, so it is easy to test).

Rects are plain `(x, y, w, h)` int tuples. Card sizes follow the window height, so a
1024x640 window still shows large cards. Overlapping cards always leave their
top-left index strip visible (`INDEX_W` of the width, `INDEX_H` of the height),
which is where `card_faces` prints rank and suit.

Seats: seat 0 (the player) sits at the bottom; play goes clockwise, so seat 1 sits
on the left, then top, then right. Sides: side 0 is the player's side. At four the
partners share a side (seats 0+2, seats 1+3); at two or three each seat is a side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from game.ui.looks import scaled_text, text_scale

Rect = tuple[int, int, int, int]

CARD_ASPECT = 1.4  # height / width, close to a real 63x88 mm card
INDEX_W = 0.31  # share of a card's width that shows its index (rank and suit)
INDEX_H = 0.40  # share of a card's height that shows its index
ROW_OVERLAP = INDEX_H + 0.04  # a second hand row starts this far down the first row's cards

# Bands of the window height, top to bottom; they add up to 1.
TOP_FAN = 0.065  # the top opponent's backs
TOP_MELDS = 0.25  # the opponents' melds
CENTRE = 0.165  # buttons, stock, discard pile, what happened, score panel
OWN_MELDS = 0.25  # the player's side's melds
HAND = 0.225  # the player's hand
STATUS = 0.045  # one line of text: whose turn, what to do
THREE_SHIFT = 0.04  # at three, the two opponents share the top band: it gets some of the own band


def label_px(size: tuple[int, int]) -> int:
    """Font size of the table's small labels (meld areas, badges): never below 14 px; more at a larger text
    size (game/ui/looks.py)."""
    return scaled_text(max(14, round(min(size[1], size[0] * 0.75) * 0.021)), size[1])

MELD_KINDS = ("run", "rank", "wild", "threes", "staged", "canasta")  # display order of a side's meld groups


def card_height(width: int) -> int:
    return round(width * CARD_ASPECT)


def card_width_for_height(height: float) -> int:
    return max(1, math.floor(height / CARD_ASPECT))


WIDTH_STEP = 0.93  # card widths come in rungs this far apart: see `width_rungs`


@lru_cache(maxsize=32)
def width_rungs(top: int, lowest: int = 1) -> tuple[int, ...]:
    """The card widths a layout may use below `top`, largest first, about 7% apart.

    Every width a table shows needs its own drawn faces (see game/ui/card_faces.py); cards that
    shrink a pixel at a time as melds and hands grow would cost a new set of faces each time. A few
    fixed sizes keep the faces reused, and a card at most 7% smaller is as readable.
    """
    rungs = [max(1, top)]
    while rungs[-1] > lowest:
        nxt = min(rungs[-1] - 1, round(rungs[-1] * WIDTH_STEP))
        rungs.append(max(nxt, lowest))
    return tuple(rungs)


def snap_width(width: int, top: int) -> int:
    """The largest rung of `top`'s ladder that is not wider than `width`."""
    for rung in width_rungs(top):
        if rung <= width:
            return rung
    return max(1, width)


def index_strip(width: int) -> tuple[int, int]:
    """Pixels (across, down) of a card that must stay uncovered to read it."""
    return math.ceil(width * INDEX_W), math.ceil(card_height(width) * INDEX_H)


def inside(r: Rect, outer: Rect) -> bool:
    x, y, w, h = r
    ox, oy, ow, oh = outer
    return x >= ox and y >= oy and x + w <= ox + ow and y + h <= oy + oh


def overlap_area(a: Rect, b: Rect) -> int:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0, w) * max(0, h)


def contains_point(r: Rect, p: tuple[float, float]) -> bool:
    return r[0] <= p[0] < r[0] + r[2] and r[1] <= p[1] < r[1] + r[3]


def hit_test(rects: Sequence[Rect], p: tuple[float, float]) -> int | None:
    """Index of the topmost (last drawn) rect under a point: what a click picks."""
    for i in range(len(rects) - 1, -1, -1):
        if contains_point(rects[i], p):
            return i
    return None


# --- the hand ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HandLayout:
    card_w: int
    card_h: int
    rows: int
    rects: list[Rect]  # in drawing order: row by row, left to right


def layout_hand(area: Rect, n: int, max_card_w: int | None = None, gap_ratio: float = 0.06) -> HandLayout:
    """Lay `n` cards in one or more centred rows, as large as the area allows.

    More rows only when they give larger cards than one row squeezed to its index strips;
    a later row covers the earlier one except its index band.
    """
    ax, ay, aw, ah = area
    cap = max_card_w if max_card_w is not None else card_width_for_height(ah)
    if n <= 0:
        return HandLayout(cap, card_height(cap), 0, [])
    best: tuple[int, int] | None = None  # (card width, rows)
    for rows in range(1, n + 1):
        per_row = math.ceil(n / rows)
        by_height = ah / (CARD_ASPECT * (1 + (rows - 1) * ROW_OVERLAP))
        by_width = aw / (1 + (per_row - 1) * INDEX_W)
        cw = min(cap, math.floor(by_height), math.floor(by_width))
        while cw > 1 and not _hand_fits(aw, ah, cw, rows, per_row):  # rounding: ceil'd strips
            cw -= 1
        if best is None or cw > best[0]:
            best = (cw, rows)
        if by_height < best[0]:  # more rows only shrink cards from here on
            break
    assert best is not None
    cw, rows = best
    cw = snap_width(cw, cap)  # smaller still fits: the checks above only grow with the width
    ch = card_height(cw)
    per_row = math.ceil(n / rows)
    strip_w, strip_h = index_strip(cw)
    pitch = max(strip_h, math.floor((ah - ch) / (rows - 1))) if rows > 1 else 0
    pitch = min(pitch, math.ceil(ch * ROW_OVERLAP) + 2)  # rows hug each other, as one hand
    total_h = ch + (rows - 1) * pitch
    y0 = ay + (ah - total_h)  # sit at the bottom of the area, near the player
    gap = max(2, round(cw * gap_ratio))
    rects: list[Rect] = []
    for r in range(rows):
        k = min(per_row, n - r * per_row)
        step = cw + gap if k <= 1 else max(strip_w, min(cw + gap, (aw - cw) // (k - 1)))
        width = cw + (k - 1) * step
        x0 = ax + (aw - width) // 2
        y = y0 + r * pitch
        rects.extend((x0 + i * step, y, cw, ch) for i in range(k))
    return HandLayout(cw, ch, rows, rects)


def _hand_fits(aw: int, ah: int, cw: int, rows: int, per_row: int) -> bool:
    ch = card_height(cw)
    strip_w, strip_h = index_strip(cw)
    return cw + (per_row - 1) * strip_w <= aw and ch + (rows - 1) * strip_h <= ah


# --- opponents' hands -------------------------------------------------------------------


def layout_back_fan(area: Rect, n: int, vertical: bool) -> list[Rect]:
    """Backs of an opponent's hand along the area's long side, centred, overlapping as needed.

    Horizontal fans use upright cards filling the area's height; vertical fans (left and
    right seats) use landscape rects filling the area's width: draw the back turned 90 degrees.
    """
    ax, ay, aw, ah = area
    if n <= 0:
        return []
    if vertical:
        long_side, length = aw, ah  # a landscape card: as wide as the column
        short = card_width_for_height(aw)
    else:
        long_side, length = ah, aw
        short = card_width_for_height(ah)
    step_full = short + max(1, short // 8)
    step = step_full if n == 1 else min(step_full, (length - short) / (n - 1))
    span = short + step * (n - 1)
    start = (length - span) / 2
    out: list[Rect] = []
    for i in range(n):
        off = round(start + i * step)
        out.append((ax, ay + off, long_side, short) if vertical else (ax + off, ay, short, long_side))
    return out


# --- melds ---------------------------------------------------------------------------------

PILE_EDGE = 6  # a squared-up canasta shows this many pixels of its lower cards' edges
CANASTA_ROOM = 1.3  # a canasta's place is this many card widths (and its edges): room for its labels


def canasta_width(cw: int) -> int:
    return round(cw * CANASTA_ROOM) + PILE_EDGE


@dataclass(frozen=True)
class MeldLayout:
    card_w: int
    card_h: int
    fits: bool  # False only when even the smallest cards overflow the area
    melds: list[list[Rect]]  # per meld in the order given, its cards left to right
    boxes: list[Rect] = field(default_factory=list)  # per meld, the room it takes (a canasta's edges too)


def _kind_order(kind: str) -> int:
    return MELD_KINDS.index(kind) if kind in MELD_KINDS else len(MELD_KINDS)


def sort_melds(melds: Sequence[tuple[str, int]]) -> list[int]:
    """Display order of melds given as (kind, card count): runs, rank melds, wild melds, threes."""
    return sorted(range(len(melds)), key=lambda i: (_kind_order(melds[i][0]), i))


def layout_melds(
    area: Rect,
    melds: Sequence[tuple[str, int]],
    max_card_w: int,
    min_card_w: int = 16,
) -> MeldLayout:
    """Lay a side's melds out in rows inside `area`, grouped by kind (see `_layout_melds`).

    Cached: the table lays out every side's melds after every move and click, and the search for
    the largest cards that fit costs milliseconds; a side's melds change far less often. The
    result is shared between calls: read it, never change it.
    """
    return _layout_melds(tuple(area), tuple((kind, n) for kind, n in melds), max_card_w, min_card_w)


@lru_cache(maxsize=64)
def _layout_melds(
    area: Rect,
    melds: tuple[tuple[str, int], ...],
    max_card_w: int,
    min_card_w: int,
) -> MeldLayout:
    """Lay a side's melds out in rows inside `area`, grouped by kind, no meld over another.

    `melds` holds (kind, number of cards) with kind in MELD_KINDS; a "canasta" is one squared-up pile
    (count 1, PILE_EDGE more each way). Each meld's cards overlap left to right, always leaving every
    card's index strip. From the largest cards down the width ladder, the loosest overlap that lets
    the rows fit is taken: cards overlap more before they get smaller, and the melds wrap into more
    rows before cards overlap down to their index strips. Rows never overlap each other.
    """
    order = sort_melds(melds)
    counts = [max(1, melds[i][1]) for i in order]
    kinds = [melds[i][0] for i in order]
    if not melds:
        return MeldLayout(max_card_w, card_height(max_card_w), True, [], [])
    plan = None
    for cw in width_rungs(max_card_w, min_card_w):
        plan = _plan_melds(area, counts, kinds, cw)
        if plan is not None:
            break
    fits = plan is not None
    if plan is None:  # absurd input: the smallest layout, overflowing downwards
        plan = _plan_melds(area, counts, kinds, min_card_w, force=True)
        assert plan is not None
    cw, placed, boxes = plan
    out: list[list[Rect]] = [[] for _ in melds]
    out_boxes: list[Rect] = [(0, 0, 0, 0) for _ in melds]
    for slot, i in enumerate(order):
        out[i] = placed[slot]
        out_boxes[i] = boxes[slot]
    return MeldLayout(cw, card_height(cw), fits, out, out_boxes)


def _meld_width(kind: str, n: int, cw: int, step: int) -> int:
    return canasta_width(cw) if kind == "canasta" else cw + (n - 1) * step


def _plan_melds(
    area: Rect,
    counts: list[int],
    kinds: list[str],
    cw: int,
    force: bool = False,
) -> tuple[int, list[list[Rect]], list[Rect]] | None:
    ax, ay, aw, ah = area
    ch = card_height(cw)
    strip_w, _strip_h = index_strip(cw)
    gap = max(PILE_EDGE + 2, round(cw * 0.16))
    group_gap = gap * 2  # a wider gap where runs end and rank melds begin
    pitch = ch + max(PILE_EDGE + 2, round(ch * 0.06))
    last = ch + PILE_EDGE  # the bottom row may hold a squared-up canasta
    max_rows = (ah - last) // pitch + 1 if ah >= last else 0
    loose = max(strip_w, round(cw * 0.42))
    if not force and (cw > aw or max_rows == 0):
        return None
    rows = None
    # Looser steps only make melds wider, and rows more (rows are filled in order), so when the
    # tightest step fails, every step fails: say so at once instead of trying them all.
    tight = _pack_rows(counts, kinds, cw, strip_w, gap, group_gap, aw)
    if tight is not None and len(tight) <= max_rows:
        for step in range(loose, strip_w - 1, -1):
            rows = _pack_rows(counts, kinds, cw, step, gap, group_gap, aw)
            if rows is not None and len(rows) <= max_rows:
                break
    elif not force:
        return None
    if rows is None:
        step = strip_w
        rows = tight if tight is not None else [[i] for i in range(len(counts))]
    placed: list[list[Rect]] = [[] for _ in counts]
    boxes: list[Rect] = [(0, 0, 0, 0) for _ in counts]
    for r, row in enumerate(rows):
        x = ax
        y = ay + r * pitch
        for j, i in enumerate(row):
            if j > 0:
                x += group_gap if kinds[i] != kinds[row[j - 1]] else gap
            w = _meld_width(kinds[i], counts[i], cw, step)
            if kinds[i] == "canasta":
                placed[i] = [(x + (w - cw - PILE_EDGE) // 2, y, cw, ch)]  # the pile, centred in its place
                boxes[i] = (x, y, w, ch + PILE_EDGE)
            else:
                placed[i] = [(x + k * step, y, cw, ch) for k in range(counts[i])]
                boxes[i] = (x, y, w, ch)
            x += w
    return cw, placed, boxes


def _pack_rows(
    counts: list[int], kinds: list[str], cw: int, step: int, gap: int, group_gap: int, width: int
) -> list[list[int]] | None:
    """Fill rows left to right in order; None when one meld alone is wider than the area."""
    rows: list[list[int]] = []
    used = 0
    for i, n in enumerate(counts):
        w = _meld_width(kinds[i], n, cw, step)
        if w > width:
            return None
        if rows:
            sep = group_gap if kinds[i] != kinds[rows[-1][-1]] else gap
            if used + sep + w <= width:
                rows[-1].append(i)
                used += sep + w
                continue
        rows.append([i])
        used = w
    return rows


# --- the whole table --------------------------------------------------------------------


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    players: int
    hand: Rect
    hand_card_w: int  # the largest hand card; `layout_hand` may shrink it for a big hand
    meld_card_w: int  # the largest meld card
    pile_card_w: int  # stock and discard pile
    back_card_w: int  # opponents' backs
    stock: Rect
    discard: Rect
    status: Rect
    score: Rect
    controls: Rect
    log: Rect = (0, 0, 0, 0)  # what happened lately (zero width when the window has no room for it)
    seat_fans: dict[int, Rect] = field(default_factory=dict)  # seat -> area of its back fan
    seat_vertical: dict[int, bool] = field(default_factory=dict)  # seat -> fan runs down a column
    meld_areas: dict[int, Rect] = field(default_factory=dict)  # side -> its whole (shaded) area
    meld_bands: dict[int, Rect] = field(default_factory=dict)  # side -> the strip for its labels, no card on it
    meld_rooms: dict[int, Rect] = field(default_factory=dict)  # side -> where its melds go
    three_rooms: dict[int, Rect] = field(default_factory=dict)  # side -> the column of its red threes
    three_card_w: int = 0  # width of a red three in that column
    label_px: int = 14  # font size of the small labels

    def seat_position(self, seat: int) -> str:
        return seat_positions(self.players)[seat]


def seat_positions(players: int) -> list[str]:
    """Where each seat sits, clockwise from the player at the bottom."""
    if players == 2:
        return ["bottom", "top"]
    if players == 3:
        return ["bottom", "left", "top"]
    if players == 4:
        return ["bottom", "left", "top", "right"]
    raise ValueError(f"a table has 2, 3 or 4 players, not {players}")


def side_of_seat(seat: int, players: int) -> int:
    return seat % 2 if players == 4 else seat


CARD_SCALES = {"normal": 1.0, "large": 1.18}  # the settings' card size: how much larger the cards are


def table_layout(size: tuple[int, int], players: int = 2, card_scale: float = 1.0) -> TableLayout:
    """All the table's areas for a window of `size` pixels. `card_scale` above 1 (large cards) gives
    the hand a taller band and the meld cards a larger cap, taken from the two meld bands."""
    positions = seat_positions(players)
    W, H = max(320, size[0]), max(240, size[1])
    m = max(4, round(H * 0.01))  # margin
    text = label_px((W, H))
    scale = max(1.0, min(1.4, card_scale))
    grow = HAND * (scale - 1) / 2  # each meld band gives this much of the window to the hand

    def band(frac: float) -> int:
        return round(H * frac)

    top_fan_h = band(TOP_FAN)
    # At three, two opponents share the top band side by side: it gets some of the player's room.
    shift = THREE_SHIFT if players == 3 else 0.0
    top_melds_h = band(TOP_MELDS + shift - grow)
    centre_h = band(CENTRE)
    own_h = band(OWN_MELDS - shift - grow)
    status_h = max(band(STATUS), round(text * 2.4))  # the sound button sits on it, its text 16 px at 768
    hand_h = H - top_fan_h - top_melds_h - centre_h - own_h - status_h
    y_top_melds = top_fan_h
    y_centre = y_top_melds + top_melds_h
    y_own = y_centre + centre_h
    y_hand = y_own + own_h
    y_status = y_hand + hand_h

    side_col = top_fan_h  # a landscape back is as wide as a top back is tall
    left = side_col + m if "left" in positions else m
    right = W - (side_col + m if "right" in positions else m)

    seat_fans: dict[int, Rect] = {}
    seat_vertical: dict[int, bool] = {}
    for seat, pos in enumerate(positions):
        if pos == "top":
            fan_w = min(round(W * 0.4), right - left)
            seat_fans[seat] = ((W - fan_w) // 2, m // 2, fan_w, top_fan_h - m)
            seat_vertical[seat] = False
        elif pos in ("left", "right"):
            x = m // 2 if pos == "left" else W - side_col - m // 2
            seat_fans[seat] = (x, y_top_melds, side_col, y_hand - y_top_melds)
            seat_vertical[seat] = True

    meld_areas: dict[int, Rect] = {0: (left, y_own + m // 2, right - left, own_h - m)}
    top = (left, y_top_melds + m // 2, right - left, top_melds_h - m)
    if players == 3:
        # West and North share the top band, West on its left, nearer its seat.
        half = (top[2] - m) // 2
        meld_areas[1] = (top[0], top[1], half, top[3])
        meld_areas[2] = (top[0] + half + m, top[1], top[2] - half - m, top[3])
    else:
        meld_areas[1] = top
    meld_card_w = card_width_for_height(min(own_h, top_melds_h) * min(0.9, 0.68 * scale))
    band_h = text + 6
    meld_bands: dict[int, Rect] = {}
    meld_rooms: dict[int, Rect] = {}
    three_rooms: dict[int, Rect] = {}
    threes_w = max(meld_card_w // 2, round((right - left) * 0.06))
    for side, (ax, ay, aw, ah) in meld_areas.items():
        meld_bands[side] = (ax, ay, aw, band_h)
        three_rooms[side] = (ax + aw - threes_w, ay + band_h, threes_w, ah - band_h)
        meld_rooms[side] = (ax + 4, ay + band_h, aw - threes_w - 10, ah - band_h - 2)

    pile_h = centre_h - 2 * m
    pile_w = card_width_for_height(pile_h)
    centre_w = right - left
    score_w = min(max(220, round(W * 0.2)), round(W * 0.24), max(0, centre_w - 3 * pile_w))
    score = (right - score_w, y_centre + m // 2, score_w, centre_h - m)
    piles_w = 2 * pile_w + 2 * m
    # The player's buttons at the left, then the piles, what happened lately, the scores.
    # The buttons' labels do not shrink with the window: 35% of it, and never under 400 px (their text
    # is 16 px at 1366x768, 12 px or more at 1024x600).
    # At a larger text size they widen as their words do, taking the room of what happened lately (the
    # labels were shrunk back to fit the normal size's width: 16 px at 1366x768 became 14 at the largest).
    controls_w = max(0, min(max(400, round(W * 0.35 * text_scale())), centre_w - score_w - piles_w - 4 * m))
    controls = (left, y_centre + m // 2, controls_w, centre_h - m)
    free = centre_w - score_w - piles_w - controls_w - 4 * m
    log_w = free - m if free - m >= 9 * text else 0  # room for some ten letters a line, or no panel
    px = left + controls_w + 2 * m + (free - log_w) // 2
    py = y_centre + (centre_h - card_height(pile_w)) // 2
    stock = (px, py, pile_w, card_height(pile_w))
    discard = (px + pile_w + 2 * m, py, pile_w, card_height(pile_w))
    log = (discard[0] + pile_w + 2 * m, y_centre + m // 2, log_w, centre_h - m) if log_w else (0, 0, 0, 0)

    hand = (left, y_hand, right - left, hand_h)
    status = (m, y_status, W - 2 * m, status_h)
    return TableLayout(
        size=(W, H),
        players=players,
        hand=hand,
        hand_card_w=card_width_for_height(hand_h),
        meld_card_w=meld_card_w,
        pile_card_w=pile_w,
        back_card_w=card_width_for_height(top_fan_h - m),
        stock=stock,
        discard=discard,
        status=status,
        score=score,
        controls=controls,
        log=log,
        seat_fans=seat_fans,
        seat_vertical=seat_vertical,
        meld_areas=meld_areas,
        meld_bands=meld_bands,
        meld_rooms=meld_rooms,
        three_rooms=three_rooms,
        three_card_w=max(12, min(meld_card_w * 2 // 3, threes_w)),
        label_px=text,
    )
