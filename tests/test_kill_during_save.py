"""A real game process killed while it saves: the save is whole (old or new, never half), the lock is
gone with the process, and the next start removes the temporary file the kill left."""

from __future__ import annotations

import random
from pathlib import Path

from tests.kill_writes import kill_once


def test_kills_during_autosave_never_leave_half_a_save(tmp_path: Path) -> None:
    rng = random.Random(3)
    kills = caught_mid_write = 0
    while kills < 6 or (caught_mid_write == 0 and kills < 25):  # until one kill lands inside a write
        caught_mid_write += kill_once(tmp_path, rng) > 0
        kills += 1
    assert caught_mid_write > 0, "no kill landed during a write: the test proved nothing"
