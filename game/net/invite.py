"""An invitation to a table: the code and the address, as said aloud and as typed back.

A friend types the code and the address in any order ("K7QM3X bolivia.example.org:8765", a LAN
address, or the ws:// or wss:// address of a server started with `python -m game serve`). Reading it
never fails with a traceback: a reason the player can read.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.net.tokens import CODE_LENGTH, normal_code

DEFAULT_PORT = 8765


class BadInvite(ValueError):
    pass


@dataclass(frozen=True)
class Found:
    """A table announced on this network."""

    host: str  # the host's name
    game: str
    free: int
    where: str  # "CODE ws://address:port", as a player would type it


@dataclass(frozen=True)
class Invite:
    code: str
    url: str  # ws:// or wss://


def spoken(code: str) -> str:
    """A code in two groups of three, easy to read aloud: "K7Q M3X"."""
    half = (len(code) + 1) // 2
    return f"{code[:half]} {code[half:]}".strip()


def read_invite(text: str) -> Invite:
    """The code and the address a player typed; BadInvite with what is missing or wrong."""
    if not isinstance(text, str) or len(text) > 300:
        raise BadInvite(_("Type the table's code and its address, like K7Q M3X 192.168.1.20:8765."))
    url = None
    code_parts = []
    for word in text.split():
        low = word.lower()
        if low.startswith(("ws://", "wss://")):
            url = word
        elif ":" in word or "." in word:
            host, _sep, port = word.rpartition(":") if ":" in word else (word, "", "")
            if not port:
                host, port = word, str(DEFAULT_PORT)
            if not port.isdigit() or not 0 < int(port) < 65536 or not host:
                raise BadInvite(_("“{address}” is not an address: a name or numbers, then a colon and the port, "
                                  "like 192.168.1.20:8765.").format(address=word[:60]))
            url = f"ws://{host}:{int(port)}"
        else:
            code_parts.append(word)
    code = normal_code("".join(code_parts))
    if url is None:
        raise BadInvite(_("Add the address the host sees under the code, like 192.168.1.20:8765."))
    if len(code) != CODE_LENGTH:
        raise BadInvite(_("A table's code has {n} letters and digits, like K7Q M3X.").format(n=CODE_LENGTH))
    return Invite(code, url)
