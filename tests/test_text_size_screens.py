"""The text size setting on every screen (issue 36): at each larger size a screen's words are at least as
large as at the smaller one (the body of its text, its smallest word, and each line drawn at both), and
still nothing is drawn outside the window nor two lines over each other, at 1366x768 and at 1024x600.
The screens once shrank their words to fit, and the largest size drew them smaller than the normal one
(the lessons 25 -> 14 px, the statistics 30 -> 23 px, Play with friends 30 -> 22 px). Where the words do
not fit at the size chosen, the lists scroll: the focused line is always in view."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.keep.settings import GameSetup, Settings
from game.shell.app import App
from game.ui.looks import set_looks
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from scenes.widgets import looks_changed
from tests.scene_helpers import FakeClock, key
from tests.screens_at_sizes import SCREENS, Word, body_px, open_screen, overlaps

SIZES = [(1366, 768), (1024, 600)]
TEXT_SIZES = ["normal", "large", "largest"]
FULL_AT_NORMAL = {("keys", (1024, 600)), ("lesson page", (1024, 600))}


@pytest.fixture(scope="module")
def app() -> Iterator[App]:
    a = App((1366, 768), clock=FakeClock())
    yield a
    a.close()


def looks(text_size: str) -> None:
    set_looks(text_size, False)
    looks_changed()


def sizes_of(words: list[Word]) -> dict[str, int]:
    """Each line's size (a line drawn twice, as with its shadow: its larger)."""
    out: dict[str, int] = {}
    for w in words:
        out[w.text] = max(out.get(w.text, 0), w.px)
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SCREENS))
def test_a_larger_text_size_never_draws_smaller_words_and_nothing_leaves_the_window_or_overlaps(
        app: App, name: str, size: tuple[int, int]) -> None:
    window = pygame.Rect((0, 0), size)
    drawn: dict[str, list[Word]] = {}
    for text_size in TEXT_SIZES:
        looks(text_size)
        _scene, words = open_screen(app, name, size)
        assert len(words) >= 3, (text_size, words)
        outside = [w for w in words if not window.contains(w.rect)]
        assert not outside, (text_size, outside)
        assert not overlaps(words), (text_size, overlaps(words)[:3])
        drawn[text_size] = words
    for smaller, larger in zip(TEXT_SIZES, TEXT_SIZES[1:], strict=False):
        a, b = drawn[smaller], drawn[larger]
        assert body_px(b) >= body_px(a), (smaller, body_px(a), larger, body_px(b))
        assert min(w.px for w in b) >= min(w.px for w in a), (smaller, larger)
        before, after = sizes_of(a), sizes_of(b)
        shrunk = {t: (before[t], after[t]) for t in before.keys() & after.keys() if after[t] < before[t]}
        assert not shrunk, (smaller, larger, shrunk)
    # And the setting does something: the body of the words grows from the normal size to the largest
    # (but for the keys' panel and a lesson's page in a 600-pixel window, which their words fill at the
    # normal size: they do not scroll, so the words stay as they are).
    if (name, size) not in FULL_AT_NORMAL:
        assert body_px(drawn["largest"]) > body_px(drawn["normal"]), name


@pytest.mark.parametrize("make", [lambda: SettingsScene(Settings()),
                                  lambda: SetupScene(GameSetup(players=4, per_seat=True))], ids=["settings", "setup"])
def test_a_list_too_long_for_the_window_scrolls_to_the_focused_line(app: App, make) -> None:
    looks("largest")
    scene = make()
    app.scenes.request(scene)
    app.run(frames=1)
    app._resized((1024, 600))
    app.run(frames=1)
    assert scene.column.scrolls and scene.column.more_below and not scene.column.more_above
    first, last = scene.rows[0], scene.rows[-1]
    assert last.rect.size == (0, 0)  # out of view: not drawn, not hit by the mouse
    scene.focus = first.key
    for _row in scene.rows[1:]:
        scene.handle_event(key(pygame.K_DOWN))
    assert scene.focus == last.key
    area = scene.column.area
    assert area.contains(last.rect) and first.rect.size == (0, 0), (area, last.rect)
    assert scene.column.more_above and not scene.column.more_below
    assert scene._panel.contains(area) and scene._panel.bottom <= scene.back_button.rect.top
    # A click on the mark above scrolls back up a line; the focused line may then leave the view.
    (delta, mark), = [m for m in scene.column.marks() if m[0] < 0]
    for e in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=mark.center),):
        scene.handle_event(e)
    assert last.rect.size == (0, 0) and scene.column.more_below
