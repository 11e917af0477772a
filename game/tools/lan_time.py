"""`python -m game lan-time [--runs 20] [--json]`: how soon a table announced on the local network is
listed on a friend's Join screen, timed over several runs on this computer's loopback only.

Each run is a new table code, announced with zeroconf as the host's game does (game/net/lan.py) and looked
for by a new browser as the Join screen makes one, in both orders a player meets: the friend opens the Join
screen after the host opened the table (`joiner_after`), or is already on it when the table opens
(`joiner_waiting`). A run counts as found once the listing names the table's code and free seats.
"""

from __future__ import annotations

import argparse
import json
import secrets
import time

from game.i18n import _

LOOPBACK = ["127.0.0.1"]  # never another address: the announcement stays on this computer
LIMIT_S = 3.0  # the listing must show the table within this
GIVE_UP_S = 10.0


def _heard(browser, code: str, since: float) -> float | None:
    """Seconds from `since` until `browser` lists `code`, or None after GIVE_UP_S."""
    while time.monotonic() - since < GIVE_UP_S:
        if any(t.where.startswith(code) for t in browser.tables()):
            return time.monotonic() - since
        time.sleep(0.01)
    return None


def one_run(order: str) -> float | None:
    from game.net.lan import TableAnnouncer, TableBrowser

    code = "".join(secrets.choice("23456789ABCDEFGHJKMNPQRSTVWXYZ") for _i in range(6))
    announcer = browser = None
    try:
        if order == "joiner_after":
            announcer = TableAnnouncer(LOOPBACK)
            announcer.announce("Timing", "bolivia", 3, code, 8765)
            start = time.monotonic()
            browser = TableBrowser(LOOPBACK)
        else:
            browser = TableBrowser(LOOPBACK)
            time.sleep(0.2)  # the Join screen has been open a moment
            start = time.monotonic()
            announcer = TableAnnouncer(LOOPBACK)
            announcer.announce("Timing", "bolivia", 3, code, 8765)
        return _heard(browser, code, start)
    finally:
        for part in (browser, announcer):
            if part is not None:
                part.close()


def _summary(times: list[float | None]) -> dict:
    found = sorted(t for t in times if t is not None)
    return {"runs": len(times), "found": len(found), "within_3s": sum(1 for t in found if t <= LIMIT_S),
            "median_s": round(found[len(found) // 2], 3) if found else None,
            "max_s": round(found[-1], 3) if found else None}


def run(runs: int) -> dict:
    out = {}
    for order in ("joiner_after", "joiner_waiting"):
        out[order] = _summary([one_run(order) for _i in range(runs)])
    return out


def cmd(args: argparse.Namespace) -> int:
    from game.tools.cli import BadInput

    if not 1 <= args.runs <= 1000:
        raise BadInput(_("--runs must be between 1 and 1000"))
    result = run(args.runs)
    if args.json:
        print(json.dumps(result))
    else:
        for order, s in result.items():
            print(f"{order}: {s['within_3s']}/{s['runs']} within 3 s, median {s['median_s']} s, max {s['max_s']} s")
    ok = all(s["within_3s"] == s["runs"] for s in result.values())
    return 0 if ok else 1


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("how soon a table is listed on the local network (this computer only)"))
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))
    p.set_defaults(run=cmd)
