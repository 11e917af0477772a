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

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
BIG_BLOCK = 512 * 1024  # bytes from which a block gets pages of its own


@cache
def _libc():
    if not sys.platform.startswith("linux"):
        return None
    try:  # glibc's own name first: find_library runs `ldconfig -p`, a tenth of a second before the first frame
        return ctypes.CDLL("libc.so.6")
    except OSError:
        pass
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None


def keep_big_images_apart() -> None:
    """Window-sized images (8 MB at 1920x1080) get pages of their own, given back when they are freed.
    glibc raises this threshold by itself after such a block is freed, and then keeps them in its heap,
    where the holes they leave between small blocks stay resident: megabytes for nothing."""
    libc = _libc()
    mallopt = getattr(libc, "mallopt", None) if libc is not None else None
    if mallopt is not None:
        mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        mallopt(M_MMAP_THRESHOLD, BIG_BLOCK)


@cache
def _trim():
    if not sys.platform.startswith("linux"):
        return None
    libc = _libc()
    trim = getattr(libc, "malloc_trim", None) if libc is not None else None
    if trim is None:  # not glibc (musl has no malloc_trim)
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def trim_heap() -> None:
    """Give the heap's free pages back to the system, without a collection (about a millisecond): after
    images of some megabytes were let go in the middle of a game."""
    trim = _trim()
    if trim is not None:
        trim(0)


def give_back_free_memory() -> None:
    """A few milliseconds: call it when a screen full of images has just been let go. A table holds
    itself in reference cycles (its callbacks), so its images go only with a collection."""
    gc.collect()
    trim = _trim()
    if trim is not None:
        trim(0)
