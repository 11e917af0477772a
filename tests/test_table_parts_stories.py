"""Story tests of the table's parts at 1366×768, through clicks and keys only: one message line, the pile
taken in one click, staging on the meld judged step by step, the hand after a resize, the table's words."""

from __future__ import annotations

import pygame
import pytest

import scenes.widgets as widgets
from game.ai.simple import choose_greedy
from game.rules.ruleset import STANDARD
from game.rules.state import GameState, Phase
from game.shell.app import App
from game.shell.controller import TurnController
from scenes.table import TableScene
from tests.helpers import in_hand, position
from tests.table_driver import centre, click, corner, key, run_frames, select, settle

SIZE = (1366, 768)


@pytest.fixture
def app():
    a = App(SIZE)
    a.running = True
    yield a
    a.close()


def open_table(app: App, state: GameState, **kw) -> TableScene:
    controller = TurnController(state, {s: choose_greedy for s in range(1, state.players)}, {0}, "fast", 3,
                                threaded=False)
    scene = TableScene(controller, "fast", **kw)
    app.scenes.request(scene)
    run_frames(app, 1)
    settle(app, scene)
    return scene


def words_on_screen(scene: TableScene, monkeypatch) -> list[str]:
    """Every line of words the table draws in one whole frame (shadows aside), banners included."""
    seen: list[str] = []
    real_text = widgets._text_image
    real_toast = widgets.Toast.draw

    def text(t, size, color, bold, alpha):
        if alpha == 255:
            seen.append(t)
        return real_text(t, size, color, bold, alpha)

    def toast(self, surface, midbottom, unit):
        if self.alive:
            seen.append(self.message)
        return real_toast(self, surface, midbottom, unit)

    monkeypatch.setattr(widgets, "_text_image", text)
    monkeypatch.setattr(widgets.Toast, "draw", toast)
    scene.draw_whole(pygame.Surface(scene.size))
    monkeypatch.undo()
    return seen


def ask_hint(app: App, scene: TableScene) -> None:
    key(app, pygame.K_i)
    for _ in range(50):
        if scene.hint is not None:
            return
        run_frames(app, 1)
    raise AssertionError("no hint came")


def hint_position() -> GameState:
    return position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], pile="8C 9C 4H 5H 6H 7C 8D 9S TC TD JC QC JD KD")


# ----- one message line -------------------------------------------------------------------------

def test_a_refusal_takes_the_hints_place_and_the_hint_comes_back_after_it(app, monkeypatch):
    state = hint_position()
    scene = open_table(app, state)
    ask_hint(app, scene)
    hint = "Hint: " + scene.hint.text
    assert hint in words_on_screen(scene, monkeypatch)
    key(app, pygame.K_x)  # a discard before drawing: refused
    shown = words_on_screen(scene, monkeypatch)
    refusals = [t for t in shown if "draw" in t.lower() and t != hint and "Hint" not in t]
    assert hint not in shown, "the hint and the refusal drawn at once"
    assert len(refusals) == 1, shown
    run_frames(app, 6 * 60)  # the refusal has been read: the hint is back, alone
    shown = words_on_screen(scene, monkeypatch)
    assert hint in shown and not any(t in shown for t in refusals)


def test_a_refused_staged_move_is_said_once(app, monkeypatch):
    state = position(2, ["9H 9C 9D 5S 6S 8D KH", "QS 4D 5S 6H"], phase=Phase.MELD)  # 30 points: too few
    scene = open_table(app, state)
    select(app, scene, tuple(in_hand(state, 0, "9H 9C 9D")))
    key(app, pygame.K_m)
    key(app, pygame.K_l)
    shown = words_on_screen(scene, monkeypatch)
    said = [t for t in shown if "first meld" in t and "points" in t and not t.startswith("First meld:")]
    assert len(said) == 1, shown


def test_the_hint_goes_when_the_position_changes(app, monkeypatch):
    state = hint_position()
    scene = open_table(app, state)
    ask_hint(app, scene)
    click(app, centre(scene.layout.stock))  # the player draws instead
    settle(app, scene)
    assert scene.hint is None
    assert not any(t.startswith("Hint") for t in words_on_screen(scene, monkeypatch))


def test_a_hint_worked_out_for_a_position_gone_by_is_not_shown(app, monkeypatch):
    state = hint_position()
    scene = open_table(app, state)
    jobs = []
    real = scene.controller.ask_hint

    def later(decide):
        job = real(decide)
        scene.controller.hint_job = None  # not ready yet: it comes back after the player's move
        jobs.append(job)
        return job

    monkeypatch.setattr(scene.controller, "ask_hint", later)
    key(app, pygame.K_i)
    click(app, centre(scene.layout.stock))
    scene.controller.hint_job = jobs[0]
    run_frames(app, 3)
    assert scene.hint is None and not any(m.key == "hint" for m in scene.toasts.items)


# ----- the pile in one click --------------------------------------------------------------------

def test_one_click_on_the_pile_takes_it_with_the_natural_pair(app):
    state = position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], pile="8C 9C 4H KD", melds=[["QH QS QD"], []])
    kings = set(in_hand(state, 0, "KH KS"))
    scene = open_table(app, state)
    click(app, centre(scene.layout.discard))  # nothing selected
    settle(app, scene)
    assert state.phase == Phase.MELD and not state.pile
    assert not kings & set(state.hands[0])
    assert any(m.key == 13 and m.size == 3 for m in state.melds[0])


def test_in_standard_the_table_asks_natural_pair_or_natural_and_wild(app):
    state = position(2, ["KH KS 2C 4C 9D 7S", "QS 4D 5S 6H"], pile="8C 9C 4H KD", melds=[["QH QS QD"], []],
                     rules=STANDARD)
    scene = open_table(app, state)
    click(app, centre(scene.layout.discard))
    assert scene.dialog is not None, "the choice matters: asked"
    key(app, pygame.K_n)  # the natural and the wild card
    settle(app, scene)
    kings = next(m for m in state.melds[0] if m.key == 13)
    assert kings.wilds() == 1 and kings.size == 3


# ----- words --------------------------------------------------------------------------------------

def test_draw_first_in_standard_at_four_speaks_of_one_card_and_no_run(app):
    state = position(4, ["KH KS 4C 5C 9D 7S", "QS 4D", "5S 6H", "7H 7D"], pile="8C 9C",
                     melds=[["QH QS QD"], []], rules=STANDARD)
    scene = open_table(app, state)
    select(app, scene, tuple(in_hand(state, 0, "KH")))
    queens = state.melds[0][0].id
    click(app, corner(scene.homes.meld_rects[queens]))
    said = scene.toasts.items[-1].message
    assert said.startswith("Draw first: 1 card") and "run" not in said


def test_in_standard_a_meld_clicked_alone_asks_for_cards_not_a_combine(app):
    state = position(2, ["KH KS 4C 5C 9D 7S", "QS 4D"], melds=[["QH QS QD"], []], rules=STANDARD,
                     phase=Phase.MELD)
    scene = open_table(app, state)
    click(app, corner(scene.homes.meld_rects[state.melds[0][0].id]))
    said = scene.toasts.items[-1].message
    assert "combine" not in said and scene.melds.picked is None


def _framed(scene: TableScene) -> list[int]:
    """The cards drawn with the blue frame now."""
    look = scene.picture.look(scene.frame())
    return [sp.card for sp in scene.sprites.values() if scene.cards.sprite_draw(sp, False, look)[4] == "highlight"]


def test_one_blue_frame_at_a_time(app):
    state = hint_position()
    scene = open_table(app, state)
    hand = scene.homes.hand
    x, y, w, h = scene.homes.hand_rects[hand[4]]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 4, y + 10), rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(app, 1)
    key(app, pygame.K_RIGHT)  # the keyboard's focus moves: it is the one frame now
    framed = _framed(scene)
    assert framed == [hand[scene.focus]]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 5, y + 10), rel=(1, 0), buttons=(0, 0, 0)))
    run_frames(app, 1)
    framed = _framed(scene)
    assert framed == [scene.hand.hover]


def test_undo_names_the_cards_taken_back(app):
    state = position(2, ["9H 9C 9D KH KS KD 5S 6S 8D", "QS 4D 5S 6H"], phase=Phase.MELD,
                     melds=[["QH QS QD"], []])
    scene = open_table(app, state)
    for cards in ("9H 9C 9D", "KH KS KD"):
        select(app, scene, tuple(in_hand(state, 0, cards)))
        key(app, pygame.K_m)
        key(app, pygame.K_l)
        settle(app, scene)
    key(app, pygame.K_z)
    key(app, pygame.K_z)
    assert scene.log[-1] != scene.log[-2] and "last meld" not in scene.log[-1], scene.log[-2:]


# ----- staging, judged step by step ---------------------------------------------------------------

def test_an_addition_the_engine_would_refuse_is_refused_when_staged(app):
    state = position(2, ["KH 9H 9C 9D 5S 6S 8D", "QS 4D 5S 6H"], phase=Phase.MELD, melds=[["QH QS QD"], []])
    scene = open_table(app, state)
    select(app, scene, tuple(in_hand(state, 0, "KH")))
    click(app, corner(scene.homes.meld_rects[state.melds[0][0].id]))
    assert not scene.staging, "a king staged onto the queens"
    assert "meld" in scene.toasts.items[-1].message.lower()


def test_m_with_cards_that_fit_one_meld_stages_them_onto_it(app):
    # Played: two fours selected beside the side's fours, M said "A meld needs at least three cards."
    state = position(2, ["4D 4C 9H 9C 5S 6S 8D KH", "QS 4D 5S 6H"], phase=Phase.MELD,
                     melds=[["4S 4H 4H JK"], []])
    scene = open_table(app, state)
    fours = state.melds[0][0].id
    select(app, scene, tuple(in_hand(state, 0, "4D 4C")))
    key(app, pygame.K_m)
    assert not scene.staging.new and sorted(scene.staging.adds[fours]) == sorted(in_hand(state, 0, "4D 4C"))
    key(app, pygame.K_l)
    assert len(state.melds[0][0].cards) == 6 and len(state.hands[0]) == 6
    # Two cards that are no meld and go onto none are refused with the engine's own reason.
    select(app, scene, tuple(in_hand(state, 0, "9H 5S")))
    key(app, pygame.K_m)
    assert not scene.staging and scene.toasts.items[-1].message


def test_z_takes_back_the_last_staged_step_one_at_a_time(app):
    state = position(2, ["QC 9H 9C 9D 5S 6S 8D", "QS 4D 5S 6H"], phase=Phase.MELD, melds=[["QH QS QD"], []])
    scene = open_table(app, state)
    select(app, scene, tuple(in_hand(state, 0, "9H 9C 9D")))
    key(app, pygame.K_m)
    queens = state.melds[0][0].id
    select(app, scene, tuple(in_hand(state, 0, "QC")))
    click(app, corner(scene.homes.meld_rects[queens]))
    assert scene.staging.new and queens in scene.staging.adds
    key(app, pygame.K_z)
    assert scene.staging.new and not scene.staging.adds, "the last step, the addition, goes first"
    key(app, pygame.K_z)
    assert not scene.staging


# ----- the hand -----------------------------------------------------------------------------------

def test_the_hand_lays_out_at_once_after_a_resize(app):
    state = position(2, ["KH KS 4C 5C 9D 7S 8H 8C TD JD QH", "QS 4D 5S 6H"])
    scene = open_table(app, state)
    card = scene.homes.hand[-1]
    x, y, w, h = scene.homes.hand_rects[card]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 3, y + 10), rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(app, 1)
    app._resized((1024, 600))  # the pointer still on the hand
    run_frames(app, 1)
    hx, hy, hw, hh = scene.layout.hand
    for c in scene.homes.hand:
        r = scene.homes.hand_rects[c]
        assert hx <= r[0] and r[0] + r[2] <= hx + hw and r[1] + r[3] <= hy + hh + 1, (r, scene.layout.hand)


def test_the_hand_never_moves_between_press_and_release(app):
    state = position(2, ["KH KS KD 4C 5C 9D 7S 8H 8C TD JD QH", "QS 4D 5S 6H"], phase=Phase.MELD,
                     scores=[-20, 0])
    scene = open_table(app, state)
    select(app, scene, tuple(in_hand(state, 0, "KH KS KD")))
    key(app, pygame.K_m)  # staged with the pointer on the hand: the other cards keep their places, gaps between
    settle(app, scene)
    hand = scene.homes.hand
    target = hand[-1]
    spot = (scene.homes.hand_rects[target][0] + 3, scene.homes.hand_rects[target][1] + 10)
    before = scene.homes.hand_rects[target]
    # Out of the hand and straight back: the press lands before the hand would have re-spread.
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(scene.layout.stock), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    run_frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    run_frames(app, 60)  # held a whole second
    assert scene.homes.hand_rects[target] == before
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    run_frames(app, 1)
    assert target in scene.selected


def test_a_staged_addition_sits_on_the_meld_it_goes_onto(app):
    state = position(2, ["QC KD 9H 5S 6S 8D 4C", "QS 4D 5S 6H"], phase=Phase.MELD,
                     melds=[["QH QS QD", "KH KS KC"], []])
    scene = open_table(app, state)
    queens, kings = (m.id for m in state.melds[0])
    for card, meld in (("QC", queens), ("KD", kings)):
        select(app, scene, tuple(in_hand(state, 0, card)))
        click(app, corner(scene.homes.meld_rects[meld]))
        settle(app, scene)
    assert scene.staging.adds == {queens: tuple(in_hand(state, 0, "QC")), kings: tuple(in_hand(state, 0, "KD"))}
    assert not scene.homes.staged_rects, "additions shown apart from their melds"
    for card, meld in (("QC", queens), ("KD", kings)):
        c = in_hand(state, 0, card)[0]
        spot = scene.homes.spots[c]
        assert pygame.Rect(scene.homes.meld_rects[meld]).collidepoint(spot.x + 2, spot.y + 2), card


# ----- the playable cards outlined (a setting, off by default) ---------------------------------

def test_the_cards_that_can_go_onto_the_table_are_outlined_when_asked(app, monkeypatch):
    from dataclasses import replace

    import scenes.table_parts.hand as paint
    from game.keep.settings import Settings

    state = position(2, ["QC 9H 9C 9D 5S 6S 8D KH", "QS 4D 5S 6H"], phase=Phase.MELD, melds=[["QH QS QD"], []])
    scene = open_table(app, state)
    assert Settings().show_playable is False and not scene.hand.playable
    scene.apply_settings(replace(Settings(), show_playable=True, setup=replace(Settings().setup, speed="fast")))
    settle(app, scene)
    assert scene.hand.playable == set(in_hand(state, 0, "QC 9H 9C 9D"))
    outlined = []
    real = paint.draw_list.rect
    monkeypatch.setattr(paint.draw_list, "rect", lambda surface, colour, rect, *a, **k: (
        outlined.append(tuple(pygame.Rect(rect))) if colour == paint.PLAYABLE else None, real(surface, colour, rect,
                                                                                              *a, **k))[1])
    scene.draw_whole(pygame.Surface(scene.size))
    assert len(outlined) == 4
    select(app, scene, tuple(in_hand(state, 0, "9H 9C 9D")))
    key(app, pygame.K_m)  # staged: the nines are not in the hand to outline any more
    assert scene.hand.playable == set(in_hand(state, 0, "QC"))


def test_the_hand_s_marks_wait_while_its_cards_fly(app, monkeypatch):
    # Played: after a meld the hand re-spread, and for a moment the outlines and the new-card bars framed
    # the places the cards were flying to, across the wrong cards.
    state = position(2, ["QC 9H 9C 9D 5S 6S 8D KH", "QS 4D 5S 6H"], phase=Phase.MELD, melds=[["QH QS QD"], []])
    controller = TurnController(state, {1: choose_greedy}, {0}, "normal", 3, threaded=False)
    scene = TableScene(controller, "normal")
    app.scenes.request(scene)
    run_frames(app, 1)
    settle(app, scene)
    calls = []
    real = scene.hand.draw_marks
    monkeypatch.setattr(scene.hand, "draw_marks", lambda *a, **k: (calls.append(1), real(*a, **k))[1])
    key(app, pygame.K_2)  # sorted by suit: every card flies to its new place
    assert not scene.cards.tweener.idle
    scene.hand.new_cards = set(in_hand(state, 0, "QC 8D"))  # drawn this turn: their bars are marks
    calls.clear()
    scene.draw_whole(pygame.Surface(scene.size))
    assert calls == []
    settle(app, scene)
    scene.hand.new_cards = set(in_hand(state, 0, "QC 8D"))
    calls.clear()
    scene.draw_whole(pygame.Surface(scene.size))
    assert calls


def test_a_hint_showing_when_the_language_changes_is_said_again_in_the_new_one(app):
    # Played: French switched to English in the pause menu's settings; the line still said "Conseil : Piochez".
    from game.i18n import set_language
    from game.keep.settings import Settings

    set_language("fr")
    try:
        scene = open_table(app, hint_position())
        ask_hint(app, scene)
        assert any(t.message.startswith("Conseil") for t in scene.toasts.items)
        set_language("en")
        scene.apply_settings(Settings())
        for _ in range(50):
            if any(t.message.startswith("Hint: ") for t in scene.toasts.items):
                break
            run_frames(app, 1)
        said = [t.message for t in scene.toasts.items]
        assert any(m.startswith("Hint: ") for m in said) and not any(m.startswith("Conseil") for m in said), said
    finally:
        set_language("en")
