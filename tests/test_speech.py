"""Speech: the speaker's filter, its log (the contract: one UTF-8 line per thing said, with or without a
screen reader, from `--speech-log` or BOLIVIA_SPEECH_LOG, the demo's too), a backend that fails becoming
silence, and the settings that steer it kept and checked like every other."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from game.keep.settings import Settings
from game.ui.speech import (
    ASKED,
    CHARS_PER_SECOND,
    LANGUAGE_PACE,
    MINE,
    OTHERS,
    Speaker,
    best_voice,
    log_path_from,
    one_line,
)
from game.ui.voice_thread import VoiceThread

ROOT = Path(__file__).resolve().parent.parent


class Recorder:
    """A screen reader stand-in: what it was handed, and how."""

    def __init__(self) -> None:
        self.spoken: list[tuple[str, bool]] = []
        self.rates: list[float] = []
        self.languages: list[str] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.spoken.append((text, interrupt))

    def set_rate(self, rate: float) -> None:
        self.rates.append(rate)

    def set_language(self, lang: str) -> None:
        self.languages.append(lang)


def test_each_verbosity_lets_through_its_kinds_only():
    heard = {}
    for verbosity in ("all", "mine", "asked"):
        s = Speaker(make_backend=None)
        s.configure(True, verbosity, "normal")
        heard[verbosity] = [k for k in (OTHERS, MINE, ASKED) if s.say(f"a {k} line", k)]
    assert heard == {"all": [OTHERS, MINE, ASKED], "mine": [MINE, ASKED], "asked": [ASKED]}
    off = Speaker(make_backend=None)
    off.configure(False, "all", "normal")
    assert not off.say("nothing", ASKED) and not off.pending


def test_lines_reach_the_screen_reader_once_a_frame_and_an_interrupt_drops_what_waits():
    rec = Recorder()
    s = Speaker(make_backend=lambda: rec)
    s.say("West drew 2 cards.", OTHERS)
    s.say("West drew 2 cards.", OTHERS)  # two parts telling one change: once
    s.say("Your turn.", MINE)
    assert rec.spoken == []  # nothing before the frame ends
    s.flush()
    assert rec.spoken == [("West drew 2 cards.", False), ("Your turn.", False)]
    assert rec.rates == [0.5] and rec.languages == ["en"]
    s.say("queen of hearts, 1 of 3", ASKED, interrupt=True)
    s.say("king of hearts, 2 of 3", ASKED, interrupt=True)  # the focus moved on at once: only the last
    s.flush()
    assert rec.spoken[2:] == [("king of hearts, 2 of 3", True)]
    s.configure(True, "all", "fastest")
    assert rec.rates[-1] == 0.8


def test_a_backend_that_fails_is_silence_and_one_log_line(caplog):
    def no_reader():
        raise ValueError("Invalid or unsupported backend")

    s = Speaker(make_backend=no_reader)
    with caplog.at_level("INFO", logger="bolivia.speech"):
        for i in range(3):
            s.say(f"line {i}", ASKED)
            s.flush()
    assert [r.getMessage() for r in caplog.records] == [
        "no speech: no screen reader found (Invalid or unsupported backend)"]

    class Breaks(Recorder):
        def speak(self, text: str, interrupt: bool) -> None:
            raise RuntimeError("the reader crashed")

    s = Speaker(make_backend=Breaks)
    with caplog.at_level("INFO", logger="bolivia.speech"):
        s.say("one", ASKED)
        s.flush()
        s.say("two", ASKED)
        s.flush()  # no second attempt, no second line
    assert sum("the screen reader failed" in r.getMessage() for r in caplog.records) == 1


def test_the_log_has_one_utf8_line_per_thing_said_with_or_without_a_reader(tmp_path):
    for backend in (None, Recorder):
        path = tmp_path / f"said-{backend is None}.log"
        s = Speaker(make_backend=backend)
        s.open_log(path)
        s.say("Dame de cœur,\n 4 sur 17", ASKED)
        s.say("Hjärter dam: ä ö å", MINE)
        s.flush()
        s.close_log()
        assert path.read_bytes().decode("utf-8").split("\n") == ["Dame de cœur, 4 sur 17", "Hjärter dam: ä ö å", ""]
    assert one_line("  a\r\nb\tc  ") == "a b c"


def test_the_log_is_appended_to_and_chosen_by_option_or_environment(tmp_path):
    path = tmp_path / "x.log"
    path.write_text("kept\n", encoding="utf-8")
    s = Speaker(make_backend=None)
    s.open_log(path)
    s.say("new", ASKED)
    s.close_log()
    assert path.read_text(encoding="utf-8") == "kept\nnew\n"
    assert log_path_from(Path("a.log"), {"BOLIVIA_SPEECH_LOG": "b.log"}) == Path("a.log")
    assert log_path_from(None, {"BOLIVIA_SPEECH_LOG": "b.log"}) == Path("b.log")
    assert log_path_from(None, {}) is None


def _game(*args: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    full = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BOLIVIA_HOME=str(tmp_path / "home"),
                **env)
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=full, capture_output=True,
                          text=True, timeout=240)


def test_the_demo_writes_the_speech_log_from_the_option_and_from_the_environment(tmp_path):
    by_option, by_env = tmp_path / "option.log", tmp_path / "env.log"
    done = _game("--demo", "--seed", "2", "--frames", "150", "--speech-log", str(by_option), tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = by_option.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("Hand 1:") and len(lines) >= 5
    assert all(line.strip() == line and line for line in lines)
    assert any("drew" in line for line in lines)
    done = _game("--demo", "--seed", "2", "--frames", "40", tmp_path=tmp_path, BOLIVIA_SPEECH_LOG=str(by_env))
    assert done.returncode == 0, done.stderr
    assert by_env.read_text(encoding="utf-8").splitlines()[0] == lines[0]


def test_a_speech_log_that_cannot_be_written_is_a_clear_error(tmp_path):
    done = _game("--demo", "--frames", "5", "--speech-log", str(tmp_path / "no" / "such" / "folder.log"),
                 tmp_path=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].startswith("error: cannot write the speech log")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("field, bad", [("speech", "yes"), ("speech_verbosity", "loud"), ("speech_rate", 2),
                                        ("text_size", "huge"), ("high_contrast", 1)])
def test_accessibility_settings_are_kept_and_a_damaged_one_is_set_aside(field, bad):
    chosen = Settings(speech=False, speech_verbosity="asked", speech_rate="fast", text_size="largest",
                      high_contrast=True)
    assert Settings.from_json(chosen.to_json()) == chosen
    data = chosen.to_json()
    data[field] = bad
    read, refused = Settings.read(data)
    assert refused == [field]
    assert getattr(read, field) == getattr(Settings(), field)
    others = {f: getattr(chosen, f) for f in ("speech", "speech_verbosity", "speech_rate", "text_size",
                                               "high_contrast") if f != field}
    assert all(getattr(read, f) == v for f, v in others.items())


def test_the_voice_is_busy_for_about_its_lines_length_when_someone_listens(tmp_path):
    now = [100.0]
    s = Speaker(make_backend=None, clock=lambda: now[0])
    s.say("x" * 30, MINE)
    s.flush()
    assert not s.speaking()  # nobody listens: no screen reader, no log
    s.open_log(tmp_path / "said.log")
    per = CHARS_PER_SECOND["normal"] * LANGUAGE_PACE["en"]  # English at the normal rate: 14.4 a second
    s.say("y" * 30, MINE)
    s.say("z" * 15, MINE)
    s.flush()  # 30 characters, then 15 more, queued
    assert s.speaking()
    now[0] += 45 / per - 0.1
    assert s.speaking()
    now[0] += 0.2
    assert not s.speaking()
    s.say("w" * 15, ASKED, interrupt=True)
    s.flush()  # an interruption starts afresh
    now[0] += 15 / per - 0.1
    assert s.speaking()
    s.close_log()


def test_a_swedish_line_is_given_the_time_a_swedish_voice_takes(tmp_path):
    """espeak-ng says Swedish a fifth slower than the game allowed for (12.5 characters a second against
    15): the table moved on while the last move was still being said."""
    from game.i18n import set_language

    taken = {}
    for lang in ("en", "fr", "sv"):
        now = [0.0]
        s = Speaker(make_backend=None, clock=lambda now=now: now[0])
        s.open_log(tmp_path / f"{lang}.log")
        set_language(lang)
        s.say("x" * 100, OTHERS)
        s.flush()
        set_language("en")
        while s.speaking():
            now[0] += 0.05
        taken[lang] = now[0]
        s.close_log()
    assert 7.8 < taken["sv"] < 8.2 and 6.8 < taken["en"] < 7.1 and 5.9 < taken["fr"] < 6.2


def test_the_computers_wait_while_the_voice_tells_the_last_move(tmp_path):
    from game.ai.simple import choose_greedy
    from game.shell.app import App
    from game.shell.controller import TurnController
    from game.ui.speech import speaker, use
    from scenes.table import TableScene
    from tests.helpers import position
    from tests.table_driver import key, run_frames, settle

    now = [0.0]
    use(Speaker(make_backend=None, clock=lambda: now[0]))
    speaker().open_log(tmp_path / "said.log")
    app = App((1366, 768))
    app.running = True
    try:
        state = position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], stock="7H 8H")
        controller = TurnController(state, {1: choose_greedy}, {0}, "fast", 3, threaded=False)
        scene = TableScene(controller, "fast")
        app.scenes.request(scene)
        run_frames(app, 1)
        settle(app, scene)
        now[0] = 100.0  # the deal's words said long ago
        key(app, pygame.K_d)
        key(app, pygame.K_x)
        assert state.turn == 1
        stock = len(state.stock)
        for _ in range(30):  # half a second: "You discarded ..." is still being said
            now[0] += 1 / 60
            run_frames(app, 1)
        assert len(state.stock) == stock and speaker().speaking()
        told = speaker()._until  # when the voice has said it all
        for _ in range(900):
            now[0] += 1 / 60
            run_frames(app, 1)
            if len(state.stock) != stock:
                break
        assert len(state.stock) < stock  # North drew: once the voice had told the player's discard
        assert now[0] >= told
    finally:
        speaker().close_log()
        app.close()


def test_a_screen_reader_that_never_answers_does_not_stop_the_game(caplog):
    """A speech server that stops answering (speech-dispatcher whose sound output failed) froze the game on
    its first line, inside the reader's library: now the reader is opened and spoken to on its own thread."""
    stuck = threading.Event()
    now = [0.0]

    def never_answers() -> Recorder:
        stuck.wait(30)
        raise RuntimeError("too late")

    s = Speaker(make_backend=lambda: VoiceThread(never_answers, wait=5.0, clock=lambda: now[0]),
                clock=lambda: now[0])
    started = time.monotonic()
    with caplog.at_level("INFO", logger="bolivia.speech"):
        for i in range(3):
            s.say(f"line {i}", ASKED)
            s.flush()
        assert s.speaking()  # it may still answer: the table waits for the voice meanwhile
        now[0] = 6.0
        s.say("line 4", ASKED)
        s.flush()
        assert not s.speaking()  # given up on: nobody listens, the table does not wait
    assert time.monotonic() - started < 1.0
    assert [r.getMessage() for r in caplog.records] == ["no speech: the screen reader did not answer within 5 s"]
    stuck.set()


def test_the_reader_on_its_thread_hears_every_line_in_order_and_an_interrupt_drops_the_stale_ones():
    rec = Recorder()
    gate = threading.Event()

    class Slow(Recorder):
        def speak(self, text: str, interrupt: bool) -> None:
            gate.wait(5)  # a reader busy with its first line while the game goes on
            rec.speak(text, interrupt)

    voice = VoiceThread(Slow)
    s = Speaker(make_backend=lambda: voice)
    s.say("West drew 2 cards.", OTHERS)
    s.flush()
    s.say("East drew 2 cards.", OTHERS)
    s.flush()
    s.say("Queen of hearts, 4 of 17", ASKED, interrupt=True)
    s.flush()
    gate.set()
    assert voice.wait_idle(5)
    assert rec.spoken[-1] == ("Queen of hearts, 4 of 17", True)
    assert ("East drew 2 cards.", False) not in rec.spoken[1:]  # waiting behind the interrupt: dropped
    assert not voice.failed and voice.state == "ready"


def test_the_voice_is_the_games_own_variety_of_its_language_and_a_plain_one():
    """speech-dispatcher over espeak-ng lists its voices Caribbean English first and Belgian French before
    French from France, each with dozens of variants: the first of the language is not the one to take."""
    voices = [("af", "Afrikaans"), ("en-029", "English (Caribbean)"), ("en-029", "English (Caribbean)+croak"),
              ("en-GB", "English (Great Britain)+whisper"), ("en-GB", "English (Great Britain)"),
              ("en-US", "English (America)"), ("fr-BE", "French (Belgium)"), ("fr-FR", "French (France)"),
              ("sv", "Swedish+klatt"), ("sv", "Swedish")]
    assert [best_voice(voices, lang) for lang in ("en", "fr", "sv", "de")] == [4, 7, 9, None]
    assert best_voice([("fr_CA", "Québécois"), ("en", "English")], "fr") == 0  # only one French: that one


def test_closing_the_game_stops_the_reader_and_the_demo_speaks_to_the_log_only(tmp_path):
    """A speech server reads what it was handed after the game is gone: the demo at top speed had queued
    about 25 minutes of speech in a minute, still read long after it ended."""
    class Stoppable(Recorder):
        stopped = 0

        def stop(self) -> None:
            Stoppable.stopped += 1

    voice = VoiceThread(Stoppable)
    s = Speaker(make_backend=lambda: voice)
    s.say("West drew 2 cards.", OTHERS)
    s.flush()
    s.say("never handed over", OTHERS)
    s.silence()
    assert Stoppable.stopped == 1 and not s.pending
    # ... and lets the reader go: its thread ends (a reader's library held by a thread frozen at the exit
    # crashed the game after Ctrl-C), and what comes after is dropped, never raised.
    assert not voice._thread.is_alive() and voice.failed
    voice.speak("too late", False)
    made = []
    demo = Speaker(make_backend=lambda: made.append(1) or Recorder())
    demo.log_only()
    demo.open_log(tmp_path / "demo.log")
    demo.say("Hand 1: West dealt.", OTHERS)
    demo.flush()
    demo.close_log()
    assert made == [] and (tmp_path / "demo.log").read_text(encoding="utf-8") == "Hand 1: West dealt.\n"
