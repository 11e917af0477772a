"""The screen reader on a thread of its own, so the game's frame never waits for it.

A screen reader's library can block without end: speech-dispatcher's client library waits for its
server's answer when it connects and when it speaks, and a server whose sound output failed stops
answering (seen on Linux with no sound server: the game froze on its first spoken line, before the menu
drew). Here the backend is made, and spoken to, on a daemon thread; the game only puts lines in a queue
and never blocks. A backend not ready after `wait` seconds, or failing, is "no speech" with one line in
the log, as a missing screen reader is.

No pygame here.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger("bolivia.speech")

OPENING, READY, FAILED = "opening", "ready", "failed"
MOST_WAITING = 64  # lines kept while the reader is slow; older ones go (they are stale by then)


class VoiceThread:
    """A Backend (speak, set_rate, set_language) that hands each call to the thread owning the real one.
    Its calls never raise and never block; `failed` says when nobody is listening any more."""

    def __init__(self, make_backend: Callable[[], Any], wait: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.state = OPENING
        self.name = ""
        self._make = make_backend
        self._wait = wait
        self._clock = clock
        self._started = clock()
        self._calls: deque[tuple[str, tuple[Any, ...]]] = deque(maxlen=MOST_WAITING)
        self._busy = False  # the thread is inside a call of the reader's
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="bolivia-voice", daemon=True)
        self._thread.start()

    @property
    def failed(self) -> bool:
        """The reader failed, or has not answered within the wait: the game stops counting on it."""
        if self.state == OPENING and self._clock() - self._started > self._wait:
            log.info("no speech: the screen reader did not answer within %.0f s", self._wait)
            self.state = FAILED
        return self.state == FAILED

    def speak(self, text: str, interrupt: bool) -> None:
        self._call("speak", text, interrupt)

    def set_rate(self, rate: float) -> None:
        self._call("set_rate", rate)

    def set_language(self, lang: str) -> None:
        self._call("set_language", lang)

    def stop(self, timeout: float = 0.5) -> None:
        """What is waiting dropped and what is being said cut off (the game is closing: its lines would go
        on being read after it). Waits a moment for the reader to have been told."""
        with self._wake:
            self._calls.clear()
        self._call("stop")
        self.wait_idle(timeout)

    def close(self, timeout: float = 1.0) -> None:
        """The game is closing: the thread lets the screen reader go and ends, and is waited for a moment. A
        reader's library still held by a thread frozen at the interpreter's exit crashed the game's last
        instant after Ctrl-C (speech-dispatcher's: a segmentation fault instead of the exit code 130)."""
        with self._wake:
            self._calls.clear()
            self._calls.append(("close", ()))
            self._wake.notify_all()
        self._thread.join(timeout)

    def wait_idle(self, timeout: float) -> bool:
        """Until every call handed over is made (tests, and a measure of the delay); True if it was."""
        end = time.monotonic() + timeout
        with self._wake:
            while self._calls or self._busy:
                left = end - time.monotonic()
                if left <= 0 or self.state == FAILED:
                    return False
                self._wake.wait(left)
        return True

    def _call(self, name: str, *args: Any) -> None:
        if self.state == FAILED:
            return
        with self._wake:
            if name == "speak" and args[1]:  # an interrupting line: what still waits is stale
                self._calls = deque((c for c in self._calls if c[0] != "speak"), maxlen=MOST_WAITING)
            self._calls.append((name, args))
            self._wake.notify_all()

    def _run(self) -> None:
        try:
            backend = self._make()
        except Exception as why:  # noqa: BLE001 - no screen reader, no library: no speech
            log.info("no speech: no screen reader found (%s)", why or type(why).__name__)
            self.state = FAILED
            return
        if self.state == FAILED:  # it answered, but after the game had given up on it
            return
        self.name = str(getattr(backend, "name", ""))
        self.state = READY
        while True:
            with self._wake:
                while not self._calls:
                    self._busy = False
                    self._wake.notify_all()
                    self._wake.wait()
                name, args = self._calls.popleft()
                self._busy = name != "close"
                if name == "close":
                    self.state = FAILED  # nobody listens any more: later calls are dropped at once
                    self._wake.notify_all()
                    break
            try:
                getattr(backend, name)(*args)
            except Exception as why:  # noqa: BLE001 - whatever the reader does, the game goes on
                if name == "speak":
                    log.info("speech stopped: the screen reader failed (%s)", why)
                    self.state = FAILED
                    with self._wake:
                        self._calls.clear()
                        self._busy = False
                        self._wake.notify_all()
                    return
                log.info("speech: voice settings not applied (%s)", why)
