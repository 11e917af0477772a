"""The player's folders, from platformdirs: where settings and saves live, and where the log goes.

The same folders as the game always used, so a player's saves are found after an update:

- Linux and other Unix: data in `$XDG_DATA_HOME/bolivia` (`~/.local/share/bolivia`), log in
  `$XDG_STATE_HOME/bolivia` (`~/.local/state/bolivia`); a relative XDG value is ignored, as the spec says.
- Windows: data in `%APPDATA%\\Bolivia` (roaming, no author folder), log in `%LOCALAPPDATA%\\Bolivia\\Logs`.
- macOS: data in `~/Library/Application Support/Bolivia`, log in `~/Library/Logs/Bolivia`.

`system` is `sys.platform` unless a test asks for another one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from platformdirs.api import PlatformDirsABC


def _dirs(system: str, roaming: bool) -> PlatformDirsABC:
    # Each system's module imported only there: the one-folder build leaves the others out (build.spec).
    if system == "win32":
        from platformdirs.windows import Windows

        return Windows(appname="Bolivia", appauthor=False, roaming=roaming)
    if system == "darwin":
        from platformdirs.macos import MacOS

        return MacOS(appname="Bolivia")
    from platformdirs.unix import Unix

    return Unix(appname="bolivia", opinion=False)  # opinion=False: the log in the state folder, not in log/


def user_data_folder(system: str | None = None) -> Path:
    """Settings, saves, statistics (game/keep/storage.py; BOLIVIA_HOME is handled in game/keep/folder_files.py)."""
    system = system or sys.platform
    found = Path(_dirs(system, roaming=True).user_data_dir)
    if system == "darwin":
        # Recent platformdirs follow $XDG_DATA_HOME on macOS too; the game never did, so a Mac player who
        # set it keeps the folder that holds their saves.
        usual = Path.home() / "Library" / "Application Support" / "Bolivia"
        if found != usual and usual.is_dir() and not found.is_dir():
            return usual
    return found


def user_log_folder(system: str | None = None) -> Path:
    """The log of a windowed game (game/keep/logs.py)."""
    return Path(_dirs(system or sys.platform, roaming=False).user_log_dir)
