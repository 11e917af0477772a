"""How the scenes follow one another. Scenes never import each other; they call back here.

    menu ──New game──▶ setup ──Start──▶ table ──hand ends──▶ scoring ──Next hand──▶ table …
      ▲  ◀──Back────────┘                 │                     └──last hand──▶ game over
      └──────────────── Main menu ────────┘                                   │      │
      ▲                                                            Play again ┘      │
      └────────────────────────────────────────────────────────────── Main menu ─────┘

The game in progress is saved after every move (the table's `on_change`) and removed when the
game-over screen appears; "Continue game" on the menu restores it exactly, including a hand that
ended while its scoring screen was showing. The demo plays every seat at top speed and passes
through the scoring and game-over screens by itself.
"""

from __future__ import annotations

import locale
import os
import random

import pygame

from game.ai import get_player
from game.app import App
from game.controller import TurnController
from game.i18n import LANGUAGES, _, number, set_language
from game.native_memory import give_back_free_memory
from game.rules.state import GameState, Phase
from game.storage import GameSetup, SavedGame, Settings, Storage, StorageError
from game.ui.narrate import side_names
from scenes.game_over import GameOverScene, outcome
from scenes.menu import MenuScene
from scenes.scoring import ScoringScene
from scenes.setup import SetupScene
from scenes.table import TableScene

DEMO_SCORING = 1.0  # seconds the demo shows each scoring screen
DEMO_GAME_OVER = 2.5


def system_language() -> str:
    """The system's language if the game speaks it (French, Swedish), else English. The variables are
    read in gettext's order; without them (Windows) the locale says it, as "fr_FR" or "French_France"."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return _known_language(value.split(":")[0])
    try:
        return _known_language(locale.getlocale()[0] or "")
    except ValueError:
        return "en"


def _known_language(name: str) -> str:
    name = name.lower()
    for lang, prefixes in (("fr", ("fr", "french")), ("sv", ("sv", "swedish"))):
        if name.startswith(prefixes):
            return lang
    return "en"


class Flow:
    def __init__(self, size: tuple[int, int], storage: Storage | None = None) -> None:
        self.app = App(size)
        self._storage = storage
        self._settings: Settings | None = None
        self.table: TableScene | None = None
        self.demo = False
        # The game on the table: who plays each seat, the animation speed, the computers' seed.
        self.levels: list[str] = []
        self.speed = "normal"
        self.seed = 0
        self._save_failed = False
        self._recorded: GameState | None = None
        self._claimed = False
        self.other_copy = False  # another copy of the game had the folder: this one is read-only
        self._asked_other_copy = False

    # ----- what is kept between sessions (loaded on first use: the demo never touches it) ------

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            self._storage = Storage()
        if not self._claimed:  # before anything is read: a damaged file is set aside only by its owner
            self._claimed = True
            if not self._storage.claim():
                self.other_copy = True
                pygame.display.set_caption(_("Bolivia (read-only)"))
        return self._storage

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = self.storage.load_settings()
            set_language(self.language)  # before the first scene builds its labels
        return self._settings

    @property
    def language(self) -> str:
        """The player's choice, or else the system's language."""
        chosen = self.settings.language
        return chosen if chosen in LANGUAGES else system_language()

    def choose_language(self, lang: str) -> None:
        """The setup screen's Language line: speak `lang` now and in later sessions."""
        set_language(lang)
        self.settings.language = lang
        try:
            self.storage.save_settings(self.settings)
        except StorageError:
            pass  # kept for this session only

    def close(self) -> None:
        if self.table is not None:
            self.table.controller.close()
        if self._storage is not None:
            self._storage.flush()  # the last move's save reaches the disk before the process ends
            self._storage.release()
        self.app.close()

    # ----- menu and setup -----------------------------------------------------------------------

    def start_menu(self) -> None:
        self.demo = False
        self._leave_table()
        settings = self.settings
        saved = self.storage.load_game() if self.storage.has_save() else None
        info = None
        if saved is not None:
            s = saved.state
            names = side_names(s.players)
            scores = " · ".join(f"{names[i]} {number(s.scores[i])}" for i in range(s.sides))
            info = _("Game in progress: hand {n}. {scores}").format(n=max(1, s.hand_no), scores=scores)
        menu = MenuScene(
            on_new_game=self.open_setup,
            on_continue=self.continue_game if saved is not None else None,
            continue_info=info,
            target=settings.setup.target,
        )
        if self.other_copy and not self._asked_other_copy:
            self._asked_other_copy = True
            menu.ask(_("Bolivia is already open on this computer, with the same saved game and settings. "
                       "Two copies at once would write over each other's game. You can open this one "
                       "read-only: you may look and play, but nothing is saved."),
                     self._answer_other_copy, yes=_("Open read-only"), no=_("Quit"))
        for message in self.storage.take_problems():
            menu.notice(message)
        self.app.scenes.request(menu)

    def _answer_other_copy(self, read_only: bool) -> None:
        if not read_only:
            self.app.quit()

    def open_setup(self) -> None:
        self.app.scenes.request(SetupScene(self.settings.setup, on_start=self.start_from_setup,
                                           on_back=self.start_menu, language=self.language,
                                           on_language=self.choose_language))

    def start_from_setup(self, setup: GameSetup) -> None:
        self.settings.setup = setup
        try:
            self.storage.save_settings(self.settings)
        except StorageError:
            pass  # the choices only stay for this session; the game itself does not depend on them
        self.start_game(setup.players, None, setup.levels(), setup.target, setup.speed)

    # ----- games --------------------------------------------------------------------------------

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
        levels[0] = "human"
        self.demo = False
        self.levels, self.speed, self.seed = levels, speed, seed
        choosers = {s: self._player(levels[s]) for s in range(1, players)}
        self._open_table(TurnController(state, choosers, {0}, speed, seed), speed)

    def continue_game(self) -> None:
        """Restore the saved game exactly as it was left."""
        saved = self.storage.load_game()
        if saved is None:
            self.start_menu()  # it was damaged since the menu opened: the menu says so
            return
        state = saved.state
        self.demo = False
        self.levels, self.speed, self.seed = list(saved.levels), saved.speed, saved.seed
        choosers = {s: self._player(self.levels[s]) for s in range(1, state.players)}
        controller = TurnController(state, choosers, {0}, saved.speed, saved.seed)
        if state.phase in (Phase.DEAL, Phase.GAME_OVER) and state.results:
            # Left on a scoring screen: show it again; Next hand deals as usual.
            table = self._open_table(controller, saved.speed, show=False)
            self.show_scoring(table)
        else:
            self._open_table(controller, saved.speed)  # the table asks any pending question on entering

    def start_demo(self, players: int, seed: int) -> None:
        self.demo = True
        self.levels, self.speed, self.seed = ["normal"] * players, "instant", seed
        state = GameState(players, seed)
        choosers = {s: self._player("normal") for s in range(players)}
        controller = TurnController(state, choosers, set(), "instant", seed)
        self._open_table(controller, "fast")

    def _leave_table(self) -> None:
        if self.table is not None:
            self.table.controller.close()
            self.table = None
            give_back_free_memory()  # the table's images are freed: keep a long session's memory flat

    def _open_table(self, controller: TurnController, speed: str, show: bool = True) -> TableScene:
        self._leave_table()
        self._save_failed = False
        self.table = TableScene(controller, speed, on_hand_end=self.hand_ended, on_menu=self.start_menu,
                                on_change=self.autosave)
        if show:
            self.app.scenes.request(self.table)
        return self.table

    def autosave(self, state: GameState) -> None:
        """After every move: the whole game, so closing the window never loses anything."""
        if self.demo:
            return
        try:
            self.storage.save_game_soon(SavedGame(state, self.levels, self.speed, self.seed))
        except StorageError as why:
            if not self._save_failed and self.table is not None:
                self._save_failed = True  # say it once, not after every move
                self.table.toasts.show(str(why), 8.0)

    # ----- between hands and at the end ---------------------------------------------------------

    def hand_ended(self, table: TableScene) -> None:
        self.show_scoring(table)

    def show_scoring(self, table: TableScene) -> None:
        give_back_free_memory()  # a hand's worth of images drawn and dropped: keep the peak down
        scene = ScoringScene(
            table.state,
            on_continue=lambda: self.after_scoring(table),
            speed="instant" if self.demo else self.speed,
            auto_continue=DEMO_SCORING if self.demo else None,
        )
        self.app.scenes.request(scene)

    def after_scoring(self, table: TableScene) -> None:
        if table.state.phase == Phase.GAME_OVER:
            self.game_over(table.state)
        else:
            table.next_hand()  # dealt now; the table keeps the deal animating when it comes back
            self.app.scenes.request(table)

    def game_over(self, state: GameState) -> None:
        stats = None
        if not self.demo and self._recorded is not state:
            self._recorded = state
            try:  # counted first: if the count cannot be kept, the game's save still goes
                stats = self.storage.record_game(outcome(state, state.side_of(0)))
            except StorageError:
                stats = None
            try:
                self.storage.clear_game()
            except StorageError:
                pass  # a finished game left behind opens on its game-over screen, nothing lost
        self._leave_table()
        self.app.scenes.request(GameOverScene(
            state,
            on_play_again=lambda: self.play_again(state),
            on_menu=self.start_menu,
            stats=stats,
            auto_continue=DEMO_GAME_OVER if self.demo else None,
            human=not self.demo,
        ))

    def play_again(self, state: GameState) -> None:
        if self.demo:
            self.start_demo(state.players, state.seed + 1)
        else:
            self.start_game(state.players, None, list(self.levels), state.target, self.speed)
