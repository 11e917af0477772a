"""`python -m game table-bench [--url URL] --tables N [--hands H] [--level LEVEL] [--seed S] --json`: load on
the table server. Starts a server of its own (or uses --url), seats N tables of four headless clients,
starts them all at once and plays H hands at full speed; prints one line of JSON:

  tables, moves, errors, latency_ms {p50, p99, max} (a move sent to its state received), moves_per_s,
  server_cpu_per_move_ms (the server process's CPU over the moves, all its threads; split into
  server_user_ms_per_move and server_system_ms_per_move, the kernel's part: sockets, files),
  engine_cpu_per_move_ms (the same moves played by the engine alone, in this run, from the tables the
  server saved: each move applied and the legal moves of the seat to act listed, as the server must for
  every state it sends: the floor), engine_apply_only_ms (the moves applied alone), server_rss_mb (at
  the end), server_peak_rss_mb.

Server CPU and memory are read from /proc (Linux); elsewhere, or with --url, they are null.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.i18n import _

CONNECT_AT_ONCE = 50  # connections opened together while seating (the server's accept queue)


class ServerProcess:
    """`python -m game serve` in a child process, on a free port of 127.0.0.1."""

    def __init__(self, folder: Path, seat_timeout: float = 3600.0, extra: list[str] | None = None) -> None:
        self.folder = folder
        # Its warnings go to a file: a pipe nobody reads would stop the server once full.
        self.log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--port", "0", "--folder", str(folder), "--seat-timeout",
             str(seat_timeout), *(extra or [])],
            stdout=subprocess.PIPE, stderr=self.log, text=True, env=_child_env())
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        try:
            self.url = json.loads(line)["listening"]
        except (ValueError, KeyError, TypeError):
            self.proc.kill()
            raise RuntimeError("the server did not start: " + self.errors()) from None

    def errors(self) -> str:
        """What the server wrote on stderr so far."""
        self.log.flush()
        self.log.seek(0)
        text = self.log.read()
        self.log.seek(0, 2)
        return text

    def cpu_seconds(self) -> float | None:
        both = self.cpu_split()
        return None if both is None else both[0] + both[1]

    def cpu_split(self) -> tuple[float, float] | None:
        """The process's CPU so far, all its threads: (in Python and its libraries, in the system's kernel
        for it: sockets, files, waking up)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick

    def rss_mb(self, key: str = "VmRSS") -> float | None:
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith(key + ":"):
                    return round(int(line.split()[1]) / 1024, 1)
        except OSError:
            pass
        return None

    def stop(self, sig: str = "term") -> int:
        if self.proc.poll() is None:
            if sig == "kill":
                self.proc.kill()
            else:
                self.proc.terminate()
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()

    def alive(self) -> bool:
        return self.proc.poll() is None


def _child_env() -> dict[str, str]:
    """The child imports the same `game` as this process, from wherever it was found."""
    root = str(Path(__file__).resolve().parent.parent.parent)
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": root + (os.pathsep + path if path else "")}


async def seat_tables(url: str, tables: int, players: int = 4) -> list[list]:
    """`tables` tables of `players` headless clients each, seated, not started."""
    from game.net.client import TableClient

    async def one(i: int) -> list:
        first = await TableClient.connect(url, open_timeout=60)
        seated = await first.create(players=players, name="South")
        if seated.get("type") != "seated":
            raise RuntimeError(f"create refused: {seated}")
        clients = [first]
        for name in ("West", "North", "East")[:players - 1]:
            c = await TableClient.connect(url, open_timeout=60)
            await c.join(seated["table"], name=name)
            clients.append(c)
        return clients

    out: list[list] = []
    for start in range(0, tables, CONNECT_AT_ONCE // players or 1):
        out += await asyncio.gather(*(one(i) for i in range(start, min(tables, start + CONNECT_AT_ONCE // players
                                                                             or 1))))
    return out


async def play_timed(client, player, hands: int, latencies: list[float], counts: dict, timeout: float = 120.0) -> None:
    """Play a seat for `hands` hands, timing each move from sending it to its state coming back."""
    sent: float | None = None
    done_hands = 0
    try:
        while True:
            msg = await client.recv(timeout)
            now = time.perf_counter()
            kind = msg.get("type")
            if kind == "state":
                if sent is not None:
                    latencies.append(now - sent)
                    sent = None
                if msg["legal"] and msg["to_act"] == msg["seat"]:
                    await client.move(player.choose(msg))
                    sent = time.perf_counter()
                    counts["moves"] += 1
            elif kind in ("refused", "error"):
                counts["errors"] += 1
                sent = None
                last = client.state
                if last is not None and last["legal"] and last["to_act"] == last["seat"]:
                    await client.move(last["legal"][0])
                    sent = time.perf_counter()
            elif kind == "hand_over":
                done_hands += 1
                if done_hands >= hands:
                    return
            elif kind == "game_over":
                return
    except Exception:  # a timeout or a closed connection: an error of the run, not of the bench
        counts["errors"] += 1


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def engine_floor(folder: Path) -> tuple[float | None, float | None, int]:
    """CPU ms a move of the engine alone over the saved tables' hands: (applied and the next legal moves
    listed, applied alone, moves)."""
    from game.net.table_files import read_table
    from game.rules.actions import Deal, action_from_json
    from game.rules.legal import legal_actions
    from game.rules.record import start_of

    games = []
    for path in sorted((folder / "tables").glob("*.json")):
        try:
            games.append(read_table(path).record)
        except (ValueError, OSError):
            continue
    moves = 0
    both = apply_only = 0.0
    for record in games:
        for hand in record.hands:
            actions = [action_from_json(m) for _s, m in hand.moves]
            for with_legal in (True, False):
                s = start_of(record, hand)
                t = time.process_time()
                s.apply(Deal(hand.deck))
                for a in actions:
                    s.apply(a)
                    if with_legal and s.phase.value in ("draw", "meld", "answer"):
                        legal_actions(s)
                spent = time.process_time() - t
                if with_legal:
                    both += spent
                    moves += len(actions)
                else:
                    apply_only += spent
    if not moves:
        return None, None, 0
    return round(both * 1000 / moves, 3), round(apply_only * 1000 / moves, 3), moves


async def run_bench(url: str, tables: int, hands: int, level: str, seed: int, server: ServerProcess | None) -> dict:
    from game.net.client import SeatPlayer

    clients = await seat_tables(url, tables)
    latencies: list[float] = []
    counts = {"moves": 0, "errors": 0}
    cpu0 = server.cpu_split() if server else None
    start = time.perf_counter()
    for table in clients:
        await table[0].start("random")
    await asyncio.gather(*(play_timed(c, SeatPlayer(level, seed=seed * 7919 + i * 4 + s), hands, latencies, counts)
                           for i, table in enumerate(clients) for s, c in enumerate(table)))
    wall = time.perf_counter() - start
    cpu1 = server.cpu_split() if server else None
    rss = server.rss_mb() if server else None
    peak = server.rss_mb("VmHWM") if server else None
    await asyncio.gather(*(c.close() for table in clients for c in table), return_exceptions=True)
    moves = counts["moves"]
    ms = [x * 1000 for x in latencies]
    user = system = cpu = None
    if cpu0 is not None and cpu1 is not None:
        user, system = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
        cpu = user + system
    return {
        "tables": tables, "connections": tables * 4, "hands": hands, "level": level, "moves": moves,
        "errors": counts["errors"],
        "latency_ms": {"p50": _round(percentile(ms, 50)), "p99": _round(percentile(ms, 99)),
                       "max": _round(max(ms, default=None))},
        "moves_per_s": round(moves / wall, 1) if wall else None, "seconds": round(wall, 2),
        "server_cpu_per_move_ms": round(cpu * 1000 / moves, 3) if cpu is not None and moves else None,
        "server_user_ms_per_move": round(user * 1000 / moves, 3) if user is not None and moves else None,
        "server_system_ms_per_move": round(system * 1000 / moves, 3) if system is not None and moves else None,
        "server_rss_mb": rss, "server_peak_rss_mb": peak,
    }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def cmd_table_bench(args) -> int:
    from game.net.client import SIMPLE
    from game.tools.cli import BadInput

    if not 1 <= args.tables <= 10_000:
        raise BadInput(_("--tables is a number from 1 to 10000"))
    if not 1 <= args.hands <= 60:
        raise BadInput(_("--hands is a number from 1 to 60"))
    if args.level not in SIMPLE:
        from game.ai import PLAYERS

        if args.level not in PLAYERS:
            raise BadInput(_("unknown level {level}: choose first, random or {names}").format(
                level=args.level, names=", ".join(PLAYERS)))
    if args.url is not None and not args.url.startswith("ws://"):
        raise BadInput(_("--url is a ws:// address, like ws://127.0.0.1:8765"))
    server = None
    folder_holder = None
    if args.url is None:
        if args.folder:
            folder = Path(args.folder)
        else:
            folder_holder = tempfile.TemporaryDirectory(prefix="table-bench-")
            folder = Path(folder_holder.name)
        server = ServerProcess(folder)
    try:
        result = asyncio.run(run_bench(args.url or server.url, args.tables, args.hands, args.level, args.seed, server))
        if server is not None:
            server.stop()
            per_move, apply_only, replayed = engine_floor(server.folder)
            result.update(engine_cpu_per_move_ms=per_move, engine_apply_only_ms=apply_only, engine_moves=replayed)
            if per_move and result["server_cpu_per_move_ms"]:
                result["server_over_engine"] = round(result["server_cpu_per_move_ms"] / per_move, 2)
        else:
            result.update(engine_cpu_per_move_ms=None, engine_apply_only_ms=None)
    finally:
        if server is not None:
            server.stop()
        if folder_holder is not None:
            folder_holder.cleanup()
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))
    return 1 if result["errors"] else 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("load on the table server: tables of four headless clients at full speed"))
    p.add_argument("--url", default=None, help=_("a server already running (default: start one)"))
    p.add_argument("--tables", type=int, required=True)
    p.add_argument("--hands", type=int, default=1)
    p.add_argument("--level", default="first", help=_("first, random, or a level of the game"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--folder", default=None,
                   help=_("where the bench's server saves its tables (default: a temporary folder)"))
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))
    p.set_defaults(run=cmd_table_bench)
