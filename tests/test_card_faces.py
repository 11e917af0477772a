"""Card faces under the dummy video driver: drawn, coloured right, cached."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.rules.cards import ALL_IDS, FIRST_JOKER_ID, RANK, SUIT
from game.ui.card_faces import BLACK, BLUE, GREEN, JOKER_INK, RED, CardFaces, FaceCache, ink_color
from game.ui.layout import card_height, index_strip


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


@pytest.fixture(scope="module")
def faces() -> CardFaces:
    return CardFaces(90)


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 2


def ink_pixels(surf: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    """Colours in a region that are clearly printed, not paper or border."""
    out = []
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surf.get_at((x, y))
            if c.a > 200 and min(c.r, c.g, c.b) < 170:
                out.append((c.r, c.g, c.b))
    return out


def index_region(faces: CardFaces) -> pygame.Rect:
    sw, sh = index_strip(faces.width)
    return pygame.Rect(faces.border + 1, faces.border + 1, sw - 2, sh - 2)


def test_sizes_follow_width(faces: CardFaces) -> None:
    assert faces.size == (90, card_height(90))
    assert faces.face(0).get_size() == faces.size
    assert faces.back().get_size() == faces.size
    assert faces.shadow().get_size() == faces.size
    with pytest.raises(ValueError):
        CardFaces(5)


@pytest.mark.parametrize("card_id", [0, 8, 9, 12, 13 + 3, 26 + 10, 39 + 12, FIRST_JOKER_ID, 161])
def test_faces_are_not_blank(faces: CardFaces, card_id: int) -> None:
    surf = faces.face(card_id)
    ink = ink_pixels(surf, index_region(faces))
    assert len(ink) > 40, "the corner index must be printed"
    centre = pygame.Rect(faces.width // 4, faces.height // 3, faces.width // 2, faces.height // 3)
    assert len(ink_pixels(surf, centre)) > 80, "the centre must show a suit, letter or star"


def test_corners_are_rounded_and_see_through(faces: CardFaces) -> None:
    surf = faces.face(0)
    assert surf.get_at((0, 0)).a < 60
    assert surf.get_at((faces.width - 1, faces.height - 1)).a < 60
    assert surf.get_at((faces.width // 2, faces.height // 2)).a == 255


@pytest.mark.parametrize("suit", range(4))
def test_red_and_black_suits(faces: CardFaces, suit: int) -> None:
    cid = card(7, suit)
    ink = ink_pixels(faces.face(cid), index_region(faces))
    reds = sum(1 for r, g, b in ink if r > 150 and g < 90 and b < 90)
    blacks = sum(1 for r, g, b in ink if r < 90 and g < 90 and b < 90)
    if suit in (1, 2):  # diamonds, hearts
        assert ink_color(cid) == RED
        assert reds > 5 * max(1, blacks)
    else:
        assert ink_color(cid) == BLACK
        assert blacks > 5 * max(1, reds)


def test_jokers_have_their_own_ink(faces: CardFaces) -> None:
    assert ink_color(FIRST_JOKER_ID) == JOKER_INK
    ink = ink_pixels(faces.face(FIRST_JOKER_ID), index_region(faces))
    purple = sum(1 for r, g, b in ink if b > 110 and g < 80 and r > 70)
    assert purple > 20


def test_every_card_draws(faces: CardFaces) -> None:
    for c in ALL_IDS:
        assert faces.face(c).get_size() == faces.size


def test_cache_returns_the_same_object(faces: CardFaces) -> None:
    assert faces.face(5) is faces.face(5)
    assert faces.face(5) is faces.face(5 + 52)  # another pack's copy: same picture
    assert faces.face(5) is not faces.face(6)
    assert faces.back() is faces.back()
    assert faces.overlay("selected") is faces.overlay("selected")
    assert faces.card(5, "selected") is faces.card(5, "selected")
    assert faces.card(5) is faces.face(5)
    assert faces.card(None) is faces.back()
    assert RANK[5] == RANK[57] and SUIT[5] == SUIT[57]


def test_overlays_change_the_picture(faces: CardFaces) -> None:
    plain = faces.face(10)
    centre = (faces.width // 2, faces.height // 2)
    assert faces.card(10, "dimmed").get_at(centre)[:3] != plain.get_at(centre)[:3]
    edge = (faces.width // 2, 2)
    sel = faces.card(10, "selected").get_at(edge)
    assert sel.r > 200 and sel.g > 140 and sel.b < 90  # a gold frame
    with pytest.raises(ValueError):
        faces.overlay("sparkly")


def test_back_is_not_a_face(faces: CardFaces) -> None:
    back = faces.back()
    mid = back.get_at((faces.width // 2, faces.height // 4))
    assert mid.b > mid.r  # blue pattern, not paper


def test_blit_draws_shadow_and_card(faces: CardFaces) -> None:
    dest = pygame.Surface((200, 200), pygame.SRCALPHA)
    dest.fill((0, 128, 0, 255))
    r = faces.blit(dest, 0, (10, 10))
    assert r == pygame.Rect(10, 10, *faces.size)
    corner = dest.get_at((10 + faces.width + faces.shadow_offset - 3, 10 + faces.height + faces.shadow_offset - 3))
    assert corner.g < 128  # darkened by the shadow


def test_face_cache_drops_old_sizes() -> None:
    cache = FaceCache(keep=2)
    a = cache.get(60)
    assert cache.get(60) is a
    cache.get(70)
    cache.get(80)
    assert len(cache) == 2
    assert cache.get(60) is not a  # dropped, redrawn at need
    cache.clear()
    assert len(cache) == 0


@pytest.mark.parametrize("width", [40, 64, 102, 172])
def test_all_sizes_draw(width: int) -> None:
    f = CardFaces(width)
    for c in (0, 8, 11, 12, FIRST_JOKER_ID):
        assert ink_pixels(f.face(c), index_region(f))


def test_assets_are_found_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import assets

    monkeypatch.chdir(tmp_path)  # the working folder must not matter
    assert assets.asset_path("fonts", assets.FONT_REGULAR).is_file()
    assert assets.asset_path("fonts", assets.FONT_BOLD).is_file()
    assert assets.asset_path("fonts", "LICENSE-DejaVu.txt").is_file()
    assert assets.font(20) is assets.font(20)
    assert assets.font(20).render("♠♥♦♣", True, (0, 0, 0)).get_bounding_rect().w > 40


def test_faces_drawn_ahead_within_the_time_given_and_the_rest_left() -> None:
    cache = FaceCache(keep=4)
    wishes = [(80, c) for c in range(0, 52, 4)] + [(80, None)]
    left = cache.prewarm(wishes, 0.0)  # no time: nothing drawn, everything left
    assert left == wishes and len(cache) == 0
    assert cache.prewarm(wishes, 10.0) == []
    faces = cache.get(80)
    assert all(faces.has(c) for _w, c in wishes)
    # A second call finds them drawn and leaves nothing, whatever the time.
    assert cache.prewarm(wishes, 0.0) == []


def test_an_idle_frame_draws_one_face_ahead_even_with_no_time() -> None:
    # On a loaded machine no face may fit the idle budget; the job must still end, one face a frame.
    cache = FaceCache(keep=4)
    wishes = [(80, c) for c in (0, 4, 8)]
    left = cache.prewarm(wishes, 0.0, at_least_one=True)
    assert left == wishes[1:] and cache.get(80).has(0)
    left = cache.prewarm(left, -1.0, at_least_one=True)
    assert left == wishes[2:]
    assert cache.prewarm(left, 0.0, at_least_one=True) == [] and cache.get(80).has(8)


def test_the_cost_of_a_new_face_is_learnt_and_grows_with_the_width(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock of our own: the first face at a width (blank card and shadow too) takes 8 ms, later ones 2 ms,
    # so the test does not depend on how busy the machine is.
    import game.ui.card_faces as card_faces

    now = [0.0]
    real_shadowed = CardFaces.shadowed

    def timed_shadowed(self: CardFaces, card_id: int | None, state: str | None = None):
        now[0] += 0.002 if self._shadowed else 0.008
        return real_shadowed(self, card_id, state)

    monkeypatch.setattr(card_faces.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(CardFaces, "shadowed", timed_shadowed)
    cache = FaceCache(keep=4)
    first_small, first_big = cache.estimate(60, 5), cache.estimate(120, 5)
    assert 0 < first_small < first_big
    for _ in range(12):  # learnt over many widths: the estimate approaches 8 ms for a first face at 120 px
        cache.prewarm([(120 + _, c) for c in (0, 1, 2, 3)], 10.0)
    later, first = cache.estimate(131, 9), cache.estimate(200, 9)  # 131 px has faces, 200 px none yet
    assert later < first  # once a width has faces, one more costs less than the first one there
    # Learnt per square pixel from the last widths (about 130 px): 2 ms and 8 ms there, scaled by the area.
    assert later / 131**2 == pytest.approx(0.002 / 130**2, rel=0.2)
    assert first / 200**2 == pytest.approx(0.008 / 130**2, rel=0.2)


def test_the_frame_budget_always_draws_one_real_face() -> None:
    dest = pygame.Surface((400, 400), pygame.SRCALPHA)
    cache = FaceCache(keep=4, budget=0.0)
    cache.get(70).shadowed(3)  # a donor width for stand-ins
    cache.new_frame()
    cache.blit(dest, 90, 3, (0, 0))  # nothing spent yet this frame: drawn for real, no stand-in
    assert cache.get(90).has(3) and not cache.behind
    cache.blit(dest, 90, 7, (100, 0))  # over budget now: 7 has no donor either, so it is drawn too
    cache.get(70).shadowed(11)
    cache.blit(dest, 90, 11, (200, 0))  # over budget with a donor: a stand-in, caught up next frame
    assert not cache.get(90).has(11) and cache.behind
    cache.new_frame()
    cache.blit(dest, 90, 11, (200, 0))
    assert cache.get(90).has(11)


def test_four_colour_faces_print_clubs_green_and_diamonds_blue() -> None:
    four = CardFaces(90, four_colour=True)
    clubs, diamonds, hearts = card(7, 0), card(7, 1), card(7, 2)
    region = index_region(four)
    green = sum(1 for r, g, b in ink_pixels(four.face(clubs), region) if g > 90 and r < 60 and b < 90)
    blue = sum(1 for r, g, b in ink_pixels(four.face(diamonds), region) if b > 150 and r < 60 and g < 110)
    red = sum(1 for r, g, b in ink_pixels(four.face(hearts), region) if r > 150 and g < 90 and b < 90)
    assert green > 20 and blue > 20 and red > 20
    assert ink_color(clubs, True) == GREEN and ink_color(diamonds, True) == BLUE and ink_color(clubs) == BLACK


def test_the_face_cache_redraws_when_the_colour_mode_changes() -> None:
    cache = FaceCache()
    two = cache.get(80)
    assert not two.four_colour
    cache.four_colour = True
    four = cache.get(80)
    assert four is not two and four.four_colour
    cache.four_colour = True  # the same mode again: the faces are kept
    assert cache.get(80) is four


def test_a_stand_in_made_ahead_is_shown_by_the_next_frame_without_scaling_again(monkeypatch) -> None:
    dest = pygame.Surface((400, 400), pygame.SRCALPHA)
    cache = FaceCache(keep=4, budget=0.0)
    cache.get(70).shadowed(3)  # the card drawn at another width: a donor
    cache.get(70).shadowed(11)
    cache.new_frame()
    cache.prepare_stand_in(90, 11)  # the frame that waits after a move
    assert not cache.get(90).has(11)
    cache.new_frame()  # the frame that moves the card
    cache.blit(dest, 90, 3, (0, 0))  # this frame's one sure new face
    scaled = []
    for name in ("smoothscale", "scale"):
        real = getattr(pygame.transform, name)
        monkeypatch.setattr(pygame.transform, name, lambda *a, real=real: scaled.append(a) or real(*a))
    cache.blit(dest, 90, 11, (100, 0))  # over budget: the stand-in made ahead, not scaled again
    assert cache.behind and not cache.get(90).has(11) and scaled == []
    cache.new_frame()
    cache.blit(dest, 90, 11, (100, 0))  # caught up: the real face
    assert cache.get(90).has(11)
