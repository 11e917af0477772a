"""The Statistics screen's lines for today's deal (its code and the player's best on it) and the
achievements earned, each with the day it was first earned."""

from __future__ import annotations

from datetime import date

from game.i18n import _, number
from game.keep.achievements import ACHIEVEMENTS, BIG_HAND, COMEBACK, STREAK
from game.keep.stats import Statistics
from game.rules.daily import daily_deal

MINUS = "\u2212"


def achievement_name(key: str) -> str:
    return {
        "first_canasta": _("First canasta"),
        "first_escalera": _("First escalera"),
        "first_bolivia": _("First bolivia"),
        "concealed_out": _("Out concealed, all in one go"),
        "big_hand": _("A hand of {n} points or more").format(n=number(BIG_HAND)),
        "first_win": _("First game won"),
        "comeback": _("A game won from {n} points behind").format(n=number(COMEBACK)),
        "streak": _("{n} games won in a row").format(n=STREAK),
        "daily": _("A daily deal played"),
    }[key]


def daily_lines(stats: Statistics, today: date) -> list[tuple[str, str, bool]]:
    code = daily_deal(today)
    best = stats.daily.get(today.isoformat())
    best_text = (MINUS + number(-best) if best < 0 else number(best)) if best is not None else _("not played yet")
    return [(_("Today's deal"), code.text(), True), (_("Your best today"), best_text, False)]


def achievement_lines(stats: Statistics) -> list[tuple[str, str, bool]]:
    earned = [k for k in ACHIEVEMENTS if k in stats.achievements]
    lines = [(_("Achievements"), _("{n} of {total}").format(n=len(earned), total=len(ACHIEVEMENTS)), True)]
    lines += [(achievement_name(k), stats.achievements[k], False) for k in earned]
    return lines


def extra_lines(stats: Statistics, today: date | None = None) -> list[tuple[str, str, bool]]:
    today = today or date.today()
    return daily_lines(stats, today) + achievement_lines(stats)
