"""Do it (E, or the button): the hint showing carried out at the table as the player would. A meld is staged,
its cards exactly the hint's, so Z takes it back and L lays it; a draw or a discard is made. Played through
the table's own keys and buttons (tests/table_driver.py)."""

from __future__ import annotations

import pygame
import pytest

from game.ai.coach import as_meld_move
from game.ai.simple import choose_greedy
from game.rules.actions import Discard, DrawStock, TakePile
from game.rules.names import card_name
from game.rules.state import GameState, Phase
from game.shell.app import App
from game.shell.controller import TurnController
from game.ui.input_map import Intent, key_intent
from scenes.table import TableScene
from scenes.table_parts.panels import help_lines
from tests.table_driver import click, key, run_frames, settle


@pytest.fixture
def app():
    a = App((1280, 800))
    a.running = True
    yield a
    a.close()


def table(app: App, seed: int) -> TableScene:
    state = GameState(2, seed, target=2500)
    controller = TurnController(state, {1: choose_greedy}, {0}, "instant", seed, threaded=False)
    scene = TableScene(controller, "instant")
    app.scenes.request(scene)
    run_frames(app, 1)
    return scene


def players_turn(app: App, scene: TableScene) -> None:
    for _ in range(3000):
        settle(app, scene)
        if scene.view.my_turn() or scene.state.phase not in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            return
        run_frames(app, 1)
    raise AssertionError("the player's turn never came")


def test_e_does_the_hint_and_the_keys_help_says_so(app: App) -> None:
    assert key_intent(pygame.K_e) == Intent("do_hint")
    assert all(key_intent(k) != Intent("do_hint") for k in (pygame.K_RETURN, pygame.K_d, pygame.K_i))
    scene = table(app, 4)
    assert any(line.startswith("E  do the hint") for line in help_lines(scene.view))


def test_do_it_stages_the_hinted_meld_which_z_takes_back_and_l_lays(app: App) -> None:
    scene = table(app, 4)
    kinds: set[str] = set()
    for _turn in range(60):
        players_turn(app, scene)
        if scene.state.phase not in (Phase.DRAW, Phase.MELD):
            break
        key(app, pygame.K_e)  # no hint yet: said so, nothing done
        assert scene.melds.staging.cards() == set() and scene.view.my_turn()
        key(app, pygame.K_i)
        hint = scene.hints.hint
        assert hint is not None
        said = next(m.message for m in scene.messages.items if m.key == "hint")
        assert all(card_name(c) in said for c in hint.cards), said  # the hint names its cards
        hand_before = list(scene.state.hands[0])
        move = as_meld_move(hint.move)
        if move is not None and not move.combine:
            key(app, pygame.K_e)
            staged = scene.melds.staging.cards()
            assert staged == set(hint.cards) and staged <= set(hand_before), (staged, hint)
            assert scene.melds.staging.move().new == move.new or {c for m in move.new for c in m} <= staged
            key(app, pygame.K_z)  # taken back whole, nothing laid
            assert not scene.melds.staging and scene.state.hands[0] == hand_before
            key(app, pygame.K_i)
            click(app, scene.buttons["do_hint"].rect.center)  # the button does the same
            assert scene.melds.staging.cards() == set(hint.cards)
            # Asked again with it staged, the hint is the same move: E says it is staged, and changes nothing
            # (it said nothing: a player who cannot see the table heard the hint again and again).
            steps = list(scene.melds.staging.steps)
            key(app, pygame.K_i)
            key(app, pygame.K_e)
            said = [m.message for m in scene.messages.items if m.key == "staged"]
            assert said == ["That is staged already: L lays it, Z takes it back."], said
            assert scene.melds.staging.cards() == set(hint.cards) and scene.melds.staging.steps == steps
            key(app, pygame.K_l)  # laid: the cards left the hand for the side's melds
            assert not scene.melds.staging and not set(hint.cards) & set(scene.state.hands[0])
            kinds.add("meld")
        elif isinstance(hint.move, Discard):
            key(app, pygame.K_e)
            if scene.dialog is not None:
                key(app, pygame.K_y)
            assert scene.state.pile[-1] == hint.move.card and hint.move.card not in scene.state.hands[0]
            kinds.add("discard")
        else:
            key(app, pygame.K_e)
            assert len(scene.state.hands[0]) != len(hand_before) or not scene.view.my_turn()
            kinds.add("draw" if isinstance(hint.move, DrawStock) else "pile" if isinstance(hint.move, TakePile)
                      else type(hint.move).__name__)
        settle(app, scene)
        if {"meld", "discard", "draw"} <= kinds:
            break
    assert {"meld", "discard", "draw"} <= kinds, kinds
