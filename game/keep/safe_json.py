"""Reading JSON that may be hostile: every file the game reads goes through `read_json_file`.

A player's files can be damaged by a disk, a sync tool, another program or a curious hand. Whatever
they hold, reading them either gives plain JSON values (dict, list, str, int, float, bool, None)
within the limits below, or raises `BadFile` with a reason a player can read, in their language:
never RecursionError from deep nesting, ValueError from a 5,000-digit number, NaN or Infinity,
nor a decoding error. What the values mean is checked by each file's own `from_json`.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from pathlib import Path

from game.i18n import _

MAX_BYTES = 4 << 20  # a save of a sixty-hand game is some 100 kB
MAX_DEPTH = 24  # a save nests 6 deep
MAX_DIGITS = 30  # the largest number of ours is a seed of 64 bits (20 digits)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # not on Windows, where there are no FIFOs to block on
_BINARY = getattr(os, "O_BINARY", 0)


class BadFile(ValueError):
    """The file's content cannot be used; the message is for the player (no final full stop)."""


class Missing:
    """There is no such file (as opposed to a file holding `null`)."""


MISSING = Missing()


def _bad_constant(name: str) -> float:
    raise BadFile(_("it holds a number that is not a number ({name})").format(name=name))


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadFile(_("it holds a number far too long ({digits} digits)").format(digits=len(text.lstrip("-"))))
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise BadFile(_("it holds a number far too long ({digits} digits)").format(digits=len(text)))
    value = float(text)
    if not math.isfinite(value):
        raise BadFile(_("it holds a number too large to use"))
    return value


# Made once: json.loads with these options makes a decoder and its scanner at every call, which cost more
# than reading a small text (the table server reads one a move).
_DECODER = json.JSONDecoder(parse_constant=_bad_constant, parse_int=_parse_int, parse_float=_parse_float)


def parse_json(text: str) -> object:
    """JSON text to values within our limits; BadFile otherwise."""
    try:
        if isinstance(text, str) and not text.startswith("\ufeff"):
            data = _DECODER.decode(text)
        else:  # bytes, or a byte-order mark (json.loads says so): as json.loads reads them
            data = json.loads(text, parse_constant=_bad_constant, parse_int=_parse_int, parse_float=_parse_float)
    except BadFile:
        raise
    except json.JSONDecodeError as why:
        raise BadFile(_("it is not valid JSON (line {line}, column {column})").format(
            line=why.lineno, column=why.colno)) from None
    except RecursionError:
        raise BadFile(_("it is nested too deeply")) from None
    except (ValueError, MemoryError):  # ValueError: json's own int limit, should ours ever be raised
        raise BadFile(_("it holds values too large to use")) from None
    if not _plainly_within(text):
        _check_depth(data)
    return data


def _plainly_within(text: str | bytes) -> bool:
    """Whether the values of this text are within the depth and the text limits without walking them: a
    value nested d deep needs d brackets in the text, and a text without surrogates or \\u escapes has none
    in its values (what a client of the table server sends, a move, has a few brackets and no escapes)."""
    return (isinstance(text, str) and text.count("[") + text.count("{") <= MAX_DEPTH and "\\u" not in text
            and not _has_surrogate(text))


def _check_depth(data: object) -> None:
    """Deeper than MAX_DEPTH is not ours: refuse it here, before any code walks it recursively."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            if isinstance(value, str) and _has_surrogate(value):
                raise BadFile(_("it holds text that is not valid Unicode"))
            continue
        if depth > MAX_DEPTH:
            raise BadFile(_("it is nested too deeply"))
        if isinstance(value, dict) and any(_has_surrogate(k) for k in value):
            raise BadFile(_("it holds text that is not valid Unicode"))
        stack.extend((child, depth + 1) for child in children)


def _has_surrogate(text: str) -> bool:
    # "\ud800" is valid JSON but not text: writing it back as UTF-8 would fail.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def decode_text(raw: bytes) -> str:
    """UTF-8 (a byte-order mark some editors add is accepted); BadFile otherwise."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as why:
        raise BadFile(_("it is not UTF-8 text (byte {n})").format(n=why.start + 1)) from None


def read_json_file(path: Path, max_bytes: int = MAX_BYTES) -> object:
    """The JSON values in `path`, or MISSING when there is no such file.

    BadFile for anything else that stops the file being used: not a regular file (a folder, a FIFO,
    a device, a symlink loop: refused before it is opened, so reading never blocks), too large, not
    UTF-8, not JSON, beyond the limits, or unreadable (no permission, a disk error)."""
    raw = read_regular_file(Path(path), max_bytes)
    return MISSING if isinstance(raw, Missing) else json_from_bytes(raw, max_bytes)


def read_regular_file(path: Path, max_bytes: int = MAX_BYTES) -> bytes | Missing:
    """Up to `max_bytes + 1` bytes of a regular file (MISSING if there is none); BadFile otherwise.

    The kind of file is checked before the open (a FIFO would block it, a device never end), the open
    does not block, and the kind is checked again on what was opened (it may have been swapped)."""
    try:
        _regular(os.stat(path))
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
    except FileNotFoundError:  # a symlink to nothing too: there is no file, as the game sees it
        return MISSING
    except PermissionError:
        raise BadFile(_("the game is not allowed to read it")) from None
    except OSError as why:
        if why.errno == errno.ELOOP:
            raise BadFile(_("it is a link that leads back to itself")) from None
        raise BadFile(_("the disk reported an error ({why})").format(why=why.strerror or type(why).__name__)) from None
    try:
        _regular(os.fstat(fd))
        with os.fdopen(fd, "rb") as f:
            fd = -1
            return f.read(max_bytes + 1)
    except OSError as why:
        raise BadFile(_("the disk reported an error ({why})").format(why=why.strerror or type(why).__name__)) from None
    finally:
        if fd >= 0:
            os.close(fd)


def _regular(st: os.stat_result) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise BadFile(_("it is a folder, not a file"))
    if not stat.S_ISREG(st.st_mode):
        raise BadFile(_("it is not an ordinary file (a pipe or a device)"))


def json_from_bytes(raw: bytes, max_bytes: int = MAX_BYTES) -> object:
    """What a file or a pipe gave (read `max_bytes + 1` of it, to tell when it is too large)."""
    if len(raw) > max_bytes:
        raise BadFile(_("it is too large (over {mb} MB)").format(mb=max(1, max_bytes >> 20)))
    return parse_json(decode_text(raw))


def sentence(text: str) -> str:
    """A reason without its final full stop, to be put inside a longer sentence."""
    return text.rstrip().rstrip(".").rstrip()
