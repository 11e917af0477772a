"""How the scenes follow one another: menu, setup, table, scoring, game over.
Scenes never import each other; they call back here."""

from __future__ import annotations

import random

from game.ai import get_player
from game.app import App
from game.controller import TurnController
from game.rules.state import GameState, Phase
from scenes.menu import MenuScene
from scenes.table import TableScene


class Flow:
    def __init__(self, size: tuple[int, int]) -> None:
        self.app = App(size)
        self.table: TableScene | None = None
        self.demo = False

    def close(self) -> None:
        if self.table is not None:
            self.table.controller.close()
        self.app.close()

    def start_menu(self) -> None:
        self.app.scenes.request(MenuScene(on_new_game=lambda: self.start_game(4, None, "normal")))

    def _player(self, level: str):
        for name in (level, "greedy"):
            try:
                return get_player(name)
            except ValueError:
                continue
        raise ValueError(level)

    def start_game(self, players: int, seed: int | None, level: str | list[str], target: int | None = None,
                   speed: str = "normal") -> None:
        seed = random.randrange(1 << 30) if seed is None else seed
        state = GameState(players, seed, target=target)
        levels = [level] * players if isinstance(level, str) else list(level)
        choosers = {s: self._player(levels[s]) for s in range(1, players)}
        self._open_table(TurnController(state, choosers, {0}, speed, seed), speed)

    def start_demo(self, players: int, seed: int) -> None:
        self.demo = True
        state = GameState(players, seed)
        choosers = {s: self._player("normal") for s in range(players)}
        controller = TurnController(state, choosers, set(), "instant", seed)
        self._open_table(controller, "fast")

    def _open_table(self, controller: TurnController, speed: str) -> None:
        if self.table is not None:
            self.table.controller.close()
        self.table = TableScene(controller, speed, on_hand_end=self.hand_ended, on_menu=self.start_menu)
        self.app.scenes.request(self.table)

    def hand_ended(self, table: TableScene) -> None:
        if table.state.phase == Phase.GAME_OVER:
            if self.demo:
                self.start_demo(table.state.players, table.state.seed + 1)
            else:
                self.start_menu()
            return
        table.next_hand()
