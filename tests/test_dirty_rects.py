"""The table sends the screen only the rectangles that changed: what the screen shows, rebuilt from
those rectangles alone, must be the very picture a redraw of the whole table gives, frame after frame,
through a whole demo hand with panels, hovering, a drag and a resize on the way."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.rules.state import GameState, Phase
from game.shell.app import App
from game.shell.controller import TurnController
from game.shell.flow import Flow
from scenes.table import TableScene
from tests.table_driver import card_spot, settle


class FakeClock:
    def tick(self, framerate: float = 0, /) -> int:
        return 16


class ShadowScreen:
    """What a real screen would show: the window's surface is copied here only where the game says
    it changed (`display.update(rects)`), or whole on `display.flip()`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.picture: pygame.Surface | None = None
        self.flips = 0
        self.updates = 0
        self.area = 0  # pixels sent by updates
        monkeypatch.setattr(pygame.display, "flip", self.flip)
        monkeypatch.setattr(pygame.display, "update", self.update)

    def flip(self) -> None:
        self.picture = pygame.display.get_surface().copy()
        self.flips += 1

    def update(self, rects=None) -> None:
        screen = pygame.display.get_surface()
        if rects is None or self.picture is None or self.picture.get_size() != screen.get_size():
            self.flip()  # a size change the game did not show whole would fail below, as stale pixels
            return
        for r in rects:
            self.picture.blit(screen, r, r)
            self.area += pygame.Rect(r).w * pygame.Rect(r).h
        self.updates += 1


def _differs(shown: pygame.Surface, scene: TableScene) -> str | None:
    """Where the shown picture differs from the whole table drawn afresh, or None if it does not."""
    whole = shown.copy()
    scene.draw_whole(whole)
    if shown.get_buffer().raw == whole.get_buffer().raw:  # the quick test, same pixel format
        return None
    a, b = pygame.image.tobytes(shown, "RGB"), pygame.image.tobytes(whole, "RGB")  # the padding byte aside
    if a == b:
        return None
    w = shown.get_width()
    first = next(i for i in range(len(a)) if a[i] != b[i]) // 3
    last = len(a) // 3 - 1 - next(i for i in range(len(a)) if a[-1 - i] != b[-1 - i]) // 3
    return f"first stale pixel at {(first % w, first // w)}, last at {(last % w, last // w)}"


def _event(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def _key(k: int) -> None:
    _event(pygame.KEYDOWN, key=k, mod=0, unicode="")
    _event(pygame.KEYUP, key=k, mod=0, unicode="")


def _poke(scene: TableScene, frame: int, app: App) -> None:
    """What a watching player does during the demo: keys that open and close panels, the pointer
    over the hand, a click, a window resized and back."""
    plan = {20: pygame.K_h, 26: pygame.K_h, 40: pygame.K_w, 46: pygame.K_g, 52: pygame.K_ESCAPE,
            70: pygame.K_ESCAPE, 78: pygame.K_ESCAPE}
    if frame in plan:
        _key(plan[frame])
    if frame % 7 == 3 and scene.homes.hand:
        card = scene.homes.hand[(frame // 7) % len(scene.homes.hand)]
        _event(pygame.MOUSEMOTION, pos=card_spot(scene, card), rel=(1, 0), buttons=(0, 0, 0))
    if frame == 120:
        _event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720))
    if frame == 160:
        _event(pygame.VIDEORESIZE, w=1366, h=768, size=(1366, 768))


def test_a_whole_demo_hand_shown_by_rectangles_is_the_whole_redraw(monkeypatch) -> None:
    shadow = ShadowScreen(monkeypatch)
    flow = Flow((1366, 768))
    try:
        flow.start_demo(4, 4)  # a short hand: some 1,300 frames
        app = flow.app
        app.clock = FakeClock()
        app.running = True
        compared = held = after_held = waited = 0
        after_hold = False
        for frame in range(6000):
            table = flow.table
            if table is not None:
                table.faces.budget = None  # every face drawn when needed: the comparison is exact
                _poke(table, frame, app)
            app.step(1 / 60)
            assert app.running
            scene = app.scenes.current
            if isinstance(scene, TableScene) and scene.cards.window_behind:
                # The frames after the engine's events leave the window as it was (at most three): the
                # next one must bring it up to date, and is compared whatever its number.
                held += not after_hold
                after_hold = True
                waited += 1
                assert waited <= 3, f"frame {frame}: the window waited {waited} frames"
                continue
            waited = 0
            if (isinstance(scene, TableScene) and shadow.picture is not None
                    and (frame % 3 == 0 or after_hold)):
                where = _differs(shadow.picture, scene)
                assert where is None, f"frame {frame}: {where}"
                compared += 1
                after_held += after_hold
            after_hold = False
            if table is not None and table.state.hand_no >= 2 and table.tweener.idle:
                break  # one whole hand, the scoring screen, and the next hand dealt
        else:
            raise AssertionError("the demo hand never ended")
        assert compared > 100
        assert held > 20 and after_held == held  # every move's first frames, each caught up at once
        # Most frames sent only a part of the window.
        assert shadow.updates > 5 * shadow.flips
        w, h = app.size
        assert shadow.area < 0.5 * w * h * shadow.updates
    finally:
        flow.close()


@pytest.fixture
def table() -> Iterator[tuple[App, TableScene]]:
    app = App((1366, 768), clock=FakeClock())
    state = GameState(4, 21)
    choosers = {s: (lambda view, legal, rng: legal[0]) for s in (1, 2, 3)}
    scene = TableScene(TurnController(state, choosers, {0}, "instant", 21, threaded=False), "fast")
    scene.faces.budget = None
    app.scenes.request(scene)
    app.running = True
    app.step(1 / 60)
    settle(app, scene)
    yield app, scene
    app.close()


def test_dragging_selecting_and_a_refusal_leave_no_stale_pixels(monkeypatch, table) -> None:
    app, scene = table
    shadow = ShadowScreen(monkeypatch)
    app.show_all = True
    app.step(1 / 60)
    scene.dirty = True
    app.step(1 / 60)
    assert scene.state.phase == Phase.DRAW and scene.controller.human_to_act

    def frames(n: int = 1) -> None:
        for _ in range(n):
            scene.dirty = True
            app.step(1 / 60)
            for _wait in range(3):  # a move's first frames: the window catches up within three
                if scene.cards.window_behind:
                    app.step(1 / 60)
            assert not scene.cards.window_behind
            assert shadow.picture is not None
            where = _differs(shadow.picture, scene)
            assert where is None, where

    hand = list(scene.homes.hand)
    start = card_spot(scene, hand[2])
    _event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames()
    assert hand[2] in scene.selected or scene.hand.press is not None
    for step in range(1, 8):  # dragged up over the melds, then let go: it flies back home
        _event(pygame.MOUSEMOTION, pos=(start[0] + 9 * step, start[1] - 40 * step), rel=(9, -40),
               buttons=(1, 0, 0))
        frames()
    assert scene.hand.dragging
    _event(pygame.MOUSEBUTTONUP, pos=(start[0] + 63, start[1] - 280), button=1)
    frames(40)
    _key(pygame.K_x)  # discarding before drawing: refused, a toast says why, the cards shake
    frames()
    assert scene.toasts.items
    frames(30)
    _key(pygame.K_d)  # draw from the stock: two cards fly into the hand
    frames(40)
