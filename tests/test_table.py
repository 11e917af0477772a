"""The table: turn controller timing, key mapping, a whole hand played through clicks and keys."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.rules.actions import Deal, Discard, DrawStock, LayMelds, TakePile
from game.rules.legal import legal_actions
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.shell.app import App
from game.shell.controller import TurnController
from game.ui.input_map import Intent, key_intent
from scenes.table import TableScene
from tests.table_driver import centre, click, key, perform, run_frames, settle


@pytest.fixture
def app():
    a = App((1280, 800))
    a.running = True
    yield a
    a.close()


def make_table(app: App, players: int = 2, seed: int = 4, speed: str = "fast") -> TableScene:
    state = GameState(players, seed, target=2500)
    choosers = {s: choose_greedy for s in range(1, players)}
    controller = TurnController(state, choosers, {0}, speed, seed, threaded=False)
    scene = TableScene(controller, speed)
    app.scenes.request(scene)
    run_frames(app, 1)
    return scene


# ----- the turn controller ----------------------------------------------------------------------

def test_computer_waits_for_the_pause_and_for_the_pictures():
    state = GameState(2, 3)
    state.apply(Deal())
    if state.turn == 0:  # make the computer seat move first
        state.apply(DrawStock())
        state.apply(Discard(state.hands[0][0]))
    ctl = TurnController(state, {1: choose_greedy}, {0}, "normal", 1, threaded=False)
    assert ctl.update(0.5, busy=False) is None  # 0.5 s < the 0.6 s pause
    assert ctl.update(0.5, busy=True) is None  # pictures still moving: no move
    applied = ctl.update(0.2, busy=False)
    assert applied is not None and applied.seat == 1
    assert isinstance(applied.action, DrawStock) or applied.events


def test_threaded_decision_arrives_without_blocking():
    state = GameState(4, 8)
    state.apply(Deal())
    choosers = {s: choose_greedy for s in range(4)}
    ctl = TurnController(state, choosers, set(), "instant", 1, threaded=True)
    moves = 0
    for _ in range(2000):
        if ctl.update(0.016, busy=False) is not None:
            moves += 1
        if moves >= 10:
            break
        pygame.time.wait(1)
    assert moves >= 10
    assert state.check() == []


def test_player_moves_refused_out_of_turn():
    state = GameState(2, 3)
    state.apply(Deal())
    ctl = TurnController(state, {1: choose_greedy}, {0}, "normal", 1, threaded=False)
    if state.turn == 0:
        state.apply(DrawStock())
        state.apply(Discard(state.hands[0][0]))
    with pytest.raises(ValueError, match="not your turn"):
        ctl.play(DrawStock())


# ----- keys -------------------------------------------------------------------------------------

def test_keys_map_to_intents():
    assert key_intent(pygame.K_d) == Intent("draw")
    assert key_intent(pygame.K_p) == Intent("pile")
    assert key_intent(pygame.K_m) == Intent("meld")
    assert key_intent(pygame.K_x) == Intent("discard")
    assert key_intent(pygame.K_TAB) == Intent("target", 1)
    assert key_intent(pygame.K_TAB, pygame.KMOD_SHIFT) == Intent("target", -1)
    assert key_intent(pygame.K_LEFT) == Intent("focus", -1)
    assert key_intent(pygame.K_ESCAPE) == Intent("pause")
    assert key_intent(pygame.K_z) == Intent("undo")
    assert key_intent(pygame.K_z, pygame.KMOD_CTRL) == Intent("undo")
    assert key_intent(pygame.K_i) == Intent("hint")
    assert key_intent(pygame.K_h) == key_intent(pygame.K_F1) == Intent("help")
    assert key_intent(pygame.K_SLASH, pygame.KMOD_SHIFT, "?") == Intent("help")
    assert key_intent(pygame.K_1) == Intent("sort_rank")
    assert key_intent(pygame.K_2) == key_intent(pygame.K_s) == Intent("sort_suit")
    assert key_intent(pygame.K_r) == Intent("rules")
    assert key_intent(pygame.K_y) is None


# ----- playing through input only ---------------------------------------------------------------

def _play_hand(app: App, scene: TableScene, keyboard_every: int = 0, limit: int = 400) -> list:
    """Play the player's seat with the greedy policy, through clicks and keys only, until the hand ends."""
    state = scene.state
    rng = random.Random(5)
    played = []
    applied = []
    original = scene.controller.play

    def spy(action):
        events = original(action)
        applied.append(action)
        return events

    scene.controller.play = spy
    hand_no = state.hand_no
    for _frame in range(limit * 50):
        if state.hand_no != hand_no or state.phase in (Phase.DEAL, Phase.GAME_OVER):
            break
        if not scene.controller.human_to_act:
            run_frames(app, 1, 0.05)
            continue
        legal = legal_actions(state)
        action = choose_greedy(view_of(state, 0), legal, rng)
        before = len(applied)
        keyboard = bool(keyboard_every) and len(played) % keyboard_every == 1
        perform(app, scene, action, keyboard=keyboard)
        played.append(action)
        reason = scene.toasts.items[-1].message if scene.toasts.items else ""
        assert len(applied) > before, f"the table did not play {action!r}: {reason}"
        got = applied[-1]
        if isinstance(action, LayMelds):
            assert sorted(map(sorted, got.melds)) == sorted(map(sorted, action.melds))
        elif isinstance(action, TakePile):  # staged melds go in meld order: the same cards
            assert sorted(got.cards) == sorted(action.cards)
            assert sorted(map(sorted, got.melds)) == sorted(map(sorted, action.melds))
        else:
            assert got == action
        assert state.check() == []
    return played


def test_whole_hand_through_clicks_and_keys(app):
    scene = make_table(app, players=2, seed=4)
    assert scene.state.phase == Phase.DRAW  # the table dealt on entering
    played = _play_hand(app, scene, keyboard_every=3)
    assert played, "the player never got a turn"
    assert scene.state.results, "the hand did not end"
    assert scene.state.check() == []
    kinds = {type(a).__name__ for a in played}
    assert {"DrawStock", "Discard"} <= kinds


def test_whole_hand_four_players(app):
    scene = make_table(app, players=4, seed=11)
    _play_hand(app, scene)
    assert scene.state.results


def test_illegal_move_shows_the_engines_reason(app):
    scene = make_table(app, players=2, seed=4)
    settle(app, scene)
    while not scene.controller.human_to_act:
        run_frames(app, 1, 0.05)
    settle(app, scene)
    # Discarding before drawing: the engine refuses, the table shows why and shakes.
    card = scene.homes.hand[0]
    click(app, (scene.homes.hand_rects[card][0] + 4, scene.homes.hand_rects[card][1] + 4))
    click(app, centre(scene.layout.discard))
    assert scene.toasts.items, "no reason shown"
    assert "pair" in scene.toasts.items[-1].message or "Draw" in scene.toasts.items[-1].message
    assert scene.cards.shake_time > 0
    key(app, pygame.K_x)  # discard by key: refused the same way
    assert "Draw first" in scene.toasts.items[-1].message


def test_resize_relayouts_and_keeps_cards_inside(app):
    scene = make_table(app, players=4, seed=2)
    settle(app, scene)
    app.process_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640)))
    settle(app, scene)
    assert scene.size == (1024, 640)
    for c, (x, y, w, h) in scene.homes.hand_rects.items():
        assert 0 <= x and x + w <= 1024 and y + h <= 640, c


def test_table_screenshot_not_blank(app, tmp_path):
    scene = make_table(app, players=3, seed=6)
    settle(app, scene)
    scene.dirty = True
    run_frames(app, 1)
    path = tmp_path / "table.png"
    app.save_screenshot(path)
    img = pygame.image.load(str(path))
    colours = {img.get_at((x, y))[:3] for x in range(0, img.get_width(), 37) for y in range(0, img.get_height(), 29)}
    assert len(colours) > 20


def test_idle_table_is_not_redrawn(app):
    scene = make_table(app, players=2, seed=4)
    while not scene.controller.human_to_act:
        run_frames(app, 1, 0.05)
    settle(app, scene)
    run_frames(app, 30)  # toasts fade
    before = app.draws
    run_frames(app, 60)
    assert app.draws - before <= 2


def test_an_idle_table_draws_the_faces_the_next_moves_need_and_then_rests(app):
    scene = make_table(app, players=4, seed=9)
    settle(app, scene)
    for _ in range(400):  # a few seconds of the player thinking
        if scene.controller.human_to_act and scene.tweener.idle and not scene.cards.faces_pending:
            break
        app.step(1 / 60)
    assert scene.controller.human_to_act and not scene.cards.faces_pending
    st = scene.state
    # What the pile holds is ready at the player's hand width and at the player's side's meld width, and
    # the partner's cards at that meld width too: taking the pile or melding draws no new face.
    hand_w = scene.homes.hand_card_w
    meld_w = scene.homes.meld_card_w[st.side_of(0)]
    assert all(scene.faces.get(hand_w).has(c) for c in st.pile)
    assert all(scene.faces.get(meld_w).has(c) for c in st.pile + st.hands[2])
    draws = app.draws
    run_frames(app, 30)
    assert app.draws == draws  # and the table, at rest, is not redrawn
