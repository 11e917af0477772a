"""docs/PROTOCOL.md tells every message a client may send and every message and event the server sends,
at the version the server says on connect: read from the code that makes them, so a message added
without its line in the document fails here."""

from __future__ import annotations

import re
from pathlib import Path

from game.net import lobby, seat_view, server, table
from game.net.protocol import CLIENT_TYPES, PHRASES, PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")


def _types_made_in(module) -> set[str]:
    """Every `"type": "..."` a module's source writes into a message."""
    return set(re.findall(r'"type": "(\w+)"', Path(module.__file__).read_text(encoding="utf-8")))


def test_the_document_is_at_the_version_sent_on_connect() -> None:
    assert f"Protocol version **{PROTOCOL_VERSION}**" in DOC
    assert f'"protocol": {PROTOCOL_VERSION},' in DOC
    assert f"- **{PROTOCOL_VERSION}**" in DOC  # and says what that version changed


def test_every_message_and_event_is_documented() -> None:
    sent = set().union(*(_types_made_in(m) for m in (seat_view, table, lobby, server))) | {"hello"}
    assert {"state", "hand_over", "hand_record", "took_back", "said", "ready", "notice"} <= sent
    for kind in sorted(sent):
        assert f'"type": "{kind}"' in DOC or f"`{kind}`" in DOC, f"{kind} is not in docs/PROTOCOL.md"
    for kind in CLIENT_TYPES:
        assert f'{{"type": "{kind}"' in DOC, f"the client's {kind} is not in docs/PROTOCOL.md"
    for phrase in PHRASES:
        assert f"`{phrase}`" in DOC
    assert '{"undo": true}' in DOC
