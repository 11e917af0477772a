"""Every file the game reads, damaged in every way we know, and the game still starts: the file is
used or set aside byte for byte with a readable message; nothing from a file reaches the player as
an exception. A seeded run of a few seconds here; `python -m tests.file_fuzz 1000` for a long one."""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep.saved_game import SavedGame
from game.keep.settings import GameSetup, Settings
from game.keep.stats import MAX_COUNT, GameStats, Record, Statistics
from game.keep.storage import Storage
from game.rules.state import GameState, Phase
from game.shell.flow import Flow
from scenes.game_over import GameOverScene
from scenes.menu import MenuScene
from tests.file_fuzz import KINDS, RAW_PYTHON, check_file, check_in_game, damage, run, run_in_game, valid_text
from tests.fuzz_start import NOT_FILES, place, time_limit
from tests.helpers import finished_game
from tests.scene_helpers import FakeClock, play_hand, play_table_hand


def test_damaged_saves_settings_and_statistics_are_used_or_set_aside() -> None:
    tally = run(50, seed=20)
    for kind, t in tally.items():
        assert t["failed"] == 0, (kind, t)
        assert t["set aside"] > 0, (kind, t)
    assert tally["settings.json"]["used"] > 0 and tally["stats.json"]["used"] > 0


@pytest.mark.parametrize("raw", [
    b"null", b"[]", b"[" * 5000, b'{"format": 1, "kind": "bolivia-save", "seed": ' + b"9" * 4400 + b"}",
    b'{"format": 1, "kind": "bolivia-save", "seed": NaN}', b'{"format": Infinity}', b"\xff\xfe\xfd",
])
@pytest.mark.parametrize("kind", KINDS)
def test_the_issues_hostile_files_are_set_aside(tmp_path: Path, kind: str, raw: bytes) -> None:
    assert check_file(kind, raw, tmp_path, random.Random(1)) == "set aside"


@pytest.mark.parametrize("state", [{"results": [1, "x"]}, {"results": [{}]}, {"hands": [[999]]}, None, [], 5])
def test_saves_with_entries_of_the_wrong_shape_are_set_aside(tmp_path: Path, state: object) -> None:
    data = SavedGame(play_hand(GameState(2, 3)), ["human", "normal"]).to_json()
    data["state"] = dict(data["state"], **state) if isinstance(state, dict) else state
    assert check_file("save.json", json.dumps(data).encode(), tmp_path, random.Random(1)) == "set aside"


def test_statistics_with_counts_that_are_not_counts_are_kept(tmp_path: Path) -> None:
    raw = b'{"format": 1, "played": "12", "won": 3}'
    assert check_file("stats.json", raw, tmp_path, random.Random(1)) == "set aside"


def test_a_save_holding_null_is_set_aside_not_ignored(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    store.path("save.json").write_text("null")
    assert store.has_save() and store.load_game() is None
    (message,) = store.take_problems()
    assert "null" in message and "save.json.bad" in message and ".." not in message
    assert store.path("save.json.bad").read_text() == "null"


def test_messages_are_sentences_without_python_in_them() -> None:
    rng = random.Random(4)
    for _ in range(30):
        for kind in KINDS:
            raw = damage(valid_text(kind, rng), rng)
            store_dir = Path(tempfile.mkdtemp())
            store = Storage(store_dir)
            (store_dir / kind).write_bytes(raw)
            store.load_game(), store.load_settings(), store.load_stats()
            for message in store.take_problems():
                assert not RAW_PYTHON.search(message), message
                assert message.endswith(".") and message[0].isupper(), message


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1024, 640), storage=Storage(tmp_path / "data"))
    f.app.clock = FakeClock()
    yield f
    f.close()


def test_a_newer_versions_save_is_kept_for_it_and_the_menu_says_which(flow: Flow) -> None:
    store = flow.storage
    data = SavedGame(GameState(2, 3), ["human", "normal"]).to_json()
    data.update(format=2, written_by="Bolivia 2.3")
    store.path("save.json").write_text(json.dumps(data), encoding="utf-8")
    flow.start_menu()
    flow.app.run(frames=2)
    menu = flow.app.scenes.current
    assert isinstance(menu, MenuScene) and menu.on_continue is None
    (notice,) = menu.notices
    assert "Bolivia 2.3" in notice.message and "save.v2.json" in notice.message
    assert json.loads(store.path("save.v2.json").read_text(encoding="utf-8")) == data


def test_bad_statistics_do_not_spoil_the_end_of_a_game(flow: Flow) -> None:
    store = flow.storage
    store.path("stats.json").write_text('{"played": ' + "[" * 3000, encoding="utf-8")
    flow.start_game(2, 5, "greedy", 2500, "instant")
    flow.app.run(frames=2)
    table = flow.table
    while table.state.phase != Phase.GAME_OVER:
        play_table_hand(table, 5)
    flow.game_over(table.state)
    flow.app.run(frames=2)
    over = flow.app.scenes.current
    assert isinstance(over, GameOverScene) and over.stats is not None and over.stats.played == 1
    assert not store.has_save()  # the finished game's save is gone, as always
    assert store.path("stats.json.bad").read_text(encoding="utf-8").startswith('{"played": [[[')
    flow.start_menu()
    flow.app.run(frames=2)
    assert any("statistics" in n.message for n in flow.app.scenes.current.notices)
    pygame.event.clear()


def test_the_whole_game_starts_on_damaged_files(tmp_path: Path) -> None:
    tally = run_in_game(6, seed=5)
    assert tally["failed"] == 0 and tally["tried"] == 18, tally
    valid = valid_text("save.json", random.Random(2)).encode()
    assert check_in_game("save.json", valid, tmp_path) == "continued"
    assert check_in_game("save.json", b"[" * 10_000, tmp_path) == "menu"


@pytest.mark.parametrize("thing", NOT_FILES)
@pytest.mark.parametrize("kind", KINDS)
def test_what_is_not_a_regular_file_is_refused_at_once_and_kept_aside(tmp_path: Path, kind: str, thing: str) -> None:
    place(tmp_path, kind, thing)
    store = Storage(tmp_path)
    assert store.claim()
    try:
        with time_limit(5):
            store.load_game(), store.load_settings(), store.load_stats()
    finally:
        store.release()
    (message,) = store.take_problems()
    assert f"{kind}.bad" in message and not RAW_PYTHON.search(message), message
    assert not os.path.lexists(tmp_path / kind) and os.path.lexists(tmp_path / f"{kind}.bad")


def test_a_setting_out_of_range_takes_its_default_the_others_kept_and_the_player_is_told_once(tmp_path: Path) -> None:
    data = Settings(GameSetup(players=3, level="hard", target=7500), "fr", volume=0.3).to_json()
    data["setup"].update(players=3.0, target=7500.0)
    data["volume"] = 1e308
    (tmp_path / "settings.json").write_text(json.dumps(data))
    store = Storage(tmp_path)
    settings = store.load_settings()
    assert (settings.setup.players, settings.setup.target, settings.volume) == (4, 15000, 0.7)
    assert (settings.language, settings.setup.level) == ("fr", "hard")  # the rest kept
    (message,) = store.take_problems()
    assert "3 of its values" in message and "settings.json.bad" in message
    assert json.loads((tmp_path / "settings.json.bad").read_text()) == data  # the file as it was
    assert store.load_settings() == settings and not store.take_problems()  # told once


def test_counts_are_capped_so_the_game_reads_back_its_own_statistics(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    stats = Statistics({"bolivia": GameStats(record=Record(MAX_COUNT, MAX_COUNT, 0, 0))})
    store.save_stats(stats)
    store.record_game(finished_game(), 0, ["human", "normal"])
    again = store.load_stats()
    assert again.of("bolivia").record.played == MAX_COUNT and not store.take_problems()
    (tmp_path / "stats.json").write_text('{"format": 2, "games": {"bolivia": {"record": {"played": '
                                         + "9" * 30 + "}}}}")
    assert store.load_stats().played == 0 and "stats.json.bad" in store.take_problems()[0]


def test_the_fuzzer_finds_nothing_crashed_or_stuck() -> None:
    from tests.fuzz_start import run as start_run

    tally = start_run({"save.json": 25, "settings.json": 15, "stats.json": 15}, seed=11)
    for kind, t in tally.items():
        assert t["crashed"] == 0 and t["stuck"] == 0 and t["refused"], (kind, t)
    assert tally["save.json"]["played"] and tally["stats.json"]["played"], tally


def test_what_the_game_writes_it_reads_back(tmp_path: Path) -> None:
    """Random settings of every allowed value and random games started from them: the settings, the save and
    the statistics the game writes are read back as they were, without a word to the player."""
    from game.keep.settings import CARD_SIZES, LEVELS, SORT_ORDERS, SPEEDS
    from game.rules.ruleset import RULESETS
    from tests.scene_helpers import play_hand as greedy_hand

    rng = random.Random(77)
    store = Storage(tmp_path)
    for _ in range(25):
        game = rng.choice(list(RULESETS))
        players = rng.choice((2, 3, 4))
        setup = GameSetup(players, rng.choice(LEVELS), rng.random() < 0.5, [rng.choice(LEVELS) for _ in range(3)],
                          rng.choice(RULESETS[game].targets), rng.choice(SPEEDS), game)
        settings = Settings(setup, rng.choice((None, "en", "fr", "sv")), rng.random() < 0.5, rng.random(),
                            rng.choice(CARD_SIZES), rng.random() < 0.5, rng.choice(SORT_ORDERS), rng.random() < 0.5)
        store.save_settings(settings)
        assert store.load_settings() == settings
        state = GameState(players, rng.randrange(1 << 30), rules=RULESETS[game], target=setup.target)
        for _ in range(rng.randrange(3)):
            greedy_hand(state, rng.randrange(100))
            store.record_hand(state)
        store.save_game(SavedGame(state, setup.levels(), setup.speed, rng.randrange(1 << 40)))
        loaded = store.load_game()
        assert loaded is not None and loaded.state.to_json() == state.to_json()
        if store.path("stats.json").exists():
            written = json.loads(store.path("stats.json").read_text(encoding="utf-8"))
            assert store.load_stats().to_json() == written
        assert not store.take_problems()
