"""The game started on hostile files as a player would, one file at a time, each outcome counted:
`python -m tests.file_fuzz --saves 1000 --settings 1000 --stats 1000 --seed 1`.

For each kind (save, settings, statistics) the file is a genuine one written by the game, then damaged
(tests/file_fuzz.py's damage: bytes, truncation, odd values), stretched (a save's cards moved between
hands, stock and pile, every card still in one place: tests/state_tamper.py), retyped (4 as 4.0, a text
as a list), pushed out of range (huge, negative, fractional numbers), or replaced by something that is
not a file (a FIFO, a folder, a symlink loop, a device). Then:

- a save is loaded as the menu loads it; one it accepts is written back and read again, then played by
  computer players through the turn controller, as Continue does, to the end of its hand;
- settings are loaded, the settings and setup screens drawn with them, a game started from them played
  a while, saved, and read back; the settings written back and read again;
- statistics are loaded, drawn, a hand and a game counted, written and read back.

Outcomes: refused (the game said why and kept the file aside, or replaced the bad values), played
(used as it is), crashed (an exception reached the player, or a file the game wrote was refused by
it), stuck (no legal move, a hand that never ends, or more than `LIMIT` seconds: a blocked open).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game.keep.saved_game import SavedGame
from game.keep.storage import SAVE_FILE, SETTINGS_FILE, STATS_FILE, Storage
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from tests.file_fuzz import RAW_PYTHON, damage, valid_text
from tests.helpers import finished_game
from tests.state_tamper import retype, stretch, tamper

LIMIT = 20.0  # seconds a start may take before it counts as stuck
MAX_MOVES = 4000  # a hand that has not ended after this many moves is stuck
OUTCOMES = ("tried", "refused", "played", "crashed", "stuck")
NOT_FILES = ("fifo", "folder", "loop", "zero", "null")


class Stuck(Exception):
    """The start took too long or the game can go no further."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Stuck raised in the main thread after `seconds`, also out of a blocking open()."""
    def on_alarm(_signum: int, _frame: object) -> None:
        raise Stuck(f"over {seconds:.0f} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ----- the files -----------------------------------------------------------------------------------


OUT_OF_RANGE: tuple[object, ...] = (1e308, -1e308, -1, 1.5, 0.5, 10**30 - 1, -(10**29), 4.0, 7500.0, "4", True, 99, 0)


def _stretch_save(text: str, rng: random.Random) -> bytes:
    data = json.loads(text)
    state = data.get("state")
    if isinstance(state, dict) and state.get("hand_no"):
        data["state"], _how = stretch(state, rng)
    return json.dumps(data).encode()


def _retype(text: str, rng: random.Random) -> bytes:
    data = json.loads(text)
    if "state" in data and rng.random() < 0.7:
        data["state"], _how = retype(data["state"], rng)
    else:
        data, _how = retype(data, rng)
    return json.dumps(data).encode()


def _out_of_range(text: str, rng: random.Random) -> bytes:
    """Numbers (and flags) anywhere replaced by huge, negative, fractional ones."""
    data = json.loads(text)
    for _ in range(rng.randrange(1, 3)):
        data, _how = _renumber(data, rng)
    return json.dumps(data).encode()


def _renumber(data: dict, rng: random.Random) -> tuple[dict, str]:
    from tests.state_tamper import _get, _paths

    paths = [p for p in _paths(data) if isinstance(_get(data, p), int | float)]
    if not paths:
        return tamper(data, rng)
    path = rng.choice(paths)
    parent = _get(data, path[:-1])
    parent[path[-1]] = rng.choice(OUT_OF_RANGE)  # type: ignore[index]
    return data, f"{path} out of range"


def hostile(kind: str, rng: random.Random) -> tuple[bytes | str, str]:
    """The content of one file to try (bytes, or the name of something that is not a file) and how it
    was made."""
    text = valid_text(kind, rng)
    how = rng.random()
    if how < 0.04:
        return rng.choice(NOT_FILES), "not a file"
    if how < 0.08:
        return text.encode(), "genuine"
    if kind == SAVE_FILE and how < 0.45:
        return _stretch_save(text, rng), "stretched"
    if how < 0.6:
        return _retype(text, rng), "retyped"
    if how < 0.75:
        return _out_of_range(text, rng), "out of range"
    return damage(text, rng), "damaged"


def place(folder: Path, name: str, content: bytes | str) -> None:
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content == "fifo":
        os.mkfifo(path)
    elif content == "folder":
        path.mkdir()
        (path / "inside.json").write_text("{}")
    elif content == "loop":
        os.symlink(f"{name}.other", path)
        os.symlink(name, folder / f"{name}.other")
    else:
        os.symlink(f"/dev/{content}", path)


def empty(folder: Path) -> None:
    for p in folder.iterdir():
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink()


def _told(store: Storage, folder: Path, name: str, content: bytes | str) -> list[str]:
    """The messages for the player; each readable, and a file refused whole is kept aside as it was."""
    problems = store.take_problems()
    for message in problems:
        assert not RAW_PYTHON.search(message), message
    return problems


def _kept_aside(folder: Path, name: str, content: bytes | str) -> None:
    kept = [p for p in folder.iterdir() if p.name.startswith(name.removesuffix(".json")) and p.name != name
            and not p.name.endswith(".other")]
    assert kept, f"{name} refused but not kept aside"
    if isinstance(content, bytes):
        assert any(p.is_file() and p.read_bytes() == content for p in kept), "kept aside, but changed"


# ----- starting the game on them -------------------------------------------------------------------


def play_hand(saved: SavedGame, rng: random.Random) -> None:
    """Continue a saved game with computers at every seat, through the turn controller, to the end of
    its hand (dealing first if it is to be dealt). Stuck when the game can go no further."""
    from game.ai import get_player
    from game.shell.controller import TurnController

    state = saved.state
    choosers = {s: get_player("greedy", table=True) for s in range(state.players)}
    controller = TurnController(state, choosers, set(), "instant", saved.seed, threaded=False)
    controller.auto_deal = True
    dealt = state.phase != Phase.DEAL
    for _ in range(MAX_MOVES):
        if getattr(controller, "dead_end", None):
            raise Stuck(f"dead end: {controller.dead_end}")
        if state.phase == Phase.GAME_OVER or (state.phase == Phase.DEAL and dealt):
            return
        dealt = dealt or state.phase == Phase.DEAL
        controller.update(1.0, False)
        problems = state.check()
        assert not problems, problems
    raise Stuck("the hand did not end")


def try_save(folder: Path, content: bytes | str, rng: random.Random) -> str:
    store = Storage(folder)
    try:
        assert store.claim()
        saved = store.load_game() if store.has_save() else None
        problems = _told(store, folder, SAVE_FILE, content)
        if saved is None:
            assert problems, "a save refused without a word"
            _kept_aside(folder, SAVE_FILE, content)
            return "refused"
        store.save_game(saved)  # what the game writes, it reads back
        again = store.load_game()
        assert again is not None and not store.take_problems(), "the game refused its own save"
        play_hand(again, rng)
        store.save_game(again)
        assert store.load_game() is not None and not store.take_problems(), "the game refused its own save"
        return "refused" if problems else "played"
    finally:
        store.release()


def try_settings(folder: Path, content: bytes | str, rng: random.Random, app) -> str:
    from game.ai import get_player
    from game.shell.controller import TurnController
    from scenes.settings import SettingsScene
    from scenes.setup import SetupScene

    store = Storage(folder)
    try:
        assert store.claim()
        settings = store.load_settings()
        problems = _told(store, folder, SETTINGS_FILE, content)
        for scene in (SettingsScene(settings), SetupScene(settings.setup)):
            app.scenes.request(scene)
            app.run(frames=2)
        setup = settings.setup
        state = GameState(setup.players, rng.randrange(1 << 30), rules=RULESETS[setup.game], target=setup.target)
        choosers = {s: get_player("greedy", table=True) for s in range(setup.players)}
        controller = TurnController(state, choosers, set(), setup.speed, 1, threaded=False)
        controller.auto_deal = True
        for _ in range(rng.randrange(60)):
            controller.update(1.0, False)
        store.save_game(SavedGame(state, setup.levels(), setup.speed, 1))
        assert store.load_game() is not None and not store.take_problems(), "the game refused its own save"
        store.save_settings(settings)
        again = store.load_settings()
        assert not store.take_problems() and again == settings, "the game refused its own settings"
        return "refused" if problems else "played"
    finally:
        store.release()


def try_stats(folder: Path, content: bytes | str, rng: random.Random, app) -> str:
    from scenes.statistics import StatisticsScene
    from tests.scene_helpers import play_hand as greedy_hand

    store = Storage(folder)
    try:
        assert store.claim()
        stats = store.load_stats()
        problems = _told(store, folder, STATS_FILE, content)
        app.scenes.request(StatisticsScene(stats))
        app.run(frames=2)
        store.record_hand(greedy_hand(GameState(2, rng.randrange(1000)), 1))
        store.record_game(finished_game(seed=rng.randrange(1 << 30)), 0, ["human", "hard"])
        written = json.loads(store.path(STATS_FILE).read_text(encoding="utf-8"))
        again = store.load_stats()
        assert not store.take_problems() and again.to_json() == written, "the game refused its own statistics"
        return "refused" if problems else "played"
    finally:
        store.release()


def run(counts: dict[str, int], seed: int, out=sys.stderr) -> dict[str, dict[str, int]]:
    import tempfile

    from game.shell.app import App
    from tests.scene_helpers import FakeClock

    rng = random.Random(seed)
    tally = {kind: dict.fromkeys(OUTCOMES, 0) for kind in counts}
    ways: dict[str, dict[str, dict[str, int]]] = {kind: {} for kind in counts}  # kind -> how made -> outcome
    app = App((1024, 640), clock=FakeClock())
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for kind, count in counts.items():
                for i in range(count):
                    content, made = hostile(kind, rng)
                    case_rng = random.Random(rng.random())
                    tally[kind]["tried"] += 1
                    try:
                        with time_limit(LIMIT):
                            place(folder, kind, content)
                            if kind == SAVE_FILE:
                                outcome = try_save(folder, content, case_rng)
                            elif kind == SETTINGS_FILE:
                                outcome = try_settings(folder, content, case_rng, app)
                            else:
                                outcome = try_stats(folder, content, case_rng, app)
                    except Stuck as why:
                        outcome = "stuck"
                        print(f"{kind} #{i}: stuck: {why}", file=out)
                    except Exception as why:  # noqa: BLE001 - every failure is counted and shown
                        outcome = "crashed"
                        print(f"{kind} #{i}: {type(why).__name__}: {str(why)[:200]}", file=out)
                    tally[kind][outcome] += 1
                    by = ways[kind].setdefault(made, dict.fromkeys(OUTCOMES, 0))
                    by["tried"] += 1
                    by[outcome] += 1
                    _unblock(folder, kind)
                    empty(folder)
    finally:
        app.close()
    run.ways = ways  # type: ignore[attr-defined]
    return tally


def _unblock(folder: Path, name: str) -> None:
    """A FIFO some thread of the game may still be reading: give it an end, so nothing waits on it."""
    for p in folder.iterdir():
        try:
            if p.is_fifo():
                fd = os.open(p, os.O_WRONLY | os.O_NONBLOCK)
                os.close(fd)
        except OSError:
            pass


def report(counts: dict[str, int], seed: int) -> int:
    start = time.perf_counter()
    tally = run(counts, seed)
    for kind, t in tally.items():
        print(f"{kind}: " + ", ".join(f"{k} {t[k]}" for k in OUTCOMES))
        for made, w in sorted(run.ways[kind].items()):  # type: ignore[attr-defined]
            print(f"    {made}: " + ", ".join(f"{k} {w[k]}" for k in OUTCOMES))
    print(f"seed {seed}, {time.perf_counter() - start:.0f} s")
    return 1 if any(t["crashed"] or t["stuck"] for t in tally.values()) else 0
