"""What the flow keeps between sessions: the storage (claimed by one copy of the game), the settings and
the language they choose, the sound switch, a choice made at the table, and the game in progress saved
after every move. Loaded on first use: the demo never touches it. A mixin of `Flow` (game/shell/flow.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import LANGUAGES, _, set_language, system_language
from game.keep.folder_files import StorageError
from game.keep.saved_game import SavedGame
from game.keep.settings import Settings
from game.keep.storage import Storage
from game.rules.record import GameRecord
from game.rules.state import GameState
from game.ui import themes
from game.ui.looks import set_looks
from game.ui.speech import speaker

if TYPE_CHECKING:
    from game.ui.sounds import SoundBoard
    from scenes.table import TableScene


class Keeping:
    """Set up by `Flow.__init__`: these are its attributes this part reads and writes."""

    _storage: Storage | None
    _settings: Settings | None
    _claimed: bool
    other_copy: bool
    sounds: SoundBoard
    table: TableScene | None
    demo: bool
    levels: list[str]
    speed: str
    seed: int
    _save_failed: bool
    write_unsaved: Callable[[], None]

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
            speak_as(self._settings)
            themes.choose(self._settings.card_back, self._settings.felt)
        return self._settings

    @property
    def language(self) -> str:
        """The player's choice, or else the system's language."""
        chosen = self.settings.language
        return chosen if chosen in LANGUAGES else system_language()

    def apply_settings(self, settings: Settings) -> None:
        """The settings screen changed something: it applies now, to the game on the table too, and is kept."""
        self._settings = settings
        set_language(self.language)  # the player's choice, or the system's (None)
        themes.choose(settings.card_back, settings.felt)
        self.sounds.configure(settings.sound, settings.volume)
        speak_as(settings)
        if self.table is not None:
            self.speed = settings.setup.speed  # the game in progress is saved at its new speed
            self.table.apply_settings(settings)
        self._save_settings()

    def _save_settings(self) -> None:
        try:
            self.storage.save_settings(self.settings)
        except StorageError:
            pass  # kept for this session only

    def toggle_sound(self) -> bool:
        """V or the table's sound button: sound on or off, kept; True if it is on now."""
        self.settings.sound = not self.settings.sound
        self.sounds.configure(self.settings.sound, self.settings.volume)
        self._save_settings()
        return self.settings.sound

    def choose_language(self, lang: str) -> None:
        """The setup screen's Language line: speak `lang` now and in later sessions."""
        settings = self.settings  # loaded first: loading speaks the stored language
        set_language(lang)
        settings.language = lang
        self._save_settings()

    def table_setting(self, name: str, value: object) -> None:
        """A choice made at the table (the hand's sort order) is kept for later games too."""
        if self.demo or not hasattr(self.settings, name):
            return
        setattr(self.settings, name, value)
        self._save_settings()

    def autosave(self, state: GameState) -> None:
        """After every move: the whole game, so closing the window never loses anything."""
        if self.demo:
            return
        try:
            self.storage.save_game_soon(SavedGame(state, self.levels, self.speed, self.seed, self._record_of(state)))
        except StorageError as why:  # may be an earlier background write's failure, told now
            if not self._save_failed and self.table is not None:
                self._save_failed = True  # say it once, not after every move
                self.table.toasts.show(str(why), 8.0)
        # Statistics or a finished game a full disk held back: tried again even when the save above told of
        # an earlier failure (room may be back: they waited one more move for nothing).
        self.write_unsaved()

    def _record_of(self, state: GameState) -> GameRecord | None:
        """The record of the game on the table (every hand's deal and moves), if `state` is its game."""
        if self.table is not None and self.table.controller.state is state:
            return self.table.controller.record
        return None


def speak_as(settings: Settings) -> None:
    """The voice as the settings want it (on or off, how much it says, how fast), and the words' size and
    colours."""
    speaker().configure(settings.speech, settings.speech_verbosity, settings.speech_rate)
    set_looks(settings.text_size, settings.high_contrast)
