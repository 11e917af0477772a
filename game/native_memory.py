"""Giving memory the game no longer uses back to the system, between games.

Each game draws full-screen images (felt, panels, card faces at new sizes) and frees them when its
screens go. With glibc the freed blocks stay in the process's heap, scattered among live ones,
so a long session's resident memory kept climbing although nothing was held; `malloc_trim`
returns the free pages. Elsewhere (Windows, macOS, other C libraries) this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from functools import cache


@cache
def _trim():
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def give_back_free_memory() -> None:
    """A few milliseconds: call it when a screen full of images has just been let go. A table holds
    itself in reference cycles (its callbacks), so its images go only with a collection."""
    gc.collect()
    trim = _trim()
    if trim is not None:
        trim(0)
