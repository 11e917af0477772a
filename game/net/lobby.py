"""The table's small talk, added beside the server's requests (game/net/server.py calls in here): a
person sends one of a few fixed phrases, every seat gets it and shows it in its own player's language.

Fixed phrases only, never free text: nothing a stranger types reaches another player's screen."""

from __future__ import annotations

from game.net.protocol import dumps

PHRASES = ("good_luck", "well_played", "your_turn", "one_moment", "thanks")


def said(seat: int, phrase: str) -> dict:
    return {"type": "said", "seat": seat, "phrase": phrase}


def say(hosted, conn, msg: dict) -> None:
    """Pass a phrase of `conn`'s seat to every seat at its table (the rate limit is the connection's)."""
    text = dumps(said(conn.seat, msg["phrase"]))
    for other in hosted.conns.values():
        other.push(text)
