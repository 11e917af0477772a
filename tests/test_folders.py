"""The player's folders come from platformdirs and are the very folders the game always used (README,
Saves and Build): a player's settings and saves are found after the update, on every system."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import platformdirs.windows
import pytest

from game.keep import folders, logs
from game.keep.storage import Storage

XDG = ("XDG_DATA_HOME", "XDG_STATE_HOME")


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A player's home with no XDG variables and no BOLIVIA_HOME."""
    for name in (*XDG, "BOLIVIA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "ana"))
    return tmp_path / "ana"


@pytest.fixture
def windows_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows folders read from APPDATA and LOCALAPPDATA, as platformdirs does where the shell API is
    missing (here: tests run on any system)."""
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", platformdirs.windows.get_win_folder_from_env_vars)
    monkeypatch.setenv("APPDATA", r"C:\Users\ana\AppData\Roaming")
    monkeypatch.setenv("LOCALAPPDATA", r"C:\Users\ana\AppData\Local")


def test_linux_folders(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert folders.user_data_folder("linux") == home / ".local" / "share" / "bolivia"
    assert folders.user_log_folder("linux") == home / ".local" / "state" / "bolivia"
    monkeypatch.setenv("XDG_DATA_HOME", "/xdg/data")
    monkeypatch.setenv("XDG_STATE_HOME", "/xdg/state")
    assert folders.user_data_folder("linux") == Path("/xdg/data/bolivia")
    assert folders.user_log_folder("linux") == Path("/xdg/state/bolivia")
    monkeypatch.setenv("XDG_DATA_HOME", "relative")  # not absolute: ignored, as the XDG spec says
    monkeypatch.setenv("XDG_STATE_HOME", "")
    assert folders.user_data_folder("linux") == home / ".local" / "share" / "bolivia"
    assert folders.user_log_folder("linux") == home / ".local" / "state" / "bolivia"


def test_windows_folders(home: Path, windows_env: None) -> None:
    # Roaming for saves and settings, no author folder (not Bolivia\Bolivia); the log stays on this machine.
    assert str(folders.user_data_folder("win32")).replace("\\", "/") == "C:/Users/ana/AppData/Roaming/Bolivia"
    assert str(folders.user_log_folder("win32")).replace("\\", "/") == "C:/Users/ana/AppData/Local/Bolivia/Logs"


def test_macos_folders(home: Path) -> None:
    # (Recent platformdirs also read $XDG_DATA_HOME on macOS when it is set; the README says so.)
    assert folders.user_data_folder("darwin") == home / "Library" / "Application Support" / "Bolivia"
    assert folders.user_log_folder("darwin") == home / "Library" / "Logs" / "Bolivia"


def test_macos_saves_found_with_xdg_data_home(home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    usual = home / "Library" / "Application Support" / "Bolivia"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert folders.user_data_folder("darwin") == tmp_path / "xdg" / "Bolivia"  # a new player: platformdirs' choice
    usual.mkdir(parents=True)
    assert folders.user_data_folder("darwin") == usual  # a player from before the update keeps their saves
    (tmp_path / "xdg" / "Bolivia").mkdir(parents=True)
    assert folders.user_data_folder("darwin") == tmp_path / "xdg" / "Bolivia"


def test_the_folders_are_not_created_by_asking(home: Path, windows_env: None) -> None:
    for system in ("linux", "darwin"):
        folders.user_data_folder(system)
        folders.user_log_folder(system)
    assert not home.exists()


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the folder an older version wrote, on Linux")
def test_an_existing_players_files_are_found(home: Path) -> None:
    """Files written by the previous version, by hand, where it put them: this version reads them."""
    old = home / ".local" / "share" / "bolivia"
    old.mkdir(parents=True)
    (old / "settings.json").write_text(json.dumps({"format": 1, "language": "sv", "setup": {"players": 2}}))
    (old / "stats.json").write_text(json.dumps({"format": 1, "played": 7, "won": 4, "lost": 3, "drawn": 0}))
    store = Storage()
    assert store.root == old
    assert store.load_settings().language == "sv" and store.load_settings().setup.players == 2
    assert store.load_stats().played == 7 and not store.take_problems()
    assert logs.log_dir() == home / ".local" / "state" / "bolivia"
