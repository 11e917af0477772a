"""The frame loop and scene manager, under the dummy video driver with a fake clock."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.shell.app import MAX_DT, App
from scenes.scene import Scene


class FakeClock:
    def __init__(self, ms: int = 16) -> None:
        self.ms = ms
        self.calls: list[float] = []

    def tick(self, framerate: float = 0, /) -> int:
        self.calls.append(framerate)
        return self.ms


class Recorder(Scene):
    def __init__(self, name: str = "scene", always_dirty: bool = False) -> None:
        super().__init__()
        self.name = name
        self.always_dirty = always_dirty
        self.log: list[str] = []
        self.dts: list[float] = []
        self.events: list[int] = []
        self.sizes: list[tuple[int, int]] = []
        self.draw_count = 0
        self.on_update: list = []

    def enter(self, app: App) -> None:
        super().enter(app)
        self.log.append("enter")

    def exit(self) -> None:
        self.log.append("exit")

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.sizes.append(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.events.append(event.type)

    def update(self, dt: float) -> None:
        self.dts.append(dt)
        for fn in self.on_update:
            fn()
        if self.always_dirty:
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_count += 1
        surface.fill((20, 110, 60))
        pygame.draw.rect(surface, (250, 250, 240), (10, 10, 50, 70))


@pytest.fixture
def app() -> Iterator[App]:
    a = App((640, 400), clock=FakeClock())
    yield a
    a.close()


def test_runs_a_fixed_number_of_frames(app: App) -> None:
    scene = Recorder()
    app.scenes.request(scene)
    assert app.run(frames=5) == 5
    assert scene.log == ["enter"]
    assert scene.sizes == [(640, 400)]
    assert scene.dts[0] == 0.0
    assert scene.dts[1:] == pytest.approx([0.016] * 4)
    clock = app.clock
    assert isinstance(clock, FakeClock) and clock.calls == [60] * 5
    assert app.run(frames=3) == 3  # frames count per call
    assert app.frame == 8


def test_idle_scene_is_drawn_once(app: App) -> None:
    scene = Recorder()
    app.scenes.request(scene)
    app.run(frames=30)
    assert scene.draw_count == 1
    assert app.draws == 1


def test_dirty_scene_is_drawn_every_frame(app: App) -> None:
    scene = Recorder(always_dirty=True)
    app.scenes.request(scene)
    app.run(frames=10)
    assert scene.draw_count == 10


def test_window_events_ask_for_a_redraw(app: App) -> None:
    scene = Recorder()
    app.scenes.request(scene)
    app.run(frames=2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.run(frames=4)
    assert scene.draw_count == 2


def test_closing_the_window_stops_at_once(app: App) -> None:
    scene = Recorder()
    app.scenes.request(scene)
    app.run(frames=3)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    scene.events.clear()
    frames = app.run(frames=1000)
    assert frames == 0 and app.frame == 3  # no further frame ran
    assert pygame.KEYDOWN not in scene.events


def test_quit_from_a_scene(app: App) -> None:
    scene = Recorder()
    scene.on_update.append(app.quit)
    app.scenes.request(scene)
    assert app.run(frames=100) == 1


def test_scene_switch_happens_between_frames(app: App) -> None:
    first, second = Recorder("first"), Recorder("second")
    log: list[str] = []

    def switch() -> None:
        app.scenes.request(second)
        log.append(f"requested, current={app.scenes.current.name}")  # type: ignore[union-attr]

    first.on_update.append(switch)
    app.scenes.request(first)
    app.run(frames=1)
    assert log == ["requested, current=first"]  # still the first scene for the rest of the frame
    assert app.scenes.current is first
    assert first.draw_count == 1 and second.log == []
    first.on_update.clear()
    app.run(frames=2)
    assert app.scenes.current is second
    assert first.log == ["enter", "exit"]
    assert second.log == ["enter"] and second.sizes == [(640, 400)]
    assert second.draw_count == 1


def test_resize_recomputes_the_layout(app: App) -> None:
    scene = Recorder()
    app.scenes.request(scene)
    app.run(frames=1)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=560, size=(900, 560)))
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=900, y=560))
    app.run(frames=2)
    assert app.size == (900, 560)
    assert app.screen.get_size() == (900, 560)
    assert scene.sizes == [(640, 400), (900, 560)]  # the duplicate event is ignored
    assert scene.draw_count == 2
    assert pygame.VIDEORESIZE not in scene.events


def test_long_frames_are_capped() -> None:
    a = App((320, 240), clock=FakeClock(ms=2000))
    try:
        scene = Recorder()
        a.scenes.request(scene)
        a.run(frames=3)
        assert max(scene.dts) == MAX_DT
    finally:
        a.close()


def test_screenshot_saves_the_last_frame(app: App, tmp_path: Path) -> None:
    scene = Recorder()
    app.scenes.request(scene)
    out = tmp_path / "shots" / "last.png"
    app.run(frames=3, screenshot=out)
    img = pygame.image.load(str(out))
    assert img.get_size() == (640, 400)
    assert img.get_at((0, 0))[:3] == (20, 110, 60)
    assert img.get_at((20, 20))[:3] == (250, 250, 240)


def test_no_scene_stops_the_loop(app: App) -> None:
    assert app.run(frames=10) == 0


def test_default_clock_is_pygame_clock() -> None:
    a = App((320, 240))
    try:
        assert isinstance(a.clock, type(pygame.time.Clock()))
    finally:
        a.close()
