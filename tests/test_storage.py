"""Settings, the saved game and statistics: atomic JSON files, damaged files kept aside."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.keep import storage as st
from game.keep.atomic_files import write_json_atomic
from game.keep.folder_files import StorageError, data_dir
from game.keep.saved_game import SavedGame
from game.keep.settings import GameSetup, Settings
from game.keep.storage import Storage
from game.rules.state import GameState
from tests.scene_helpers import play_hand


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "data")


def a_game(players: int = 4, seed: int = 3) -> GameState:
    state = play_hand(GameState(players, seed, target=5000), seed)
    return play_hand(state, seed + 1) if state.phase.value == "deal" else state


# ----- where the files go -------------------------------------------------------------------------


def test_bolivia_home_overrides_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOLIVIA_HOME", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    assert Storage().root == tmp_path / "x"


# ----- atomic writes ------------------------------------------------------------------------------


def test_atomic_write_replaces_whole_files_and_leaves_no_temporaries(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "f.json"
    write_json_atomic(path, {"a": 1})
    write_json_atomic(path, {"a": 2, "text": "é ♥"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 2, "text": "é ♥"}
    assert sorted(p.name for p in path.parent.iterdir()) == ["f.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"old": True})

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(st.os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_json_atomic(path, {"new": True})
    monkeypatch.undo()
    assert json.loads(path.read_text()) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]  # the temporary file is gone too


def test_the_write_is_flushed_and_synced_before_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(st.os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(st.os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    write_json_atomic(tmp_path / "f.json", {"x": 1})
    assert calls[:2] == ["fsync", "replace"]


# ----- the saved game -----------------------------------------------------------------------------


def test_save_and_load_round_trip(store: Storage) -> None:
    state = a_game()
    assert not store.has_save() and store.load_game() is None
    store.save_game(SavedGame(state, ["human", "hard", "easy", "normal"], "slow", 77))
    assert store.has_save()
    back = store.load_game()
    assert back is not None
    assert back.state.to_json() == state.to_json()
    assert back.levels == ["human", "hard", "easy", "normal"]
    assert (back.speed, back.seed) == ("slow", 77)
    assert store.problems == []
    store.clear_game()
    assert not store.has_save()
    store.clear_game()  # twice is fine


def test_a_save_in_the_middle_of_a_hand_round_trips(store: Storage) -> None:
    from game.rules.actions import Deal, DrawStock

    state = GameState(3, 5)
    state.apply(Deal())
    state.apply(DrawStock())
    store.save_game(SavedGame(state, ["human", "normal", "normal"]))
    back = store.load_game()
    assert back is not None and back.state.to_json() == state.to_json()


def test_a_corrupt_save_is_kept_aside_with_a_readable_message(store: Storage) -> None:
    store.root.mkdir(parents=True)
    store.path("save.json").write_text('{"kind": "bolivia-save", "format": 1, "state": {tru', encoding="utf-8")
    assert store.load_game() is None
    messages = store.take_problems()
    assert len(messages) == 1
    assert "saved game" in messages[0] and "save.json.bad" in messages[0] and "JSON" in messages[0]
    assert not store.has_save()
    kept = store.path("save.json.bad").read_text(encoding="utf-8")
    assert kept.endswith("{tru")  # byte for byte what the player had


def test_a_second_corrupt_save_does_not_overwrite_the_first(store: Storage) -> None:
    store.root.mkdir(parents=True)
    for text in ("first", "second"):
        store.path("save.json").write_text(text, encoding="utf-8")
        assert store.load_game() is None
    assert store.path("save.json.bad").read_text() == "first"
    assert store.path("save.json.bad2").read_text() == "second"


def test_a_save_that_is_json_but_not_a_valid_game_is_kept_aside(store: Storage) -> None:
    state = a_game(2)
    data = SavedGame(state, ["human", "normal"]).to_json()
    data["state"]["scores"][0] += 1000  # the running total no longer adds up
    store.root.mkdir(parents=True)
    store.path("save.json").write_text(json.dumps(data), encoding="utf-8")
    assert store.load_game() is None
    (message,) = store.take_problems()
    assert "not a valid saved game" in message and "save.json.bad" in message
    assert json.loads(store.path("save.json.bad").read_text()) == data


@pytest.mark.parametrize("data", [[], {"kind": "other"}, {"kind": "bolivia-save", "format": 99}])
def test_files_that_are_not_our_saves_are_refused(data: object) -> None:
    with pytest.raises(ValueError):
        SavedGame.from_json(data)


def test_an_unreadable_file_that_cannot_be_moved_is_never_written_over(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.root.mkdir(parents=True)
    store.path("save.json").write_bytes(b"\xff\xfe not text")

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(st.os, "replace", refuse)
    assert store.load_game() is None
    (message,) = store.take_problems()
    assert "left as it is" in message
    monkeypatch.undo()
    with pytest.raises(StorageError):
        store.save_game(SavedGame(a_game(2), ["human", "normal"]))
    store.clear_game()
    assert store.path("save.json").read_bytes() == b"\xff\xfe not text"


def test_a_write_error_is_a_storage_error_with_the_reason(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = Storage(blocker / "data")
    with pytest.raises(StorageError, match="Could not write"):
        store.save_settings(Settings())


# ----- settings and statistics --------------------------------------------------------------------


def test_settings_round_trip_and_defaults(store: Storage) -> None:
    assert store.load_settings() == Settings()
    setup = GameSetup(players=3, level="hard", per_seat=True, seat_levels=["easy", "hard", "normal"],
                      target=7500, speed="fast")
    store.save_settings(Settings(setup, "fr"))
    back = store.load_settings()
    assert back.setup == setup and back.language == "fr"
    assert setup.levels() == ["human", "easy", "hard"]
    assert GameSetup(players=4, level="easy").levels() == ["human", "easy", "easy", "easy"]


def test_settings_with_odd_values_fall_back_to_defaults_per_value() -> None:
    s = Settings.from_json({"setup": {"players": 9, "level": "hard", "target": "lots", "speed": True,
                                      "seat_levels": ["easy"]}, "language": 5})
    assert s.setup == GameSetup(level="hard")
    assert s.language is None


def test_corrupt_settings_are_kept_aside_and_defaults_used(store: Storage) -> None:
    store.root.mkdir(parents=True)
    store.path("settings.json").write_text("{{{", encoding="utf-8")
    assert store.load_settings() == Settings()
    (message,) = store.take_problems()
    assert "settings" in message and "settings.json.bad" in message
    store.save_settings(Settings())  # the damaged one is safe under its own name
    assert store.path("settings.json.bad").read_text() == "{{{"


def test_player_settings_survive_a_restart_and_bad_values_take_defaults(store: Storage) -> None:
    chosen = Settings(language="sv", sound=False, volume=0.25, card_size="large", four_colour=True,
                      sort_order="suit", discard_warning=False)
    chosen.setup.speed = "fast"
    store.save_settings(chosen)
    assert Storage(store.root).load_settings() == chosen
    odd = Settings.from_json({"sound": "yes", "volume": 7, "card_size": "huge", "four_colour": 1,
                              "sort_order": None, "discard_warning": [], "setup": {"game": "poker"}})
    assert odd == Settings()


def test_background_saves_land_in_order_and_flush(store: Storage) -> None:
    state = GameState(2, 9)
    for speed in ("slow", "normal", "fast"):
        store.save_game_soon(SavedGame(state, ["human", "normal"], speed))
    assert store.flush()
    back = store.load_game()
    assert back is not None and back.speed == "fast"
    store.save_game_soon(SavedGame(state, ["human", "normal"], "slow"))
    store.clear_game()  # a pending save must not bring the finished game back
    assert store.flush() and not store.has_save()


def test_a_failed_background_save_is_reported_on_the_next_one(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = Storage(blocker / "data")
    state = GameState(2, 9)
    store.save_game_soon(SavedGame(state, ["human", "normal"]))
    store.flush()
    with pytest.raises(StorageError, match="Could not write"):
        store.save_game_soon(SavedGame(state, ["human", "normal"]))


def test_a_damaged_house_rule_name_is_told_and_the_file_kept_aside(store: Storage) -> None:
    # Fuzzed: a house rule's name damaged in settings.json was dropped without a word and no copy kept.
    store.root.mkdir(parents=True)
    data = {"format": 1, "setup": {"game": "bolivia", "house": {"bolivia": {"wild_limiX": "three",
                                                                           "take_top": "no"}}}}
    store.path("settings.json").write_text(json.dumps(data), encoding="utf-8")
    settings = store.load_settings()
    assert settings.setup.house == {"bolivia": {"take_top": "no"}}  # the sound choice is kept
    (message,) = store.take_problems()
    assert "settings.json.bad" in message and "1 of its values" in message
    assert json.loads(store.path("settings.json.bad").read_text(encoding="utf-8")) == data
    assert store.load_settings() == settings and store.take_problems() == []  # told once: written mended


def test_house_rules_at_their_defaults_are_no_damage() -> None:
    _settings, refused = Settings.read({"setup": {"house": {"bolivia": {"wild_limit": "two"}}}})
    assert refused == []
    _settings, refused = Settings.read({"setup": {"house": {"nosuchgame": {"wild_limit": "two"}}}})
    assert refused == ["setup.house.nosuchgame"]
