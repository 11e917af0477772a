"""Every scene draws at any size a window manager may give the window, down to slivers and a single
pixel: a resize never crashes the game, whatever minimum size the window asks for."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.keep.settings import GameSetup, Settings
from game.keep.stats import GameStats, Record, Statistics
from game.rules.state import GameState
from game.shell.app import App
from game.shell.controller import TurnController
from scenes.game_over import GameOverScene
from scenes.menu import MenuScene
from scenes.rules import RulesScene
from scenes.scene import Scene
from scenes.scoring import ScoringScene
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from scenes.statistics import StatisticsScene
from scenes.table import TableScene
from tests.scene_helpers import FakeClock, key, motion, play_hand

SIZES = [(1, 1), (20, 800), (800, 20), (2, 600), (600, 3), (64, 48), (160, 120), (300, 900), (1366, 10),
         (333, 333), (1280, 800)]


@pytest.fixture(scope="module")
def app() -> Iterator[App]:
    a = App((640, 480), clock=FakeClock())
    yield a
    a.close()


def _finished_game() -> GameState:
    state = GameState(2, 8, target=2500)
    while state.phase.value != "game_over":
        play_hand(state, seed=state.hand_no)
    return state


def _scenes() -> list[tuple[str, Scene]]:
    hand = play_hand(GameState(4, 3))
    over = _finished_game()
    menu = MenuScene(on_new_game=lambda: None, on_continue=lambda: None, continue_info="Game in progress")
    menu_notice = MenuScene()
    menu_notice.notice("Your saved game could not be read: it is nested too deeply. It was kept as save.json.bad.")
    menu_ask = MenuScene()
    menu_ask.ask("Bolivia is already open on this computer.", lambda _yes: None, "Open read-only", "Quit")
    table = TableScene(TurnController(GameState(4, 5), {s: (lambda v, legal, r: legal[0]) for s in (1, 2, 3)},
                                      {0}, "instant", 5, threaded=False), "instant")
    return [
        ("menu", menu), ("rules", RulesScene(on_back=lambda: None)), ("notice", menu_notice), ("ask", menu_ask),
        ("setup", SetupScene(GameSetup())),
        ("scoring", ScoringScene(hand, on_continue=lambda: None, speed="instant")),
        ("game over", GameOverScene(over, stats=Statistics({"bolivia": GameStats(record=Record(4, 2, 1, 1))}))),
        ("table", table),
        ("settings", SettingsScene(Settings())),
        ("statistics", StatisticsScene(Statistics({"bolivia": GameStats(record=Record(4, 2, 1, 1))}))),
    ]


@pytest.mark.parametrize("name", ["menu", "rules", "notice", "ask", "setup", "scoring", "game over", "table",
                                  "settings", "statistics"])
def test_every_scene_draws_at_every_size(app: App, name: str) -> None:
    scene = dict(_scenes())[name]
    app.scenes.request(scene)
    app.scenes.apply_pending()
    for size in SIZES:
        app._resized(size)
        surface = pygame.Surface(size)
        for _ in range(3):  # the scene's own frames: updates, animations, the deal on the table
            app.step(1 / 30)
            scene.draw(surface)
        scene.handle_event(motion((size[0] // 2, size[1] // 2)))
        scene.handle_event(key(pygame.K_TAB))
        scene.update(0.5)
        scene.draw(surface)
    app._resized((1024, 640))
    scene.draw(app.screen)
