"""The table's moments as a timeline: which engine events are celebrated, how big, when and for how long.

Pure (no pygame, no clock): the table part `scenes/table_parts/flourishes.py` feeds it the engine's
events and the frame's time and draws what `showing` holds. A canasta, an escalera and a bolivia each
have their own moment on the meld that made it; going out has one on the seat that went out. The
player's own side gets the big one (a banner across the table), the other side a quieter one (smaller
and shorter, on the meld alone). Every moment is shorter at Fast, none at Instant, and skipped at once
by a key or a click (`skip`).

A moment never holds the game up: the computer players' pace is the turn controller's (its pause per
speed), and the table tells it to wait only for cards in flight, never for a moment on show.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.rules import events as ev

# Seconds each moment shows at Normal speed: (the player's side, the other side).
LIVES: dict[str, tuple[float, float]] = {
    "canasta": (1.8, 1.2),
    "escalera": (2.4, 1.4),
    "bolivia": (2.6, 1.5),
    "out": (2.2, 1.4),
}
# The length of a moment at each animation speed, against Normal's.
SPEED_SCALE: dict[str, float] = {"slow": 1.25, "normal": 1.0, "fast": 0.5, "instant": 0.0}
GAP = 0.25  # seconds between two moments of one move (a canasta, then the going out it allowed)
SWEEP = 0.24  # seconds, at Normal, from the first card of a pile taken setting off to the last
SWEEP_STEP = 0.03  # at most this between two of its cards


def sweep_delay(e: ev.Event, k: int, n: int) -> float:
    """How long the `k`th of a pile's `n` cards waits before it sets off: the pile sweeps into the hand
    card after card, top first, all gone within SWEEP (the animation speed scales it, as every tween)."""
    if not isinstance(e, ev.PileTaken) or n <= 1:
        return 0.0
    return k * min(SWEEP_STEP, SWEEP / (n - 1))


@dataclass
class Moment:
    kind: str  # "canasta" (natural or mixed), "escalera", "bolivia", "samba", "out"
    side: int
    big: bool  # the player's own side: a banner across the table
    life: float
    meld: int | None = None  # the meld's id (a canasta), else None
    seat: int | None = None  # the seat that went out
    canasta: str | None = None  # the canasta's own kind ("natural", "mixed", ...) for its name
    wait: float = 0.0  # seconds before it starts (after the moment before it)
    age: float = 0.0

    @property
    def started(self) -> bool:
        return self.wait <= 0

    @property
    def t(self) -> float:
        """How far through it is, 0 to 1."""
        return min(1.0, max(0.0, self.age / self.life)) if self.life > 0 else 1.0


def kind_of(canasta: str) -> str:
    """Which celebration a canasta gets: escalera and bolivia their own; any other, the canasta's."""
    return canasta if canasta in ("escalera", "bolivia") else "canasta"


def moments_for(events: Iterable[ev.Event], own_side: int, side_of: dict[int, int], speed: str) -> list[Moment]:
    """The moments a batch of events brings, one after another (`side_of`: each seat's side)."""
    scale = SPEED_SCALE.get(speed, 1.0)
    if scale <= 0:
        return []
    out: list[Moment] = []
    for e in events:
        if isinstance(e, ev.CanastaMade):
            kind = kind_of(e.canasta)
            big = e.side == own_side
            out.append(Moment(kind, e.side, big, LIVES[kind][0 if big else 1] * scale, meld=e.meld,
                              canasta=e.canasta))
        elif isinstance(e, ev.WentOut):
            side = side_of.get(e.seat, 0)
            big = side == own_side
            out.append(Moment("out", side, big, LIVES["out"][0 if big else 1] * scale, seat=e.seat))
    return out


class Celebrations:
    """The moments under way, in the order they come; `speed` is the animation speed now."""

    def __init__(self, speed: str = "normal", own_side: int = 0) -> None:
        self.speed = speed
        self.own_side = own_side
        self.moments: list[Moment] = []

    def add(self, events: Iterable[ev.Event], side_of: dict[int, int]) -> list[Moment]:
        new = moments_for(events, self.own_side, side_of, self.speed)
        # Each starts once the one before it has mostly shown: a canasta's banner, then the going out.
        after = max((m.wait + (m.life - m.age) for m in self.moments), default=0.0)
        for m in new:
            m.wait = max(0.0, after - GAP) if after > 0 else 0.0
            after = m.wait + m.life
        self.moments.extend(new)
        return new

    def update(self, dt: float) -> bool:
        """The frame's time; True while any moment is on show or waiting."""
        if not self.moments:
            return False
        for m in self.moments:
            if m.wait > 0:
                m.wait -= dt
                if m.wait < 0:
                    m.age, m.wait = -m.wait, 0.0
            else:
                m.age += dt
        self.moments = [m for m in self.moments if m.age < m.life]
        return True

    def skip(self) -> bool:
        """A key or a click: every moment ends now. True if one was showing."""
        had = bool(self.moments)
        self.moments.clear()
        return had

    @property
    def showing(self) -> list[Moment]:
        return [m for m in self.moments if m.started]

    @property
    def remaining(self) -> float:
        """Seconds until the last moment ends."""
        return max((m.wait + m.life - m.age for m in self.moments), default=0.0)
