"""The lobby's and the table's small talk, added beside the server's requests (game/net/server.py calls in
here): a person says Ready (or not), and every seat learns who is ready; a person sends one of a few
fixed phrases, every seat gets it and shows it in its own player's language.

Fixed phrases only, never free text: nothing a stranger types reaches another player's screen.

    → {"type": "ready", "ready": true}          ← {"type": "ready", "seats": [0, 2]}
    → {"type": "say", "phrase": "good_luck"}    ← {"type": "said", "seat": 2, "phrase": "good_luck"}
"""

from __future__ import annotations

from game.net.protocol import dumps


def said(seat: int, phrase: str) -> dict:
    return {"type": "said", "seat": seat, "phrase": phrase}


def say(hosted, conn, msg: dict) -> None:
    """Pass a phrase of `conn`'s seat to every seat at its table (the rate limit is the connection's)."""
    text = dumps(said(conn.seat, msg["phrase"]))
    for other in hosted.conns.values():
        other.push(text)


def ready(hosted, conn, msg: dict) -> None:
    """A seat ready (or no longer): every seat is told who is ready now. Kept with the table while the
    server runs; a seat that leaves is ready no more."""
    seats: set[int] = getattr(hosted, "ready_seats", set())
    if msg["ready"]:
        seats.add(conn.seat)
    else:
        seats.discard(conn.seat)
    seats &= set(hosted.conns)  # only the seats still here
    hosted.ready_seats = seats
    text = dumps({"type": "ready", "seats": sorted(seats)})
    for other in hosted.conns.values():
        other.push(text)
