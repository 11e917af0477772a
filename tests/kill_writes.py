"""Kill a game while it saves, again and again: the save is always a whole one (the last written or
the one before), and the next start leaves no temporary file behind. Used by
tests/test_kill_during_save.py; a longer run by hand: `python -m tests.kill_writes 200`."""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.keep.storage import Storage

ROOT = Path(__file__).resolve().parent.parent

# The child: a game in the middle of a hand, saved after every "move" the way the table does it
# (in the background), and now and then at once, as on leaving the table; each save numbered by its seed.
CHILD = """
import sys
from game.rules.actions import Deal
from game.rules.state import GameState
from game.keep.saved_game import SavedGame
from game.keep.storage import Storage
store = Storage(sys.argv[1])
assert store.claim()
state = GameState(4, 1)
state.apply(Deal())
print("ready", flush=True)
n = 0
while True:
    n += 1
    saved = SavedGame(state, ["human", "normal", "normal", "normal"], "fast", n)
    if n % 5:
        store.save_game_soon(saved)
    else:
        store.save_game(saved)
"""


def kill_once(folder: Path, rng: random.Random) -> int:
    """One child killed at a random moment of its saving; AssertionError unless the save is whole and
    the next start cleans up. Returns how many temporary files the kill had left."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder)], cwd=ROOT, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.25))
    finally:
        child.kill()  # SIGKILL: no clean-up of any kind runs
        child.wait(30)
    left = len(list(folder.glob(".*.tmp")))
    store = Storage(folder)
    try:
        assert store.claim(), "the killed game's lock was left behind"
        assert not list(folder.glob(".*.tmp")), "a temporary file survived the start"
        if store.has_save():
            saved = store.load_game()
            assert saved is not None, store.take_problems()
            assert saved.seed >= 1
        assert not store.take_problems()
    finally:
        store.release()
    return left


def run(kills: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    tally = {"tried": 0, "whole": 0, "failed": 0, "kills that left a temp file": 0}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for _ in range(kills):
            tally["tried"] += 1
            try:
                left = kill_once(folder, rng)
                tally["whole"] += 1
                tally["kills that left a temp file"] += left > 0
            except AssertionError as why:
                tally["failed"] += 1
                print(f"kill {tally['tried']}: {why}", file=sys.stderr)
    return tally


def main(argv: list[str]) -> int:
    kills = int(argv[0]) if argv else 100
    start = time.perf_counter()
    tally = run(kills, int(argv[1]) if len(argv) > 1 else 1)
    print(f"kills tried {tally['tried']}, save whole and no temp file after the next start {tally['whole']}, "
          f"failed {tally['failed']}; kills that had left a temp file {tally['kills that left a temp file']} "
          f"({time.perf_counter() - start:.0f} s)")
    return 1 if tally["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
