"""The caches of drawn images stay within their memory, keep no image bigger than that, and give a
screen's big panels back when the screen is left."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.assets import font
from game.shell.app import App
from game.ui.surface_cache import SurfaceCache, let_go_of_large_images
from scenes import widgets
from scenes.scene import Scene


class _Clock:
    def tick(self, framerate: float = 0, /) -> int:
        return 16


def _image(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)  # 4 bytes a pixel


def test_the_bound_holds_after_many_sizes() -> None:
    made: list[tuple[int, int]] = []
    cache = SurfaceCache(lambda w, h: made.append((w, h)) or _image(w, h), 100_000)
    for w in range(10, 200, 7):
        cache(w, 50)
        assert cache.bytes <= 100_000
        assert cache.bytes == sum(size for _v, size in cache._items.values())
    before = len(made)
    assert cache(192, 50).get_size() == (192, 50) and len(made) == before  # the newest is kept
    assert cache(10, 50) is not None and len(made) == before + 1  # the oldest went, drawn again


def test_an_image_bigger_than_the_bound_is_given_but_not_kept() -> None:
    cache = SurfaceCache(_image, 100_000)
    small = cache(20, 20)
    big = cache(400, 400)  # 640 kB: kept, it would push out every other image and still be too much
    assert big.get_size() == (400, 400)
    assert len(cache) == 1 and cache(20, 20) is small and cache.bytes == 1600


def test_large_images_go_and_the_small_stay() -> None:
    cache = SurfaceCache(_image, 8 << 20)
    label, column = cache(100, 20), cache(800, 600)  # 8 kB and 1.9 MB
    let_go_of_large_images()
    assert len(cache) == 1 and cache.bytes == 8000
    assert cache(100, 20) is label and cache(800, 600) is not column


class _Panels(Scene):
    """A screen with a big panel of its own (as the scoring screen's columns are) and a small one."""

    def draw(self, surface: pygame.Surface) -> None:
        widgets.draw_panel(surface, pygame.Rect(0, 0, 833, 674), 12)
        widgets.draw_panel(surface, pygame.Rect(0, 0, 200, 60), 12)


@pytest.fixture
def app() -> Iterator[App]:
    a = App((900, 700), clock=_Clock())
    yield a
    a.close()


def test_a_screen_left_takes_its_big_panels_with_it(app: App) -> None:
    widgets.looks_changed()
    app.scenes.request(_Panels())
    app.run(frames=1)
    sizes = {key[0] for key in widgets._panel_image._items}
    assert {(833, 674), (200, 60)} <= sizes
    app.scenes.request(Scene())
    app.run(frames=1)
    sizes = {key[0] for key in widgets._panel_image._items}
    assert (833, 674) not in sizes and (200, 60) in sizes  # the button-sized panel is still drawn
    assert all(size < 1 << 20 for _v, size in widgets._shadow_shape._items.values())


def test_fonts_held_are_bounded() -> None:
    pygame.font.init()
    for size in range(8, 140):
        font(size, size % 2 == 0).size("Canasta")
    assert font.cache_info().currsize <= 40
