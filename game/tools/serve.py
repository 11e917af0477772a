"""`python -m game serve [--host HOST] [--port PORT] [--folder DIR] [--seat-timeout SECONDS]` (a contract:
docs/PROTOCOL.md). Prints {"listening": "ws://HOST:PORT"} as its first line once it accepts connections;
SIGTERM (or Ctrl-C) saves every table and exits 0."""

from __future__ import annotations

import asyncio
import gc
import json
import signal
import sys
from pathlib import Path

from game.i18n import _

# The collector's first threshold for the server's process (Python's default: 700). A move makes a few
# hundred objects that live until its states are sent and its line synced, some milliseconds later, so at
# 700 they were scanned young, moved up, and scanned again in full collections of every table's game: at
# 200 tables the collector took some a seventh of the server's time. At 10,000 they are gone before.
GC_FIRST_THRESHOLD = 10_000


def _positive(text: str, option: str = "--seat-timeout") -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 86_400:
        from game.tools.cli import BadInput

        raise BadInput(_("{option} is a number of seconds from 0 to 86400, like 60").format(option=option))
    return value


async def _serve(host: str, port: int, folder: Path, seat_timeout: float, hello_timeout: float) -> int:
    from game.net.server import TableServer

    # The signals are caught before anything is listened on or said: a SIGTERM the moment the first line
    # is read (or while the tables are read back) saves and exits 0, never kills the process half-way.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    server = TableServer(host, port, folder, seat_timeout, hello_timeout)
    url = await server.start()
    print(json.dumps({"listening": url, "tables": len(server.tables)}), flush=True)
    for problem in server.problems:
        print(f"warning: {problem}", file=sys.stderr, flush=True)
    await stop.wait()
    await server.close()
    return 0


def cmd_serve(args) -> int:
    from game.keep.folder_files import data_dir
    from game.tools.cli import BadInput

    if not 0 <= args.port <= 65535:
        raise BadInput(_("--port is a number from 0 to 65535 (0: any free port)"))
    timeout = _positive(args.seat_timeout)
    hello_timeout = _positive(args.hello_timeout, "--hello-timeout")
    folder = Path(args.folder) if args.folder else data_dir()
    if folder.exists() and not folder.is_dir():
        raise BadInput(_("{path} is not a folder").format(path=folder))
    gc.set_threshold(GC_FIRST_THRESHOLD, *gc.get_threshold()[1:])
    try:
        return asyncio.run(_serve(args.host, args.port, folder, timeout, hello_timeout))
    except OSError as why:
        raise BadInput(_("cannot listen on {host}:{port}: {why}").format(
            host=args.host, port=args.port, why=why.strerror or why)) from None


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("run the table server: tables of people and computers over the network"))
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--folder", default=None, help=_("where the tables are saved (default: the game's own folder)"))
    p.add_argument("--seat-timeout", default="60", help=_("seconds before the computer plays for a person gone"))
    p.add_argument("--hello-timeout", default="10",
                   help=_("seconds a new connection has to create, join or resume before it is closed"))
    p.set_defaults(run=cmd_serve)
