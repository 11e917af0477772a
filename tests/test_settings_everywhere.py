"""The player's card settings hold everywhere: a lesson's table draws the cards as a game's does (Large
cards, four-colour suits, the playable outline), and "what can I play now" is a thick ring, light edged in
near-black, that stands out from the felt and the card by brightness and shape, not by hue alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep.settings import Settings
from game.keep.storage import Storage
from game.lessons import course
from game.lessons.lesson import Lesson
from game.shell.flow import Flow
from game.ui.layout import CARD_SCALES
from scenes.lesson_play import LessonScene
from scenes.table import TableScene
from scenes.table_parts.hand import Hand
from tests.scene_helpers import FakeClock


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1366, 768), storage=Storage(tmp_path))
    f.app.clock = FakeClock()
    yield f
    f.close()


def chosen(flow: Flow) -> None:
    flow.apply_settings(Settings(card_size="large", four_colour=True, show_playable=True, sort_order="suit"))


def card_settings(table: TableScene) -> tuple:
    return table.card_scale, table.cards.faces.four_colour, table.hand.show_playable, table.hand.sort_mode


def test_a_lesson_draws_the_cards_as_the_table_does(flow: Flow) -> None:
    chosen(flow)
    first = next(i for i, entry in enumerate(course("bolivia").entries) if isinstance(entry, Lesson))
    flow.open_lesson("bolivia", first)  # the first lesson played on the table (the primer comes before it)
    flow.app.run(frames=2)
    lesson = flow.app.scenes.current
    assert isinstance(lesson, LessonScene)
    assert card_settings(lesson.table) == (CARD_SCALES["large"], True, True, "suit")
    flow.start_game(2, 3, "easy", 2500, "instant")
    flow.app.run(frames=2)
    table = flow.app.scenes.current
    assert isinstance(table, TableScene)
    assert card_settings(table) == card_settings(lesson.table)


def luminance(c: pygame.Color) -> float:
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b


@pytest.mark.parametrize("card_w", [48, 70, 110])
def test_the_playable_ring_is_thick_and_stands_out_from_felt_and_card(card_w: int) -> None:
    felt = (30, 95, 60)
    surface = pygame.Surface((400, 300))
    surface.fill(felt)
    card = pygame.Rect(150, 100, card_w, round(card_w * 1.4))
    surface.fill((250, 250, 245), card)
    hand = Hand()
    hand.order, hand.card_w = [7], card_w
    hand.rects = hand.base = {7: tuple(card)}
    hand.draw_marks(surface, [7], [])
    ring = hand.playable_ring()
    assert ring >= 3
    y = card.centery
    light = [surface.get_at((card.left - 2 - i, y)) for i in range(ring)]  # the light band, outside the card
    dark_out = surface.get_at((card.left - ring - 2, y))
    dark_in = surface.get_at((card.left + 1, y))
    assert all(luminance(c) - luminance(pygame.Color(*felt)) > 120 for c in light), light
    assert luminance(dark_in) < 40 and luminance(dark_out) < 40  # edged: it reads on the white card too
