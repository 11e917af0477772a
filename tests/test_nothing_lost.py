"""Nothing lost without a word: a full disk (every write raising ENOSPC) at the end of hands and of the game
keeps the statistics and the finished game's record in memory, says so on screen, and writes them at the
next chance, once there is room again."""

from __future__ import annotations

import errno
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep import atomic_files
from game.keep.storage import Storage
from game.rules.state import Phase
from game.shell.flow import Flow
from scenes.game_over import GameOverScene
from scenes.menu import MenuScene
from scenes.table import TableScene
from tests.scene_helpers import FakeClock, key, play_table_hand


class Disk:
    """The atomic write, with a switch that makes it fail as a full disk does."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self.refused = 0
        real = atomic_files.write_text_atomic

        def write(path: Path, text: str) -> None:
            if self.full:
                self.refused += 1
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, text)

        monkeypatch.setattr(atomic_files, "write_text_atomic", write)
        monkeypatch.setattr("game.keep.storage.write_text_atomic", write)


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "data")


@pytest.fixture
def flow(store: Storage) -> Iterator[Flow]:
    f = Flow((1024, 640), storage=store)
    f.app.clock = FakeClock()
    yield f
    f.close()


def frames(flow: Flow, n: int = 1) -> None:
    flow.app.run(frames=n)


def stats_on_disk(store: Storage) -> dict:
    return json.loads(store.path("stats.json").read_text(encoding="utf-8"))["games"]["bolivia"]


def test_a_full_disk_loses_no_hand_no_game_and_no_replay_and_says_so(flow: Flow, store: Storage,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    disk = Disk(monkeypatch)
    flow.start_game(2, 5, "greedy", 2500, "instant")
    frames(flow, 3)
    table = flow.app.scenes.current
    assert isinstance(table, TableScene)
    disk.full = True
    hands = 0
    while True:
        play_table_hand(table, 5)
        table.apply_events([])
        flow.hand_ended(table)
        hands += 1
        said = [m.message for m in table.messages.items]
        assert any("the disk is full" in m and "kept" in m for m in said), said
        frames(flow)
        flow.app.scenes.current.handle_event(key(pygame.K_RETURN))  # Next hand / See the result
        frames(flow)
        if table.state.phase == Phase.GAME_OVER:
            break
    over = flow.app.scenes.current
    assert isinstance(over, GameOverScene)
    assert any("the disk is full" in t.message for t in over.toasts.items)
    assert over.stats is not None and over.stats.played == 1  # shown from memory
    assert over.stats.games["bolivia"].hands == hands
    assert disk.refused and not store.path("stats.json").exists()
    assert store.has_save()  # the finished game's save stays while its result is in memory only
    # Room again: the menu writes what was held back; nothing counted twice.
    disk.full = False
    over.handle_event(key(pygame.K_ESCAPE))
    frames(flow)
    assert isinstance(flow.app.scenes.current, MenuScene)
    on_disk = stats_on_disk(store)
    assert on_disk["hands"] == hands and on_disk["record"]["played"] == 1
    (kept,) = store.kept_games()
    assert len(kept[1].hands) == hands
    assert not store.has_save() and not store.unsaved


def test_statistics_held_back_are_written_by_the_next_save(flow: Flow, store: Storage,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    disk = Disk(monkeypatch)
    flow.start_game(2, 7, "greedy", 15000, "instant")
    frames(flow, 3)
    table = flow.app.scenes.current
    disk.full = True
    play_table_hand(table, 7)
    table.apply_events([])
    flow.hand_ended(table)
    assert store.unsaved and store.load_stats().games["bolivia"].hands == 1
    disk.full = False
    frames(flow)
    flow.app.scenes.current.handle_event(key(pygame.K_RETURN))  # Next hand: the deal is saved
    frames(flow, 3)
    store.flush()
    assert not store.unsaved and stats_on_disk(store)["hands"] == 1


def test_statistics_are_written_at_the_first_save_after_room_is_back(flow: Flow, store: Storage,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # The hand's last save fails on the writer's thread while the disk is full; that failure is told at the
    # next save, the first one once room is back: the statistics held back are written there all the same
    # (they waited one more move, or for ever on a last hand, when the told failure skipped them).
    disk = Disk(monkeypatch)
    flow.start_game(2, 7, "greedy", 15000, "instant")
    frames(flow, 3)
    table = flow.app.scenes.current
    disk.full = True
    play_table_hand(table, 7)
    table.apply_events([])
    flow.hand_ended(table)
    store.flush()  # the failed background save is done: its failure waits for the next save to be told
    assert store.unsaved
    disk.full = False
    frames(flow)
    flow.app.scenes.current.handle_event(key(pygame.K_RETURN))  # Next hand: the deal is the first save
    assert not store.unsaved and stats_on_disk(store)["hands"] == 1


def test_a_finished_game_held_back_is_kept_once_when_continued(flow: Flow, store: Storage,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # Still full on the menu: the finished game's save stays; continued once there is room, it is counted
    # and kept once, not twice.
    disk = Disk(monkeypatch)
    flow.start_game(2, 5, "greedy", 2500, "instant")
    frames(flow, 3)
    table = flow.app.scenes.current
    while table.state.phase != Phase.GAME_OVER:
        play_table_hand(table, 5)
    table.apply_events([])
    store.flush()  # the finished game saved
    disk.full = True
    flow.game_over(table.state)
    frames(flow)
    flow.start_menu()
    frames(flow)
    assert store.has_save() and store.unsaved
    disk.full = False
    flow.continue_game()  # the save of a finished game opens on its scores, then its result
    frames(flow)
    flow.app.scenes.current.handle_event(key(pygame.K_RETURN))
    frames(flow, 2)
    assert isinstance(flow.app.scenes.current, GameOverScene)
    assert stats_on_disk(store)["record"]["played"] == 1  # counted once
    flow.start_menu()
    frames(flow)
    assert len(list(store.path("games").glob("game-*.json"))) == 1 and not store.unsaved
    assert not store.has_save()


@pytest.mark.parametrize(("lang", "words"), [("en", "the disk is full"), ("fr", "le disque est plein"),
                                             ("sv", "disken är full")])
def test_a_full_disk_is_told_in_the_players_language_and_the_systems_words_go_to_the_log(
        store: Storage, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, lang: str,
        words: str) -> None:
    """The system's English ("No space left on device") was said inside French and Swedish sentences."""
    from game.i18n import set_language
    from game.keep.folder_files import StorageError
    from game.keep.settings import Settings

    Disk(monkeypatch).full = True
    set_language(lang)
    try:
        with caplog.at_level("WARNING", logger="bolivia.files"), pytest.raises(StorageError) as refused:
            store.save_settings(Settings())
    finally:
        set_language("en")
    assert words in str(refused.value) and "No space left" not in str(refused.value)
    assert any("No space left on device" in r.getMessage() and "settings.json" in r.getMessage()
               for r in caplog.records)
