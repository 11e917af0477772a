"""For tired eyes: the high-contrast theme's words at least 7:1 against what they are drawn on (WCAG's
enhanced level), computed from its colours; the text size applied to every screen and the table's labels
apart from the cards' size, and the settings screen still fitting its window at the largest."""

from __future__ import annotations

import pygame
import pytest

import scenes.widgets as widgets
from game.keep.settings import Settings
from game.ui import looks
from game.ui.layout import label_px, table_layout
from game.ui.looks import AAA, HC_BACKGROUND, HC_PANEL, contrast, contrast_colour, set_looks
from scenes.settings import SettingsScene
from scenes.table_parts.message_line import COLOURS
from tests.scene_helpers import key
from tests.text_sizes import rendered_text


def text_colours() -> set[tuple[int, int, int]]:
    """Every colour the game's words are drawn in: the widgets' named colours and the message line's."""
    named = {v for k, v in vars(widgets).items() if k.isupper() and isinstance(v, tuple) and len(v) == 3}
    return named | set(COLOURS.values()) | {(90, 96, 90), (255, 180, 160)}


def test_the_contrast_formula_matches_wcag():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_every_word_of_the_high_contrast_theme_is_at_least_7_to_1():
    set_looks("normal", True)
    for colour in text_colours():
        drawn = contrast_colour(colour)
        if drawn == looks.HC_DARK_TEXT:  # words for a light face: the buttons, enabled or not
            for face in (widgets.BUTTON, widgets.BUTTON_DISABLED, widgets.BUTTON_FOCUS):
                assert contrast(drawn, face) >= AAA, (colour, face)
        else:
            for ground in (HC_BACKGROUND, HC_PANEL):
                assert contrast(drawn, ground) >= AAA, (colour, drawn, ground)
    set_looks("normal", False)
    assert contrast_colour(widgets.INK) == widgets.INK  # the usual theme is left as it is


def test_the_usual_theme_falls_short_where_the_high_contrast_one_does_not():
    # Why the theme exists: the usual dim words on the felt are under 7:1.
    assert contrast(widgets.INK_DIM, widgets.FELT) < AAA


def test_the_text_size_grows_the_words_not_the_cards():
    size = (1366, 768)
    normal_u, normal_label = widgets.ui_unit(size), label_px(size)
    normal = table_layout(size, 4, 1.0)
    set_looks("largest", False)
    assert widgets.ui_unit(size) == min(round(normal_u * 1.4), round(768 * looks.MOST_OF_HEIGHT)) > normal_u
    assert label_px(size) == round(normal_label * 1.4)
    larger = table_layout(size, 4, 1.0)
    assert larger.label_px == label_px(size) > normal.label_px
    # The cards keep their own size setting: the labels' bands take a little of the hand's room, no more.
    assert larger.pile_card_w == normal.pile_card_w and larger.hand_card_w >= 0.85 * normal.hand_card_w
    assert table_layout(size, 4, 1.15).hand_card_w > larger.hand_card_w  # large cards at the largest text


def test_the_settings_screen_applies_the_text_size_at_once_and_still_fits(app_screen):
    scene = SettingsScene(Settings())
    scene.app = app_screen
    scene.resize((1366, 768))
    before = scene._unit
    scene.focus = "text_size"
    scene.handle_event(key(pygame.K_RIGHT))
    scene.handle_event(key(pygame.K_RIGHT))
    assert scene.settings.text_size == "largest" and looks.text_scale() == 1.4
    assert scene._unit > before
    scene.resize((1024, 600))  # a small window: the lines fit it still, the words as large as they can be
    assert scene._panel.bottom <= scene.back_button.rect.top and scene.back_button.rect.bottom <= 600
    with rendered_text() as seen:
        scene.draw(pygame.Surface((1024, 600)))
    assert min(px for px, _text in seen) >= 14


@pytest.fixture
def app_screen():
    pygame.display.init()
    pygame.display.set_mode((1024, 600))
    yield None
    pygame.display.quit()
