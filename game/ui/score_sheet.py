"""The game's score sheet, hand by hand: what each side scored in each hand and its running total.

Read from the engine's results (one per hand played), as plain rows: no pygame, tested headless.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.i18n import _, number
from game.rules.state import GameState

# The columns of each side, in order: (key in a result's side score or "running", header).
COLUMNS = ("melded", "bonuses", "in_hand", "total", "running")


def column_headers() -> list[str]:
    return [_("Melded"), _("Bonuses"), _("In hand"), _("Hand"), _("Total")]


@dataclass(frozen=True)
class SheetRow:
    hand: int
    out: int | None  # the seat that went out, or None (the stock ran out)
    cells: list[list[int]]  # per side, one number per column of COLUMNS


def sheet_rows(state: GameState) -> list[SheetRow]:
    """One row per hand played. "Bonuses" gathers canastas, going out and red threes (the red threes
    count against a side that cannot go out), so each row's numbers add up: melded + bonuses + in hand
    (never positive) = hand, and the hands add up to the running total."""
    rows = []
    for k, result in enumerate(state.results):
        cells = []
        for side, sc in enumerate(result["scores"]):
            bonuses = sc["bonuses"] + sc["going_out"] + sc["red_threes"]
            totals = result.get("totals")
            running = (totals[side] if isinstance(totals, list) and side < len(totals)
                       else sum(r["scores"][side]["total"] for r in state.results[: k + 1]))
            cells.append([sc["melded"], bonuses, sc["in_hand"], sc["total"], running])
        rows.append(SheetRow(result.get("hand", k + 1), result.get("out"), cells))
    return rows


READABLE_PX = 14  # no word of the sheet smaller: the caption under a hand ("East out") was 12 px at 1366x768
GAP = 6  # pixels between two columns

Measure = Callable[[str, int, bool], int]  # the width of a text at a pixel size, bold or not


@dataclass(frozen=True)
class SheetLayout:
    """Where the sheet's words go in a box `width` pixels wide: the text size, the size of the caption
    under each hand's number ("East out"), the column headers (each on one or two lines), the first
    column's width, and the right edge of each side's columns (from the box's inner left)."""

    text_px: int
    caption_px: int
    headers: list[list[str]]  # per column of COLUMNS, its lines
    first_w: int
    rights: list[list[int]]  # per side, per column of COLUMNS

    def side_span(self, side: int) -> tuple[int, int]:
        """The left and right edge of a side's columns."""
        left = self.first_w if side == 0 else self.rights[side - 1][-1] + GAP
        return left, self.rights[side][-1]


def _two_lines(head: str, px: int, measure: Measure) -> list[str]:
    """`head` on one line, or on two where it has a space, split where the longer line is shortest."""
    words = head.split(" ")
    if len(words) < 2:
        return [head]
    cut = min(range(1, len(words)), key=lambda i: max(measure(" ".join(words[:i]), px, False),
                                                       measure(" ".join(words[i:]), px, False)))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def sheet_layout(width: int, rows: list[SheetRow], sides: int, text_px: int, out_captions: list[str],
                 measure: Measure) -> SheetLayout:
    """Every word at `READABLE_PX` or more, each column as wide as its widest word or number and the room
    left shared out; a header wider than its column goes on two lines (at three sides a column has some
    55 px at 1024x600). The first column is as wide as its widest caption."""
    text = max(READABLE_PX, text_px)
    caption = max(READABLE_PX, text - 2)
    pad = max(4, text // 2)
    first_w = max([measure(_("Hand {n}").format(n=88), text, True)]
                  + [measure(c, caption, False) for c in out_captions]) + pad
    heads = column_headers()
    last = len(COLUMNS) - 1
    values = [[number(v) for row in rows for v in (row.cells[side][k] for side in range(sides))]
              for k in range(len(COLUMNS))]
    digits = [max([measure(v, text, k == last) for v in values[k]] + [measure(number(-888), text, k == last)])
              for k in range(len(COLUMNS))]
    headers = [[h] for h in heads]

    def room(k: int) -> int:
        return max([digits[k]] + [measure(line, text, k == last) for line in headers[k]]) + GAP

    # Headers go on two lines, the widest first, only while the columns do not fit on one.
    for k in sorted(range(len(COLUMNS)), key=lambda k: -measure(heads[k], text, k == last)):
        if first_w + sides * sum(room(j) for j in range(len(COLUMNS))) <= width:
            break
        headers[k] = _two_lines(heads[k], text, measure)
    need = [room(k) for k in range(len(COLUMNS))]
    first_w = max(first_w, min(width // 12, width - sides * sum(need)))
    spare = max(0, (width - first_w) // sides - sum(need))
    widths = [n + spare // len(COLUMNS) for n in need]
    rights = []
    x = first_w
    for _side in range(sides):
        edges = []
        for w in widths:
            x += w
            edges.append(x - GAP)
        rights.append(edges)
    return SheetLayout(text, caption, headers, first_w, rights)
