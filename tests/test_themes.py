"""Court-card figures, card backs and table felts: drawn at every size in both colour modes, chosen in
Settings, applied at once, kept after a restart, and a damaged choice set aside."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep.settings import CARD_BACKS, FELTS, Settings
from game.keep.storage import Storage
from game.shell.flow import Flow
from game.ui import themes
from game.ui.card_faces import CardFaces, FaceCache
from game.ui.court_figures import GOLD, SKIN
from game.ui.sounds import SoundBoard
from scenes.settings import SettingsScene
from scenes.widgets import felt_background
from tests.scene_helpers import FakeClock, key
from tests.test_sounds import CountingMixer


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield
    themes.choose(themes.DEFAULT_BACK, themes.DEFAULT_FELT)


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 2


def count(surf: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int], tol: int = 24) -> int:
    n = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surf.get_at((x, y))
            if c.a > 200 and all(abs(a - b) <= tol for a, b in zip((c.r, c.g, c.b), color, strict=True)):
                n += 1
    return n


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("width", [16, 24, 40, 62, 90, 130, 190])
def test_court_cards_have_a_figure_between_clear_indices(width: int, four_colour: bool) -> None:
    faces = CardFaces(width, four_colour)
    w, h = faces.size
    middle = pygame.Rect(round(w * 0.32), round(h * 0.06), w - 2 * round(w * 0.32), h - 2 * round(h * 0.06))
    index = pygame.Rect(0, 0, faces.index_w, faces.index_h)
    looks = []
    for rank in (11, 12, 13):
        for suit in range(4):
            face = faces.face(card(rank, suit))
            assert face.get_size() == (w, h)
            # A figure in the middle: a face and gold, in a frame the corner index stays clear of.
            assert count(face, middle, SKIN) >= max(2, w * h // 400), (rank, suit)
            if width >= 24:  # at a meld's smallest, six pixels wide, the crown blurs into the robe
                assert count(face, middle, GOLD, tol=40) >= 1, (rank, suit)
            left_of_frame = index.clip(pygame.Rect(0, 0, middle.left, h))
            assert count(face, left_of_frame, SKIN, tol=12) == 0, (rank, suit)
        looks.append(pygame.image.tobytes(faces.face(card(rank, 2)), "RGBA"))
    assert len(set(looks)) == 3  # a jack, a queen and a king each look their own


def test_each_back_is_its_own_and_the_face_cache_follows_the_choice() -> None:
    assert set(CARD_BACKS) == set(themes.BACKS) and set(FELTS) == set(themes.FELTS)
    drawn = set()
    for name in CARD_BACKS:
        themes.choose(name, "green")
        drawn.add(pygame.image.tobytes(CardFaces(70).back(), "RGBA"))
    assert len(drawn) == len(CARD_BACKS)
    themes.choose("blue", "green")
    cache = FaceCache()
    dest = pygame.Surface((200, 200), pygame.SRCALPHA)
    cache.new_frame()
    cache.blit(dest, 70, None, (0, 0))
    blue = pygame.image.tobytes(cache.get(70).shadowed(None), "RGBA")
    themes.choose("red", "green")
    cache.new_frame()  # the next frame finds the new back
    cache.blit(dest, 70, None, (0, 0))
    assert pygame.image.tobytes(cache.get(70).shadowed(None), "RGBA") != blue


def test_each_felt_is_its_own_colour() -> None:
    middles = set()
    for name in FELTS:
        themes.choose("blue", name)
        surf = felt_background((320, 200))
        middles.add(tuple(surf.get_at((160, 100)))[:3])
    assert len(middles) == len(FELTS)


def test_only_the_felt_chosen_is_kept() -> None:
    """Trying the felts one after another in Settings keeps one window-sized felt, not one of each; a
    window resized keeps the size before too (dragged back and forth, it is not drawn again each time)."""
    from scenes import widgets

    for name in FELTS:
        themes.choose(themes.DEFAULT_BACK, name)
        felt_background((320, 200))
        assert [(k[0], k[3]) for k in widgets._FELT] == [((320, 200), name)]
    felt_background((300, 180))
    assert [(k[0], k[3]) for k in widgets._FELT] == [((320, 200), name), ((300, 180), name)]


def test_a_damaged_back_or_felt_is_set_aside_for_the_default() -> None:
    settings, refused = Settings.read({"card_back": "purple", "felt": 3, "four_colour": True})
    assert (settings.card_back, settings.felt, settings.four_colour) == ("blue", "green", True)
    assert set(refused) == {"card_back", "felt"}
    kept, refused = Settings.read(Settings(card_back="night", felt="wine").to_json())
    assert (kept.card_back, kept.felt, refused) == ("night", "wine", [])


def test_back_and_felt_chosen_in_settings_apply_at_once_and_are_remembered(tmp_path: Path) -> None:
    store = Storage(tmp_path / "data")
    flow = Flow((1366, 768), storage=store, sounds=SoundBoard(CountingMixer()))
    flow.app.clock = FakeClock()
    try:
        flow.open_settings()
        flow.app.run(frames=1)
        scene = flow.app.scenes.current
        assert isinstance(scene, SettingsScene)
        for row, value in (("card_back", "night"), ("felt", "wine")):
            scene.focus = row
            while scene._row(row).value != value:  # type: ignore[union-attr]
                scene.handle_event(key(pygame.K_RIGHT))
            assert scene.value_text(scene._row(row))  # type: ignore[arg-type]
        assert (themes.back_name(), themes.felt_name()) == ("night", "wine")  # at once
        saved = Storage(store.root).load_settings()
        assert (saved.card_back, saved.felt) == ("night", "wine")
    finally:
        flow.close()
    themes.choose("blue", "green")
    again = Flow((1024, 640), storage=Storage(store.root), sounds=SoundBoard(CountingMixer()))
    try:
        assert (again.settings.card_back, again.settings.felt) == ("night", "wine")
        assert (themes.back_name(), themes.felt_name()) == ("night", "wine")  # a restart wears them again
    finally:
        again.close()


def share_of(image: pygame.Surface, colour: tuple[int, int, int]) -> float:
    """The share of an image's pixels that are exactly `colour` (opaque)."""
    w, h = image.get_size()
    rgba = pygame.image.tobytes(image, "RGBA")
    want = bytes((*colour, 255))
    return sum(rgba[i:i + 4] == want for i in range(0, len(rgba), 4)) / (w * h)


def test_the_score_and_log_panels_follow_the_felt_even_mid_game(tmp_path: Path) -> None:
    flow = Flow((1366, 768), storage=Storage(tmp_path / "data"), sounds=SoundBoard(CountingMixer()))
    flow.app.clock = FakeClock()
    try:
        flow.start_game(4, 5, "easy")
        flow.app.run(frames=3)
        table = flow.table
        assert table is not None
        for felt in ("wine", "slate", "blue", "green"):
            settings = flow.settings
            settings.felt = felt
            flow.apply_settings(settings)  # as the settings screen does, the game on the table behind it
            flow.app.scenes.request(table)
            flow.app.run(frames=2)
            panel = themes.FELTS[felt].panel
            for image in (table.score_panel._cache[1], table.log_panel._cache[1]):  # type: ignore[index]
                assert share_of(image, panel) > 0.3, felt  # the panel's body in the felt's own tone
                others = {themes.FELTS[f].panel for f in FELTS if f != felt}
                assert all(share_of(image, c) == 0 for c in others), felt  # no other felt's panel left
    finally:
        flow.close()


def test_the_side_seats_hands_turn_the_new_back_too(tmp_path: Path) -> None:
    """A back chosen mid-game: the stock and the top seat wore it, the hands at the sides kept the old one."""
    flow = Flow((1366, 768), storage=Storage(tmp_path / "data"), sounds=SoundBoard(CountingMixer()))
    flow.app.clock = FakeClock()
    try:
        flow.start_game(4, 5, "easy")
        flow.app.run(frames=3)
        table = flow.table
        assert table is not None
        keeper = table.cards.keeper
        width = 40
        before = pygame.image.tobytes(keeper.rotated_back(width), "RGBA")
        settings = flow.settings
        settings.card_back = "red"
        flow.apply_settings(settings)
        turned = keeper.rotated_back(width)
        assert pygame.image.tobytes(turned, "RGBA") != before
        assert pygame.image.tobytes(turned, "RGBA") == pygame.image.tobytes(
            pygame.transform.rotate(table.cards.faces.get(width).back(), 90), "RGBA")
    finally:
        flow.close()
