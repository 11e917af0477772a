"""The daily deal: the same cards for everyone on a given day, from a deal code made from the date.

No network and no second shuffle: the day picks a seed in a range kept for daily deals, and the deal code
(game/rules/deal_code.py) deals from it as any code does, four players at Bolivia to 15,000. The seed
tells the day back (`day_of`), so a game's record says whether it was a daily deal, and which day's.
"""

from __future__ import annotations

from datetime import date, timedelta

from game.rules.deal_code import DealCode

EPOCH = date(2020, 1, 1)
DAILY_BASE = 0x3FF00000  # seeds from here on are days after EPOCH; a code stays ten characters up to 2^30
DAYS = (1 << 30) - DAILY_BASE
GAME, PLAYERS, TARGET = "bolivia", 4, 15000


def daily_deal(day: date) -> DealCode:
    """The deal of `day` (the player's own calendar day)."""
    n = (day - EPOCH).days
    if not 0 <= n < DAYS:
        raise ValueError(f"no daily deal for {day.isoformat()}")
    return DealCode(GAME, PLAYERS, DAILY_BASE + n, 1, TARGET)


def day_of(seed: int) -> date | None:
    """The day whose daily deal a game seed is, or None."""
    n = seed - DAILY_BASE
    return EPOCH + timedelta(days=n) if 0 <= n < DAYS else None
