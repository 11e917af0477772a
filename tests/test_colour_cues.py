"""Nothing on screen told by colour alone (#36): the keyboard's focus on a button, a setup line and a hand
card, the keyboard's target, a refusal, a warning and a hint, the seat to play: each keeps a sign of its
own when the picture is seen in greys (pygame's greyscale: what a player who tells no hues apart sees)."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pygame
import pytest

from game.rules.state import Phase
from game.shell.app import App
from game.ui import cues
from game.ui.draw_list import DrawList
from game.ui.speech import Speaker, use
from scenes.table_parts.message_line import MessageLine
from scenes.widgets import FELT, Button, focus_pointer_place
from tests.helpers import position
from tests.table_driver import key, run_frames
from tests.test_table_speech import open_table

SIZE = (1366, 768)


def grey(surface: pygame.Surface) -> pygame.Surface:
    return pygame.transform.grayscale(surface)


def lum(surface: pygame.Surface, x: float, y: float) -> int:
    return surface.get_at((round(x), round(y)))[0]


@pytest.fixture
def app():
    use(Speaker(make_backend=None, clock=itertools.count(0, 600).__next__))
    a = App(SIZE)
    a.running = True
    yield a
    a.close()


def test_a_focused_button_has_pointers_that_show_in_greys():
    """The focus ring's gold on the button's cream is the same grey as the cream (before: 214 against
    239): the pointers at both ends are dark on light."""
    pictures = {}
    for focused in (False, True):
        surface = pygame.Surface((300, 60))
        surface.fill(FELT)
        b = Button("New game", lambda: None)
        b.rect = pygame.Rect(10, 10, 280, 40)
        b.focused = focused
        b.draw(surface)
        pictures[focused] = grey(surface)
    tip, depth = focus_pointer_place(40)
    for x in (10 + tip - depth / 3, 290 - tip + depth / 3):  # inside each pointer, near its tip
        assert lum(pictures[True], x, 30) < 80
        assert lum(pictures[False], x, 30) > 200
    ring = max(3, 40 // 12)
    for x, y in ((150, 10 + ring), (150, 50 - ring - 1), (10 + ring, 30)):  # the ring's dark inner line
        assert lum(pictures[True], x, y) < 80 < 200 < lum(pictures[False], x, y)


def test_a_refusal_a_warning_and_a_hint_each_have_their_own_shape(app):
    """Before, the three were told apart by the colour of their words only (pink, orange, yellow)."""
    masks = {}
    for kind in (*cues.ICONS, "notice"):
        line = MessageLine()
        line.place((20, 10, 800, 40), 820)
        line.show("Not now: you have drawn already.", 5.0, key=kind)
        surface = pygame.Surface((840, 60))
        surface.fill(FELT)
        line.draw(surface, None, 40)
        g = grey(surface)
        felt = lum(g, 5, 5)
        # What stands out from the felt in greys where the line begins (the icon, or the first letters).
        masks[kind] = {(x, y) for x in range(20, 60) for y in range(10, 50) if abs(lum(g, x, y) - felt) > 60}
    for a, b in itertools.combinations((*cues.ICONS, "notice"), 2):
        assert len(masks[a] ^ masks[b]) > 0.3 * len(masks[a] | masks[b]), (a, b)


def focused_card_pointer(scene) -> tuple[float, float]:
    hand = scene.hand
    r = hand.visible_part(hand.focused())
    bar_h = max(4, hand.card_w // 16)
    return r.centerx, r.top - bar_h - 4 - hand.focus_pointer() / 3


def test_the_focused_card_and_the_target_are_marked_by_shapes_seen_in_greys(app):
    st = position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], melds=[[["QH", "QS", "QD", "QC", "JOKER"]], []],
                  pile="8C 9C 4H", stock="7H 8H", phase=Phase.MELD)
    scene = open_table(app, st)
    key(app, pygame.K_RIGHT)  # the focus onto the second card
    key(app, pygame.K_SPACE)  # selected: lifted, and the focus stays on it
    key(app, pygame.K_RIGHT)
    run_frames(app, 30)
    picture = grey(pygame.display.get_surface())
    x, y = focused_card_pointer(scene)
    assert lum(picture, x, y) > 240  # the pointer over the focused card
    selected = scene.hand.order[1]
    assert scene.hand.rects[selected][1] < scene.hand.rects[scene.hand.focused()][1]  # the selected card: up
    left = scene.hand.order[0]
    r = scene.hand.visible_part(left)
    assert lum(picture, r.centerx, y) < 200  # none over a card without the focus
    key(app, pygame.K_DOWN)  # the target onto the pile
    key(app, pygame.K_DOWN)  # ... then the new meld's place
    run_frames(app, 30)
    picture = grey(pygame.display.get_surface())
    framed = pygame.Rect(scene.homes.new_meld_zone).inflate(12, 12)
    width = max(3, min(framed.w, framed.h) // 28)
    for cx, cy in (framed.topleft, (framed.right - 1, framed.top), (framed.left, framed.bottom - 1)):
        inside_bar = (cx + width // 2 if cx == framed.left else cx - width // 2,
                      cy + width // 2 if cy == framed.top else cy - width // 2)
        assert lum(picture, *inside_bar) > 240  # a white corner bracket
    mid_edge = (framed.centerx, framed.top + width // 2)
    assert lum(picture, *mid_edge) < 200  # brackets, not a whole frame: the hint's and the picked meld's are


def test_the_seat_to_play_has_a_pointer_at_its_name(app):
    st = position(4, ["KH KS 4C", "QS 4D", "5S 6H", "7C 8C"], pile="8C", stock="7H 8H", phase=Phase.DRAW)
    scene = open_table(app, st)
    other_hands = scene.picture.other_hands
    marks = {}
    for turn in (0, 1):
        shown = position(4, ["KH KS 4C", "QS 4D", "5S 6H", "7C 8C"], pile="8C", stock="7H 8H", turn=turn)
        notes = DrawList(SIZE)
        other_hands.draw(notes, SimpleNamespace(state=shown, seat=0, names=scene.view.names), SIZE, 30)
        marks[turn] = [item for item in notes.items if item[1][0] == "polygon"]
    assert marks[0] == []  # the player's own turn: no other seat marked
    assert len(marks[1]) == 2  # West's: the pointer and its dark rim


def test_the_chosen_line_of_a_setup_screen_has_a_pointer_before_its_name(app):
    """Its name in gold and a faint band were the sign: in greys the gold is as light as the white."""
    from scenes.setup import SetupScene

    scene = SetupScene(None, on_start=lambda _s: None, on_back=lambda: None)
    app.scenes.request(scene)
    app.run(frames=2)
    first, second = scene.rows[0], scene.rows[1]
    scene.focus = first.key
    app.run(frames=2)
    scene.draw(app.screen)
    u = scene._unit
    x = first.rect.left + u // 2 - 3 - 2  # just before the tip of the pointer, before the line's name
    picture = grey(app.screen)
    assert lum(picture, x, first.rect.centery) > 150  # the gold pointer, light on the dark panel
    assert lum(picture, x, second.rect.centery) < 110  # none before a line without the focus


def test_a_picked_up_meld_has_a_dashed_frame_the_hint_has_a_whole_one(app):
    st = position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], melds=[[["QH", "QS", "QD", "QC", "JOKER"]], []],
                  pile="8C 9C 4H", stock="7H 8H", phase=Phase.MELD)
    scene = open_table(app, st)
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_k):  # the target onto the queens; K
        key(app, k)
    run_frames(app, 30)
    meld = st.melds[0][0].id
    assert scene.melds.picked == meld
    picture = grey(pygame.display.get_surface())
    picked = pygame.Rect(scene.homes.meld_rects[meld]).inflate(10, 10)
    dash = max(8, min(picked.w, picked.h) // 8)
    middle = picked.left + (picked.w // 2 // (2 * dash)) * 2 * dash  # a dash's start near the middle
    y = picked.top + 2
    assert lum(picture, middle + dash // 2, y) > 240  # a dash
    assert lum(picture, middle + dash + dash // 2, y) < 200  # the gap after it
