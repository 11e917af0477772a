"""The window: it fits the screen it opens on, keeps a minimum size, and reopens as it was left."""

from __future__ import annotations

import json

import pygame
import pytest

from game.keep.settings import Settings
from game.keep.storage import Storage
from game.shell.app import App
from game.shell.flow import Flow
from game.shell.window import DEFAULT_SIZE, MIN_SIZE, WindowState, place_window, usable


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
        assert not app.fullscreen and app.size == (1280, 720)
    finally:
        app.close()


def test_the_game_reopens_as_it_was_left(tmp_path) -> None:
    store = Storage(tmp_path)
    flow = Flow(None, storage=store)
    first = flow.app.size
    desktop = pygame.display.get_desktop_sizes()[0]
    assert first[0] <= desktop[0] and first[1] <= desktop[1] - 100 or first[1] == MIN_SIZE[1]
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
