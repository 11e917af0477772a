"""What the game keeps between sessions: settings, the game in progress, statistics.

Everything is JSON in the user data folder (`data_dir()`), written atomically: a temporary file
in the same folder, flushed and fsynced, then `os.replace`d over the old one, so a crash or a
power cut leaves either the old file or the new one, never half of one.

Every file is read through `game.keep.safe_json`, whatever it holds. A file that can't be used (not
JSON, beyond its limits, not a game, no permission) is never overwritten: it is renamed aside as
`<name>.bad` (or `<name>.bad2`, ...) and a message a player can read says so. A save written by a
newer version of the game is kept as `save.v<format>.json` for that version. `Storage.problems`
collects the messages for the menu to show.

One game at a time writes a folder (`game.keep.instance_lock`); a second copy opens it read-only:
it reads everything and writes, renames and deletes nothing.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import __version__
from game.i18n import _, ngettext
from game.keep.folders import user_data_folder
from game.keep.instance_lock import InstanceLock
from game.keep.lesson_progress import FORMAT as LESSONS_FORMAT
from game.keep.lesson_progress import LessonProgress
from game.keep.safe_json import MISSING, BadFile, read_json_file, sentence
from game.keep.settings import (  # noqa: F401 - where the settings were kept before: importable here too
    CARD_SIZES,
    DEFAULT_TARGET,
    LEVELS,
    SORT_ORDERS,
    SPEEDS,
    TARGETS,
    GameSetup,
    Settings,
)
from game.keep.stats import FORMAT as STATS_FORMAT
from game.keep.stats import MAX_COUNT, Statistics
from game.rules.record import GameRecord
from game.rules.record_check import InvalidRecord, check_against, record_from_json
from game.rules.state import GameState
from game.rules.validate import NewerVersion, state_from_json

KEPT_GAMES = "games"  # the folder of finished games' records, beside the statistics
KEEP_GAMES = 50  # the last fifty games are kept (a game's record is some 20-100 kB)
SETTINGS_FILE = "settings.json"
SAVE_FILE = "save.json"
STATS_FILE = "stats.json"
LESSONS_FILE = "lessons.json"
FORMAT = 1  # of saves and settings
MAX_FORMAT = 1000  # a larger "format" is damage, not a later version



WRITTEN_BY = f"Bolivia {__version__}"  # in each save, so a later version can say which one wrote it
MAX_LEVEL_NAME = 40


class StorageError(Exception):
    """A file could not be read or written; the message is meant for the player."""


def data_dir() -> Path:
    """The folder for settings and saves: BOLIVIA_HOME if set, else the platform's user data folder."""
    override = os.environ.get("BOLIVIA_HOME")
    if override:
        return Path(override).expanduser()
    return user_data_folder()


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON so that `path` always holds either the old content or the whole new content."""
    write_text_atomic(Path(path), json.dumps(data, ensure_ascii=False, indent=1))


def write_text_atomic(path: Path, text: str) -> None:
    """A temporary file in the same folder, flushed and fsynced, then renamed over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


class _Writer:
    """One background thread writing files, newest content wins: an fsync can take longer than a
    frame, so the autosave after each move never waits for the disk. `flush` waits for it."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, str] = {}
        self._busy: Path | None = None
        self._thread: threading.Thread | None = None
        self.errors: list[OSError] = []

    def submit(self, path: Path, text: str) -> None:
        with self._cond:
            self._pending[path] = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, daemon=True, name="bolivia-save")
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._pending:
                    if not self._cond.wait(timeout=5.0) and not self._pending:
                        self._thread = None  # idle for a while: let the thread go
                        return
                    continue
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._busy = path
            try:
                write_text_atomic(path, text)
            except OSError as why:
                with self._cond:
                    self.errors.append(why)
            finally:
                with self._cond:
                    self._busy = None
                    self._cond.notify_all()

    def cancel(self, path: Path, timeout: float = 5.0) -> None:
        """Drop a pending write of `path` and wait for one in progress to land."""
        with self._cond:
            self._pending.pop(path, None)
            self._cond.wait_for(lambda: self._busy != path, timeout)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything submitted is on disk; False if that took longer than `timeout`."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and self._busy is None, timeout)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ----- what is stored ---------------------------------------------------------------------------


STATS_COUNTS = ("played", "won", "lost", "drawn")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


@dataclass
class SavedGame:
    """The game in progress: the engine's state, the seats' levels, the speed and the computers' seed."""

    state: GameState
    levels: list[str]
    speed: str = "normal"
    seed: int = 0
    record: GameRecord | None = None  # every hand's deal and moves (game/rules/record.py)
    record_problem: str | None = None  # read, not kept: why the record that came with the game was dropped

    def to_json(self) -> dict:
        return {**self._head(), "record": self._record().to_json()}

    def _head(self) -> dict:
        return {"format": FORMAT, "kind": "bolivia-save", "written_by": WRITTEN_BY,
                "saved_at": datetime.now(UTC).isoformat(timespec="seconds"), "levels": list(self.levels),
                "speed": self.speed, "seed": self.seed, "state": self.state.to_json()}

    def _record(self) -> GameRecord:
        return self.record if self.record is not None else GameRecord.of(self.state)

    def to_text(self) -> str:
        """The save as written: the game indented to be read, its record compact (see GameRecord.to_text)."""
        head = json.dumps(self._head(), ensure_ascii=False, indent=1)
        return head[:-2] + ',\n "record": ' + self._record().to_text() + "\n}"

    @staticmethod
    def from_json(data: object) -> SavedGame:
        """ValueError with a readable reason when the data is not a saved game of ours."""
        if data is None:
            raise ValueError(_("it holds nothing (null) instead of a game"))
        if not isinstance(data, dict) or data.get("kind") != "bolivia-save":
            raise ValueError(_("it is not a saved game of Bolivia"))
        fmt = data.get("format")
        if isinstance(fmt, int) and not isinstance(fmt, bool) and FORMAT < fmt <= MAX_FORMAT:
            by = data.get("written_by")
            raise NewerVersion(fmt, by if isinstance(by, str) and 0 < len(by) <= 60 else None)
        if fmt != FORMAT:
            raise ValueError(_("its format is unknown to this version of the game"))
        state = state_from_json(data.get("state"))
        levels = data.get("levels")
        if (not isinstance(levels, list) or len(levels) != state.players
                or not all(isinstance(v, str) and 0 < len(v) <= MAX_LEVEL_NAME for v in levels)):
            raise ValueError(_("it does not say who plays each seat"))
        speed = data.get("speed") if data.get("speed") in SPEEDS else "normal"
        seed = data.get("seed")
        ok_seed = isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 64
        # The record: a damaged one is refused like any other field; one that is sound but does not play back
        # to this game is dropped and the game goes on (nothing to continue is lost for a replay's sake).
        # A save written before records had none.
        record, problem = GameRecord.of(state), None
        if "record" in data:
            record = record_from_json(data["record"])
            try:
                check_against(record, state)
            except InvalidRecord as why:
                record = GameRecord.of(state)
                problem = f"the saved game's record was dropped, the game goes on: {why}"
        return SavedGame(state, list(levels), speed, seed if ok_seed else state.seed, record, problem)


Stats = Statistics  # the statistics model lives in game/keep/stats.py


# ----- the folder -------------------------------------------------------------------------------


class Storage:
    """Reads and writes the game's files in one folder (by default `data_dir()`).

    `claim()` takes the folder for this process; without it (another copy has it, or the player
    chose to look only) the storage is read-only."""

    def __init__(self, root: Path | str | None = None, read_only: bool = False) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self.read_only = read_only
        self.problems: list[str] = []  # messages for the player, shown once by the menu
        self._blocked: set[str] = set()  # files that could not be set aside: never written over
        self._writer = _Writer()
        self._lock = InstanceLock(self.root)

    def path(self, name: str) -> Path:
        return self.root / name

    def take_problems(self) -> list[str]:
        out, self.problems = self.problems, []
        return out

    # --- one game per folder ---------------------------------------------------------------------

    def claim(self) -> bool:
        """Take the folder for this game; False (and read-only) when another copy has it. Temporary
        files that interrupted writes left behind are removed once the folder is ours."""
        if not self._lock.acquire():
            self.read_only = True
            return False
        if self._lock.held:
            self.remove_stale_temp_files()
        return True

    def release(self) -> None:
        self._lock.release()

    def remove_stale_temp_files(self) -> int:
        """Remove `.<name>.*.tmp` files: with the folder locked, no write of another copy is under way,
        so every one of them is what a killed game left. Returns how many were removed."""
        removed = 0
        try:
            leftovers = [p for p in self.root.glob(".*.tmp") if p.is_file()]
        except OSError:
            return 0
        for tmp in leftovers:
            try:
                tmp.unlink()
                removed += 1
            except OSError:
                pass
        return removed

    # --- reading ---------------------------------------------------------------------------------

    def _read(self, name: str, what: str) -> object:
        """The JSON values in a file, or MISSING if there is none. A file that cannot be used is set
        aside, with a message, and MISSING returned: the game then starts without it."""
        try:
            return read_json_file(self.path(name))
        except BadFile as why:
            self._set_aside(name, what, str(why))
            return MISSING

    def _read_current(self, name: str, what: str, current: int = FORMAT) -> object:
        """`_read` for a file of settings or statistics, whose format this version writes as `current`: one
        written by a newer version is kept for it under its own name (this version would write its fields
        over) and the defaults used."""
        data = self._read(name, what)
        if data is not MISSING and not isinstance(data, dict):  # null, a list, a number: nothing of ours
            self._set_aside(name, what, _("it does not hold what the game keeps there"))
            return MISSING
        fmt = data.get("format") if isinstance(data, dict) else None
        if isinstance(fmt, int) and not isinstance(fmt, bool) and current < fmt <= MAX_FORMAT:
            stem = name.removesuffix(".json")
            self._set_aside(name, what, _("it was written by a newer version of Bolivia (format {n})").format(n=fmt),
                            keep_as=f"{stem}.v{fmt}.json")
            return MISSING
        return data

    def _set_aside(self, name: str, what: str, why: str, keep_as: str | None = None) -> Path | None:
        """Rename a damaged file to <name>.bad (never over an older one) and say so. Read-only, or
        when it cannot be renamed, it is left as it is and never written over."""
        why = sentence(why)
        if self.read_only:
            self._blocked.add(name)
            self.problems.append(_("{what} could not be read: {why}. It is left as it is in {folder}.").format(
                what=what, why=why, folder=self.root))
            return None
        bad = self._free_name(keep_as or f"{name}.bad")
        try:
            os.replace(self.path(name), bad)
        except OSError as err:
            self._blocked.add(name)
            self.problems.append(_("{what} could not be read: {why}. It could not be moved aside either ({err}), "
                                   "so it is left as it is in {folder} and will not be written over.").format(
                what=what, why=why, err=sentence(err.strerror or type(err).__name__), folder=self.root))
            return None
        self.problems.append(_("{what} could not be read: {why}. It was kept as {bad} in {folder}.").format(
            what=what, why=why, bad=bad.name, folder=self.root))
        return bad

    def _keep_original(self, name: str) -> Path | None:
        """A file the game mended: the original renamed to <name>.bad, for the player; None if it stays."""
        if self.read_only:
            return None
        bad = self._free_name(f"{name}.bad")
        try:
            os.replace(self.path(name), bad)
        except OSError:
            self._blocked.add(name)
            return None
        return bad

    def _free_name(self, name: str) -> Path:
        """`name`, or `name` with 2, 3, ... before its suffix: an older file set aside stays as it is."""
        first = self.path(name)
        stem, dot, ext = name.rpartition(".") if name.endswith(".json") else (name, "", "")
        for i in range(1, 10_000):
            if i == 1:
                candidate = first
            elif dot:
                candidate = self.path(f"{stem}.{i}.{ext}")
            else:
                candidate = self.path(f"{name}{i}")
            if not os.path.lexists(candidate):
                return candidate
        return self.path(f"{name}.{os.getpid()}")

    # --- writing ---------------------------------------------------------------------------------

    def _check_writable(self, name: str) -> None:
        if name in self._blocked and not self.read_only:
            raise StorageError(_("{name} was not written: a damaged file of that name is kept in {folder}.").format(
                name=name, folder=self.root))

    def _write(self, name: str, data: dict) -> None:
        if self.read_only:
            return  # another copy of the game owns the folder: this one only looks
        self._check_writable(name)
        try:
            write_json_atomic(self.path(name), data)
        except OSError as why:
            raise StorageError(self._write_message(name, why)) from None

    def _write_message(self, name: str, why: OSError) -> str:
        return _("Could not write {name} in {folder}: {why}").format(name=name, folder=self.root,
                                                                   why=why.strerror or why)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait for background saves to reach the disk (before the app closes)."""
        return self._writer.flush(timeout)

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
                why=why.strerror or why)) from None

    # --- statistics ------------------------------------------------------------------------------

    def load_stats(self) -> Statistics:
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
        self._write(STATS_FILE, stats.to_json())

    def record_hand(self, state: GameState, side: int = 0) -> Statistics:
        """Count the hand that just ended for the player's `side` (once, however often it is shown)."""
        stats = self.load_stats()
        if stats.count_hand(state, side):
            self.save_stats(stats)
        return stats

    def record_game(self, state: GameState, side: int = 0, levels: list[str] | None = None) -> Statistics:
        """Count a finished game's outcome for the player's `side` (once)."""
        stats = self.load_stats()
        if stats.count_game(state, side, levels or ["human"]):
            self.save_stats(stats)
        return stats

    def reset_stats(self) -> Statistics:
        """Forget every statistic and the kept games' records (the player confirmed it)."""
        stats = Statistics()
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
        data = {**record.to_json(), "finished_at": datetime.now(UTC).isoformat(timespec="seconds")}
        try:
            write_json_atomic(folder / name, data)
        except OSError as why:
            raise StorageError(self._write_message(name, why)) from None
        for old in self._kept_paths()[:-KEEP_GAMES]:
            try:
                old.unlink()
            except OSError:
                pass
        return folder / name

    def kept_games(self) -> list[tuple[Path, GameRecord]]:
        """The kept games that can be read, newest first; a damaged one is left out (and left as it is)."""
        out = []
        for path in reversed(self._kept_paths()):
            try:
                out.append((path, record_from_json(read_json_file(path))))
            except (BadFile, ValueError):
                continue
        return out
