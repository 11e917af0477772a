"""What the game keeps between sessions: settings, the game in progress, statistics.

Everything is JSON in the user data folder (`data_dir()`), written atomically: a temporary file
in the same folder, flushed and fsynced, then `os.replace`d over the old one, so a crash or a
power cut leaves either the old file or the new one, never half of one.

A file that can't be read (not JSON, not a game, no permission) is never overwritten: it is
renamed aside as `<name>.bad` (or `<name>.bad2`, ...) and a message a player can read says so.
`Storage.problems` collects those messages for the menu to show.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.i18n import _
from game.rules.state import GameState

APP_DIR = "Bolivia"  # Windows and macOS spell folder names with a capital
XDG_DIR = "bolivia"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "save.json"
STATS_FILE = "stats.json"
FORMAT = 1

LEVELS = ("easy", "normal", "hard")
SPEEDS = ("slow", "normal", "fast", "instant")
TARGETS = (2500, 5000, 7500, 10000, 15000)
DEFAULT_TARGET = 15000


class StorageError(Exception):
    """A file could not be read or written; the message is meant for the player."""


def data_dir() -> Path:
    """The folder for settings and saves: BOLIVIA_HOME if set, else the platform's user data folder."""
    override = os.environ.get("BOLIVIA_HOME")
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Roaming") / APP_DIR
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_DIR
    base = os.environ.get("XDG_DATA_HOME")
    return (Path(base) if base and Path(base).is_absolute() else home / ".local" / "share") / XDG_DIR


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


@dataclass
class GameSetup:
    """The choices of the setup screen. Seat 0 is the player; seats 1.. are computers."""

    players: int = 4
    level: str = "normal"  # every computer seat, unless per_seat
    per_seat: bool = False
    seat_levels: list[str] = field(default_factory=lambda: ["normal"] * 3)  # seats 1, 2, 3
    target: int = DEFAULT_TARGET
    speed: str = "normal"

    def levels(self) -> list[str]:
        """One level per seat; seat 0, the player, is "human"."""
        computers = self.seat_levels if self.per_seat else [self.level] * 3
        return ["human"] + list(computers[: self.players - 1])

    def to_json(self) -> dict:
        return {"players": self.players, "level": self.level, "per_seat": self.per_seat,
                "seat_levels": list(self.seat_levels), "target": self.target, "speed": self.speed}

    @staticmethod
    def from_json(data: object) -> GameSetup:
        """Lenient: a value that is missing or not allowed takes its default."""
        d = data if isinstance(data, dict) else {}
        default = GameSetup()
        seat_levels = d.get("seat_levels")
        if not (isinstance(seat_levels, list) and len(seat_levels) == 3 and all(v in LEVELS for v in seat_levels)):
            seat_levels = default.seat_levels
        return GameSetup(
            players=_pick(d.get("players"), (2, 3, 4), default.players),
            level=_pick(d.get("level"), LEVELS, default.level),
            per_seat=bool(d.get("per_seat", False)),
            seat_levels=list(seat_levels),
            target=_pick(d.get("target"), TARGETS, default.target),
            speed=_pick(d.get("speed"), SPEEDS, default.speed),
        )


def _pick(value: object, allowed: tuple, default: Any) -> Any:
    return value if value in allowed and not isinstance(value, bool) else default


SORT_ORDERS = ("rank", "suit")


@dataclass
class Settings:
    setup: GameSetup = field(default_factory=GameSetup)
    language: str | None = None  # None: the system's
    sort_order: str = "rank"  # how the table sorts the player's hand: "rank" or "suit"
    discard_warning: bool = True  # ask before a discard the next opponent is known to be able to take

    def to_json(self) -> dict:
        return {"format": FORMAT, "language": self.language, "setup": self.setup.to_json(),
                "sort_order": self.sort_order, "discard_warning": self.discard_warning}

    @staticmethod
    def from_json(data: object) -> Settings:
        d = data if isinstance(data, dict) else {}
        lang = d.get("language")
        warning = d.get("discard_warning")
        return Settings(GameSetup.from_json(d.get("setup")), lang if isinstance(lang, str) else None,
                        sort_order=_pick(d.get("sort_order"), SORT_ORDERS, "rank"),
                        discard_warning=warning if isinstance(warning, bool) else True)


@dataclass
class SavedGame:
    """The game in progress: the engine's state, the seats' levels, the speed and the computers' seed."""

    state: GameState
    levels: list[str]
    speed: str = "normal"
    seed: int = 0

    def to_json(self) -> dict:
        return {"format": FORMAT, "kind": "bolivia-save", "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "levels": list(self.levels), "speed": self.speed, "seed": self.seed, "state": self.state.to_json()}

    @staticmethod
    def from_json(data: object) -> SavedGame:
        """ValueError with a readable reason when the data is not a saved game of ours."""
        if not isinstance(data, dict) or data.get("kind") != "bolivia-save":
            raise ValueError(_("This file is not a saved game of Bolivia."))
        if data.get("format") != FORMAT:
            raise ValueError(_("This save was written by another version of the game."))
        state = GameState.from_json(data.get("state") if isinstance(data.get("state"), dict) else {})
        levels = data.get("levels")
        if not isinstance(levels, list) or len(levels) != state.players or not all(isinstance(v, str) for v in levels):
            raise ValueError(_("The saved game does not say who plays each seat."))
        speed = data.get("speed") if data.get("speed") in SPEEDS else "normal"
        seed = data.get("seed")
        return SavedGame(state, list(levels), speed, seed if isinstance(seed, int) else state.seed)


@dataclass
class Stats:
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    def to_json(self) -> dict:
        return {"format": FORMAT, "played": self.played, "won": self.won, "lost": self.lost, "drawn": self.drawn}

    @staticmethod
    def from_json(data: object) -> Stats:
        d = data if isinstance(data, dict) else {}

        def count(key: str) -> int:
            v = d.get(key)
            return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0

        return Stats(count("played"), count("won"), count("lost"), count("drawn"))


# ----- the folder -------------------------------------------------------------------------------


class Storage:
    """Reads and writes the game's files in one folder (by default `data_dir()`)."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self.problems: list[str] = []  # messages for the player, shown once by the menu
        self._blocked: set[str] = set()  # files that could not be set aside: never written over
        self._writer = _Writer()

    def path(self, name: str) -> Path:
        return self.root / name

    def take_problems(self) -> list[str]:
        out, self.problems = self.problems, []
        return out

    # --- reading ---------------------------------------------------------------------------------

    def _read(self, name: str, what: str) -> object | None:
        """The JSON in a file, or None if there is none. A damaged file is set aside, with a message."""
        path = self.path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as why:
            self._set_aside(name, what, getattr(why, "strerror", None) or str(why))
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError as why:
            self._set_aside(name, what, _("it is not valid JSON (line {line})").format(line=why.lineno))
            return None

    def _set_aside(self, name: str, what: str, why: str) -> Path | None:
        """Rename a damaged file to <name>.bad (never over an older .bad) and say so."""
        path = self.path(name)
        for i in range(1, 1000):
            bad = path.with_name(f"{name}.bad" if i == 1 else f"{name}.bad{i}")
            if not bad.exists():
                break
        try:
            os.replace(path, bad)
        except OSError as err:
            self._blocked.add(name)
            self.problems.append(_("{what} could not be read: {why}. It could not be moved aside either ({err}), "
                                   "so it is left as it is in {folder} and will not be written over.").format(
                what=what, why=why, err=err.strerror or err, folder=self.root))
            return None
        self.problems.append(_("{what} could not be read: {why}. It was kept as {bad} in {folder}.").format(
            what=what, why=why, bad=bad.name, folder=self.root))
        return bad

    # --- writing ---------------------------------------------------------------------------------

    def _check_writable(self, name: str) -> None:
        if name in self._blocked:
            raise StorageError(_("{name} was not written: a damaged file of that name is kept in {folder}.").format(
                name=name, folder=self.root))

    def _write(self, name: str, data: dict) -> None:
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
        data = self._read(SETTINGS_FILE, _("Your settings"))
        return Settings() if data is None else Settings.from_json(data)

    def save_settings(self, settings: Settings) -> None:
        self._write(SETTINGS_FILE, settings.to_json())

    # --- the game in progress --------------------------------------------------------------------

    def has_save(self) -> bool:
        self._writer.flush()
        return self.path(SAVE_FILE).is_file()

    def load_game(self) -> SavedGame | None:
        """The saved game, or None. A save that isn't a valid game is set aside with a message."""
        what = _("Your saved game")
        self._writer.flush()
        data = self._read(SAVE_FILE, what)
        if data is None:
            return None
        try:
            return SavedGame.from_json(data)
        except ValueError as why:
            self._set_aside(SAVE_FILE, what, str(why))
            return None

    def save_game(self, saved: SavedGame) -> None:
        self._writer.cancel(self.path(SAVE_FILE))  # an older background save must not land after this one
        self._write(SAVE_FILE, saved.to_json())

    def save_game_soon(self, saved: SavedGame) -> None:
        """Save in the background: the state is copied to text now, the disk is written by a thread.
        A write that failed earlier is reported here, as a StorageError, once."""
        self._check_writable(SAVE_FILE)
        errors, self._writer.errors = self._writer.errors, []
        self._writer.submit(self.path(SAVE_FILE), json.dumps(saved.to_json(), ensure_ascii=False, indent=1))
        if errors:
            raise StorageError(self._write_message(SAVE_FILE, errors[-1]))

    def clear_game(self) -> None:
        """The game ended: forget its save (a damaged file kept aside stays)."""
        self._writer.cancel(self.path(SAVE_FILE))
        if SAVE_FILE in self._blocked:
            return
        try:
            self.path(SAVE_FILE).unlink()
        except FileNotFoundError:
            pass
        except OSError as why:
            raise StorageError(_("Could not remove the finished game's save: {why}").format(
                why=why.strerror or why)) from None

    # --- statistics ------------------------------------------------------------------------------

    def load_stats(self) -> Stats:
        data = self._read(STATS_FILE, _("Your game statistics"))
        return Stats() if data is None else Stats.from_json(data)

    def record_game(self, outcome: str) -> Stats:
        """Count a finished game: outcome "won", "lost" or "drawn"."""
        stats = self.load_stats()
        stats.played += 1
        if outcome == "won":
            stats.won += 1
        elif outcome == "lost":
            stats.lost += 1
        else:
            stats.drawn += 1
        self._write(STATS_FILE, stats.to_json())
        return stats
