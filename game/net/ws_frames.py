"""A server's WebSocket text frame made here, the bytes RFC 6455 says (section 5.2): the server sends
unmasked frames, whole (FIN), without extensions (the server takes no compression). The library's own
frame object, checks and buffers cost more than the send itself for the four states of every move."""

from __future__ import annotations

import struct

_TEXT_FIN = 0x81  # FIN bit and the text opcode
_SHORT = struct.Struct("!BB")
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


def text_frame(payload: bytes) -> bytes:
    """One whole, unmasked text frame holding `payload` (UTF-8 text)."""
    n = len(payload)
    if n < 126:
        return _SHORT.pack(_TEXT_FIN, n) + payload
    if n < 65536:
        return _MEDIUM.pack(_TEXT_FIN, 126, n) + payload
    return _LONG.pack(_TEXT_FIN, 127, n) + payload
