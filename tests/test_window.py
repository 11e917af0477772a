"""The window: it fits the screen it opens on, keeps a minimum size, and reopens as it was left."""

from __future__ import annotations

import json

import pygame
import pytest

from game.keep.settings import Settings
from game.keep.storage import Storage
from game.shell.app import App
from game.shell.flow import Flow
from game.shell.window import (
    DEFAULT_SIZE,
    MIN_SIZE,
    TITLE_ROOM,
    WindowState,
    place_window,
    usable,
    windowed_place,
)


def f11() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("desktop", [(1366, 768), (1280, 720), (1024, 600), (1920, 1080), (2560, 1440), (800, 600)])
def test_first_run_fits_the_usable_desktop(desktop: tuple[int, int]) -> None:
    p = place_window(None, [desktop])
    room = usable(desktop)
    assert p.size[0] <= max(room[0], MIN_SIZE[0]) and p.size[1] <= max(room[1], MIN_SIZE[1])
    assert p.size[0] >= MIN_SIZE[0] and p.size[1] >= MIN_SIZE[1]
    if desktop[1] >= MIN_SIZE[1] + 100:
        assert p.size[1] <= desktop[1] - 100  # room for a taskbar and the title bar
    # A laptop screen smaller than the usual size: maximised, so the window manager fits it exactly.
    assert p.maximize == (p.size != DEFAULT_SIZE)
    assert place_window(None, [(1366, 768)]).size == (1280, 668)
    assert place_window(None, [(1920, 1080)]) .size == DEFAULT_SIZE


def test_a_saved_window_is_reopened_shrunk_to_the_screen_and_back_on_it() -> None:
    big = WindowState((1900, 1050), (600, 300), False)
    p = place_window(big, [(1366, 768)])
    assert p.size == usable((1366, 768))
    assert 0 <= p.pos[0] <= 1366 - p.size[0] and 0 <= p.pos[1] <= 768 - p.size[1]
    assert place_window(WindowState((1100, 700), (-500, 5000), True), [(1920, 1080)]).pos == (0, 380)
    same = place_window(WindowState((1100, 700), (40, 30), True), [(1920, 1080)])
    assert (same.size, same.pos, same.fullscreen, same.maximize) == ((1100, 700), (40, 30), True, False)
    # On the second of two screens side by side it stays there.
    assert place_window(WindowState((1200, 700), (2000, 100)), [(1920, 1080), (1920, 1080)]).pos == (2000, 100)
    tiny = place_window(WindowState((300, 200), None), [(1920, 1080)])
    assert tiny.size == MIN_SIZE and tiny.pos is None


@pytest.mark.parametrize("bad", [None, 3, "x", {}, {"size": "big"}, {"size": [0, 5]}, {"size": [1, 2, 3]},
                                 {"size": [True, 700]}, {"size": [1e9, 700]}])
def test_bad_window_settings_fall_back(bad: object) -> None:
    assert WindowState.from_json(bad) is None
    assert Settings.from_json({"window": bad}).window is None


def test_window_settings_round_trip() -> None:
    w = WindowState((1200, 700), (10, 20), True)
    assert WindowState.from_json(json.loads(json.dumps(w.to_json()))) == w
    assert WindowState.from_json({"size": [1200, 700], "pos": "here", "fullscreen": "yes"}) == WindowState((1200, 700))
    s = Settings(window=w)
    assert Settings.from_json(json.loads(json.dumps(s.to_json()))).window == w


def test_minimum_size_and_f11() -> None:
    app = App((1280, 720), minimum=MIN_SIZE)
    try:
        assert tuple(app.window.minimum_size) == MIN_SIZE
        app.process_event(f11())
        assert app.fullscreen and pygame.display.is_fullscreen()
        assert app.window_state() == WindowState((1280, 720), app.windowed_pos, True)
        app.process_event(f11())
        # Back to the windowed size, no larger than the screen (the dummy driver's is 1024x768).
        desktop = tuple(pygame.display.get_desktop_sizes()[0])
        assert not app.fullscreen and app.size == windowed_place((1280, 720), None, desktop)[0]
    finally:
        app.close()


def test_the_game_reopens_as_it_was_left(tmp_path) -> None:
    store = Storage(tmp_path)
    flow = Flow(None, storage=store)
    first = flow.app.size
    desktop = pygame.display.get_desktop_sizes()[0]
    assert first[0] <= desktop[0] and first[1] <= desktop[1] - 100 or first[1] == MIN_SIZE[1]
    flow.app.process_event(pygame.event.Event(pygame.WINDOWRESTORED))  # opened maximised; the player sizes it
    flow.app.window.size = (1024, 620)
    flow.app.process_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=620))
    flow.app.process_event(f11())
    flow.close()
    saved = Storage(tmp_path).load_settings().window
    assert saved is not None and saved.size == (1024, 620) and saved.fullscreen
    flow = Flow(None, storage=Storage(tmp_path))
    try:
        assert flow.app.fullscreen
        flow.app.process_event(f11())
        assert flow.app.size == (1024, 620)
    finally:
        flow.close()
    # A size given on the command line (tests, the bench) is neither restored nor remembered.
    flow = Flow((1280, 720), storage=Storage(tmp_path))
    assert flow.app.size == (1280, 720)
    flow.close()
    assert Storage(tmp_path).load_settings().window.size == (1024, 620)


def test_left_maximised_it_reopens_maximised() -> None:
    # Played: quit maximised on a 1366x768 laptop; it reopened as a 1350x668 window with black bands.
    left = WindowState((1350, 668), (0, 19), False, maximized=True)
    p = place_window(left, [(1366, 768)])
    assert p.maximize and p.size == (1350, 668) and not p.fullscreen
    # Saved by an earlier version, without the flag: as large as the screen, so maximised too.
    assert place_window(WindowState((1366, 749), (0, 19)), [(1366, 768)]).maximize
    assert not place_window(WindowState((1100, 600), (40, 60)), [(1366, 768)]).maximize
    assert not place_window(WindowState((1350, 668), (2, 60)), [(1366, 768)]).maximize  # restored, as large as fits
    # The flag round-trips, and a file of an earlier version reads back unchanged (no settings notice).
    assert WindowState.from_json(json.loads(json.dumps(left.to_json()))) == left
    old = {"size": [1200, 700], "pos": [10, 20], "fullscreen": False}
    assert WindowState.from_json(old).to_json() == old


@pytest.mark.parametrize("desktop", [(1366, 768), (1024, 600), (1920, 1080)])
@pytest.mark.parametrize("pos", [(0, 0), (-40, -30), (900, 700), (3000, 3000), (200, 10)])
def test_back_from_full_screen_the_whole_window_and_its_title_bar_are_on_screen(desktop, pos) -> None:
    for size in ((1280, 800), (1366, 749), (1100, 620)):
        (w, h), (x, y) = windowed_place(size, pos, desktop)
        room = usable(desktop)
        assert w <= room[0] and h <= room[1]
        assert 0 <= x and x + w <= desktop[0]
        assert y >= TITLE_ROOM and y + h <= max(desktop[1], TITLE_ROOM + h)


class FakeWindow:
    """What App asks of a window, recording what a window manager would be told."""

    def __init__(self) -> None:
        self.size, self.position, self.calls = (1350, 668), (0, 19), []

    def maximize(self) -> None:
        self.calls.append("maximize")

    def set_fullscreen(self, desktop: bool = False) -> None:
        self.calls.append("fullscreen")

    def set_windowed(self) -> None:
        self.calls.append("windowed")


def test_f11_out_of_a_maximised_window_maximises_it_again_and_the_state_says_maximised() -> None:
    app = App((1100, 620))
    try:
        fake = app.window = FakeWindow()
        app.process_event(pygame.event.Event(pygame.WINDOWMAXIMIZED))
        app.process_event(pygame.event.Event(pygame.WINDOWMOVED, x=0, y=19))  # the maximised place: not kept
        assert app.maximized and app.window_state() == WindowState((1100, 620), app.windowed_pos, False, True)
        app.process_event(f11())
        assert app.window_state().maximized and app.window_state().fullscreen
        app.process_event(f11())
        assert fake.calls == ["fullscreen", "windowed", "maximize"] and app.maximized
        app.process_event(pygame.event.Event(pygame.WINDOWRESTORED))
        assert not app.maximized
    finally:
        app.close()


def test_a_size_the_window_manager_gave_without_an_event_is_laid_out_at_once() -> None:
    # Maximised at start: the table must lay out to the real window, not to the size asked for.
    app = App((1100, 620), clock=None)
    try:
        from scenes.scene import Scene

        seen: list[tuple[int, int]] = []

        class Watch(Scene):
            def resize(self, size: tuple[int, int]) -> None:
                super().resize(size)
                seen.append(size)

        app.scenes.request(Watch())
        app.run(frames=1)
        pygame.display.set_mode((1200, 700), app.flags)  # as a window manager's maximise leaves it
        pygame.event.clear()  # and no event said so (as at start, before the scene existed)
        app.run(frames=1)
        assert app.size == (1200, 700) and seen[-1] == (1200, 700)
    finally:
        app.close()


def test_a_window_manager_that_places_its_frame_where_asked_is_corrected_once() -> None:
    # Played under openbox: each F11 out (and each start) put the window a title bar lower than asked.
    app = App((900, 600))
    try:
        fake = app.window = FakeWindow()
        fake.size, fake.position = (1000, 600), (40, 60)
        app.process_event(f11())
        app.process_event(f11())  # back: asked for (40, 60)
        assert fake.position == (40, 60)
        app.process_event(pygame.event.Event(pygame.WINDOWMOVED, x=41, y=81))  # the frame went there
        assert fake.position == (39, 39)  # asked again, so the content lands at (40, 60)
        app.process_event(pygame.event.Event(pygame.WINDOWMOVED, x=40, y=60))
        assert fake.position == (39, 39) and app.windowed_pos == (40, 60)  # once only
        app.process_event(pygame.event.Event(pygame.WINDOWMOVED, x=300, y=200))  # the player moves it
        assert fake.position == (39, 39) and app.windowed_pos == (300, 200)
    finally:
        app.close()
