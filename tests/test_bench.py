"""The benchmark's contract: its keys and sane numbers, from a tiny run. No timing is asserted here:
the targets live in the bench (`python -m game bench --check`), not in the tests."""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import subprocess
import sys

import pytest

from game.tools import bench
from game.tools.cli import main as cli_main

KEYS = {"frame_ms", "net_frame_ms", "idle_cpu", "startup_ms", "rss_mb", "rss_growth_mb_per_game", "ai_ms",
        "sim_games_per_s", "records", "rules", "big_hands"}


def _number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) and x >= 0


@pytest.fixture(scope="module")
def report() -> dict:
    """One tiny run through the real command line, shared by the tests below."""
    before = os.environ.get(bench.HOME_ENV)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = cli_main(["bench", "--quick", "--json", "--levels", "greedy,no-such-level"])
    out = buffer.getvalue().strip().splitlines()
    assert code == 0
    assert os.environ.get(bench.HOME_ENV) == before  # the scratch folder is forgotten afterwards
    assert len(out) == 1  # --json: one line and nothing else
    return json.loads(out[0])


def test_the_keys_are_exactly_the_contract(report: dict) -> None:
    assert set(report) == KEYS
    records = report["records"]
    assert set(records) == {"games", "hand_bytes", "game_bytes", "save_text_ms", "replay_game_ms"}
    assert 1000 < records["hand_bytes"]["mean"] <= records["hand_bytes"]["max"] <= records["game_bytes"]["max"]
    assert set(report["frame_ms"]) == {"1280x720", "1366x768", "1920x1080"}
    rules = report["rules"]
    assert set(rules) == {"legal_ms", "legal_ms_30_cards_by_minimum"}
    assert set(rules["legal_ms"]) == {"30"} and set(rules["legal_ms_30_cards_by_minimum"]) == {"90", "120", "150"}
    for timed in [*rules["legal_ms"].values(), *rules["legal_ms_30_cards_by_minimum"].values()]:
        assert set(timed) == {"p50", "max", "moves"} and 0 <= timed["p50"] <= timed["max"] and timed["moves"] >= 1
    assert set(report["startup_ms"]) == {"source", "build"}
    big = report["big_hands"]
    measures = {"move_list", "easy", "normal", "hard", "expert", "hint", "review"}
    assert set(big) == {"positions", "max_cpu_s", "slowest"} and big["positions"] == 2
    assert set(big["max_cpu_s"]) == set(big["slowest"]) == measures
    assert all(_number(big["max_cpu_s"][m]) and "60 cards" in big["slowest"][m] for m in measures)


def test_the_table_over_the_network_is_timed_too(report: dict) -> None:
    """The table of a hosted game (on 127.0.0.1), three computers with the player: frames drawn and timed."""
    net = report["net_frame_ms"]["1920x1080"]
    assert net["frames"] > 0
    assert 0 < net["p50"] <= net["p99"] <= net["max"] < 60_000, net
    assert _number(net["ratio_p50"]) and _number(net["ratio_p99"])


def test_frame_times_are_sane(report: dict) -> None:
    for size, frames in report["frame_ms"].items():
        assert frames["frames"] > 0, size
        assert all(_number(frames[k]) for k in ("p50", "p99", "max")), frames
        assert 0 < frames["p50"] <= frames["p99"] <= frames["max"] < 60_000, frames
        assert _number(frames["cpu_p99"]) and isinstance(frames["pile_taken"], bool)
        floor = frames["floor"]
        assert set(floor) == {"p50", "p99", "max"}, floor
        assert 0 < floor["p50"] <= floor["p99"] <= floor["max"], floor
        # The ratios are the table's frames over the floor's, measured side by side.
        assert frames["ratio_p50"] == pytest.approx(frames["p50"] / floor["p50"], rel=0.05, abs=0.02)
        assert frames["ratio_p99"] == pytest.approx(frames["p99"] / floor["p99"], rel=0.05, abs=0.02)


def test_idle_start_up_and_memory_are_sane(report: dict) -> None:
    idle = report["idle_cpu"]
    assert _number(idle["percent_of_core"]) and idle["percent_of_core"] <= 200  # two threads at most busy
    assert _number(idle["redraws"]) and idle["seconds"] > 0
    assert isinstance(idle["at_rest"], bool) and _number(idle["waited_s"])
    assert idle["busy"] == {} if idle["at_rest"] else idle["busy"], idle  # not at rest: it says why
    assert _number(report["startup_ms"]["source"]) and 0 < report["startup_ms"]["source"] < 60_000
    assert report["startup_ms"]["build"] is None or _number(report["startup_ms"]["build"])
    assert _number(report["rss_mb"]) and 10 < report["rss_mb"] < 10_000
    growth = report["rss_growth_mb_per_game"]
    assert isinstance(growth, float | int) and math.isfinite(growth) and abs(growth) < 1000


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the high-water mark of /proc/self/status")
def test_a_child_reports_its_own_peak_not_its_parents() -> None:
    """The memory child is started by a bench that has grown big: ru_maxrss, kept across exec, said the
    parent's peak; the child's own is far below what the parent holds."""
    held = b"\x01" * (200 << 20)  # written, so resident: this process's peak is above 200 MB
    code = "from game.tools.bench import peak_rss_mb; print(peak_rss_mb())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True,
                          env=dict(os.environ, PYTHONPATH=str(bench.ROOT)))
    assert len(held) == 200 << 20
    child = float(done.stdout.strip())
    assert 1 < child < 100, child


def test_growth_is_the_slope_of_the_readings() -> None:
    assert bench.growth_per_game([150.0, 151.0, 152.0]) == 1.0
    assert bench.growth_per_game([150.0, 160.0, 150.0, 160.0]) == 2.0  # the two ends alone would say 3.3
    assert bench.growth_per_game([150.0, 150.0, 150.0]) == 0.0
    assert bench.growth_per_game([150.0]) is None
    assert bench.growth_per_game([150.0, None]) is None


def test_levels_measured_and_missing_ones_left_out(report: dict) -> None:
    assert set(report["ai_ms"]) == {"greedy"} == set(report["sim_games_per_s"])
    greedy = report["ai_ms"]["greedy"]
    assert _number(greedy["p50"]) and greedy["p50"] <= greedy["p95"] and greedy["decisions"] > 0
    assert _number(report["sim_games_per_s"]["greedy"]) and report["sim_games_per_s"]["greedy"] > 0


def test_a_failing_level_reports_its_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import ai

    def broken(view, legal, rng):
        raise RuntimeError("thinking too hard")

    monkeypatch.setitem(ai.PLAYERS, "broken", broken)
    times, rate = bench.measure_ai(["broken"], 0.1, seed=1)
    assert "thinking too hard" in times["broken"]["error"]
    assert rate == {"broken": None}


def test_default_levels_are_those_that_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import ai

    monkeypatch.setattr(ai, "PLAYERS", {"random": ai.PLAYERS["random"], "easy": ai.PLAYERS["greedy"]})
    times, rate = bench.measure_ai(None, 0.0, seed=1)
    assert set(times) == {"easy"} == set(rate)  # easy / normal / hard when any exists, not the test players


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert bench.percentile(values, 50) == 50
    assert bench.percentile(values, 99) == 99
    assert bench.percentile(values, 100) == 100
    assert bench.percentile([3.0], 99) == 3.0


def test_check_lines_say_what_was_missed(report: dict) -> None:
    lines = bench.check(report)
    assert len(lines) == len(bench.TARGETS)
    assert all(line.split()[0] in ("ok", "MISS", "n/a") for line in lines)
    assert any("n/a" in line for line in bench.check({}))


def test_a_table_that_does_not_rest_in_time_is_measured_and_says_why() -> None:
    bench.headless()
    with bench.scratch_home():
        idle = bench.measure_idle(0.1, seed=1, limit=0.0)  # no time at all to come to rest
    assert idle["at_rest"] is False
    assert _number(idle["percent_of_core"])  # a figure all the same, never null
    assert idle["busy"] and all(0 < share <= 1 for share in idle["busy"].values())
    assert set(idle["busy"]) <= {"thinking", "computers to play", "moving cards", "flourishes", "toasts",
                                 "faces pending", "redrawn", "another screen"}


def test_the_long_hands_are_of_their_size_and_not_melded() -> None:
    from game.rules.cards import RED_THREE, deck_ids
    from game.tools.rules_bench import long_hand

    for size in (30, 48):
        s = long_hand(size, 3, meld_phase=True, score=7000)
        assert len(s.hands[s.turn]) == size and not s.has_melded(s.side_of(s.turn))
        assert s.min_meld(s.side_of(s.turn)) == 150 and not any(RED_THREE[c] for c in s.hands[s.turn])
        assert sorted(s.stock + s.pile + [c for h in s.hands for c in h] + [c for r in s.red_threes for c in r]) == \
            sorted(deck_ids(s.rules.packs, s.rules.jokers))
