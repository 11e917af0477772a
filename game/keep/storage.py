"""What the game keeps between sessions: settings, the game in progress, statistics, lessons, and the
records of finished games, each a JSON file in the user data folder (`data_dir()`), written atomically
(game/keep/atomic_files.py). How the folder's files are read, set aside and written is
game/keep/folder_files.py's; the save itself is game/keep/saved_game.py's.

A save written by a newer version of the game is kept as `save.v<format>.json` for that version.

Statistics and finished games' records that cannot be written (a full disk) are never dropped: they stay
in memory, are what the game shows meanwhile, and `write_unsaved()` tries them again at the next chance.
"""

from __future__ import annotations

import logging
import os
from datetime import UTC, date, datetime
from pathlib import Path

from game.i18n import _, ngettext
from game.keep.atomic_files import write_json_atomic, write_text_atomic
from game.keep.disk_words import disk_reason
from game.keep.folder_files import GameFolder, StorageError
from game.keep.lesson_progress import FORMAT as LESSONS_FORMAT
from game.keep.lesson_progress import LessonProgress
from game.keep.safe_json import MISSING, BadFile, read_json_file, sentence
from game.keep.saved_game import SavedGame
from game.keep.settings import Settings
from game.keep.stats import FORMAT as STATS_FORMAT
from game.keep.stats import MAX_COUNT, Statistics
from game.rules.record import GameRecord
from game.rules.record_check import record_from_json
from game.rules.state import GameState
from game.rules.validate import NewerVersion

KEPT_GAMES = "games"  # the folder of finished games' records, beside the statistics
KEEP_GAMES = 50  # the last fifty games are kept (a game's record is some 20-100 kB)
SETTINGS_FILE = "settings.json"
SAVE_FILE = "save.json"
STATS_FILE = "stats.json"
LESSONS_FILE = "lessons.json"
STATS_COUNTS = ("played", "won", "lost", "drawn")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


class Storage(GameFolder):
    """Reads and writes the game's files in one folder (by default `data_dir()`).

    `claim()` takes the folder for this process; without it (another copy has it, or the player
    chose to look only) the storage is read-only."""

    def __init__(self, root: Path | str | None = None, read_only: bool = False) -> None:
        super().__init__(root, read_only)
        self._unsaved_stats: Statistics | None = None  # counted, not yet on disk
        self._unsaved_games: dict[str, dict] = {}  # finished games' records not yet on disk, by file name

    @property
    def unsaved(self) -> bool:
        """Statistics or a finished game kept in memory only, until a write succeeds."""
        return self._unsaved_stats is not None or bool(self._unsaved_games)

    def write_unsaved(self) -> bool:
        """Try again what could not be written (the statistics, finished games' records); True when
        nothing is left in memory only. Raises nothing: the player was told when the write failed."""
        if self._unsaved_stats is not None:
            try:
                self._write(STATS_FILE, self._unsaved_stats.to_json())
                self._unsaved_stats = None
            except StorageError:
                pass
        for name, data in list(self._unsaved_games.items()):
            try:
                write_json_atomic(self.path(KEPT_GAMES) / name, data)
            except OSError:
                continue
            del self._unsaved_games[name]
            self._forget_old_games()
        return not self.unsaved

    # --- settings --------------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The settings; a value of the wrong type or out of range takes its default, the others are kept,
        and the player is told once: the file as it was is kept aside and the mended one written."""
        what = _("Your settings")
        data = self._read_current(SETTINGS_FILE, what)
        if data is MISSING:
            return Settings()
        settings, refused = Settings.read(data)
        if refused:
            n = len(refused)
            why = ngettext("{n} of its values was out of range or not of its kind and is back to its default; "
                           "the others are kept", "{n} of its values were out of range or not of their kind and "
                           "are back to their defaults; the others are kept", n).format(n=n)
            message = _("{what}: {why}.").format(what=what, why=why)
            kept = self._keep_original(SETTINGS_FILE)
            if kept is not None:
                message += " " + _("The file as it was is kept as {bad} in {folder}.").format(bad=kept.name,
                                                                                          folder=self.root)
                try:
                    self._write(SETTINGS_FILE, settings.to_json())  # told once: the next start reads it mended
                except StorageError:
                    pass  # the mended settings stay for this session
            self.problems.append(message)
        return settings

    def save_settings(self, settings: Settings) -> None:
        self._write(SETTINGS_FILE, settings.to_json())

    # --- the game in progress --------------------------------------------------------------------

    def has_save(self) -> bool:
        self._writer.flush()
        # Anything of that name (a folder, a FIFO, a symlink loop): load_game then says what is wrong.
        return os.path.lexists(self.path(SAVE_FILE))

    def load_game(self) -> SavedGame | None:
        """The saved game, or None. A save that isn't a valid game is set aside with a message."""
        what = _("Your saved game")
        self._writer.flush()
        data = self._read(SAVE_FILE, what)
        if data is MISSING:
            return None
        try:
            saved = SavedGame.from_json(data)
            if saved.record_problem:  # the player can do nothing about it: for the log, not the menu
                logging.getLogger(__name__).warning("%s", saved.record_problem)
            return saved
        except NewerVersion as newer:
            self._keep_for_newer_version(newer)
        except ValueError as why:  # every reason from_json gives is written for the player
            self._set_aside(SAVE_FILE, what, str(why))
        return None

    def _keep_for_newer_version(self, newer: NewerVersion) -> None:
        """A save of a later version: kept under a name that says so, for that version to continue."""
        who = newer.written_by or _("save format {n}").format(n=newer.version)
        if self.read_only:
            self._blocked.add(SAVE_FILE)
            self.problems.append(_("Your saved game was written by a newer version of the game ({who}), "
                                   "which this version cannot continue. It is left as it is in {folder}.").format(
                who=who, folder=self.root))
            return
        kept = self._free_name(f"save.v{newer.version}.json")
        try:
            os.replace(self.path(SAVE_FILE), kept)
        except OSError:
            self._blocked.add(SAVE_FILE)
            self.problems.append(_("Your saved game was written by a newer version of the game ({who}), "
                                   "which this version cannot continue. It is left as it is in {folder} and "
                                   "will not be written over.").format(who=who, folder=self.root))
            return
        self.problems.append(_("Your saved game was written by a newer version of the game ({who}), which this "
                               "version cannot continue. It was kept as {name} in {folder}: that version can "
                               "continue it once it is renamed back to {save}.").format(
            who=who, name=kept.name, folder=self.root, save=SAVE_FILE))

    def set_aside_game(self, why: str) -> None:
        """The saved game could not be played on (`why`, for the player): keep it aside and say so."""
        self._writer.flush()
        kept = self._keep_original(SAVE_FILE) if os.path.lexists(self.path(SAVE_FILE)) else None
        if kept is None:
            self.problems.append(_("The game could not go on: {why}.").format(why=sentence(why)))
            return
        self._blocked.discard(SAVE_FILE)
        self.problems.append(_("The game could not go on: {why}. Its save was kept as {bad} in {folder}.").format(
            why=sentence(why), bad=kept.name, folder=self.root))

    def save_game(self, saved: SavedGame) -> None:
        if self.read_only:
            return
        self._writer.cancel(self.path(SAVE_FILE))  # an older background save must not land after this one
        self._check_writable(SAVE_FILE)
        try:
            write_text_atomic(self.path(SAVE_FILE), saved.to_text())
        except OSError as why:
            raise StorageError(self._write_message(SAVE_FILE, why)) from None

    def save_game_soon(self, saved: SavedGame) -> None:
        """Save in the background: the state is copied to text now, the disk is written by a thread.
        A write that failed earlier is reported here, as a StorageError, once."""
        if self.read_only:
            return
        self._check_writable(SAVE_FILE)
        errors, self._writer.errors = self._writer.errors, []
        self._writer.submit(self.path(SAVE_FILE), saved.to_text())
        if errors:
            raise StorageError(self._write_message(SAVE_FILE, errors[-1]))

    def clear_game(self) -> None:
        """The game ended: forget its save (a damaged file kept aside stays)."""
        self._writer.cancel(self.path(SAVE_FILE))
        if SAVE_FILE in self._blocked or self.read_only:
            return
        try:
            self.path(SAVE_FILE).unlink()
        except FileNotFoundError:
            pass
        except OSError as why:
            raise StorageError(_("Could not remove the finished game's save: {why}").format(
                why=disk_reason(why, SAVE_FILE))) from None

    # --- statistics ------------------------------------------------------------------------------

    def load_stats(self) -> Statistics:
        if self._unsaved_stats is not None:
            return self._unsaved_stats  # counted since the file was last written: the file is behind
        what = _("Your game statistics")
        data = self._read_current(STATS_FILE, what, STATS_FORMAT)
        if isinstance(data, dict) and any(not _is_count(data[k]) for k in STATS_COUNTS if k in data):
            # Counted afresh, the next game would write over the player's record: keep it aside.
            self._set_aside(STATS_FILE, what, _("its counts are not whole numbers"))
            return Statistics()
        if data is MISSING:
            return Statistics()
        stats = Statistics.from_json(data)
        if isinstance(data, dict) and data.get("format") == STATS_FORMAT and stats.to_json() != data:
            # Some values were not counts: the next game would write the rest over them, so the file is kept.
            self._set_aside(STATS_FILE, what, _("some of its counts could not be read"))
        return stats

    def save_stats(self, stats: Statistics) -> None:
        """Write the statistics; if that fails they stay in memory (StorageError says why) and the next
        `write_unsaved()`, or the next count, writes them."""
        try:
            self._write(STATS_FILE, stats.to_json())
        except StorageError:
            self._unsaved_stats = stats
            raise
        self._unsaved_stats = None

    def record_hand(self, state: GameState, side: int = 0, record: GameRecord | None = None) -> Statistics:
        """Count the hand that just ended for the player's `side` (once, however often it is shown), the
        achievements it earns today, and, the first hand of a daily deal, its score if the day's best."""
        stats = self.load_stats()
        today = date.today().isoformat()
        counted = stats.count_hand(state, side, today)
        if counted:
            stats.note_daily(record, state, side, today)
        if counted or self._unsaved_stats is stats:
            self.save_stats(stats)
        return stats

    def record_game(self, state: GameState, side: int = 0, levels: list[str] | None = None) -> Statistics:
        """Count a finished game's outcome for the player's `side` (once)."""
        stats = self.load_stats()
        if stats.count_game(state, side, levels or ["human"], date.today().isoformat()) or self._unsaved_stats is stats:
            self.save_stats(stats)
        return stats

    def reset_stats(self) -> Statistics:
        """Forget every statistic and the kept games' records (the player confirmed it)."""
        stats = Statistics()
        self._unsaved_games.clear()
        self.save_stats(stats)
        if not self.read_only:
            for path in self._kept_paths():
                try:
                    path.unlink()
                except OSError:
                    pass
        return stats

    # --- lessons (game/keep/lesson_progress.py) --------------------------------------------------

    def load_lessons(self) -> LessonProgress:
        data = self._read_current(LESSONS_FILE, _("Your lessons"), LESSONS_FORMAT)
        return LessonProgress() if data is MISSING else LessonProgress.from_json(data)

    def save_lessons(self, progress: LessonProgress) -> None:
        self._write(LESSONS_FILE, progress.to_json())

    # --- finished games' records -----------------------------------------------------------------

    def _kept_paths(self) -> list[Path]:
        """The kept games' files, oldest first (their names start with the time they ended)."""
        try:
            return sorted(p for p in self.path(KEPT_GAMES).glob("game-*.json") if p.is_file())
        except OSError:
            return []

    def keep_game(self, record: GameRecord) -> Path | None:
        """Keep a finished game's record (written atomically); only the last KEEP_GAMES stay."""
        if self.read_only:
            return None
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")  # sorts as it happened
        folder = self.path(KEPT_GAMES)
        name = f"game-{stamp}.json"
        n = 2
        while (folder / name).exists():
            name, n = f"game-{stamp}-{n}.json", n + 1
        plain = record.to_json()
        for held, kept in self._unsaved_games.items():  # this game, held back by a full disk: try it again
            if {k: v for k, v in kept.items() if k != "finished_at"} == plain:
                name, plain = held, kept
                break
        data = {**plain, "finished_at": plain.get("finished_at") or datetime.now(UTC).isoformat(timespec="seconds")}
        try:
            write_json_atomic(folder / name, data)
        except OSError as why:
            self._unsaved_games[name] = data  # kept in memory: `write_unsaved()` tries it again
            raise StorageError(self._write_message(name, why)) from None
        self._forget_old_games()
        return folder / name

    def _forget_old_games(self) -> None:
        for old in self._kept_paths()[:-KEEP_GAMES]:
            try:
                old.unlink()
            except OSError:
                pass

    def kept_games(self) -> list[tuple[Path, GameRecord]]:
        """The kept games that can be read, newest first; a damaged one is left out (and left as it is).
        Those not yet written (a full disk) come first: they are the newest."""
        out = []
        for name in reversed(self._unsaved_games):
            try:
                out.append((self.path(KEPT_GAMES) / name, record_from_json(self._unsaved_games[name])))
            except ValueError:
                continue
        for path in reversed(self._kept_paths()):
            try:
                out.append((path, record_from_json(read_json_file(path))))
            except (BadFile, ValueError):
                continue
        return out
