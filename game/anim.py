"""Tweens and a call scheduler, driven by an injected `dt` in seconds.

No pygame here: the table scene feeds `update(dt)` from its frame loop, tests feed
it by hand, so every animation can be checked without a window. Modelled on
Pygame Zero's clock and animation modules: a new tween on the same (object,
attribute) replaces the running one, so a card sent somewhere else mid-flight
simply turns towards its new target.

The animation speed setting is a duration factor: slow 1.6, normal 1.0, fast 0.45,
instant 0 (everything running completes on the next update).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any

import pytweening

Number = float | int
Value = Number | Sequence[Number]
Easing = Callable[[float], float]
Setter = Callable[[Any], None]

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}


@lru_cache(maxsize=64)  # a few names, asked for by every tween
def easing(name: str) -> Easing:
    """A pytweening easing by name ("linear", "easeOutCubic", ...); ValueError if unknown."""
    fn = getattr(pytweening, name, None)
    if name.startswith("_") or name.startswith("iter") or not callable(fn):
        raise ValueError(f"unknown easing {name!r}: use a pytweening function name such as 'easeOutCubic'")
    return fn


def lerp(start: Value, end: Value, t: float) -> Value:
    """Interpolate numbers, or tuples of numbers element by element (positions, colours)."""
    if isinstance(start, int | float) and isinstance(end, int | float):
        return start + (end - start) * t
    if len(start) == 2 == len(end):  # positions, many a frame: spelled out
        return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
    if isinstance(start, int | float) or isinstance(end, int | float) or len(start) != len(end):
        raise TypeError(f"cannot tween between {start!r} and {end!r}")
    return tuple(a + (b - a) * t for a, b in zip(start, end, strict=True))


def speed_factor(setting: str | float) -> float:
    """Turn a speed setting name (or a number) into a duration factor."""
    if isinstance(setting, str):
        try:
            return SPEEDS[setting]
        except KeyError:
            raise ValueError(f"unknown animation speed {setting!r}: one of {', '.join(SPEEDS)}") from None
    if setting < 0:
        raise ValueError("animation speed factor cannot be negative")
    return float(setting)


class Tween:
    """One value moving from `start` to `end` over `duration` seconds after `delay`.

    `attr` is an attribute name on `target`, or a setter called with each new value
    (then `target` only identifies the tween, for replacement). `start=None` takes the
    attribute's value when the tween begins (after its delay).
    """

    def __init__(
        self,
        target: Any,
        attr: str | Setter,
        start: Value | None,
        end: Value,
        duration: float,
        easing_name: str = "linear",
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
        key: Hashable | None = None,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("tween duration and delay cannot be negative")
        if start is None and not isinstance(attr, str):
            raise ValueError("a tween with a setter needs an explicit start value")
        self.target = target
        self.attr = attr
        self.start = start
        self.end = end
        self.duration = float(duration)
        self.delay = float(delay)
        self.ease = easing(easing_name)
        self.on_done = on_done
        # Identity, not equality: two equal sprites are still two sprites.
        self.key: Hashable = key if key is not None else (id(target), attr)
        self.elapsed = 0.0
        self.started = False
        self.done = False

    @property
    def progress(self) -> float:
        """0 before the tween starts moving, 1 when it has arrived (before easing)."""
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def waiting(self) -> bool:
        """Whether the tween is still in its delay (one without a delay starts at the next update)."""
        return not self.started and self.elapsed < self.delay

    def _set(self, value: Value) -> None:
        if isinstance(self.attr, str):
            setattr(self.target, self.attr, value)
        else:
            self.attr(value)

    def _begin(self) -> None:
        self.started = True
        if self.start is None:
            self.start = getattr(self.target, self.attr)  # type: ignore[arg-type]

    def advance(self, dt: float) -> bool:
        """Move on by `dt` scaled seconds; True once finished (the callback is the owner's job)."""
        if self.done:
            return True
        self.elapsed += dt
        if self.elapsed < self.delay:
            return False
        if not self.started:
            self._begin()
        if self.progress >= 1.0:
            self.finish()
            return True
        assert self.start is not None
        self._set(lerp(self.start, self.end, self.ease(self.progress)))
        return False

    def finish(self) -> None:
        """Jump to the end value (the instant speed setting and `Tweener.finish_all`)."""
        if not self.started:
            self._begin()
        self._set(self.end)
        self.elapsed = self.delay + self.duration
        self.done = True


class Tweener:
    """All running tweens; `update(dt)` advances them and runs completion callbacks."""

    def __init__(self, speed: str | float = 1.0) -> None:
        self._tweens: dict[Hashable, Tween] = {}
        self.speed = speed

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, value: str | float) -> None:
        self._speed = speed_factor(value)

    @property
    def idle(self) -> bool:
        return not self._tweens

    def __len__(self) -> int:
        return len(self._tweens)

    def add(self, tween: Tween) -> Tween:
        """Start a tween, replacing (silently, without its callback) any on the same key."""
        self._tweens.pop(tween.key, None)  # re-insert so the newest runs last
        self._tweens[tween.key] = tween
        return tween

    def tween(
        self,
        target: Any,
        attr: str | Setter,
        end: Value,
        duration: float,
        easing_name: str = "easeInOutQuad",
        delay: float = 0.0,
        start: Value | None = None,
        on_done: Callable[[], None] | None = None,
        key: Hashable | None = None,
    ) -> Tween:
        """Shortcut: move `target.attr` from its current value (or `start`) to `end`."""
        return self.add(Tween(target, attr, start, end, duration, easing_name, delay, on_done, key))

    def moving(self, attr: str | Setter) -> list[Any]:
        """The targets whose `attr` is in motion: its tween has begun or begins at the next update."""
        return [tw.target for tw in self._tweens.values() if tw.attr == attr and not tw.waiting]

    def running(self, target: Any, attr: str | Setter) -> Tween | None:
        return self._tweens.get((id(target), attr))

    def cancel(self, target: Any, attr: str | Setter | None = None) -> int:
        """Stop tweens of `target` (one attribute or all) where they are; no callbacks."""
        keys = [
            k for k, tw in self._tweens.items() if tw.target is target and (attr is None or tw.attr == attr)
        ]
        for k in keys:
            del self._tweens[k]
        return len(keys)

    def clear(self) -> None:
        self._tweens.clear()

    def update(self, dt: float) -> None:
        """Advance every tween; tweens added by callbacks start on the next update."""
        if not self._tweens:
            return
        batch = list(self._tweens.items())
        finished: list[Tween] = []
        for key, tw in batch:
            if self._speed == 0:
                tw.finish()
                done = True
            else:
                done = tw.advance(dt / self._speed)
            if done:
                # A setter may have started a replacement already: keep that one.
                if self._tweens.get(key) is tw:
                    del self._tweens[key]
                finished.append(tw)
        for tw in finished:
            if tw.on_done is not None:
                tw.on_done()

    def finish_all(self) -> None:
        """Jump every tween to its end and run the callbacks (a skip button, the instant speed)."""
        saved, self._speed = self._speed, 0.0
        try:
            self.update(0.0)
        finally:
            self._speed = saved


class Scheduler:
    """Calls to make later, in game time: `call_later(delay, fn)`, `cancel`, `update(dt)`."""

    def __init__(self, speed: str | float = 1.0) -> None:
        self.now = 0.0  # scaled seconds since creation
        self._queue: list[tuple[float, int]] = []  # (due time, handle): a heap
        self._pending: dict[int, Callable[[], Any]] = {}  # a cancelled call just leaves this dict
        self._ids = itertools.count(1)
        self.speed = speed

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, value: str | float) -> None:
        self._speed = speed_factor(value)

    @property
    def idle(self) -> bool:
        return not self._pending

    def __len__(self) -> int:
        return len(self._pending)

    def call_later(self, delay: float, fn: Callable[[], Any]) -> int:
        """Call `fn()` after `delay` seconds (scaled by the speed); returns a handle for `cancel`."""
        if delay < 0:
            raise ValueError("delay cannot be negative")
        handle = next(self._ids)
        self._pending[handle] = fn
        heapq.heappush(self._queue, (self.now + delay, handle))
        return handle

    def cancel(self, what: int | Callable[[], Any]) -> int:
        """Forget a pending call by its handle, or every pending call of a function."""
        if isinstance(what, int):
            return 1 if self._pending.pop(what, None) is not None else 0
        hits = [h for h, fn in self._pending.items() if fn == what]
        for h in hits:
            del self._pending[h]
        return len(hits)

    def clear(self) -> None:
        self._queue.clear()
        self._pending.clear()

    def update(self, dt: float) -> None:
        """Run the calls that fall due, in order; calls they schedule wait for the next update."""
        if self._speed == 0:
            self.now = max([self.now] + [t for t, h in self._queue if h in self._pending])
        else:
            self.now += dt / self._speed
        due: list[int] = []
        while self._queue and self._queue[0][0] <= self.now:
            due.append(heapq.heappop(self._queue)[1])
        for handle in due:
            fn = self._pending.pop(handle, None)  # None: cancelled, maybe by an earlier call
            if fn is not None:
                fn()


class Animator:
    """A Tweener and a Scheduler sharing one speed setting: what a scene owns."""

    def __init__(self, speed: str | float = 1.0) -> None:
        self.tweens = Tweener()
        self.clock = Scheduler()
        self.speed = speed

    @property
    def speed(self) -> float:
        return self.tweens.speed

    @speed.setter
    def speed(self, value: str | float) -> None:
        self.tweens.speed = value
        self.clock.speed = value

    @property
    def idle(self) -> bool:
        """No tween running (pending scheduled calls, like a computer's next move, do not count)."""
        return self.tweens.idle

    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        self.clock.update(dt)
