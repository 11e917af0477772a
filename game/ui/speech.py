"""What the game says aloud: through the player's own screen reader (the Prism interface: NVDA, JAWS,
Narrator/SAPI, VoiceOver, speech-dispatcher/Orca), and line by line into a speech log when one is asked
for (`--speech-log FILE` or BOLIVIA_SPEECH_LOG), whether or not a screen reader is there.

No pygame here. Scenes call `say(text, kind)`; the `Speaker` filters by the player's choice of how much is
said, writes the log at once and queues the line for the screen reader, which `flush()` (once a frame)
hands over: a line said with `interrupt` drops what was still waiting and cuts off what is being spoken
(a focus that moved on makes the last one's words stale). The backend can fail in any way (no screen
reader, a library missing, a crash inside it): that is "no speech" and one line in the log, never an
error the player sees.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from game.i18n import language
from game.ui.voice_thread import VoiceThread

log = logging.getLogger("bolivia.speech")

# Kinds of line, and which of them each verbosity lets through.
OTHERS = "others"  # the opponents' moves at the table
MINE = "mine"  # my turn, my partner's and my own moves, the hint, the warning, a refusal
ASKED = "asked"  # what a key of mine asked for: a focus moved, a summary, a screen opened or changed
KINDS = (OTHERS, MINE, ASKED)
VERBOSITIES = ("all", "mine", "asked")  # everything / my turn and my partner / only what I ask
_HEARD = {"all": {OTHERS, MINE, ASKED}, "mine": {MINE, ASKED}, "asked": {ASKED}}
RATES = ("slow", "normal", "fast", "fastest")
# About how many characters a second a voice says at each rate (espeak-ng's 175 words a minute is about 15):
# the table's computer players wait while the voice is still saying what they did.
CHARS_PER_SECOND = {"slow": 11.0, "normal": 15.0, "fast": 21.0, "fastest": 28.0}
# How fast each language is said, against that: espeak-ng's characters a second over the game's own lines,
# measured (English 14.4, French 16.6, Swedish 12.5 at its usual rate). A Swedish listener fell behind the
# table by a fifth of each line.
LANGUAGE_PACE = {"en": 0.96, "fr": 1.1, "sv": 0.83}
_RATE_VALUE = {"slow": 0.35, "normal": 0.5, "fast": 0.65, "fastest": 0.8}  # Prism's rates run 0..1
ENV_LOG = "BOLIVIA_SPEECH_LOG"


class Backend(Protocol):
    def speak(self, text: str, interrupt: bool) -> None: ...

    def set_rate(self, rate: float) -> None: ...

    def set_language(self, lang: str) -> None: ...


class PrismBackend:
    """The screen reader Prism finds best on this computer. Raises when there is none."""

    def __init__(self) -> None:
        import prism  # imported here: a missing or broken library is "no speech", found when first needed

        self._context = prism.Context()
        self._backend = self._context.acquire_best()
        self.name = self._backend.name
        self._features = self._backend.features

    def speak(self, text: str, interrupt: bool) -> None:
        self._backend.output(text, interrupt) if self._features.supports_output else \
            self._backend.speak(text, interrupt)

    def stop(self) -> None:
        if self._features.supports_stop:
            self._backend.stop()

    def set_rate(self, rate: float) -> None:
        if self._features.supports_set_rate:
            self._backend.rate = rate

    def set_language(self, lang: str) -> None:
        """The voice that best speaks `lang`, where the screen reader lets the game choose one."""
        f = self._features
        if not (f.supports_count_voices and f.supports_get_voice_language and f.supports_set_voice):
            return
        b = self._backend
        names = b.get_voice_name if f.supports_get_voice_name else (lambda _i: "")
        best = best_voice([(b.get_voice_language(i), names(i)) for i in range(b.voices_count)], lang)
        if best is not None:
            b.voice = best


# The variety of each language the game is written in: English as in Britain, French as in France.
HOME_VARIETY = {"en": "en-gb", "fr": "fr-fr", "sv": "sv-se"}


def best_voice(voices: list[tuple[str, str]], lang: str) -> int | None:
    """Which of the (language tag, name) voices speaks `lang` best: the game's own variety first, then the
    plain language, then any variety of it; a plain voice before its variants ("+whisper", "+croak": a
    speech-dispatcher over espeak-ng lists thousands). None when no voice speaks it. The first voice of
    the language used to be taken: English was read in a Caribbean voice, French in a Belgian one."""
    def rank(i: int) -> tuple[int, int, int] | None:
        tag, name = voices[i][0].lower().replace("_", "-"), voices[i][1]
        if tag.split("-")[0] != lang:
            return None
        kind = 0 if tag == HOME_VARIETY.get(lang) else 1 if tag == lang else 2
        return kind, "+" in name, i

    ranked = [r for r in map(rank, range(len(voices))) if r is not None]
    return min(ranked)[2] if ranked else None


def prism_on_its_thread() -> Backend:
    """The game's screen reader: Prism's, opened and spoken to on a thread of its own (it can block)."""
    return VoiceThread(PrismBackend)


class SpeechLog:
    """Every line spoken, appended to a file, one line each in UTF-8. Each line is one `write` on a file
    opened for appending: a line is whole in the file even if the game is killed, or another copy writes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(self, text: str) -> None:
        os.write(self._fd, (text + "\n").encode("utf-8"))

    def close(self) -> None:
        try:
            os.close(self._fd)
        except OSError:
            pass


def one_line(text: str) -> str:
    """A line for the log and the voice: no line breaks inside, no runs of spaces."""
    return " ".join(text.split())


class Speaker:
    """`make_backend` is called once, when the first line is to be spoken (tests hand in their own)."""

    def __init__(self, make_backend: Callable[[], Backend] | None = prism_on_its_thread,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.enabled = True
        self.verbosity = "all"
        self.rate = "normal"
        self.language = "en"
        self.log: SpeechLog | None = None
        self.pending: list[tuple[str, bool]] = []
        self._make_backend = make_backend
        self._backend: Backend | None = None
        self._tried = make_backend is None  # no backend asked for: never tried
        self._clock = clock
        self._until = 0.0  # when the voice will about have said everything handed to it

    # ----- settings ---------------------------------------------------------------------------------

    def configure(self, enabled: bool, verbosity: str, rate: str) -> None:
        self.enabled = enabled
        self.verbosity = verbosity if verbosity in VERBOSITIES else "all"
        changed = rate != self.rate
        self.rate = rate if rate in RATES else "normal"
        if changed and self._backend is not None:
            self._apply_voice()
        if not enabled:
            self.pending.clear()

    def open_log(self, path: Path) -> None:
        """Raises OSError when the file cannot be opened for appending (the caller says so)."""
        self.close_log()
        self.log = SpeechLog(path)

    def log_only(self) -> None:
        """Lines go to the log, never to a screen reader (the demo: at its top speed it queued about 25
        minutes of speech a minute, read long after it ended)."""
        self._make_backend = None
        self._tried = True
        self._backend = None

    def silence(self) -> None:
        """The game is closing: nothing more handed over, and what the reader still has to say is dropped."""
        self.pending.clear()
        backend, self._backend = self._backend, None
        for step in ("stop", "close"):  # cut off what it says, then let it go before the game exits
            call = getattr(backend, step, None)
            if call is None:
                continue
            try:
                call()
            except Exception as why:  # noqa: BLE001 - closing: whatever the reader does
                log.info("speech: the screen reader was not stopped (%s)", why)

    def close_log(self) -> None:
        if self.log is not None:
            self.log.close()
            self.log = None

    # ----- speaking ---------------------------------------------------------------------------------

    def heard(self, kind: str) -> bool:
        """Whether a line of `kind` is said at the player's verbosity."""
        return self.enabled and kind in _HEARD.get(self.verbosity, _HEARD["all"])

    def say(self, text: str, kind: str = ASKED, interrupt: bool = False, repeat: bool = False) -> bool:
        """Say `text` if the player hears lines of `kind`; True when it is said. `repeat`: the line tells an
        event of its own even when a line waiting says the same words (three red threes laid at once)."""
        text = one_line(text)
        if not text or not self.heard(kind):
            return False
        if not interrupt and not repeat and any(text == waiting for waiting, _ in self.pending):
            return False  # the same line twice in one frame (two parts telling one change): once
        if self.log is not None:
            try:
                self.log.write(text)
            except OSError as why:  # a full disk: the log stops, the game and the voice go on
                log.warning("speech log stopped: %s", why)
                self.close_log()
        if interrupt:
            self.pending.clear()
        self.pending.append((text, interrupt))
        return True

    def flush(self) -> None:
        """Hand the lines waiting to the screen reader (once a frame)."""
        if not self.pending:
            return
        lines, self.pending = self.pending, []
        backend = self._open()
        if getattr(backend, "failed", False):  # a reader on its thread that failed or never answered
            backend = self._backend = None
        if backend is not None or self.log is not None:  # someone listens: the table waits for the voice
            now = self._clock()
            pace = CHARS_PER_SECOND[self.rate] * LANGUAGE_PACE.get(language(), 1.0)
            for text, interrupt in lines:
                start = now if interrupt else max(now, self._until)
                self._until = start + len(text) / pace
        if backend is None:
            return
        if language() != self.language:  # the voice follows the game's language
            self._apply_voice()
        try:
            for text, interrupt in lines:
                backend.speak(text, interrupt)
        except Exception as why:  # noqa: BLE001 - whatever the screen reader does, the game goes on
            log.info("speech stopped: the screen reader failed (%s)", why)
            self._backend = None

    def speaking(self) -> bool:
        """Whether a listener is still hearing what was said (about: from its length at the rate chosen).
        Only when someone listens: a screen reader found, or a speech log written (a test of the pace)."""
        if getattr(self._backend, "failed", False):
            self._backend = None
        if not self.enabled or (self._backend is None and self.log is None):
            return False
        return self._clock() < self._until

    def _open(self) -> Backend | None:
        if self._tried:
            return self._backend
        self._tried = True
        try:
            self._backend = self._make_backend() if self._make_backend is not None else None
        except Exception as why:  # noqa: BLE001 - no screen reader, no library: no speech
            log.info("no speech: no screen reader found (%s)", why or type(why).__name__)
            self._backend = None
            return None
        self._apply_voice()
        return self._backend

    def _apply_voice(self) -> None:
        backend = self._backend
        if backend is None:
            return
        self.language = language()
        try:
            backend.set_rate(_RATE_VALUE[self.rate])
            backend.set_language(self.language)
        except Exception as why:  # noqa: BLE001 - a voice setting refused: it speaks as it did
            log.info("speech: voice settings not applied (%s)", why)


_speaker = Speaker()


def speaker() -> Speaker:
    return _speaker


def use(new: Speaker) -> Speaker:
    """Make `new` the game's speaker (tests); returns the one it replaces."""
    global _speaker
    old, _speaker = _speaker, new
    return old


def say(text: str, kind: str = ASKED, interrupt: bool = False, repeat: bool = False) -> bool:
    """What scenes call: `text` said, if the player hears lines of `kind`."""
    return _speaker.say(text, kind, interrupt, repeat)


def log_path_from(arg: Path | None, environ: dict[str, str] | os._Environ[str] = os.environ) -> Path | None:
    """The speech log asked for: the command line's, else the environment's, else none."""
    if arg is not None:
        return arg
    value = environ.get(ENV_LOG, "")
    return Path(value) if value else None


def say_lines(lines: list[str], kind: str = ASKED) -> None:
    """Lines said one after another, the first cutting off what was being said (a screen opened, a page
    turned: one line each, so a screen reader's next-line keys and the log keep them apart)."""
    for i, line in enumerate(line for line in lines if line.strip()):
        say(line, kind, interrupt=i == 0)


class Said:
    """Lines said once for each thing they are about: a page, a replay's move, a chosen line. A scene asks
    `about(key, lines)` after each change; only a new key is said."""

    def __init__(self) -> None:
        self.key: object = None

    def about(self, key: object, lines: Callable[[], list[str]], kind: str = ASKED) -> None:
        if key != self.key:
            self.key = key
            say_lines(lines(), kind)
