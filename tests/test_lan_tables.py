"""Tables on the local network: one game announces its table with zeroconf, another hears it and lists it
by the host's name, the game and the free seats, as the code and address to join (loopback only)."""

from __future__ import annotations

import time

from game.net.invite import read_invite
from game.net.lan import TableAnnouncer, TableBrowser

LOOPBACK = ["127.0.0.1"]


def _heard(browser: TableBrowser, code: str, seconds: float, free: int | None = None):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for t in browser.tables():
            if t.where.startswith(code) and (free is None or t.free == free):
                return t
        time.sleep(0.02)
    return None


def test_a_table_announced_here_is_heard_within_three_seconds_and_joined_from_its_listing():
    announcer = TableAnnouncer(LOOPBACK)
    browser = TableBrowser(LOOPBACK)
    try:
        announcer.announce("Ann", "samba", 2, "K7QM3X", 8765)
        found = _heard(browser, "K7QM3X", 3.0)
        assert found is not None, "not heard within 3 s"
        assert (found.host, found.game, found.free) == ("Ann", "samba", 2)
        invite = read_invite(found.where)
        assert (invite.code, invite.url) == ("K7QM3X", "ws://127.0.0.1:8765")
        announcer.announce("Ann", "samba", 1, "K7QM3X", 8765)  # a seat taken: the listing follows
        assert _heard(browser, "K7QM3X", 3.0, free=1) is not None
    finally:
        announcer.close()
        browser.close()
