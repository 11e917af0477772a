"""The game's score sheet, hand by hand: what each side scored in each hand and its running total.

Read from the engine's results (one per hand played), as plain rows: no pygame, tested headless.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
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
