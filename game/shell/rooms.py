"""The rooms off the main menu and the game's pause menu: settings, rules, statistics (with the kept games'
replays) and the lessons. Each goes back where it was opened from. A mixin of `Flow` (game/shell/flow.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import _
from game.keep.folder_files import StorageError
from game.keep.settings import Settings
from game.keep.storage import Storage

GUIDED_LEVEL = "easy"  # the computer seats of a guided first game: a newcomer's table

if TYPE_CHECKING:
    from game.keep.lesson_progress import LessonProgress
    from game.keep.stats import Statistics
    from game.shell.app import App
    from game.ui.sounds import SoundBoard
    from scenes.scene import Scene
    from scenes.table import TableScene

# Each room's scene is imported when the room first opens, not at start-up: the menu comes sooner.


class Rooms:
    """Set up by `Flow`: these are its attributes and ways this part uses."""

    app: App
    table: TableScene | None
    sounds: SoundBoard
    speed: str
    storage: Storage
    settings: Settings
    language: str
    apply_settings: Callable[[Settings], None]
    start_menu: Callable[[], None]
    start_daily: Callable[[], None]

    def _game_showing(self) -> Scene | None:
        """The game's scene showing, the table or its scoring screen, when a room is opened from its pause
        menu: the room goes back to it."""
        from scenes.scoring import ScoringScene

        current = self.app.scenes.current
        if self.table is None or current is None:
            return None
        return current if current is self.table or isinstance(current, ScoringScene) else None

    def open_settings(self) -> None:
        """From the main menu, or from a game's pause menu (then back to that game)."""
        from scenes.settings import SettingsScene

        game = self._game_showing()
        table = self.table if game is not None else None
        back = (lambda: self.app.scenes.request(game)) if game is not None else self.start_menu
        if table is not None:
            self.settings.setup.speed = self.speed  # the speed line shows the game's own speed
        self.app.scenes.request(SettingsScene(self.settings, on_change=self.apply_settings, on_done=back,
                                              language=self.language, sounds=self.sounds, in_game=table is not None))

    def open_rules(self) -> None:
        """The rules of the game on the table (back to it), or of the default game from the menu."""
        from scenes.rules import RulesScene

        game = self._game_showing()
        if game is not None and self.table is not None:
            table = self.table
            scene = RulesScene(lambda: self.app.scenes.request(game), table.state.rules, table.state.target)
        else:
            setup = self.settings.setup
            scene = RulesScene(self.start_menu, setup.rules(), setup.target)
        self.app.scenes.request(scene)

    def open_statistics(self) -> None:
        from scenes.replay import ReplayScene
        from scenes.statistics import StatisticsScene

        def reset() -> Statistics:
            try:
                return self.storage.reset_stats()
            except StorageError:
                return self.storage.load_stats()

        kept = [record for _path, record in reversed(self.storage.kept_games()) if record.hands]  # oldest first
        scene = StatisticsScene(self.storage.load_stats(), on_back=self.start_menu, on_reset=reset,
                                game=self.settings.setup.game, kept=len(kept),
                                friends=self.friends_record() if hasattr(self, "friends_record") else None)

        def replay_kept() -> None:  # the newest game's last hand; PgUp goes back through it and the older ones
            newest = kept[-1]
            self.app.scenes.request(ReplayScene(newest, newest.hands[-1].hand, games=kept,
                                                sort_order=self.settings.sort_order,
                                                four_colour=self.settings.four_colour,
                                                on_back=lambda: self.app.scenes.request(scene)))

        scene.on_replay = replay_kept
        scene.on_daily = self.start_daily
        self.app.scenes.request(scene)

    # ----- learn to play (game/lessons, scenes/lessons.py, scenes/lesson_play.py) ------------------------

    def open_lessons(self, game: str | None = None) -> None:
        """The lessons of a course: the game of the last setup's, or the one asked."""
        from scenes.lessons import LessonsScene

        game = game or self.settings.setup.game
        self.app.scenes.request(LessonsScene(game, self.storage.load_lessons(), on_open=self.open_lesson,
                                             on_back=self.start_menu, on_guided=self.open_guided))

    def open_lesson(self, game: str, index: int) -> None:
        """The course's entry at `index` (game/lessons/lesson.py `Course.entries`): a lesson, or pages to read."""
        from game.lessons import course
        from game.lessons.pages import Reading
        from scenes.lesson_play import LessonScene
        from scenes.reading import ReadingScene

        c = course(game)
        entries = c.entries
        entry = entries[index]
        self._keep_lessons(lambda p: p.started(game, entry.key))
        following = entries[index + 1].key if index + 1 < len(entries) else None
        on_back = lambda: self.open_lessons(game)  # noqa: E731
        on_done = lambda key: self._keep_lessons(lambda p: p.completed(game, key, following))  # noqa: E731
        # after the course's last entry: the guided first game
        on_next = (lambda: self.open_lesson(game, index + 1)) if following else (lambda: self.open_guided(game))
        if isinstance(entry, Reading):
            self.app.scenes.request(ReadingScene(entry, on_back=on_back, on_done=on_done, on_next=on_next,
                                                 next_label=None if following else _("A guided first game")))
            return
        self.app.scenes.request(LessonScene(
            entry, c.lessons.index(entry) + 1, len(c.lessons), on_back=on_back, on_done=on_done, on_next=on_next,
            sounds=self.sounds, speed=self.settings.setup.speed, sort_order=self.settings.sort_order,
            next_label=None if following else _("a guided first game"), settings=self.settings))

    def open_guided(self, game: str) -> None:
        """A guided first game of the course's game: one hand at a table of four against the computer, the
        coach's hint and its reason at each of the player's turns (scenes/guided.py), ending at the scoring
        screen, which goes back to the lessons. Never saved, never counted: the game in progress stays."""
        from game.ai import get_player
        from game.lessons import GUIDED
        from game.rules.ruleset import RULESETS
        from game.rules.state import GameState
        from game.shell.controller import TurnController
        from scenes.guided import GuidedScene
        from scenes.scoring import ScoringScene
        from scenes.table import TableScene

        seed = random.randrange(1 << 30)
        speed = self.settings.setup.speed
        state = GameState(4, seed, rules=RULESETS[game])
        controller = TurnController(state, {s: get_player(GUIDED_LEVEL, table=True) for s in range(1, 4)}, {0},
                                    speed, seed)

        def leave() -> None:
            controller.close()
            self.open_lessons(game)

        def scored() -> None:
            self._keep_lessons(lambda p: p.completed(game, GUIDED, None))
            leave()

        table = TableScene(controller, speed, on_hand_end=lambda t: self.app.scenes.request(
            ScoringScene(t.state, on_continue=scored, speed=speed)), on_menu=leave, sounds=self.sounds,
            sort_order=self.settings.sort_order, discard_warning=self.settings.discard_warning)
        table.apply_settings(self.settings)
        self.app.scenes.request(GuidedScene(table))

    def _keep_lessons(self, change: Callable[[LessonProgress], None]) -> None:
        """Read the progress, change it, write it back (atomically): a lesson opened, a lesson done."""
        progress = self.storage.load_lessons()
        change(progress)
        try:
            self.storage.save_lessons(progress)
        except StorageError:
            pass  # the lessons still play; what was done is not kept
