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

What the flow keeps between sessions is in game/shell/keeping.py, the rooms off the menus (settings, rules,
statistics, lessons) in game/shell/rooms.py, and the hands played back (replays, reviews) in
game/shell/playback.py: parts of `Flow` that never import each other nor this module.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from game.i18n import _, number
from game.keep.folder_files import StorageError
from game.keep.settings import GameSetup, Settings
from game.keep.storage import Storage
from game.rules.daily import daily_deal
from game.rules.deal_code import DealCode, code_of
from game.rules.game_story import tell
from game.rules.position import changed
from game.rules.record import GameRecord
from game.rules.ruleset import BOLIVIA, RULESETS
from game.rules.state import GameState, Phase
from game.shell.app import App, desktop_sizes
from game.shell.keeping import Keeping
from game.shell.playback import Playback
from game.shell.rooms import Rooms
from game.shell.together import Together
from game.shell.window import DEFAULT_SIZE, MIN_SIZE, place_window
from game.ui.narrate import side_names
from game.ui.sounds import SILENT, SoundBoard, pre_init
from scenes.menu import MenuScene
from scenes.rules import game_name

if TYPE_CHECKING:
    from game.shell.controller import TurnController
    from scenes.table import TableScene

# The computer players, the table and the screens after it are imported when first needed (a game started,
# a setup opened), not at start-up: the menu, the first screen, comes sooner.

DEMO_SCORING = 1.0  # seconds the demo shows each scoring screen
DEMO_GAME_OVER = 2.5
DEMO_LEVEL = "hard"  # every seat of the demo: the whole planner, a full table of melds (the bench times it)


class Flow(Keeping, Rooms, Playback, Together):
    def __init__(self, size: tuple[int, int] | None, storage: Storage | None = None,
                 sounds: SoundBoard | None = None, demo: bool = False) -> None:
        """`size` None: the window opens as the player left it last time (or to fit the screen), and
        is remembered when the game closes; a given size (tests, the bench, --size) is used as it is."""
        pre_init()  # a small mixer buffer, asked for before pygame starts
        self._storage = storage
        self._settings: Settings | None = None
        self._claimed = False
        self.other_copy = False  # another copy of the game had the folder: this one is read-only
        self._asked_other_copy = False
        self.remember_window = size is None and not demo
        saved = self.settings.window if self.remember_window else None
        placement = place_window(saved, desktop_sizes()) if size is None else None
        self.app = App(size or DEFAULT_SIZE, placement=placement, minimum=MIN_SIZE)
        self.sounds = sounds if sounds is not None else SoundBoard()  # the device opens on first need
        self.table: TableScene | None = None
        self.demo = False
        # The game on the table: who plays each seat, the animation speed, the computers' seed.
        self.levels: list[str] = []
        self.speed = "normal"
        self.seed = 0
        self._save_failed = False
        self._finished_unwritten = False  # a finished game whose count or record is still in memory only
        self._recorded: GameState | None = None
        self._pending_deal = ""  # a deal code from the command line, for the setup to fill in

    def close(self) -> None:
        self.write_unsaved()  # the last chance for statistics or a finished game a full disk held back
        self._close_net()  # a table this game hosts is saved and its seats kept for later
        self.stop_listening()
        if self.table is not None:
            self.table.controller.close()
        if self.remember_window:
            self.settings.window = self.app.window_state()
            try:
                self.storage.save_settings(self.settings)
            except StorageError:
                pass  # the next run opens to fit the screen instead
        if self._storage is not None:
            self._storage.flush()  # the last move's save reaches the disk before the process ends
            self._storage.release()
        self.sounds.stop()  # before pygame goes: no sound is handed to a mixer that is shutting down
        self.app.close()

    # ----- menu and setup -----------------------------------------------------------------------

    def start_menu(self, deal: str = "") -> None:
        """The main menu; with `deal` (a deal code from the command line) straight on to the setup with it
        filled in, asking first if a game is in progress."""
        self.demo = False
        self._leave_table()
        self.write_unsaved()
        settings = self.settings
        self.sounds.configure(settings.sound, settings.volume)
        self.sounds.start()  # rendered in the background while the menu shows
        saved = self.storage.load_game() if self.storage.has_save() else None
        info = None
        if saved is not None:
            s = saved.state
            names = side_names(s.players)
            scores = " · ".join(f"{names[i]} {number(s.scores[i])}" for i in range(s.sides))
            info = _("{game} in progress: hand {n}. {scores}").format(game=game_name(s.rules.name),
                                                                      n=max(1, s.hand_no), scores=scores)
        menu = MenuScene(
            on_new_game=self.open_setup,
            on_continue=self.continue_game if saved is not None else None,
            continue_info=info,
            on_settings=self.open_settings,
            on_statistics=self.open_statistics,
            on_rules=self.open_rules,
            on_lessons=self.open_lessons,
            on_friends=self.open_together,
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
        if deal:
            self._pending_deal = deal
            menu.new_game()

    def _answer_other_copy(self, read_only: bool) -> None:
        if not read_only:
            self.app.quit()

    def open_setup(self) -> None:
        from scenes.house_rules import HouseSetupScene

        deal, self._pending_deal = self._pending_deal, ""
        self.app.scenes.request(HouseSetupScene(self.settings.setup, on_start=self.start_from_setup,
                                                on_back=self.start_menu, language=self.language,
                                                on_language=self.choose_language, on_deal=self.start_deal, deal=deal))

    def start_deal(self, setup: GameSetup, code: DealCode) -> None:
        """Play a deal again: the setup's choices (its game and table are the code's), the first hand dealt as
        the code's, the same cards to every seat; the hands after it are new."""
        self.start_from_setup(setup, deal=code)

    def start_daily(self, today: date | None = None) -> None:
        """Today's deal: Bolivia at four, the computers at the player's level, the same cards for everyone
        today (game/rules/daily.py); its first hand's score is kept if it is the player's best of the day."""
        code = daily_deal(today or date.today())
        setup = self.settings.setup
        self.start_game(code.players, None, ["human"] + [setup.level] * (code.players - 1), code.target,
                        setup.speed, deal=code)

    def start_from_setup(self, setup: GameSetup, deal: DealCode | None = None) -> None:
        self.settings.setup = setup
        try:
            self.storage.save_settings(self.settings)
        except StorageError:
            pass  # the choices only stay for this session; the game itself does not depend on them
        # A deal code's target is played, not kept: `setup` keeps the player's own.
        target = deal.target if deal is not None and deal.target is not None else setup.target
        self.start_game(setup.players, None, setup.levels(), target, setup.speed, deal=deal)

    # ----- games --------------------------------------------------------------------------------

    def _player(self, level: str):
        from game.ai import get_player

        for name in (level, "greedy"):
            try:
                return get_player(name, table=True)
            except ValueError:
                continue
        raise ValueError(level)

    def start_game(self, players: int, seed: int | None, level: str | list[str], target: int | None = None,
                   speed: str = "normal", deal: DealCode | None = None) -> None:
        from game.shell.controller import TurnController

        seed = random.randrange(1 << 30) if seed is None else seed
        rules = self.settings.setup.rules() if self._settings is not None else BOLIVIA
        record = None
        if deal is not None:
            rules, players = RULESETS[deal.game], deal.players
            target = target if target in rules.targets else None
        state = GameState(players, seed, rules=rules, target=target)
        if deal is not None:
            # Dealt by the seat that dealt it: every seat gets its cards.
            state = changed(state, first_dealer=deal.dealer)
            record = GameRecord.of(state)
            record.next_deal = (deal.seed, deal.hand)
        levels = [level] * players if isinstance(level, str) else list(level)
        levels[0] = "human"
        self.demo = False
        self.levels, self.speed, self.seed = levels, speed, seed
        choosers = {s: self._player(levels[s]) for s in range(1, players)}
        self._open_table(TurnController(state, choosers, {0}, speed, seed, record=record), speed)

    def continue_game(self, demo: bool = False) -> None:
        """Restore the saved game exactly as it was left (the menu's Continue, `--continue`); with `demo`,
        every seat is a computer at top speed and nothing is saved. No save, or one refused: the menu,
        which says why."""
        from game.shell.controller import TurnController

        saved = self.storage.load_game() if self.storage.has_save() else None
        if saved is None:
            self.start_menu()  # none, or damaged since the menu opened: the menu says so
            return
        state = saved.state
        self.demo = demo
        self.levels, self.speed, self.seed = list(saved.levels), saved.speed, saved.seed
        if demo:
            self.levels, self.speed = [DEMO_LEVEL] * state.players, "instant"
        human = set() if demo else {0}
        choosers = {s: self._player(self.levels[s]) for s in range(state.players) if s not in human}
        controller = TurnController(state, choosers, human, self.speed, saved.seed, record=saved.record)
        if demo:
            controller.auto_deal = True
        if state.phase in (Phase.DEAL, Phase.GAME_OVER) and state.results:
            # Left on a scoring screen: show it again; Next hand deals as usual.
            table = self._open_table(controller, "fast" if demo else self.speed, show=False)
            self.show_scoring(table)
        else:  # the table asks any pending question on entering
            self._open_table(controller, "fast" if demo else self.speed)

    def start_demo(self, players: int, seed: int) -> None:
        from game.shell.controller import TurnController

        self.demo = True
        self.levels, self.speed, self.seed = [DEMO_LEVEL] * players, "instant", seed
        state = GameState(players, seed)
        choosers = {s: self._player(DEMO_LEVEL) for s in range(players)}
        controller = TurnController(state, choosers, set(), "instant", seed)
        self._open_table(controller, "fast")

    def _leave_table(self) -> None:
        if self.table is not None:
            self.table.controller.close()
            self.table = None

    def _open_table(self, controller: TurnController, speed: str, show: bool = True) -> TableScene:
        from scenes.table import TableScene

        self._leave_table()
        self._save_failed = False
        controller.on_dead_end = self._dead_end
        settings = self.settings if not self.demo else Settings()
        self.table = TableScene(controller, speed, on_hand_end=self.hand_ended, on_menu=self.start_menu,
                                on_change=self.autosave, sounds=SILENT if self.demo else self.sounds,
                                on_settings=self.open_settings, on_rules=self.open_rules, on_sound=self.toggle_sound,
                                sort_order=settings.sort_order, discard_warning=settings.discard_warning,
                                on_setting=self.table_setting,
                                on_replay=None if self.demo else self._replay_from_sheet)
        if not self.demo:
            self.table.apply_settings(replace(settings, setup=replace(settings.setup, speed=speed)))
        if show:
            self.app.scenes.request(self.table)
        return self.table

    def _dead_end(self, why: str) -> None:
        """The game on the table can go no further (a damaged save let it in): its save is kept aside, and
        the menu says so. Called from within a frame: the menu comes with the next one."""
        self._leave_table()
        if self._storage is not None:
            self._storage.set_aside_game(why)
        self.start_menu()

    # ----- between hands and at the end ---------------------------------------------------------

    def hand_ended(self, table: TableScene) -> None:
        if not self.demo:
            try:
                self.storage.record_hand(table.state, table.state.side_of(0), self._record_of(table.state))
            except StorageError as why:  # kept in memory and written at the next chance: said at the table
                table.toasts.show(self._unsaved_words(str(why)), 10.0)
        self.show_scoring(table)

    def show_scoring(self, table: TableScene) -> None:
        from scenes.scoring import ScoringScene

        record = self._record_of(table.state)
        hand = record.hand(table.state.results[-1]["hand"]) if record is not None else None
        scene = ScoringScene(
            table.state,
            deal_code=code_of(record.variant, record.players, hand.source, record.target) if record and hand else None,
            on_continue=lambda: self.after_scoring(table),
            speed="instant" if self.demo else self.speed,
            auto_continue=DEMO_SCORING if self.demo else None,
        )
        if hand is not None and record is not None and not self.demo:
            scene.on_replay = lambda: self.open_replay(record, hand.hand, scene)
            scene.on_review = lambda: self.open_review(record, hand.hand, scene)
        if not self.demo:  # Esc: the pause menu, as at the table
            scene.on_settings, scene.on_rules, scene.on_menu = self.open_settings, self.open_rules, self.start_menu
            scene.sounds = self.sounds  # the lines tick as they count up
        self.app.scenes.request(scene)

    def after_scoring(self, table: TableScene) -> None:
        if table.state.phase == Phase.GAME_OVER:
            self.game_over(table.state)
        else:
            table.next_hand()  # dealt now; the table keeps the deal animating when it comes back
            self.app.scenes.request(table)

    def game_over(self, state: GameState) -> None:
        from scenes.game_over import GameOverScene

        stats = None
        record = self._record_of(state)
        failed: list[str] = []
        if not self.demo and self._recorded is not state:
            self._recorded = state
            try:  # counted first: if the count cannot be kept, the game's save still goes
                stats = self.storage.record_game(state, state.side_of(0), self.levels)
            except StorageError as why:
                stats = self.storage.load_stats()  # counted, in memory until it can be written
                failed.append(str(why))
            if record is not None and record.hands:
                try:
                    self.storage.keep_game(record)  # the last 50 games, until the statistics are cleared
                except StorageError as why:
                    failed.append(str(why))  # in memory, written at the next chance
            # Nothing written, the finished game's save stays (it opens on this screen) until it is.
            self._finished_unwritten = bool(failed)
            if not failed:
                self._clear_finished_game()
        self._leave_table()
        scene = GameOverScene(
            state,
            on_play_again=lambda: self.play_again(state),
            on_menu=self.start_menu,
            stats=stats,
            auto_continue=DEMO_GAME_OVER if self.demo else None,
            human=not self.demo,
        )
        if record is not None and record.hands and not self.demo:
            # the game's summary, and confetti unless the player turned celebrations off
            scene.celebrate(tell(record, state.side_of(0)), self.speed, self.settings.celebrations)
            scene.on_replay = lambda: self.open_replay(record, record.hands[-1].hand, scene)
            scene.on_review = lambda: self.open_review(record, record.hands[-1].hand, scene)
        if failed:
            scene.warn(self._unsaved_words(failed[0]))
        self.app.scenes.request(scene)

    def _unsaved_words(self, why: str) -> str:
        """A write that failed (a full disk): what it was, and that nothing of it is lost."""
        return _("{why}. Your statistics and this game are kept and will be written as soon as there is room: "
                 "at the next save, on the menu, or when you quit.").format(why=why.rstrip("."))

    def _clear_finished_game(self) -> None:
        try:
            self.storage.clear_game()
        except StorageError:
            pass  # a finished game left behind opens on its game-over screen, nothing lost

    def write_unsaved(self) -> None:
        """What could not be written (statistics, a finished game) tried again: at each save, on the menu
        and on quitting. Once written, a finished game's save kept for it goes."""
        if self._storage is None or not self._storage.unsaved:
            return
        if self._storage.write_unsaved() and self._finished_unwritten:
            self._finished_unwritten = False
            if self.table is None:  # no new game has taken the save's place yet
                self._clear_finished_game()

    def play_again(self, state: GameState) -> None:
        if self.demo:
            self.start_demo(state.players, state.seed + 1)
        else:
            self.start_game(state.players, None, list(self.levels), state.target, self.speed)
