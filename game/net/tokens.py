"""Seat tokens and table codes. A token is 192 random bits that only its seat's holder receives; the
server keeps only its SHA-256 (a table's file does not hand out seats) and compares in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from game.rules.deal_code import ALPHABET, READ_AS

TOKEN_BYTES = 24  # 192 bits
CODE_LETTERS = ALPHABET  # the deal codes' letters: no O, I, L or U, so a code read aloud is typed right
CODE_LENGTH = 6


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_token(token: str, stored_hash: str | None) -> bool:
    """Whether `token` is the one `stored_hash` was made from, in time that does not depend on where
    they differ."""
    if stored_hash is None:
        hmac.compare_digest(token_hash(token), "0" * 64)  # the same work for a seat without a token
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _i in range(CODE_LENGTH))
        if code not in taken:
            return code


def normal_code(text: str) -> str:
    """A code as typed: case, spaces and dashes do not matter, and O, I and L are read as 0, 1 and 1."""
    return "".join(READ_AS.get(ch, ch) for ch in text.upper() if ch.isalnum())
