"""The game's score sheet (G at the table): every word readable at a laptop's size, in each language, and
every column's header and numbers within its column (issue 23: "East out" was drawn at 12 px at 1366x768)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.assets import font
from game.i18n import _, number, set_language
from game.rules.state import GameState
from game.ui.layout import label_px
from game.ui.narrate import seat_names, side_names
from game.ui.score_sheet import GAP, READABLE_PX, sheet_layout, sheet_rows
from scenes.table_parts.overlays import draw_score_sheet
from scenes.widgets import ui_unit
from tests.scene_helpers import play_hand
from tests.text_sizes import rendered_text, too_small

SIZES = [(1024, 600), (1366, 768), (1920, 1080)]


@pytest.fixture(scope="module")
def games() -> dict[int, GameState]:
    """Three hands played at each table size (someone goes out in at least one of them)."""
    out = {}
    for players in (2, 3, 4):
        state = GameState(players, 3)
        for k in range(3):
            play_hand(state, 3 + k)
        assert any(r.out is not None for r in sheet_rows(state))
        out[players] = state
    return out


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    pygame.init()
    yield
    set_language("en")


def measure(text: str, px: int, bold: bool) -> int:
    return font(px, bold).size(text)[0]


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_of_the_sheet_is_readable(games, lang: str, size: tuple[int, int], players: int) -> None:
    set_language(lang)
    state = games[players]
    surface = pygame.Surface(size)
    with rendered_text() as drawn:
        draw_score_sheet(surface, state, side_names(players), seat_names(players), ui_unit(size),
                         max(14, label_px(size)), 0)
    outs = {_("{who} out").format(who=seat_names(players)[r.out]) for r in sheet_rows(state) if r.out is not None}
    assert outs and outs <= {text for _px, text in drawn}  # who went out is written under the hand
    assert not too_small(drawn, READABLE_PX), too_small(drawn, READABLE_PX)


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_column_holds_its_header_and_its_numbers(games, lang: str, size: tuple[int, int], players: int) -> None:
    set_language(lang)
    state = games[players]
    u = ui_unit(size)
    width = min(size[0] - 2 * u, u * 40) - 2 * (u // 2)  # the sheet's box, inside its padding
    rows = sheet_rows(state)
    outs = [_("{who} out").format(who=name) for name in seat_names(players)]
    sheet = sheet_layout(width, rows, state.sides, max(14, label_px(size)), outs, measure)
    assert all(measure(c, sheet.caption_px, False) <= sheet.first_w for c in outs)
    assert sheet.rights[-1][-1] <= width
    for side in range(state.sides):
        left = sheet.side_span(side)[0]
        for k, lines in enumerate(sheet.headers):
            room = sheet.rights[side][k] - left
            last = k == len(sheet.headers) - 1
            assert 1 <= len(lines) <= 2
            assert all(measure(line, sheet.text_px, last) <= room for line in lines), (lines, room)
            assert all(measure(number(r.cells[side][k]), sheet.text_px, last) <= room for r in rows)
            left = sheet.rights[side][k] + GAP
