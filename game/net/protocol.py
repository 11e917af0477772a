"""The table server's messages: one JSON object a text frame, each with a "type" (docs/PROTOCOL.md).

What a client sends is read here and only here: `read_client` turns a frame into a checked message or
raises ProtocolError with a reason a player can read, in the connection's language. Nothing a client
sends reaches a table unchecked.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any

from game.i18n import LANGUAGES, _, ngettext
from game.keep.safe_json import BadFile, parse_json
from game.rules.ruleset import RULESETS

# Sent on connect ("hello"). 2: the lobby's ready and say, a meld move taken back ({"undo": true}), and a
# hand's record once it is over (docs/PROTOCOL.md, "Versions"); nothing of 1 changed. 3: the computers' level
# in the lobby, so every seat sees it before the start (`computers` in create and table, and its own message).
PROTOCOL_VERSION = 4
MAX_FRAME = 64 * 1024  # bytes: a move is under 1 kB; a larger frame closes the connection (1009)
MAX_NAME = 40  # characters of a player's name
MAX_CODE = 16
MAX_TOKEN = 128
# The computers' levels: the game's own, and "first" (the first legal move: tests and load).
COMPUTER_LEVELS = ("first", "random", "greedy", "easy", "normal", "hard", "expert", "expert-hand", "coach")
CLIENT_TYPES = ("create", "join", "start", "resume", "move", "say", "ready", "computers")
# The table's fixed phrases a seat may say to the others (game/net/lobby.py passes them on).
PHRASES = ("good_luck", "well_played", "your_turn", "one_moment", "thanks")


class ProtocolError(ValueError):
    """A frame that is not a message of ours: answered with {"type": "error", "reason": ...}."""


class Encoded(dict):
    """A message whose text was put together already, from parts several messages share (each seat's
    `state`, game/net/seat_view.py): `dumps` sends that text, the same bytes as the message's own."""

    __slots__ = ("text",)

    def __init__(self, message: dict, text: str) -> None:
        super().__init__(message)
        self.text = text


def _compact_encoder() -> Callable[[Any], str]:
    """json.dumps(x, ensure_ascii=False, separators=(",", ":")), the same text, without making an encoder
    again at every call: the server encodes a dozen small parts a move (each seat's hand, events, legal
    moves), and making the encoder cost more than encoding them."""
    whole = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    if c_make_encoder is None:  # a Python without the json module's C part
        return whole.encode
    # The arguments JSONEncoder.iterencode gives the C encoder for these options, but no circular check
    # (a message is a tree).
    parts = c_make_encoder(None, whole.default, encode_basestring, None, ":", ",", False, False, True)
    return lambda value: "".join(parts(value, 0))


encode = _compact_encoder()


def dumps(message: dict) -> str:
    """A message as sent: compact and always the same text for the same message (the non-interference
    test compares the bytes)."""
    if type(message) is Encoded:
        return message.text
    return encode(message)


def hello() -> dict:
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "max_frame": MAX_FRAME}


def read_client(frame: str | bytes) -> dict[str, Any]:
    """The message a frame holds, checked field by field; ProtocolError otherwise."""
    if not isinstance(frame, str):
        raise ProtocolError(_("Send text frames of JSON, not binary ones."))
    try:
        data = parse_json(frame)  # the game's own loader: deep nesting, huge numbers, NaN refused
    except BadFile:
        raise ProtocolError(_("That message is not JSON.")) from None
    if not isinstance(data, dict):
        raise ProtocolError(_("A message is a JSON object with a \"type\"."))
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(_("Unknown message type: {kind}.").format(kind=json.dumps(kind)[:40]))
    out: dict[str, Any] = {"type": kind}
    if "language" in data:
        lang = data["language"]
        if lang not in LANGUAGES:
            raise ProtocolError(_("\"language\" is one of {names}.").format(names=", ".join(LANGUAGES)))
        out["language"] = lang
    if kind == "create":
        variant = data.get("variant", "bolivia")
        if not isinstance(variant, str) or variant.lower() not in RULESETS:
            raise ProtocolError(_("\"variant\" is one of {names}.").format(names=", ".join(RULESETS)))
        out["variant"] = variant.lower()
        out["players"] = _int(data.get("players", 4), "players", 2, 4)
        target = data.get("target")
        out["target"] = None if target is None else _int(target, "target", 1, 10**6)
        house = data.get("house", {})
        if not isinstance(house, dict) or len(house) > 50:
            raise ProtocolError(_("\"house\" is an object of NAME: VALUE."))
        out["house"] = house
        out["name"] = _name(data.get("name", ""))
        out["computers"] = _level(data)
    elif kind == "join":
        out["table"] = _text(data.get("table"), "table", MAX_CODE)
        out["name"] = _name(data.get("name", ""))
        seat = data.get("seat")
        out["seat"] = None if seat is None else _int(seat, "seat", 0, 3)
    elif kind in ("start", "computers"):  # computers: the host's choice shown in every seat's lobby
        out["computers"] = _level(data)
    elif kind == "say":  # one of the table's fixed phrases (game/net/lobby.py)
        if data.get("phrase") not in PHRASES:
            raise ProtocolError(_("\"phrase\" is one of {names}.").format(names=", ".join(PHRASES)))
        out["phrase"] = data["phrase"]
    elif kind == "ready":
        if not isinstance(data.get("ready"), bool):
            raise ProtocolError(_("\"ready\" is true or false."))
        out["ready"] = data["ready"]
    elif kind == "resume":
        out["table"] = _text(data.get("table"), "table", MAX_CODE)
        out["token"] = _text(data.get("token"), "token", MAX_TOKEN)
    else:  # move
        move = data.get("move")
        if not isinstance(move, dict):
            raise ProtocolError(_("\"move\" is a move object, such as {{\"discard\": \"7H\"}}."))
        out["move"] = move
        if "seat" in data:  # optional: a client may say which seat it plays; it must be its own
            out["seat"] = _int(data["seat"], "seat", 0, 3)
    return out


def _level(data: dict) -> str:
    level = data.get("computers", "normal")
    if level not in COMPUTER_LEVELS:
        raise ProtocolError(_("\"computers\" is one of {names}.").format(names=", ".join(COMPUTER_LEVELS)))
    return level


def _int(value: object, key: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(_("\"{key}\" is a whole number from {low} to {high}.").format(key=key, low=low, high=high))
    return value


def _text(value: object, key: str, longest: int) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise ProtocolError(ngettext("\"{key}\" is a text of at most {n} character.",
                                     "\"{key}\" is a text of at most {n} characters.", longest).format(
            key=key, n=longest))
    return value


def _name(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME:
        raise ProtocolError(ngettext("\"name\" is a text of at most {n} character.",
                                     "\"name\" is a text of at most {n} characters.", MAX_NAME).format(n=MAX_NAME))
    return " ".join(value.split())  # no control characters or line breaks in a name shown to others
