"""`python -m game table-faults [--clients 200] [--kills 50] [--frames 1000] [--seed S] [--json]`: the table
server under faults, against servers of its own (python -m game serve, in a child process):

- clients: tables of four headless clients; each client is cut off once (the connection dropped without a
  goodbye) at a random move, on its turn or just after sending a move, and comes back with its token.
  Counts seats lost (a token refused) and states differing from the server's (the resumed state against
  the one the table's file holds at that version).
- kills: tables of four play; the server is killed (SIGKILL) at a random moment, restarted on the same
  folder, and every client resumes: counts tables back, and tables whose state differs from the last one
  saved (each seat's state after the restart against the saved table's, byte for byte).
- frames: N hostile frames of each kind (malformed JSON, unknown type, out of turn, for another seat,
  oversize, flood, silent connections) while a table plays on: counts server crashes, its internal
  errors, and whether the playing table noticed (an error, or a stall).
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from pathlib import Path

from game.i18n import _

LEVEL = "first"


def _strip(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "events"}


def _saved_state(folder: Path, code: str, seat: int) -> dict | None:
    from game.net.table_files import read_table

    try:
        return read_table(folder / "tables" / f"{code}.json").full_state(seat)
    except (ValueError, OSError):
        return None


# ----- clients cut off ----------------------------------------------------------------------------


async def client_cuts(clients: int, seed: int) -> dict:
    from game.net.client import SeatPlayer, TableClient
    from game.tools.table_bench import ServerProcess, seat_tables

    rng = random.Random(f"{seed}:cuts")
    with tempfile.TemporaryDirectory(prefix="table-faults-") as name:
        folder = Path(name)
        server = ServerProcess(folder)
        result = {"clients": 0, "cut": 0, "seats_lost": 0, "states_compared": 0, "states_differing": 0,
                  "errors": 0}
        try:
            tables = await seat_tables(server.url, max(1, clients // 4))
            result["clients"] = 4 * len(tables)

            async def seat(client, cut_at: int, after_send: bool) -> None:
                player = SeatPlayer(LEVEL, seed=rng.randrange(1 << 30))
                moves = 0
                cut = False
                while True:
                    msg = await client.recv(60)
                    kind = msg["type"]
                    if kind in ("refused", "error"):
                        result["errors"] += 1
                    if kind == "hand_over":
                        return
                    if kind != "state" or not msg["legal"] or msg["to_act"] != msg["seat"]:
                        continue
                    if not cut and moves == cut_at:
                        cut = True
                        if after_send:
                            await client.move(player.choose(msg))
                            moves += 1
                        client.ws.transport.abort()  # the network drops: no closing handshake
                        result["cut"] += 1
                        await asyncio.sleep(rng.uniform(0, 0.05))
                        back = await TableClient.connect(server.url)
                        seated = await back.resume(client.table, client.token)
                        if seated.get("type") != "seated":
                            result["seats_lost"] += 1
                            return
                        back.token = client.token
                        client = back
                        msg = await client.until("state", timeout=30)
                        truth = _saved_state(folder, client.table, client.seat)
                        if truth is not None and truth["version"] == msg["version"]:
                            result["states_compared"] += 1
                            result["states_differing"] += _strip(truth) != _strip(msg)
                        elif not after_send:
                            result["states_compared"] += 1
                            result["states_differing"] += 1  # the table cannot have moved: it waited for us
                        if not msg["legal"]:
                            continue
                    await client.move(player.choose(msg))
                    moves += 1

            for table in tables:
                await table[0].start("random")
            await asyncio.gather(*(seat(c, rng.randrange(0, 12), rng.random() < 0.5)
                                   for table in tables for c in table))
        finally:
            server.stop()
        return result


# ----- the server killed --------------------------------------------------------------------------


async def server_kills(kills: int, tables: int, seed: int) -> dict:
    from game.net.client import SeatPlayer, TableClient
    from game.tools.table_bench import ServerProcess, seat_tables

    rng = random.Random(f"{seed}:kills")
    # tables_back counts each table at each restart: kills × tables when every one came back
    result = {"kills": 0, "tables": tables, "tables_back": 0, "tables_differing": 0, "seats_lost": 0, "moves": 0,
              "behind_a_client": 0}
    with tempfile.TemporaryDirectory(prefix="table-faults-") as name:
        folder = Path(name)
        server = ServerProcess(folder)
        try:
            seated = await seat_tables(server.url, tables)
            for table in seated:
                await table[0].start("random")
            clients = [c for table in seated for c in table]

            async def play(client, player) -> None:
                msg = client.state or {}  # after a restart: the resumed state may ask this seat to act
                while True:
                    if msg.get("type") == "state" and msg["legal"] and msg["to_act"] == msg["seat"]:
                        await client.move(player.choose(msg))
                        result["moves"] += 1
                    msg = await client.recv()

            players = [SeatPlayer(LEVEL, seed=i) for i in range(len(clients))]
            for _k in range(kills):
                tasks = [asyncio.ensure_future(play(c, p)) for c, p in zip(clients, players, strict=True)]
                await asyncio.sleep(rng.uniform(0.2, 1.0))
                seen = {t[0].table: max((c.state or {}).get("version", 0) for c in t) for t in seated}
                server.stop("kill")
                result["kills"] += 1
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                for c in clients:
                    c.ws.transport.abort()
                server = ServerProcess(folder)
                back: list = []
                for table in seated:
                    same = True
                    for c in table:
                        new = await TableClient.connect(server.url)
                        r = await new.resume(c.table, c.token)
                        if r.get("type") != "seated":
                            result["seats_lost"] += 1
                            same = False
                            back.append(c)
                            continue
                        new.token = c.token
                        state = await new.until("state", timeout=30)
                        truth = _saved_state(folder, c.table, c.seat)
                        same = same and truth is not None and json.dumps(truth) == json.dumps(state)
                        # Saved before told: no client can have seen a move the restarted table lacks.
                        result["behind_a_client"] += state["version"] < seen[c.table]
                        back.append(new)
                    result["tables_back"] += same
                    result["tables_differing"] += not same
                clients = back
                seated = [clients[i:i + 4] for i in range(0, len(clients), 4)]
        finally:
            server.stop()
            result["server_errors"] = server.errors().count("Traceback")
    return result


# ----- hostile frames -----------------------------------------------------------------------------


async def hostile_frames(frames: int, seed: int) -> dict:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from game.net.client import SeatPlayer, TableClient
    from game.tools.table_bench import ServerProcess, seat_tables

    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="table-faults-") as name:
        server = ServerProcess(Path(name), extra=["--hello-timeout", "2"])
        url = server.url
        try:
            # A table that plays on all along, game after game, and must notice nothing.
            [good] = await seat_tables(url, 1)
            await good[0].start("random")
            noticed = {"errors": 0, "moves": 0}

            async def play(client, player) -> None:
                while True:
                    msg = await client.recv()
                    if msg["type"] in ("refused", "error"):
                        noticed["errors"] += 1
                    elif msg["type"] == "state" and msg["legal"] and msg["to_act"] == msg["seat"]:
                        await client.move(player.choose(msg))
                        noticed["moves"] += 1
                    elif msg["type"] == "game_over":
                        return

            playing = [asyncio.ensure_future(play(c, SeatPlayer(LEVEL, seed=i))) for i, c in enumerate(good)]

            async def burst(make, per_conn: int) -> dict:
                """`frames` frames in all, `per_conn` a connection (under the rate limit), replies counted."""
                got = {"frames": 0, "errors": 0, "refused": 0, "closed": 0}

                async def one(n: int) -> None:
                    try:
                        async with connect(url, max_size=None, open_timeout=30) as ws:
                            await ws.recv()
                            for i in range(n):
                                await ws.send(make(i))
                                got["frames"] += 1
                            for _i in range(n):
                                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                                kind = {"error": "errors"}.get(reply["type"], reply["type"])
                                got[kind] = got.get(kind, 0) + 1
                    except ConnectionClosed:
                        got["closed"] += 1

                sizes = [per_conn] * (frames // per_conn) + ([frames % per_conn] if frames % per_conn else [])
                for start in range(0, len(sizes), 50):
                    await asyncio.gather(*(one(n) for n in sizes[start:start + 50]))
                return got

            out["malformed"] = await burst(lambda i: "{not json" + str(i), 50)
            out["unknown_type"] = await burst(lambda i: json.dumps({"type": f"nuke{i}"}), 50)
            out["oversize"] = await burst(lambda i: json.dumps({"type": "create", "name": "x" * 70_000}), 1)

            # Out of turn and for another seat: people at tables of their own, a passive partner to act.
            async def seated_moves(kind: str) -> dict:
                got = {"frames": 0, "refused": 0, "errors": 0, "closed": 0}
                tables = await seat_tables(url, max(1, frames // 50), players=2)
                for a, _b in tables:
                    await a.start("random")

                async def one(a, b) -> None:
                    state = await a.until("state")
                    if state["to_act"] == 0:  # play one turn, so that the passive seat is to act
                        await a.move(state["legal"][0])
                        while True:
                            state = await a.until("state")
                            if state["legal"]:
                                await a.move(next(m for m in state["legal"] if "discard" in m))
                            if state["to_act"] == 1:
                                break
                    for i in range(50):
                        if kind == "other_seat":
                            await a.send({"type": "move", "seat": 1, "move": {"discard": "7H"}})
                        else:
                            await a.move({"draw": "stock"} if i % 2 else {"discard": "7H"})
                        got["frames"] += 1
                    try:
                        for _i in range(50):
                            reply = await a.until("refused", "error", timeout=10)
                            got["refused" if reply["type"] == "refused" else "errors"] += 1
                    except ConnectionClosed:
                        got["closed"] += 1
                    await a.close()
                    await b.close()

                await asyncio.gather(*(one(a, b) for a, b in tables))
                return got

            out["out_of_turn"] = await seated_moves("out_of_turn")
            out["other_seat"] = await seated_moves("other_seat")

            async def flood() -> dict:
                got = {"frames": 0, "errors": 0, "closed": 0}
                try:
                    async with connect(url, max_size=None) as ws:
                        await ws.recv()
                        for i in range(frames):
                            await ws.send(json.dumps({"type": "create", "players": i}))
                            got["frames"] += 1
                        while True:
                            json.loads(await asyncio.wait_for(ws.recv(), 10))
                            got["errors"] += 1
                except ConnectionClosed:
                    got["closed"] += 1
                except TimeoutError:
                    pass
                return got

            out["flood"] = await flood()

            async def silent() -> dict:
                got = {"connections": 0, "closed": 0}

                async def one() -> None:
                    async with connect(url, open_timeout=30) as ws:
                        got["connections"] += 1
                        await ws.recv()  # hello
                        try:
                            await asyncio.wait_for(ws.recv(), 30)
                        except ConnectionClosed:
                            got["closed"] += 1

                for start in range(0, frames, 250):
                    await asyncio.gather(*(one() for _i in range(min(250, frames - start))), return_exceptions=True)
                return got

            out["silent"] = await silent()
            before = noticed["moves"]
            await asyncio.sleep(1.0)
            out["playing_table"] = {"errors": noticed["errors"], "moves": noticed["moves"],
                                    "still_moving": noticed["moves"] > before or all(t.done() for t in playing)}
            fresh = await TableClient.connect(url)
            out["server_answers"] = fresh.hello.get("type") == "hello"
            await fresh.close()
            for t in playing:
                t.cancel()
        finally:
            out["server_alive"] = server.alive()
            server.stop()
            out["server_errors"] = server.errors().count("Traceback")
    out["crashes"] = 0 if out["server_alive"] else 1
    return out


def cmd_table_faults(args) -> int:
    from game.tools.cli import BadInput

    clients_ok = args.clients == 0 or 4 <= args.clients <= 4000
    if not clients_ok or not 0 <= args.kills <= 1000 or not 0 <= args.frames <= 100_000 or args.kill_tables < 1:
        raise BadInput(_("--clients is 0 or 4 to 4000, --kills 0 to 1000, --frames 0 to 100000"))
    report: dict = {}
    if args.clients:
        report["clients"] = asyncio.run(client_cuts(args.clients, args.seed))
    if args.kills:
        report["kills"] = asyncio.run(server_kills(args.kills, args.kill_tables, args.seed))
    if args.frames:
        report["frames"] = asyncio.run(hostile_frames(args.frames, args.seed))
    print(json.dumps(report) if args.json else json.dumps(report, indent=2))
    c, k, f = report.get("clients", {}), report.get("kills", {}), report.get("frames", {})
    bad = (c.get("seats_lost", 0) or c.get("states_differing", 0) or k.get("tables_differing", 0)
           or k.get("seats_lost", 0) or f.get("crashes", 0) or f.get("server_errors", 0))
    return 1 if bad else 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("the table server under faults: clients cut off, the server killed, hostile "
                                    "frames"))
    p.add_argument("--clients", type=int, default=200)
    p.add_argument("--kills", type=int, default=50)
    p.add_argument("--kill-tables", type=int, default=10)
    p.add_argument("--frames", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))
    p.set_defaults(run=cmd_table_faults)
