"""The table's layer of still cards: redrawing only what changed gives the very picture a full redraw gives."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.legal import legal_actions
from game.rules.state import GameState
from game.shell.app import App
from game.shell.controller import TurnController
from game.ui.card_layer import CardLayer, _merge, _snap
from scenes.table import TableScene
from tests.table_driver import card_spot, click, key, run_frames, settle


class FakeClock:
    def tick(self, framerate: float = 0, /) -> int:
        return 16


def _items(boxes: dict[str, tuple[tuple[int, int, int, int], tuple[int, int, int]]]) -> list:
    def draw(surface: pygame.Surface, box: tuple) -> None:
        rect, color = box
        surface.fill(color, rect)  # fill honours the clip, as every drawing must

    return [(name, color, rect, draw, (rect, color)) for name, (rect, color) in boxes.items()]


def _full(background: pygame.Surface, items: list) -> bytes:
    return pygame.image.tobytes(CardLayer().update(background, items), "RGB")


def test_only_what_changed_is_redrawn_and_the_picture_is_the_same() -> None:
    background = pygame.Surface((200, 120))
    background.fill((10, 90, 40))
    layer = CardLayer()
    boxes = {"a": ((10, 10, 40, 60), (200, 0, 0)), "b": ((30, 20, 40, 60), (0, 0, 200)),
             "c": ((150, 10, 30, 30), (250, 250, 250))}
    layer.update(background, _items(boxes))
    assert layer.patches == -1  # the first update draws everything
    layer.update(background, _items(boxes))
    assert layer.patches == 0  # nothing changed: nothing drawn
    boxes["a"] = ((12, 50, 40, 60), (200, 0, 0))  # moves, under "b" still
    del boxes["c"]  # leaves
    boxes["d"] = ((100, 70, 20, 20), (0, 0, 0))  # arrives
    out = layer.update(background, _items(boxes))
    assert 0 < layer.patches <= 3
    assert pygame.image.tobytes(out, "RGB") == _full(background, _items(boxes))
    # Drawing order is kept where items overlap: "b" covers "a".
    assert out.get_at((40, 60))[:3] == (0, 0, 200)


def test_two_items_that_swap_order_are_redrawn_in_the_new_order() -> None:
    background = pygame.Surface((100, 100))
    layer = CardLayer()
    a, b = ("a", ((10, 10, 50, 50), (200, 0, 0))), ("b", ((30, 30, 50, 50), (0, 0, 200)))
    layer.update(background, _items(dict([a, b])))
    out = layer.update(background, _items(dict([b, a])))  # nothing moved, only the order changed
    assert out.get_at((40, 40))[:3] == (200, 0, 0)
    assert pygame.image.tobytes(out, "RGB") == _full(background, _items(dict([b, a])))


def test_a_new_background_redraws_everything() -> None:
    first, second = pygame.Surface((50, 50)), pygame.Surface((50, 50))
    first.fill((1, 2, 3))
    second.fill((4, 5, 6))
    layer = CardLayer()
    layer.update(first, [])
    out = layer.update(second, [])
    assert layer.patches == -1 and out.get_at((25, 25))[:3] == (4, 5, 6)


@pytest.fixture
def table() -> Iterator[tuple[App, TableScene]]:
    app = App((1280, 720), clock=FakeClock())
    state = GameState(2, 11)
    choosers = {1: lambda view, legal, rng: legal[0]}
    scene = TableScene(TurnController(state, choosers, {0}, "instant", 11, threaded=False), "fast")
    scene.faces.budget = None  # every face drawn at once: the comparison is exact
    app.scenes.request(scene)
    app.running = True
    run_frames(app, 1)
    settle(app, scene)
    yield app, scene
    app.close()


def _same_as_full_redraw(app: App, scene: TableScene) -> bool:
    scene.draw(app.screen)
    for _wait in range(3):  # after a move the window waits up to three frames (see Cards.draw)
        if scene.cards.window_behind:
            scene.draw(app.screen)
    assert not scene.cards.window_behind
    kept = pygame.image.tobytes(app.screen, "RGB")
    layer, scene.cards.layer = scene.cards.layer, CardLayer()
    try:
        scene.draw(app.screen)
    finally:
        scene.cards.layer = layer
    return kept == pygame.image.tobytes(app.screen, "RGB")


def test_the_table_looks_the_same_as_a_full_redraw_through_hover_select_shake_and_moves(table) -> None:
    app, scene = table
    assert _same_as_full_redraw(app, scene)
    hand = list(scene.homes.hand)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card_spot(scene, hand[3]), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    run_frames(app, 1)
    assert scene.hand.hover == hand[3] and _same_as_full_redraw(app, scene)
    click(app, card_spot(scene, hand[5]))  # selected: lifted and tinted
    assert _same_as_full_redraw(app, scene)
    key(app, pygame.K_x)  # discard before drawing: refused, the cards shake
    assert scene.cards.shake_time > 0
    for _frame in range(5):
        run_frames(app, 1)
        assert _same_as_full_redraw(app, scene)
    rng = random.Random(3)
    for _move in range(12):  # moves of both seats, cards flying between every frame checked
        if not scene.controller.human_to_act:
            run_frames(app, 3)
        else:
            events = scene.controller.play(rng.choice(legal_actions(scene.state)))
            scene.apply_events(events)
        for _frame in range(3):
            run_frames(app, 1)
            assert _same_as_full_redraw(app, scene)


@given(st.integers(0, 1900), st.integers(0, 1000), st.integers(1, 400), st.integers(1, 300))
def test_a_patch_never_starts_and_spans_on_four_pixel_boundaries_and_covers_its_rectangle(x, y, w, h) -> None:
    # Such rows go through SDL's non-temporal copy, five to ten times slower (see _snap).
    rect = pygame.Rect(x, y, w, h)
    snapped = _snap(rect.copy())
    assert snapped.contains(rect) and snapped.w - rect.w <= 1 and snapped.h == rect.h
    assert not (snapped.x % 4 == 0 and snapped.w % 4 == 0)


def test_a_row_of_small_cards_a_few_pixels_apart_is_one_patch() -> None:
    backs = [pygame.Rect(100 + i * 46, 5, 44, 61) for i in range(20)]  # an opponent's hand, 2 px apart
    assert len(_merge(backs)) == 1
    far = [pygame.Rect(100, 5, 44, 61), pygame.Rect(400, 5, 44, 61)]  # two cards far apart stay two
    assert len(_merge(far)) == 2
