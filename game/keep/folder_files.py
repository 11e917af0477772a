"""One folder of the game's files, for `Storage` (game/keep/storage.py): who may write it, how its files
are read, how one that cannot be used is set aside, and how they are written.

Every file is read through `game.keep.safe_json`, whatever it holds. A file that can't be used (not
JSON, beyond its limits, not a game, no permission) is never overwritten: it is renamed aside as
`<name>.bad` (or `<name>.bad2`, ...) and a message a player can read says so (`problems`, for the menu).
One game at a time writes a folder (`game.keep.instance_lock`); a second copy opens it read-only:
it reads everything and writes, renames and deletes nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.i18n import _
from game.keep.atomic_files import BackgroundWriter, write_json_atomic
from game.keep.disk_words import disk_reason
from game.keep.folders import user_data_folder
from game.keep.instance_lock import InstanceLock
from game.keep.safe_json import MISSING, BadFile, read_json_file, sentence
from game.keep.saved_game import FORMAT, MAX_FORMAT


class StorageError(Exception):
    """A file could not be read or written; the message is meant for the player."""


def data_dir() -> Path:
    """The folder for settings and saves: BOLIVIA_HOME if set, else the platform's user data folder."""
    override = os.environ.get("BOLIVIA_HOME")
    if override:
        return Path(override).expanduser()
    return user_data_folder()


class GameFolder:
    """The game's files in one folder (by default `data_dir()`): reading, setting aside, writing.

    `claim()` takes the folder for this process; without it (another copy has it, or the player
    chose to look only) the storage is read-only."""

    def __init__(self, root: Path | str | None = None, read_only: bool = False) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self.read_only = read_only
        self.problems: list[str] = []  # messages for the player, shown once by the menu
        self._blocked: set[str] = set()  # files that could not be set aside: never written over
        self._writer = BackgroundWriter()
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
                                                                   why=disk_reason(why, name))

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait for background saves to reach the disk (before the app closes)."""
        return self._writer.flush(timeout)
