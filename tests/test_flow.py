"""The flow between scenes: menu, setup, table, scoring, game over; saving after every move and
continuing a saved game; the demo passing through every scene by itself."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep.saved_game import SavedGame
from game.keep.settings import GameSetup, Settings
from game.keep.storage import Storage
from game.rules.state import Phase
from game.shell.flow import Flow
from scenes.game_over import GameOverScene
from scenes.menu import MenuScene
from scenes.scoring import ScoringScene
from scenes.setup import SetupScene
from scenes.table import TableScene
from tests.scene_helpers import FakeClock, key, play_table_hand


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "data")


@pytest.fixture
def flow(store: Storage) -> Iterator[Flow]:
    f = Flow((1024, 640), storage=store)
    f.app.clock = FakeClock()
    yield f
    f.close()


def frames(flow: Flow, n: int = 1) -> None:
    flow.app.run(frames=n)


def current(flow: Flow):
    return flow.app.scenes.current


def press(flow: Flow, *keys: int) -> None:
    for k in keys:
        current(flow).handle_event(key(k))
        frames(flow)


def test_menu_setup_table_and_back(flow: Flow, store: Storage) -> None:
    store.save_settings(Settings(GameSetup(players=2, level="easy", target=2500, speed="fast")))
    flow.start_menu()
    frames(flow)
    menu = current(flow)
    assert isinstance(menu, MenuScene) and menu.on_continue is None
    press(flow, pygame.K_RETURN)  # New game
    assert isinstance(current(flow), SetupScene)
    assert current(flow).setup == GameSetup(players=2, level="easy", target=2500, speed="fast")
    press(flow, pygame.K_ESCAPE)  # Back
    assert isinstance(current(flow), MenuScene)
    press(flow, pygame.K_RETURN)
    setup = current(flow)
    setup.focus = "players"
    press(flow, pygame.K_RIGHT, *[pygame.K_DOWN] * 5)  # 3 players; down past difficulty, target, speed, deal: Start
    assert setup.focus == "start"
    press(flow, pygame.K_RETURN)
    table = current(flow)
    assert isinstance(table, TableScene)
    assert table.state.players == 3 and table.state.target == 2500 and table.state.hand_no == 1
    assert flow.levels == ["human", "easy", "easy"] and flow.speed == "fast"
    # The choices are remembered, and the game is saved from its first move (the deal).
    assert store.load_settings().setup == GameSetup(players=3, level="easy", target=2500, speed="fast")
    saved = store.load_game()
    assert saved is not None and saved.state.to_json() == table.state.to_json()
    # The pause menu's "Main menu": the menu now offers to continue.
    table.on_menu()
    frames(flow)
    menu = current(flow)
    assert isinstance(menu, MenuScene) and menu.on_continue is not None
    assert menu.buttons.buttons[0].label == "Continue game" and menu.buttons.focus == 0
    assert "hand 1" in (menu.continue_info or "")
    press(flow, pygame.K_RETURN)
    again = current(flow)
    assert isinstance(again, TableScene) and again is not table
    assert again.state.to_json() == table.state.to_json()


def test_new_game_over_a_saved_one_asks_first(flow: Flow, store: Storage) -> None:
    flow.start_game(2, 4, "greedy", 2500, "instant")
    frames(flow)
    flow.start_menu()
    frames(flow)
    press(flow, pygame.K_DOWN, pygame.K_RETURN)  # New game
    menu = current(flow)
    assert isinstance(menu, MenuScene) and menu.dialog is not None
    press(flow, pygame.K_RETURN)  # "Keep it" has the focus
    assert isinstance(current(flow), MenuScene) and store.has_save()
    press(flow, pygame.K_RETURN, pygame.K_LEFT, pygame.K_RETURN)  # New game, then yes
    assert isinstance(current(flow), SetupScene)
    assert store.has_save()  # kept until the new game starts


def test_hands_scoring_and_game_over(flow: Flow, store: Storage) -> None:
    flow.start_game(2, 5, "greedy", 2500, "instant")
    frames(flow, 3)
    table = current(flow)
    assert isinstance(table, TableScene)
    hands_seen = 0
    while True:
        play_table_hand(table, 5)  # the engine plays the hand out, as a quick player would
        table.apply_events([])
        flow.hand_ended(table)
        frames(flow)
        scoring = current(flow)
        assert isinstance(scoring, ScoringScene)
        assert scoring.result is table.state.results[-1]
        hands_seen += 1
        saved = store.load_game()
        assert saved is not None and saved.state.hand_no == hands_seen
        press(flow, pygame.K_RETURN)  # instant speed: nothing to skip, straight on
        if table.state.phase == Phase.GAME_OVER:
            break
        assert current(flow) is table
        assert table.state.hand_no == hands_seen + 1 and table.state.phase == Phase.DRAW
        assert not table.tweener.idle  # the next hand is dealt with its animation
    over = current(flow)
    assert isinstance(over, GameOverScene)
    assert not store.has_save()  # the game ended: its save is gone
    assert over.stats is not None and over.stats.played == 1
    press(flow, pygame.K_RETURN)  # Play again: the same setup, a new deal
    new = current(flow)
    assert isinstance(new, TableScene) and new.state.players == 2 and new.state.target == 2500
    assert new.state.hand_no == 1 and store.has_save()


def test_continue_after_a_hand_shows_its_scores_first(flow: Flow, store: Storage) -> None:
    flow.start_game(4, 6, "greedy", 15000, "normal")
    frames(flow)
    table = current(flow)
    play_table_hand(table, 6)
    table.apply_events([])  # autosaves the ended hand
    flow.start_menu()
    frames(flow)
    press(flow, pygame.K_RETURN)  # Continue game
    scoring = current(flow)
    assert isinstance(scoring, ScoringScene) and scoring.result["hand"] == 1
    press(flow, pygame.K_SPACE, pygame.K_RETURN)  # skip the counting, then Next hand
    table = current(flow)
    assert isinstance(table, TableScene) and table.state.hand_no == 2
    assert flow.levels == ["human", "greedy", "greedy", "greedy"]


def test_a_corrupt_save_is_reported_on_the_menu_and_kept(flow: Flow, store: Storage) -> None:
    store.root.mkdir(parents=True)
    store.path("save.json").write_text("not json at all", encoding="utf-8")
    flow.start_menu()
    frames(flow, 2)
    menu = current(flow)
    assert isinstance(menu, MenuScene)
    assert menu.on_continue is None
    assert len(menu.notices) == 1 and "save.json.bad" in menu.notices[0].message
    assert store.path("save.json.bad").read_text() == "not json at all"
    press(flow, pygame.K_RETURN)  # OK closes the notice, nothing else
    assert menu.notices == [] and isinstance(current(flow), MenuScene)


def test_a_save_that_cannot_be_written_is_said_once(flow: Flow, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    flow._storage = Storage(blocker / "data")
    flow.start_game(2, 1, "greedy", 2500, "normal")
    frames(flow, 2)
    table = current(flow)
    for _move in range(3):  # a failed background save is told at the next move, once
        flow.storage.flush()
        table.apply_events([])
    assert sum("Could not write" in t.message for t in table.toasts.items) == 1


def test_the_demo_passes_through_scoring_and_game_over(store: Storage) -> None:
    flow = Flow((1024, 640), storage=store)
    flow.app.clock = FakeClock()
    try:
        flow.start_demo(2, 3)
        seen: list[str] = []
        flow.app.running = True
        deadline = time.monotonic() + 120  # computer players think on their own thread, in real time
        while time.monotonic() < deadline:
            flow.app.step(0.016)
            time.sleep(0.0005)  # leave the thinking thread the interpreter
            name = type(current(flow)).__name__
            if not seen or seen[-1] != name:
                seen.append(name)
            if seen[-3:] == ["TableScene", "ScoringScene", "TableScene"]:
                break
        assert seen[-3:] == ["TableScene", "ScoringScene", "TableScene"]
        assert current(flow).state.hand_no == 2
        # The end of a demo game: its result shows, then a new demo game starts by itself.
        state = current(flow).state
        flow.game_over(state)
        flow.app.run(frames=200)
        table = current(flow)
        assert isinstance(table, TableScene) and table.state.seed == state.seed + 1
        assert not store.root.exists()  # the demo never touches the player's files
    finally:
        flow.close()


def test_restored_levels_fall_back_to_a_player_that_exists(flow: Flow, store: Storage) -> None:
    from game.rules.state import GameState

    state = GameState(3, 8)
    store.save_game(SavedGame(state, ["human", "grandmaster", "hard"], "fast", 8))
    flow.start_menu()
    frames(flow)
    press(flow, pygame.K_RETURN)
    table = current(flow)
    assert isinstance(table, TableScene) and table.state.hand_no == 1
    assert set(table.controller.choosers) == {1, 2}
