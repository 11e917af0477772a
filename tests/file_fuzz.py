"""Damaged copies of the files the game reads (save, settings, statistics), and the check that the
game survives each: it starts, and every file is either used or set aside, byte for byte, with a
message a player can read. Used by tests/test_file_fuzz.py; a longer run by hand:
`python -m tests.file_fuzz 1000` (each kind). The game started on each file, outcomes counted:
`python -m tests.file_fuzz --saves 1000 --settings 1000 --stats 1000 --seed 1` (tests/fuzz_start.py)."""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from game.keep.saved_game import SavedGame
from game.keep.settings import GameSetup, Settings
from game.keep.stats import GameStats, Record, Statistics
from game.keep.storage import SAVE_FILE, SETTINGS_FILE, STATS_FILE, Storage
from game.rules.validate import state_from_json
from tests.helpers import finished_game
from tests.state_tamper import ODD_VALUES, play_out_hand, random_state, tamper

KINDS = (SAVE_FILE, SETTINGS_FILE, STATS_FILE)
# What a message must never show: Python's own words, a doubled full stop.
RAW_PYTHON = re.compile(r"Traceback|Error\b|Exception|NoneType|\bint\(\)|\bobject\b|Expecting|\bchar \d|\.\.(?!\.)")


def valid_text(kind: str, rng: random.Random) -> str:
    if kind == SAVE_FILE:
        state = random_state(rng)
        levels = ["human"] + ["greedy"] * (state.players - 1)  # quick computers: the files are under test
        return json.dumps(SavedGame(state, levels, "fast", 5).to_json())
    if kind == SETTINGS_FILE:
        setup = GameSetup(players=rng.choice((2, 3, 4)), level=rng.choice(("easy", "hard")))
        return json.dumps(Settings(setup, rng.choice((None, "fr", "sv"))).to_json())
    won, lost, drawn = rng.randrange(20), rng.randrange(20), rng.randrange(10)
    record = Record(won + lost + drawn, won, lost, drawn)
    game = GameStats(record=record, levels={rng.choice(("easy", "hard")): record}, hands=rng.randrange(1, 40),
                     hand_total=rng.randrange(-2000, 9000), best_hand=rng.randrange(0, 9000))
    return json.dumps(Statistics({"bolivia": game}).to_json())


def damage(text: str, rng: random.Random) -> bytes:
    """One kind of damage a disk, a sync tool or a hand could do."""
    how = rng.randrange(16)
    data = text.encode("utf-8")
    if how == 0:  # cut short (a copy interrupted)
        return data[: rng.randrange(len(data) + 1)]
    if how == 1:  # bytes flipped
        raw = bytearray(data)
        for _ in range(rng.randrange(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if how == 2:
        return rng.choice((b"null", b"[]", b"{}", b"0", b'"save"', b"true", b"", b"\x00" * 64, b"\xef\xbb\xbf{}"))
    if how == 3:  # deeply nested
        depth = rng.choice((30, 1000, 100_000))
        return b'{"state": ' + b"[" * depth + b"]" * depth + b"}"
    if how == 4:  # a number of thousands of digits where a number goes
        return re.sub(rb"\d+", b"9" * rng.choice((30, 4301, 20_000)), data, count=1)
    if how == 5:  # NaN and Infinity
        odd = rng.choice((b"NaN", b"Infinity", b"-Infinity", b"1e999"))
        return re.sub(rb"\d+", odd, data, count=rng.randrange(1, 4))
    if how == 6:  # not UTF-8
        return data.decode("utf-8").encode(rng.choice(("utf-16", "latin-1"))) + b"\xff\xfe"
    if how == 7:  # huge
        return b'{"pad": "' + b"x" * (5 << 20) + b'"}'
    if how == 8:
        return b'{"a": "\\ud800"}'
    value = json.loads(text)
    if how in (9, 10, 11, 12) and isinstance(value, dict):  # one value tampered, nested anywhere
        if "state" in value and isinstance(value["state"], dict) and rng.random() < 0.6:
            value["state"], _what = tamper(value["state"], rng)
        else:
            value, _what = tamper(value, rng)
        return json.dumps(value).encode()
    if how == 13 and isinstance(value, dict):  # a future version
        value["format"] = rng.choice((2, 7, 10**6))
        if rng.random() < 0.5:
            value["written_by"] = "Bolivia 2.3"
        return json.dumps(value).encode()
    if how == 14 and isinstance(value, dict):  # entries of the wrong type where lists of dicts go
        for key in ("results", "melds", "hands", "seat_levels", "setup", "state"):
            if key in value:
                value[key] = rng.choice(ODD_VALUES)
        return json.dumps(value).encode()
    return json.dumps(rng.choice(ODD_VALUES)).encode()


def check_file(kind: str, raw: bytes, folder: Path, rng: random.Random) -> str:
    """Put `raw` in place of `kind` and start: "used" or "set aside"; AssertionError for a defect."""
    path = folder / kind
    path.write_bytes(raw)
    store = Storage(folder)
    try:
        assert store.claim()
        if kind == SAVE_FILE:
            saved = store.load_game() if store.has_save() else None
            if saved is not None:
                play_out_hand(state_from_json(saved.state.to_json()), rng)
                assert saved.levels and len(saved.levels) == saved.state.players
        elif kind == SETTINGS_FILE:
            settings = store.load_settings()
            assert isinstance(settings, Settings)
            store.save_settings(settings)  # what was read can be written back
        else:
            # The end of a game reads, counts and writes the statistics.
            store.record_game(finished_game(), 0, ["human", "normal"])
            assert store.load_stats().played >= 1
        problems = store.take_problems()
        for message in problems:
            assert not RAW_PYTHON.search(message), message
        kept = [p for p in folder.iterdir() if p.name != kind and p.name.startswith(kind.removesuffix(".json"))]
        if problems:
            assert any(p.read_bytes() == raw for p in kept), (problems, [p.name for p in kept])
            return "set aside"
        assert not kept
        return "used"
    finally:
        store.release()
        for p in folder.iterdir():
            p.unlink()


def check_in_game(kind: str, raw: bytes, folder: Path) -> str:
    """The whole game on `raw`: the menu opens and draws (with its notices), Continue plays on from a
    save it offers, and the setup screen reads the settings; "continued" or "menu"."""
    from game.shell.flow import Flow
    from scenes.table import TableScene
    from tests.scene_helpers import FakeClock

    (folder / kind).write_bytes(raw)
    flow = Flow((800, 600), storage=Storage(folder))
    flow.app.clock = FakeClock()
    try:
        flow.start_menu()
        flow.app.run(frames=2)
        menu = flow.app.scenes.current
        for notice in getattr(menu, "notices", []):
            assert not RAW_PYTHON.search(notice.message), notice.message
        if getattr(menu, "on_continue", None) is not None:
            flow.continue_game()
            flow.app.run(frames=3)
            table = flow.table
            assert isinstance(table, TableScene)
            for _ in range(40):  # the computers' moves, animated, saved after each
                table.update(0.5)
                flow.app.run(frames=1)
            return "continued"
        flow.open_setup()
        flow.app.run(frames=2)
        return "menu"
    finally:
        flow.close()
        for p in folder.iterdir():
            p.unlink()


def run(count: int, seed: int, kinds: tuple[str, ...] = KINDS) -> dict[str, dict[str, int]]:
    rng = random.Random(seed)
    tally = {k: {"tried": 0, "used": 0, "set aside": 0, "failed": 0} for k in kinds}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i in range(count):
            for kind in kinds:
                raw = damage(valid_text(kind, rng), rng)
                tally[kind]["tried"] += 1
                try:
                    tally[kind][check_file(kind, raw, folder, rng)] += 1
                except Exception as why:  # noqa: BLE001 - every failure is counted and shown
                    tally[kind]["failed"] += 1
                    print(f"{kind} #{i}: {type(why).__name__}: {str(why)[:300]}", file=sys.stderr)
                    for p in folder.iterdir():
                        p.unlink()
    return tally


def run_in_game(count: int, seed: int) -> dict[str, int]:
    """`count` damaged files of each kind, each opened by the whole game (see check_in_game)."""
    rng = random.Random(seed)
    tally = {"tried": 0, "continued": 0, "menu": 0, "failed": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(count):
            for kind in KINDS:
                tally["tried"] += 1
                text = valid_text(kind, rng)
                raw = text.encode() if rng.random() < 0.3 else damage(text, rng)  # some saves to continue
                try:
                    tally[check_in_game(kind, raw, Path(tmp))] += 1
                except Exception as why:  # noqa: BLE001 - every failure is counted and shown
                    tally["failed"] += 1
                    print(f"in game, {kind} #{i}: {type(why).__name__}: {str(why)[:300]}", file=sys.stderr)
    return tally


def main(argv: list[str]) -> int:
    if any(a.startswith("--") and a != "--in-game" for a in argv):
        return _start_fuzz(argv)
    count = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 1
    start = time.perf_counter()
    if "--in-game" in argv:
        t = run_in_game(count, seed)
        print(f"in game: tried {t['tried']}, continued {t['continued']}, menu {t['menu']}, failed {t['failed']} "
              f"({time.perf_counter() - start:.0f} s)")
        return 1 if t["failed"] else 0
    tally = run(count, seed)
    for kind, t in tally.items():
        print(f"{kind}: tried {t['tried']}, used {t['used']}, set aside {t['set aside']}, failed {t['failed']}")
    print(f"{time.perf_counter() - start:.0f} s")
    return 1 if any(t["failed"] for t in tally.values()) else 0


def _start_fuzz(argv: list[str]) -> int:
    """`--saves N --settings N --stats N --seed S`: the game started on each file (tests/fuzz_start.py)."""
    import argparse

    from tests.fuzz_start import report

    p = argparse.ArgumentParser(prog="python -m tests.file_fuzz")
    for name in ("saves", "settings", "stats"):
        p.add_argument(f"--{name}", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    counts = {SAVE_FILE: args.saves, SETTINGS_FILE: args.settings, STATS_FILE: args.stats}
    return report({k: n for k, n in counts.items() if n > 0}, args.seed)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
