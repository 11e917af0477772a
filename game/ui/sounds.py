"""The game's sounds: made here, in code, and played on the engine's events.

No sound files: each sound is a short sum of decaying tones and filtered noise, rendered once to
16-bit samples (plain `array`, no numpy) in a background thread at start, then handed to pygame's
mixer, which mixes on its own channels: playing a sound never waits, and never blocks a frame.

Without a sound device (or with the mixer failing in any way) the board is silent: no error, no
delay. A sound not rendered yet when its event comes is skipped, not waited for.

    card        a snap: a burst of band-passed noise with a fast decay, and a faint low knock
    deal        a soft riffle of light snaps
    draw        two snaps, one card after the other
    meld        a snap and a short wooden tock
    discard     a single, slightly brighter snap
    pile        a longer riffle: the pile swept into the hand
    canasta     a plucked rising arpeggio (C E G C) ending on a chord
    turn        a soft two-note chime: your turn
    out         a brighter rising arpeggio with a held chord: a side went out
    game_over   a short fanfare
"""

from __future__ import annotations

import cmath
import math
import random
import threading
from array import array
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from game.rules import events as ev

RATE = 44100
BUFFER = 512  # samples: about 12 ms of latency at 44.1 kHz
CHANNELS = 8
PEAK = 0.7  # of full scale: sounds mixed together must not clip

Samples = list[float]


# ----- synthesis (pure Python) --------------------------------------------------------------------


def _silence(seconds: float, rate: int) -> Samples:
    return [0.0] * max(1, round(seconds * rate))


def _mix(into: Samples, sound: Samples, at: float, rate: int, gain: float = 1.0) -> None:
    """Add `sound` into `into` starting at `at` seconds (growing it if needed)."""
    start = round(at * rate)
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain


def snap(rate: int, seconds: float = 0.055, brightness: float = 0.5, seed: int = 1, knock: float = 0.35) -> Samples:
    """A card's snap: white noise, band-passed (one-pole filters: two low, one high), with a ~9 ms decay; under it a
    low knock (a 170 Hz sine dying in 15 ms), the table's thud."""
    rnd = random.Random(seed)
    n = round(seconds * rate)
    low_cut = math.exp(-2 * math.pi * 500 / rate)  # high-pass corner: no rumble
    high_cut = math.exp(-2 * math.pi * (1800 + 4200 * brightness) / rate)  # low-pass: no hiss
    lp1 = lp = hp_prev_in = hp = 0.0
    out: Samples = []
    for i in range(n):
        t = i / rate
        x = rnd.uniform(-1.0, 1.0)
        lp1 = (1 - high_cut) * x + high_cut * lp1  # two low-pass stages: a soft snap, not a hiss
        lp = (1 - high_cut) * lp1 + high_cut * lp
        hp = low_cut * (hp + lp - hp_prev_in)
        hp_prev_in = lp
        attack = min(1.0, i / (0.0008 * rate))
        out.append(attack * (hp * 3.0 * math.exp(-t / 0.009)
                             + knock * math.sin(2 * math.pi * 170 * t) * math.exp(-t / 0.015)))
    return out


def _partials(n: int, rate: int, partials: Iterable[tuple[float, float, float]], attack: float) -> Samples:
    """Sum of decaying sines, (amplitude, Hz, decay seconds) each, with a linear attack. Each partial is a
    phasor turned and shrunk a little every sample: one complex product instead of a sine and an exp."""
    out = [0.0] * n
    for amp, freq, decay in partials:
        step = cmath.exp(complex(-1 / (decay * rate), 2 * math.pi * freq / rate))
        z = complex(amp, 0.0)  # imag(z) is amp·e^(−t/decay)·sin(2πft)
        for i in range(n):
            out[i] += z.imag
            z *= step
    ramp = max(1, round(attack * rate))
    for i in range(min(ramp, n)):
        out[i] *= i / ramp
    return out


def pluck(freq: float, rate: int, seconds: float = 0.35, decay: float = 0.12, bright: float = 0.35) -> Samples:
    """A plucked tone: a fundamental and two softer overtones, each dying faster than the one below."""
    partials = ((1.0, freq, decay), (bright, 2 * freq, decay * 0.6), (bright * 0.4, 3 * freq, decay * 0.4))
    return _fade_out(_partials(round(seconds * rate), rate, partials, 0.004), rate)


def chime(freq: float, rate: int, seconds: float = 0.6) -> Samples:
    """A soft bell: a sine with a slightly inharmonic overtone (2.76×, as a small bell has)."""
    partials = ((1.0, freq, 0.25), (0.25, 2.76 * freq, 0.08))
    return _fade_out(_partials(round(seconds * rate), rate, partials, 0.006), rate)


def _fade_out(samples: Samples, rate: int, seconds: float = 0.015) -> Samples:
    """A tone cut while still ringing clicks: end it with a short fade."""
    n = len(samples)
    fade = min(n, max(1, round(seconds * rate)))
    for i in range(fade):
        samples[n - 1 - i] *= i / fade
    return samples


def _normalise(samples: Samples, peak: float) -> Samples:
    """Scale to `peak` of full scale, with 4 ms fades at both ends (no click)."""
    top = max((abs(v) for v in samples), default=0.0) or 1.0
    k = peak / top
    fade = max(1, round(0.004 * RATE))
    n = len(samples)
    out = [v * k for v in samples]
    for i in range(min(fade, n)):
        out[n - 1 - i] *= i / fade
    return out


C5, E5, G5, C6, E6, G6 = 523.25, 659.26, 783.99, 1046.5, 1318.5, 1568.0


def _deal(rate: int) -> Samples:
    out = _silence(0.05, rate)
    for k in range(8):  # light flicks, a card every 60 ms
        _mix(out, snap(rate, 0.04, 0.75, seed=10 + k, knock=0.1), k * 0.06, rate, 0.55 + 0.05 * (k % 3))
    return out


def _draw(rate: int) -> Samples:
    out = snap(rate, 0.05, 0.45, seed=3)
    _mix(out, snap(rate, 0.05, 0.5, seed=4), 0.075, rate, 0.85)
    return out


def _meld(rate: int) -> Samples:
    out = snap(rate, 0.05, 0.4, seed=5, knock=0.5)
    _mix(out, pluck(392.0, rate, 0.12, 0.025, 0.2), 0.012, rate, 0.35)  # a short wooden tock
    return out


def _pile(rate: int) -> Samples:
    out = _silence(0.05, rate)
    for k in range(7):  # the pile swept up: snaps closer and closer
        _mix(out, snap(rate, 0.045, 0.35 + 0.05 * k, seed=30 + k, knock=0.2), 0.032 * k, rate, 0.5 + 0.07 * k)
    return out


def _arpeggio(notes: Iterable[float], step: float, rate: int, ring: float, chord: bool, gain: float) -> Samples:
    notes = list(notes)
    out = _silence(step * len(notes) + ring, rate)
    for k, f in enumerate(notes):
        _mix(out, pluck(f, rate, ring + 0.1, 0.16, 0.3), k * step, rate, gain)
    if chord:
        for f in notes[:-1]:
            _mix(out, pluck(f, rate, ring + 0.1, 0.22, 0.2), len(notes) * step, rate, gain * 0.5)
    return out


def _canasta(rate: int) -> Samples:
    out = snap(rate, 0.05, 0.4, seed=6)
    _mix(out, _arpeggio((C5, E5, G5, C6), 0.075, rate, 0.3, True, 0.6), 0.04, rate)
    return out


def _escalera(rate: int) -> Samples:
    """A run of seven up the scale, as the escalera's seven cards climb, and its chord."""
    out = snap(rate, 0.05, 0.4, seed=7)
    scale = (C5, 587.33, E5, 698.46, G5, 880.0, 987.77, C6)
    _mix(out, _arpeggio(scale, 0.06, rate, 0.35, False, 0.5), 0.03, rate)
    _mix(out, _arpeggio((C6, E6, G6), 0.0, rate, 0.6, False, 0.35), 0.03 + 0.06 * len(scale), rate)
    return out


def _bolivia(rate: int) -> Samples:
    """Seven wild cards: a fanfare, twice the canasta's, with a bright chime over it."""
    out = snap(rate, 0.05, 0.45, seed=8)
    _mix(out, _arpeggio((C5, E5, G5, C6), 0.07, rate, 0.25, True, 0.55), 0.03, rate)
    _mix(out, _arpeggio((E5, G5, C6, E6, G6), 0.05, rate, 0.4, True, 0.5), 0.35, rate)
    _mix(out, chime(C6 * 2, rate, 0.5), 0.6, rate, 0.25)
    return out


def _tick(rate: int) -> Samples:
    """The scoring screen counting a line up: a small wooden tick."""
    return pluck(1318.5, rate, 0.07, 0.015, 0.5)


def _console(rate: int) -> Samples:
    """A game lost: a gentle falling phrase, not a jeer."""
    return _arpeggio((G5, E5, C5, 392.0), 0.16, rate, 0.5, False, 0.5)


def _turn(rate: int) -> Samples:
    out = chime(G5, rate, 0.45)
    _mix(out, chime(C6, rate, 0.5), 0.13, rate, 0.9)
    return out


def _out(rate: int) -> Samples:
    return _arpeggio((G5, C6, E6, G6), 0.09, rate, 0.45, True, 0.6)


def _game_over(rate: int) -> Samples:
    out = _arpeggio((C5, E5, G5), 0.14, rate, 0.2, False, 0.6)
    _mix(out, _arpeggio((C6, E6, G6), 0.0, rate, 0.7, False, 0.5), 0.45, rate)
    for f in (C5, G5, C6):
        _mix(out, pluck(f, rate, 0.8, 0.3, 0.2), 0.45, rate, 0.35)
    return out


SYNTHS: dict[str, Callable[[int], Samples]] = {
    "deal": _deal,
    "draw": _draw,
    "meld": _meld,
    "discard": lambda rate: snap(rate, 0.055, 0.6, seed=2),
    "pile": _pile,
    "canasta": _canasta,
    "turn": _turn,
    "out": _out,
    "game_over": _game_over,
    "escalera": _escalera,
    "bolivia": _bolivia,
    "tick": _tick,
    "console": _console,
}
GAINS = {"turn": 0.5, "deal": 0.8, "canasta": 0.8, "out": 0.8, "escalera": 0.8, "bolivia": 0.8, "tick": 0.4,
         "console": 0.6}  # tones carry further than snaps: kept level with them


def render(name: str, rate: int = RATE) -> Samples:
    """One sound as floats in -PEAK..PEAK."""
    return _normalise(SYNTHS[name](rate), PEAK)


def to_pcm(samples: Samples, channels: int = 1) -> bytes:
    """Signed 16-bit samples, the same in every channel, in the machine's byte order (as the mixer wants)."""
    mono = array("h", [max(-32767, min(32767, int(v * 32767.0 + (0.5 if v > 0 else -0.5)))) for v in samples])
    if channels == 1:
        return mono.tobytes()
    frames = array("h", bytes(2 * channels * len(mono)))
    for c in range(channels):
        frames[c::channels] = mono
    return frames.tobytes()


# ----- which event sounds how ----------------------------------------------------------------------


def sounds_for(events: Iterable[Any], human: Iterable[int] = (0,)) -> list[str]:
    """The sounds a batch of engine events makes, loudest news first, each once; at most two."""
    human = set(human)
    found: set[str] = set()
    for e in events:
        if isinstance(e, ev.HandDealt):
            found.add("deal")
        elif isinstance(e, ev.CardsDrawn):
            found.add("draw")
        elif isinstance(e, ev.PileTaken | ev.TopTaken):
            found.add("pile")
        elif isinstance(e, ev.Melded | ev.AddedToMeld | ev.MeldsCombined | ev.RedThreeLaid):
            found.add("meld")
        elif isinstance(e, ev.CanastaMade):  # an escalera and a bolivia have a sound of their own
            found.add(e.canasta if e.canasta in ("escalera", "bolivia") else "canasta")
        elif isinstance(e, ev.Discarded):
            found.add("discard")
        elif isinstance(e, ev.TurnStarted) and e.seat in human:
            found.add("turn")
        elif isinstance(e, ev.WentOut):
            found.add("out")
        elif isinstance(e, ev.GameEnded):  # the player's side (seat 0's: side 0) beaten: consoled, not cheered
            found.add("console" if e.winner is not None and e.winner != 0 and 0 in human else "game_over")
    order = ["game_over", "console", "out", "bolivia", "escalera", "canasta", "deal", "pile", "meld", "draw",
             "discard", "turn"]
    chosen = [name for name in order if name in found]
    if found & {"canasta", "escalera", "bolivia"}:  # the flourish carries the meld's snap in it
        chosen = [n for n in chosen if n != "meld"]
    if "turn" in found and len(chosen) > 2:  # the player's cue is never crowded out
        chosen = chosen[:1] + ["turn"]
    return chosen[:2]


# ----- playing -------------------------------------------------------------------------------------


class Output(Protocol):
    """Where sounds go: pygame's mixer, or a stand-in in tests."""

    channels: int

    def load(self, pcm: bytes) -> Any: ...

    def play(self, sound: Any, volume: float) -> None: ...


class MixerOutput:
    """pygame's mixer. `open()` returns None when there is no usable sound device."""

    def __init__(self, channels: int) -> None:
        self.channels = channels

    @staticmethod
    def open() -> MixerOutput | None:
        try:
            import pygame

            if not pygame.mixer.get_init():
                if pygame.get_init():
                    return None  # pygame.init() tried the mixer already: no device, and no second wait for one
                pygame.mixer.init(RATE, -16, 2, BUFFER)
            init = pygame.mixer.get_init()
            if not init:
                return None
            pygame.mixer.set_num_channels(CHANNELS)
            return MixerOutput(init[2])
        except Exception:  # no device, no driver, a broken SDL build: play in silence
            return None

    def load(self, pcm: bytes) -> Any:
        import pygame

        return pygame.mixer.Sound(buffer=pcm)

    def play(self, sound: Any, volume: float) -> None:
        sound.set_volume(volume)
        sound.play()


def pre_init() -> None:
    """Ask for a small mixer buffer before pygame starts (short sounds must not lag the cards)."""
    try:
        import pygame

        pygame.mixer.pre_init(RATE, -16, 2, BUFFER)
    except Exception:
        pass


class SoundBoard:
    """The game's sounds, on or off, at a volume. Rendering starts in the background on `start()`."""

    def __init__(self, output: Output | None = None, enabled: bool = True, volume: float = 0.7,
                 opener: Callable[[], Output | None] = MixerOutput.open) -> None:
        self.enabled = enabled
        self.volume = volume
        self._output = output
        self._opener = opener if output is None else None
        self._sounds: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._load = threading.Lock()  # held while a sound is handed to the mixer
        self._stopped = False
        self._thread: threading.Thread | None = None

    @property
    def output(self) -> Output | None:
        """The device, opened on first need (never at import)."""
        if self._opener is not None:
            opener, self._opener = self._opener, None
            self._output = opener()
        return self._output

    def configure(self, enabled: bool, volume: float) -> None:
        self.enabled = enabled
        self.volume = max(0.0, min(1.0, volume))

    def start(self, wait: bool = False) -> None:
        """Render every sound, in a background thread (or here, with `wait`)."""
        if self._stopped or self.output is None or self._thread is not None:
            return
        if wait:
            self._render_all()
            return
        self._thread = threading.Thread(target=self._render_all, daemon=True, name="bolivia-sounds")
        self._thread.start()

    def _render_all(self) -> None:
        out = self.output
        if out is None:
            return
        for name in SYNTHS:
            if self._stopped:
                return
            try:
                pcm = to_pcm(render(name, RATE), out.channels)  # pure Python: may run on while pygame quits
                with self._load:  # but the mixer is only touched while it is open
                    if self._stopped:
                        return
                    sound = out.load(pcm)
            except Exception:
                continue  # that sound stays silent
            with self._lock:
                self._sounds[name] = sound

    def stop(self, timeout: float = 0.5) -> None:
        """Before pygame shuts down: the rendering thread hands nothing more to the mixer. Waits at most
        `timeout` for a sound being loaded; the thread (a daemon) is then abandoned, never waited for."""
        if not self._load.acquire(timeout=timeout):
            return  # a load hung in the mixer: nothing to do but leave it
        try:
            self._stopped = True
        finally:
            self._load.release()

    def ready(self, name: str) -> bool:
        with self._lock:
            return name in self._sounds

    def play(self, name: str) -> bool:
        """Play a sound now if sound is on and it is ready; True if it was played."""
        if not self.enabled or self.volume <= 0 or self._output is None or self._stopped:
            return False
        with self._lock:
            sound = self._sounds.get(name)
        if sound is None:
            return False
        try:
            self._output.play(sound, self.volume * GAINS.get(name, 1.0))
        except Exception:
            return False
        return True

    def on_events(self, events: Iterable[Any], human: Iterable[int] = (0,)) -> list[str]:
        """Play what a batch of engine events sounds like; returns the sounds played."""
        if not self.enabled:
            return []
        return [name for name in sounds_for(events, human) if self.play(name)]


SILENT = SoundBoard(enabled=False, opener=lambda: None)  # the default of scenes given no board
