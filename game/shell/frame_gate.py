"""When the thinking thread may start a decision: between two frames, not during one.

A computer player thinks on its own thread, but only one thread runs Python at a time: a decision
begun while the frame loop draws takes the interpreter from it, and a 0.3 ms decision made a 3 ms frame
take a millisecond more (the frame waits for the interpreter's switch interval to get it back). The
frame loop closes the gate while it works and opens it when the frame is shown; a decision waits for
it, and so runs while the loop sleeps until the next frame. Outside the frame loop (the arena, tests)
the gate stays open.
"""

from __future__ import annotations

import threading

WAIT = 0.05  # seconds a decision waits at most for the frame to end (a frame takes a few milliseconds)

_between_frames = threading.Event()
_between_frames.set()


def frame_begins() -> None:
    _between_frames.clear()


def frame_ends() -> None:
    _between_frames.set()


def wait_for_frame_end() -> bool:
    """Wait (at most WAIT seconds) until no frame is being worked out; whether none is."""
    return _between_frames.wait(WAIT)
