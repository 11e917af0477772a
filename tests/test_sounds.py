"""Sounds: short, never clipping, played on the engine's events through the mixer (a stand-in here),
silent with sound off or without a device."""

from __future__ import annotations

import pytest

from game.rules import events as ev
from game.ui.sounds import GAINS, PEAK, RATE, SYNTHS, MixerOutput, SoundBoard, render, sounds_for, to_pcm


class CountingMixer:
    """Stands in for pygame's mixer: keeps what it was asked to play, at what volume."""

    channels = 2

    def __init__(self) -> None:
        self.loaded: list[int] = []
        self.played: list[tuple[str, float]] = []

    def load(self, pcm: bytes) -> object:
        self.loaded.append(len(pcm))
        return f"sound{len(self.loaded) - 1}"

    def play(self, sound: object, volume: float) -> None:
        self.played.append((str(sound), volume))


def board(enabled: bool = True, volume: float = 0.7) -> tuple[SoundBoard, CountingMixer]:
    mixer = CountingMixer()
    b = SoundBoard(mixer, enabled, volume)
    b.start(wait=True)
    return b, mixer


@pytest.mark.parametrize("name", sorted(SYNTHS))
def test_each_sound_is_short_loud_enough_and_never_clips(name: str) -> None:
    samples = render(name)
    seconds = len(samples) / RATE
    assert 0.04 <= seconds <= 1.3
    peak = max(abs(v) for v in samples)
    assert PEAK * 0.9 <= peak <= PEAK + 1e-9
    assert abs(samples[-1]) < 0.01  # faded out: no click at the end
    assert len(to_pcm(samples, 2)) == 4 * len(samples)


def test_events_make_their_sounds() -> None:
    assert sounds_for([ev.HandDealt(1, 0, (), (), 100)]) == ["deal"]
    assert sounds_for([ev.CardsDrawn(1, (3, 4))]) == ["draw"]
    assert sounds_for([ev.Melded(0, 1, "rank", (1, 2, 3)), ev.CanastaMade(0, 1, "natural")]) == ["canasta"]
    assert sounds_for([ev.PileTaken(0, 1, 5, (1, 2), (7,))]) == ["pile"]
    # An escalera and a bolivia each have their own sound, and carry the meld's snap as a canasta does.
    assert sounds_for([ev.Melded(0, 1, "run", (1, 2, 3)), ev.CanastaMade(0, 1, "escalera")]) == ["escalera"]
    assert sounds_for([ev.AddedToMeld(0, 1, (1,)), ev.CanastaMade(0, 1, "bolivia")]) == ["bolivia"]
    assert sounds_for([ev.Discarded(1, 9), ev.TurnStarted(0)]) == ["discard", "turn"]
    assert sounds_for([ev.Discarded(1, 9), ev.TurnStarted(2)]) == ["discard"]  # not the player's turn
    assert sounds_for([ev.WentOut(0, False), ev.HandEnded(1, (), ()), ev.GameEnded(0, (1, 2))]) == [
        "game_over", "out"]
    # The other side won: the player is consoled, not cheered (a table of computers only: the fanfare).
    assert sounds_for([ev.WentOut(1, False), ev.GameEnded(1, (1, 2))]) == ["console", "out"]
    assert sounds_for([ev.WentOut(1, False), ev.GameEnded(1, (1, 2))], human=[]) == ["game_over", "out"]
    assert sounds_for([ev.Melded(0, 1, "rank", (1, 2, 3)), ev.Discarded(0, 4), ev.TurnStarted(0)],
                      human=[0]) == ["meld", "turn"]


def test_the_board_plays_on_events_at_its_volume() -> None:
    b, mixer = board(volume=0.5)
    assert len(mixer.loaded) == len(SYNTHS) and all(b.ready(n) for n in SYNTHS)
    assert b.on_events([ev.CardsDrawn(1, (3, 4))]) == ["draw"]
    assert b.on_events([ev.CanastaMade(0, 1, "bolivia")]) == ["bolivia"]
    assert [v for _s, v in mixer.played] == [0.5, pytest.approx(0.5 * GAINS["bolivia"])]
    b.configure(False, 0.5)
    assert b.on_events([ev.CardsDrawn(1, (3, 4))]) == [] and len(mixer.played) == 2
    b.configure(True, 0.0)
    assert b.on_events([ev.CardsDrawn(1, (3, 4))]) == [] and len(mixer.played) == 2


def test_sound_off_from_the_start_is_silent() -> None:
    b, mixer = board(enabled=False)
    b.on_events([ev.HandDealt(1, 0, (), (), 100), ev.TurnStarted(0)])
    assert mixer.played == []


def test_no_device_means_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def no_device(*_args: object, **_kw: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert MixerOutput.open() is None
    b = SoundBoard()  # opens the (failing) mixer on first need
    b.start()
    assert b.output is None
    assert b.on_events([ev.CardsDrawn(1, (3, 4)), ev.TurnStarted(0)]) == []


def test_the_dummy_driver_gives_a_working_mixer() -> None:
    out = MixerOutput.open()
    assert out is not None and out.channels in (1, 2)
    b = SoundBoard(out)
    b.start(wait=True)
    assert b.play("draw")


def test_a_sound_not_rendered_yet_is_skipped_not_waited_for() -> None:
    mixer = CountingMixer()
    b = SoundBoard(mixer)  # start() not called: nothing rendered
    assert b.on_events([ev.CardsDrawn(1, (3, 4))]) == [] and mixer.played == []


def test_the_sounds_can_be_written_as_wav_files(tmp_path) -> None:
    import wave

    from game.tools.sounds import write_all

    paths = write_all(tmp_path)
    assert sorted(p.stem for p in paths) == sorted(SYNTHS)
    with wave.open(str(tmp_path / "canasta.wav")) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        assert w.getnframes() == len(render("canasta"))


def test_no_second_try_for_a_device_pygame_init_did_not_find(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    tried: list[bool] = []
    monkeypatch.setattr(pygame, "get_init", lambda: True)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: tried.append(True))
    assert MixerOutput.open() is None and tried == []
