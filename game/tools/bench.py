"""`python -m game bench [--json]`: what a player feels, measured headless on this machine.

The output is a contract; its keys are exactly:

- `frame_ms`: for `"1280x720"`, `"1366x768"` (the commonest laptop screen) and `"1920x1080"`, `p50`, `p99`
  and `max` milliseconds of the frames the table actually drew (an idle frame draws nothing and is not
  counted) during demo play with the real frame clock, from the deal until at least one pile pickup has
  been animated; `frames` is how many were drawn, `pile_taken` whether a pickup was seen, `cpu_p99` the
  99th percentile in CPU time of the frame loop's thread (far below `p99` when other programs kept the processor busy).
  `floor` holds the `p50`, `p99` and `max` milliseconds of the floor frame (`FloorFrame`: the least
  a frame of this table can cost, one blit of a still window-sized picture, the cards moving in that
  frame, one flip), each run right after a table frame over the same moving cards, so that the load
  of the machine hits both alike; `ratio_p50` and `ratio_p99` are the table's over the floor's.
- `idle_cpu`: `percent_of_core` of CPU the whole process used while the table waited for the
  player with nothing moving (and no card faces left to draw ahead), over `seconds`; `redraws` is
  how many frames it drew meanwhile. `at_rest` says whether the table came to rest within the
  bench's limit (`waited_s` is how long it took); if it did not, it is measured as it was and
  `busy` says what kept it busy over the last seconds, as the share of frames each reason held:
  `"thinking"`, `"computers to play"`, `"moving cards"`, `"flourishes"`, `"toasts"`,
  `"faces pending"`, `"redrawn"` (drawn again with none of those) or `"another screen"`.
- `startup_ms`: process start to the first frame of the menu drawn, median of a few runs, for
  `source` (`python -m game`) and `build` (the one-folder executable, null when none is built). From
  source, the game's compiled bytecode is there as an installed game's is (a first run, not counted,
  writes it to a folder thrown away afterwards, never beside the sources), even where
  PYTHONDONTWRITEBYTECODE would have every run compile the whole game again.
- `rss_mb`: peak resident memory of a process playing a whole demo game at 1920x1080.
- `rss_growth_mb_per_game`: how much the resident memory of one session grows a game, over ten
  demo games played one after the other at 1920x1080 (after two that fill the bounded caches): the
  least-squares slope of the memory read as each game-over screen appears.
- `ai_ms`: per computer level, `p50`, `p95` and `max` milliseconds of one decision over whole games.
  `coach` is the table's hint (game/ai/adviser.py `advise`, on its fixed budget): its time is the
  advice's time, over games at two, four and three players in turn.
- `rules`: the move list on long hands (game/tools/rules_bench.py): `legal_ms` by hand size (`"30"`,
  `"40"`, `"48"` cards of a side not yet melded, at the first minimum of 50), each `p50` and `max`
  milliseconds of one list and `moves`, the longest list; `legal_ms_30_cards_by_minimum` the same for
  30 cards at the minimums `"90"`, `"120"` and `"150"`.
- `big_hands`: positions where one seat holds 60, 80 or 100 cards (game/tools/big_hands.py: Bolivia,
  Samba and Standard Canasta at two and four players, as far as the decks allow; the side melded or
  not, at the draw and after it): `max_cpu_s` holds, for `move_list`, `easy`, `normal`, `hard`,
  `expert`, `hint` (the table's hint) and `review` (a review's weighing of one decision), the most CPU
  seconds one took over every position, `slowest` the position it was, `positions` how many there
  were. Every search counts its work (no clock), so none may pass a second.
- `sim_games_per_s`: per level, whole four-player games a second, as `simulate` plays them. A
  searching level (Expert, the coach) plays seat 0 against three Normal players in games to 2,500,
  and its `ai_ms` are its own decisions only (the coach's games are at two, four and three players).

A level that is missing is left out; one that fails reports its `error` instead of numbers.
The targets below are checked by `--check` (exit 1 if one is missed); tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _
from game.tools.frame_timing import FloorFrame, _FastClock, _ms, percentile

if TYPE_CHECKING:
    pass

SIZES = ((1280, 720), (1366, 768), (1920, 1080))
HOME_ENV = "BOLIVIA_HOME"  # where game/keep/folder_files.py finds settings and saves
FRAMES = 1200  # drawn frames timed at each size (20 s of play): the 99th percentile is the 12th worst
LEVELS = ("easy", "normal", "hard", "expert", "coach")
# A searching level is too slow for whole games of four of it: it plays seat 0 against Normal, to the
# smallest target, and only its own decisions are timed.
SEARCHING = {"expert", "coach"}
SEARCH_TARGET = 2500
# The table's hint comes at every table: two players hold the biggest hands, and its slowest advice.
PLAYER_COUNTS = {"coach": (2, 4, 3)}
ROOT = Path(__file__).resolve().parents[2]

# name: (where in the report, limit, what it is)
TARGETS: dict[str, tuple[Callable[[dict], float | None], float, str]] = {
    "frame p50 over the floor's at 1366x768": (lambda r: r["frame_ms"]["1366x768"]["ratio_p50"], 3.0,
                                               "measured side by side"),
    "frame p99 over the floor's at 1366x768": (lambda r: r["frame_ms"]["1366x768"]["ratio_p99"], 4.0,
                                               "measured side by side"),
    "frame p50 over the floor's at 1920x1080": (lambda r: r["frame_ms"]["1920x1080"]["ratio_p50"], 3.0,
                                                "measured side by side"),
    "frame p99 over the floor's at 1920x1080": (lambda r: r["frame_ms"]["1920x1080"]["ratio_p99"], 4.0,
                                                "measured side by side"),
    "frame p99 at 1920x1080 (ms)": (lambda r: r["frame_ms"]["1920x1080"]["p99"], 3.0, "on a quiet machine"),
    "network table: frame p50 over the floor's at 1920x1080": (
        lambda r: r["net_frame_ms"]["1920x1080"]["ratio_p50"], 3.0, "the same target as alone"),
    "network table: frame p99 over the floor's at 1920x1080": (
        lambda r: r["net_frame_ms"]["1920x1080"]["ratio_p99"], 4.0, "the same target as alone"),
    "network table: frame p99 at 1920x1080 (ms)": (lambda r: r["net_frame_ms"]["1920x1080"]["p99"], 3.0,
                                                   "the same target as alone"),
    "idle CPU (% of a core)": (lambda r: r["idle_cpu"]["percent_of_core"], 2.0, "an idle table is not redrawn"),
    "idle table at rest (1 = yes)": (lambda r: 0.0 if r["idle_cpu"]["at_rest"] else 1.0, 0.0,
                                     "it comes to rest: see idle_cpu.busy if not"),
    "start-up from source (ms)": (lambda r: r["startup_ms"]["source"], 1000.0, "to the first frame"),
    "start-up of the build (ms)": (lambda r: r["startup_ms"]["build"], 2000.0, "one-folder build"),
    "coach's advice p95 (ms)": (lambda r: r["ai_ms"].get("coach", {}).get("p95"), 300.0, "the table's hint"),
    "coach's advice max (ms)": (lambda r: r["ai_ms"].get("coach", {}).get("max"), 1000.0, "the table's hint"),
    "peak memory (MB)": (lambda r: r["rss_mb"], 120.0, "over a whole demo game"),
    "memory growth (MB a game)": (lambda r: r["rss_growth_mb_per_game"], 1.0, "a session's memory stays flat"),
    "save's text after a move (ms)": (lambda r: r["records"]["save_text_ms"]["max"], 3.0, "with a whole game's record"),
    "replay of a whole game (ms)": (lambda r: r["records"]["replay_game_ms"]["max"], 100.0, "read and played back"),
    "move list of a 48-card hand (ms)": (lambda r: r["rules"]["legal_ms"]["48"]["max"], 1000.0,
                                         "not yet melded, first minimum 50"),
}
for _measure in ("move_list", "easy", "normal", "hard", "expert", "hint", "review"):
    TARGETS[f"big hands: {_measure}, most CPU (s)"] = (
        lambda r, m=_measure: r["big_hands"]["max_cpu_s"][m], 1.0, "60 to 100 cards in one hand")
GROWTH_GAMES = 10
GROWTH_WARMUP = 2  # games played before the measure starts


def headless() -> None:
    """No window, no sound card: the bench runs the same anywhere."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@contextmanager
def scratch_home() -> Iterator[None]:
    """Settings and saves go to a folder thrown away afterwards: the bench's games (one of them is
    a normal game, saved after every move) never touch the player's own."""
    before = os.environ.get(HOME_ENV)
    with tempfile.TemporaryDirectory(prefix="bolivia-bench-") as folder:
        os.environ[HOME_ENV] = folder
        try:
            yield
        finally:
            if before is None:
                os.environ.pop(HOME_ENV, None)
            else:
                os.environ[HOME_ENV] = before


# ----- frames -------------------------------------------------------------------------------------


def measure_frames(size: tuple[int, int], seed: int, min_frames: int, max_frames: int,
                   need_pickup: bool = True, real_clock: bool = True) -> dict:
    """Time every drawn frame of the demo table (events, update, draw, flip), each followed at once
    by a floor frame over the same moving cards, so that whatever else the machine does hits both."""
    from game.shell.flow import Flow

    flow = Flow(size)
    seen: set[str] = set()
    hooked: set[int] = set()
    floor: FloorFrame | None = None
    try:
        flow.start_demo(4, seed)
        app = flow.app
        if not real_clock:
            app.clock = _FastClock()
        times: list[float] = []
        cpu: list[float] = []  # the same frames in CPU time of the frame loop's thread
        floor_times: list[float] = []
        app.running = True
        dt = 0.0
        for _frame in range(max_frames):
            table = flow.table
            if table is not None and id(table) not in hooked:  # note what the engine said
                hooked.add(id(table))
                apply = table.apply_events
                table.apply_events = lambda events, apply=apply: (
                    seen.update(type(e).__name__ for e in events), apply(events))[1]
            before = app.draws
            start, start_cpu = time.perf_counter(), time.thread_time()
            app.step(dt)
            took, took_cpu = time.perf_counter() - start, time.thread_time() - start_cpu
            if not app.running:
                break
            if app.draws > before and app.scenes.current is flow.table and table is not None:
                if floor is None or floor.screen is not app.screen:
                    floor = FloorFrame(app.screen)  # the first frame drawn whole: the still picture
                else:  # the scoring screens are not timed
                    times.append(took * 1000)
                    cpu.append(took_cpu * 1000)
                    floor_times.append(floor.run(table.picture.cards_in_flight(table.frame()))[0])
            if len(times) >= min_frames and ("PileTaken" in seen or not need_pickup):
                break
            dt = min(0.1, app.clock.tick(app.fps) / 1000.0)
    finally:
        flow.close()
    if not times:
        return {"p50": None, "p99": None, "max": None, "frames": 0, "pile_taken": False, "cpu_p99": None,
                "floor": {"p50": None, "p99": None, "max": None}, "ratio_p50": None, "ratio_p99": None}
    p50, p99 = percentile(times, 50), percentile(times, 99)
    f50, f99 = percentile(floor_times, 50), percentile(floor_times, 99)
    return {"p50": _ms(p50), "p99": _ms(p99), "max": _ms(max(times)),
            "frames": len(times), "pile_taken": "PileTaken" in seen, "cpu_p99": _ms(percentile(cpu, 99)),
            "floor": {"p50": round(f50, 3), "p99": round(f99, 3), "max": round(max(floor_times), 3)},
            "ratio_p50": round(p50 / f50, 2) if f50 > 0 else None,
            "ratio_p99": round(p99 / f99, 2) if f99 > 0 else None}


# ----- idle ---------------------------------------------------------------------------------------

def busy_reasons(app, table) -> list[str]:
    """What keeps the table from resting now (nothing: it waits for the player with nothing to do)."""
    if table is None or app.scenes.current is not table:
        return ["another screen"]
    reasons = []
    if not table.controller.human_to_act:
        reasons.append("thinking" if table.controller.thinking else "computers to play")
    if not table.tweener.idle:
        reasons.append("moving cards")
    if table.flourishes.items:
        reasons.append("flourishes")
    if table.toasts.items:
        reasons.append("toasts")
    if table.cards.faces_pending:
        reasons.append("faces pending")
    return reasons


def measure_idle(seconds: float, seed: int, settle: float = 0.5, limit: float = 60.0) -> dict:
    """CPU of the whole process while the table waits for the player and nothing moves. A table that
    does not come to rest within `limit` seconds is measured as it is, and `busy` says what kept it."""
    from game.shell.flow import Flow

    flow = Flow((1280, 720))
    try:
        flow.start_game(4, seed, "easy", speed="instant")
        app = flow.app
        app.running = True
        dt = 0.0
        quiet_since: float | None = None
        recent: list[tuple[float, list[str]]] = []  # (when, what kept the table busy) over the last frames
        start = time.monotonic()
        deadline = start + limit
        at_rest = False
        while True:  # play on until it is the player's turn, and all is still (one frame at least)
            drew = app.draws
            app.step(dt)
            dt = min(0.1, app.clock.tick(app.fps) / 1000.0)
            # At rest: the player to act, nothing moving, and no faces left to draw ahead (a bounded job
            # that spare frames finish soon after each move; see FaceKeeper.draw_ahead).
            reasons = busy_reasons(app, flow.table)
            if app.draws != drew and not reasons:
                reasons = ["redrawn"]  # drawn again with nothing to show: a defect to find
            now = time.monotonic()
            recent.append((now, reasons))
            if reasons:
                quiet_since = None
            elif quiet_since is None:
                quiet_since = now
            elif now - quiet_since >= settle:
                at_rest = True
                break
            if now >= deadline:
                break
        waited = time.monotonic() - start
        busy: dict[str, float] = {}
        if not at_rest:  # what kept it busy over the last seconds of the wait, as a share of those frames
            last = [r for when, r in recent if when >= recent[-1][0] - 5.0] if recent else []
            for reasons in last:
                for reason in reasons:
                    busy[reason] = busy.get(reason, 0) + 1
            busy = {k: round(v / len(last), 2) for k, v in sorted(busy.items(), key=lambda kv: -kv[1])}
        draws = app.draws
        cpu, wall = time.process_time(), time.perf_counter()
        while time.perf_counter() - wall < seconds:
            app.step(dt)
            dt = min(0.1, app.clock.tick(app.fps) / 1000.0)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        return {"percent_of_core": round(100 * cpu / wall, 2), "seconds": round(wall, 2),
                "redraws": app.draws - draws, "at_rest": at_rest, "waited_s": round(waited, 2), "busy": busy}
    finally:
        flow.close()


# ----- start-up and memory: whole processes -------------------------------------------------------

def game_command() -> list[str]:
    """How to start this game as a new process (the executable itself when frozen)."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "game"]


def built_executable() -> Path | None:
    """The one-folder build next to the sources, if one was made (`pyinstaller build.spec`)."""
    name = "bolivia.exe" if sys.platform == "win32" else "bolivia"
    for path in (ROOT / "dist" / "bolivia" / name, ROOT / "dist" / "bolivia.app" / "Contents" / "MacOS" / "bolivia"):
        if path.is_file():
            return path
    return None


def _child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(extra)
    return env


def measure_startup(command: list[str], runs: int) -> float | None:
    """Median milliseconds from starting the process to its first frame on screen (the menu)."""
    from game.keep.logs import FIRST_FRAME_ENV

    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(-1, runs):  # run -1 compiles the bytecode: not counted
            stamp = Path(tmp) / f"first-frame-{i}"
            env = _child_env(**{FIRST_FRAME_ENV: str(stamp), "PYTHONPYCACHEPREFIX": str(Path(tmp) / "bytecode")})
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            start = time.time()
            try:
                subprocess.run([*command, "--frames", "1"], env=env, cwd=ROOT, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=False)
                if i >= 0:
                    results.append((float(stamp.read_text(encoding="utf-8")) - start) * 1000)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                continue
    return _ms(statistics.median(results)) if results else None


def peak_rss_mb() -> float | None:
    """This process's peak resident memory so far, in MB (None where it cannot be read).

    On Linux the process's own high-water mark (VmHWM): `ru_maxrss` is kept across exec, so a child
    started by a process that had grown to 140 MB says 140 MB however little it used itself (the
    bench's memory child, started after the frame measures, reported the bench's own peak)."""
    own = _status_mb("VmHWM")
    if own is not None:
        return own
    try:
        import resource
    except ImportError:
        return _peak_rss_windows()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1 << 20) if sys.platform == "darwin" else peak / 1024, 1)  # bytes on macOS, KiB else


def _status_mb(field: str) -> float | None:
    """A line of /proc/self/status in MB (Linux), or None."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return round(int(line.split()[1]) / 1024, 1)  # kB
    except (OSError, ValueError, IndexError):
        pass
    return None


def _peak_rss_windows() -> float | None:
    try:
        import ctypes
        from ctypes import wintypes

        class Counters(ctypes.Structure):
            _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD),
                        ("PeakWorkingSetSize", ctypes.c_size_t), ("WorkingSetSize", ctypes.c_size_t),
                        ("QuotaPeakPagedPoolUsage", ctypes.c_size_t), ("QuotaPagedPoolUsage", ctypes.c_size_t),
                        ("QuotaPeakNonPagedPoolUsage", ctypes.c_size_t),
                        ("QuotaNonPagedPoolUsage", ctypes.c_size_t), ("PagefileUsage", ctypes.c_size_t),
                        ("PeakPagefileUsage", ctypes.c_size_t)]

        counters = Counters()
        counters.cb = ctypes.sizeof(counters)
        process = ctypes.windll.kernel32.GetCurrentProcess()
        if not ctypes.windll.psapi.GetProcessMemoryInfo(process, ctypes.byref(counters), counters.cb):
            return None
        return round(counters.PeakWorkingSetSize / (1 << 20), 1)
    except (AttributeError, OSError):
        return None


def current_rss_mb() -> float | None:
    """This process's resident memory now, in MB (None where it cannot be read)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return round(int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20), 1)
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    if sys.platform == "win32":
        return _rss_windows()
    try:  # macOS: ps knows it
        done = subprocess.run(["ps", "-o", "rss=", "-p", str(os.getpid())], capture_output=True, text=True,
                              timeout=10, check=False)
        return round(int(done.stdout.strip()) / 1024, 1)
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return None


def _rss_windows() -> float | None:
    try:
        import ctypes
        from ctypes import wintypes

        class Counters(ctypes.Structure):
            _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD),
                        ("PeakWorkingSetSize", ctypes.c_size_t), ("WorkingSetSize", ctypes.c_size_t)]

        counters = Counters()
        counters.cb = ctypes.sizeof(counters)
        process = ctypes.windll.kernel32.GetCurrentProcess()
        if not ctypes.windll.psapi.GetProcessMemoryInfo(process, ctypes.byref(counters), counters.cb):
            return None
        return round(counters.WorkingSetSize / (1 << 20), 1)
    except (AttributeError, OSError):
        return None


def play_demo_session(size: tuple[int, int], seed: int, games: int, max_frames: int | None = None) -> dict:
    """Demo games one after another in one session, as a player's evening goes: table, scoring
    screens, game over, the next game. Resident memory is read as each game-over screen appears."""
    from game.shell.flow import Flow
    from scenes.game_over import GameOverScene

    flow = Flow(size)
    after: list[float | None] = []
    frames = 0
    try:
        flow.start_demo(4, seed)
        app = flow.app
        app.clock = _FastClock()
        app.running = True
        table = None
        seen = None
        while app.running and len(after) < games:
            if flow.table is not None and flow.table is not table:
                table = flow.table
                table.tweener.speed = "instant"
            app.step(1 / 60)
            frames += 1
            scene = app.scenes.current
            if isinstance(scene, GameOverScene) and scene is not seen:
                seen = scene
                after.append(current_rss_mb())
            elif max_frames is not None and frames >= max_frames * (len(after) + 1):
                after.append(current_rss_mb())  # a quick run: a slice of a game stands for a game
                flow.start_demo(4, seed + len(after))
    finally:
        flow.close()
    return {"rss_after_game": after, "frames": frames}


def growth_per_game(after: list[float | None]) -> float | None:
    """MB a game: the least-squares slope of the readings (one a game), so that the few MB a reading
    wavers by (where the allocator happens to stand) weigh less than they would at the two ends."""
    if len(after) < 2 or any(v is None for v in after):
        return None
    n = len(after)
    mean_x, mean_y = (n - 1) / 2, sum(after) / n  # type: ignore[arg-type]
    slope = sum((i - mean_x) * (y - mean_y) for i, y in enumerate(after)) / sum((i - mean_x) ** 2 for i in range(n))
    return round(slope, 2)


def measure_rss_growth(seed: int, games: int, max_frames: int | None, command: list[str]) -> float | None:
    """`rss_growth_mb_per_game`, in a fresh process; the first games fill the caches (fonts, text,
    panels: bounded, each full after a game or two) and are not counted."""
    args = [*command, "bench", "--child-growth", "--seed", str(seed), "--child-games", str(games + GROWTH_WARMUP)]
    if max_frames is not None:
        args += ["--child-frames", str(max_frames)]
    try:
        done = subprocess.run(args, env=_child_env(), cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=3600, check=False)
        after = json.loads(done.stdout.strip().splitlines()[-1])["rss_after_game"]
    except (OSError, ValueError, IndexError, KeyError, subprocess.TimeoutExpired):
        return None
    return growth_per_game(after[GROWTH_WARMUP:])


def play_demo_game(size: tuple[int, int], seed: int, max_frames: int | None = None) -> dict:
    """Play one whole demo game as the memory child does: frames back to back, and the cards jump
    home instead of flying (every move is still drawn, the game just takes fewer frames)."""
    from game.rules.state import Phase
    from game.shell.flow import Flow

    flow = Flow(size)
    frames = 0
    table = None
    try:
        flow.start_demo(4, seed)
        app = flow.app
        app.clock = _FastClock()
        app.running = True
        while app.running and (max_frames is None or frames < max_frames):
            if flow.table is not None and flow.table is not table:
                table = flow.table
                table.tweener.speed = "instant"
            app.step(1 / 60)
            frames += 1
            if table is not None and table.state.phase == Phase.GAME_OVER:
                break
    finally:
        flow.close()
    return {"frames": frames, "hands": table.state.hand_no if table is not None else 0}


def measure_rss(seed: int, max_frames: int | None, command: list[str]) -> float | None:
    """Peak memory of a fresh process that plays a whole demo game at the larger size."""
    args = [*command, "bench", "--child-rss", "--seed", str(seed)]
    if max_frames is not None:
        args += ["--child-frames", str(max_frames)]
    try:
        done = subprocess.run(args, env=_child_env(), cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=1800, check=False)
        return json.loads(done.stdout.strip().splitlines()[-1])["rss_mb"]
    except (OSError, ValueError, IndexError, KeyError, subprocess.TimeoutExpired):
        return None


# ----- computer players ---------------------------------------------------------------------------

def measure_level(chooser: Callable, seconds: float, seed: int, searching: bool = False,
                  players: tuple[int, ...] = (4,)) -> tuple[dict, float | None]:
    """Whole games (rules checked, as `simulate` does) for about `seconds`, at least one, at each count of
    `players` in turn. `searching`: the level at seat 0 against Normal, games to SEARCH_TARGET, its own
    decisions timed."""
    from game.ai import PLAYERS
    from game.rules.state import GameState
    from game.tools.cli import play_game

    target = SEARCH_TARGET if searching else None

    decisions: list[float] = []
    games = 0
    start = time.perf_counter()
    try:
        while games == 0 or time.perf_counter() - start < seconds:
            n = players[games % len(players)]
            choosers = [chooser] + [PLAYERS["normal"] if searching else chooser] * (n - 1)
            state = GameState(n, seed * 1_000_003 + games, target=target)
            result = play_game(state, choosers, random.Random(f"{seed}:{games}:players"),
                               on_decision=lambda seat, took, _st, _a: (seat == 0 or not searching)
                               and decisions.append(took * 1000))
            if result["error"]:
                raise RuntimeError(result["error"])
            games += 1
    except Exception as why:  # a level being written may still fail: say so, measure the others
        return {"error": f"{type(why).__name__}: {why}"}, None
    took = time.perf_counter() - start
    times = {"p50": round(percentile(decisions, 50), 3), "p95": round(percentile(decisions, 95), 3),
             "max": round(max(decisions), 3), "decisions": len(decisions)}
    return times, round(games / took, 2)


def measure_ai(levels: list[str] | None, seconds: float, seed: int) -> tuple[dict, dict]:
    from game.ai import PLAYERS

    names = levels if levels is not None else [n for n in LEVELS if n in PLAYERS] or list(PLAYERS)
    ai_ms: dict = {}
    rate: dict = {}
    for name in names:
        chooser = PLAYERS.get(name)
        if chooser is None:
            continue
        counts = PLAYER_COUNTS.get(name, (4,))
        ai_ms[name], rate[name] = measure_level(chooser, seconds, seed, name in SEARCHING, counts)
    return ai_ms, rate


# ----- the whole bench ----------------------------------------------------------------------------

def run_bench(quick: bool = False, seed: int = 1, exe: Path | None = None, levels: list[str] | None = None,
              progress: Callable[[str], None] | None = None) -> dict:
    """Every measure, in the contract's shape. `quick` is a tiny run for tests (numbers only sane)."""
    headless()
    with scratch_home():
        return _run_bench(quick, seed, exe, levels, progress or (lambda _text: None))


def _run_bench(quick: bool, seed: int, exe: Path | None, levels: list[str] | None,
               say: Callable[[str], None]) -> dict:
    report: dict = {"frame_ms": {}}
    for size in SIZES:
        key = f"{size[0]}x{size[1]}"
        say(f"frames at {key}")
        if quick:
            report["frame_ms"][key] = measure_frames(size, seed, 20, 40, need_pickup=False, real_clock=False)
        else:
            report["frame_ms"][key] = measure_frames(size, seed, FRAMES, 10 * FRAMES)
    from game.tools.net_bench import measure_net_frames

    key = f"{SIZES[-1][0]}x{SIZES[-1][1]}"
    say(f"frames at the table over the network at {key}")
    report["net_frame_ms"] = {key: measure_net_frames(SIZES[-1], seed, 20, 400, real_clock=False) if quick
                              else measure_net_frames(SIZES[-1], seed, FRAMES, 10 * FRAMES)}
    say("idle table")
    report["idle_cpu"] = measure_idle(0.5 if quick else 5.0, seed)
    say("start-up")
    runs = 1 if quick else 5
    frozen = getattr(sys, "frozen", False)
    exe = exe if exe is not None else (Path(sys.executable) if frozen else built_executable())
    report["startup_ms"] = {
        "source": None if frozen else measure_startup(game_command(), runs),
        "build": measure_startup([str(exe)], runs) if exe is not None else None,
    }
    say("memory over a demo game")
    report["rss_mb"] = measure_rss(seed, 60 if quick else None, game_command())
    say("memory over a session of demo games")
    report["rss_growth_mb_per_game"] = measure_rss_growth(seed, 2 if quick else GROWTH_GAMES,
                                                          30 if quick else None, game_command())
    say("records")
    from game.tools.record_bench import measure_records

    report["records"] = measure_records(2 if quick else 20, seed)
    say("move lists of long hands")
    from game.tools.rules_bench import SIZES as HAND_SIZES
    from game.tools.rules_bench import measure_rules

    report["rules"] = measure_rules(1 if quick else 6, seed, (30,) if quick else HAND_SIZES)
    say("computer players")
    report["ai_ms"], report["sim_games_per_s"] = measure_ai(levels, 0.2 if quick else 8.0, seed)
    say("big hands")
    from game.tools.big_hands import measure_big_hands

    report["big_hands"] = measure_big_hands(quick)
    return report


def check(report: dict) -> list[str]:
    """One line per target: what was measured against the limit."""
    lines = []
    for name, (get, limit, why) in TARGETS.items():
        try:
            value = get(report)
        except (KeyError, TypeError):
            value = None
        verdict = "n/a " if value is None else ("ok  " if value <= limit else "MISS")
        lines.append(f"{verdict} {name}: {value} (target <= {limit:g}, {why})")
    return lines


def cmd_bench(args: argparse.Namespace) -> int:
    headless()
    if args.child_rss:  # the memory child: one whole demo game, then its peak
        with scratch_home():
            played = play_demo_game(SIZES[-1], args.seed, args.child_frames)
        print(json.dumps({"rss_mb": peak_rss_mb(), **played}))
        return 0
    if args.child_growth:  # the session child: games one after another, memory after each
        with scratch_home():
            session = play_demo_session(SIZES[-1], args.seed, args.child_games, args.child_frames)
        print(json.dumps(session))
        return 0
    levels = [n.strip() for n in args.levels.split(",") if n.strip()] if args.levels else None
    progress = None if args.json else (lambda text: print(f"... {text}", file=sys.stderr, flush=True))
    report = run_bench(args.quick, args.seed, args.exe, levels, progress)
    lines = check(report)
    if args.json:
        print(json.dumps(report))
    else:
        print(json.dumps(report, indent=2))
        print("\n".join(lines))
    return 1 if args.check and any(line.startswith("MISS") for line in lines) else 0


def register(subparsers, name: str) -> None:
    p = subparsers.add_parser(name, help=_("measure what players feel: frames, idle CPU, start-up, memory, AI"))
    p.add_argument("--json", action="store_true", help=_("one line of JSON, nothing else"))
    p.add_argument("--quick", action="store_true", help=_("a tiny run in a few seconds (numbers only sane)"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--exe", type=Path, default=None, help=_("a built executable to time (default: dist/bolivia)"))
    p.add_argument("--levels", default=None, help=_("computer levels to measure, comma-separated (default: all)"))
    p.add_argument("--check", action="store_true", help=_("exit 1 if a target is missed"))
    p.add_argument("--child-rss", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--child-frames", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--child-growth", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--child-games", type=int, default=GROWTH_GAMES + GROWTH_WARMUP, help=argparse.SUPPRESS)
    p.set_defaults(run=cmd_bench)
