"""The table server: tables over WebSocket (the `websockets` library, asyncio), one authority for every
move. A class to start and stop on a host and port from a program (`TableServer`), or from the command
line (`python -m game serve`, game/tools/serve.py).

Each connection gets only its seat's view (game/net/seat_view.py). Each table is kept after every
change, before anyone is told of it (game/net/table_files.py: a journal line a move, the whole save at
times), so what a client saw is never lost; a restarted server reads its folder back. A client that
sends what is not a message, too much or too fast, or nothing at all, is answered with an error or
closed, and nothing else notices: every frame is handled inside its own try, each connection writes
through its own bounded queue, and thinking runs off the loop.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.ai import get_player
from game.i18n import _, speaking
from game.keep.failures import log_failure
from game.net import lobby
from game.net.protocol import MAX_FRAME, ProtocolError, dumps, hello, read_client
from game.net.table import Out, Refused, Table, notice_text
from game.net.table_files import TableFiles
from game.net.tokens import new_code, normal_code
from game.rules.legal import legal_actions

log = logging.getLogger("bolivia.server")

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say who it is (create, join or resume)
RATE = 40.0  # frames a second a connection may send, on average
BURST = 80.0  # ... and at once
FLOOD_CLOSE = 400  # frames dropped for speed before the connection is closed
MAX_OUTBOX = 2000  # messages waiting for a client that does not read: then it is closed
WRITE_LIMIT = 32 * 1024  # bytes waiting in a connection's socket buffer before its messages queue instead
CLOSE_TIMEOUT = 2.0  # seconds a closing handshake may take: then the connection is cut
TABLES = "tables"  # the folder's subfolder of saved tables
# Bytes one read of a connection's socket asks for. asyncio asks for 256 kB: a buffer that large is mapped
# fresh from the system by the C library and given back at every read (mmap, mremap, munmap and its pages
# touched, for a move of 50 bytes). Under the library's limit for that (128 kB) it comes from the heap;
# a frame of 64 kB still comes in a few reads.
READ_SIZE = 16_384  # 16 kB


@dataclass(eq=False)  # a connection is itself: kept in sets, compared by identity
class Connection:
    ws: ServerConnection
    language: str = "en"
    code: str | None = None
    seat: int | None = None
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    allowance: float = BURST
    last: float = field(default_factory=time.monotonic)
    dropped: int = 0
    closing: bool = False
    sending: bool = False  # the writer task has a message in hand

    def push(self, text: str) -> None:
        if not self.sending and self.outbox.empty() and self._write_now(text):
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            if not self.closing:
                self.closing = True
                _spawn(close_within(self.ws, 1008, "not reading"))
            return
        self.outbox.put_nowait(text)

    def _write_now(self, text: str) -> bool:
        """The message straight onto the socket, when nothing waits before it and the socket's buffer
        takes it: the frame made by the library's own protocol object and written to its transport, as its
        `send` does, without a task and a coroutine a message. False: the writer task sends it in turn."""
        ws = self.ws
        transport = ws.transport
        if (ws.protocol.state is not State.OPEN or transport.is_closing()
                or transport.get_write_buffer_size() > WRITE_LIMIT):
            return False
        ws.protocol.send_text(text.encode())
        for data in ws.protocol.data_to_send():
            transport.write(data)
        return True

    def refund(self) -> None:
        """A frame that moved the game on costs nothing: a client playing at full speed is never held
        back, as a seat can move only when it is to act; floods of anything else are."""
        self.allowance = min(BURST, self.allowance + 1.0)

    def allowed(self) -> bool:
        """A token bucket: RATE frames a second, BURST at once."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.last) * RATE)
        self.last = now
        if self.allowance >= 1.0:
            self.allowance -= 1.0
            return True
        self.dropped += 1
        return False


@dataclass
class Hosted:
    """A table and what the server keeps for it: its lock (one change at a time, saved before it is
    told), the connection of each seat, the timers of seats gone, the computer's driver."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: dict[int, Connection] = field(default_factory=dict)
    timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    driver: asyncio.Task | None = None


class TableServer:
    def __init__(self, host: str = "127.0.0.1", port: int = 8765, folder: Path | str | None = None,
                 seat_timeout: float = 60.0, hello_timeout: float = HELLO_TIMEOUT, thinkers: int = 2) -> None:
        self.host = host
        self.port = port
        self.folder = Path(folder) if folder is not None else None
        self.seat_timeout = seat_timeout
        self.hello_timeout = hello_timeout
        self.tables: dict[str, Hosted] = {}
        self.problems: list[str] = []  # tables that could not be read back, and why
        self._server: Server | None = None
        self._thinkers = ThreadPoolExecutor(max_workers=thinkers, thread_name_prefix="computer")
        self._writers = ThreadPoolExecutor(max_workers=8, thread_name_prefix="save")
        self.files = TableFiles(None if self.folder is None else self.folder / TABLES, self._writers)
        self._tasks: set[asyncio.Task] = set()  # computers taking over seats of people gone
        self._conns: set[Connection] = set()
        self._closing = False
        self.moves = 0  # moves applied, for the bench

    # ----- starting and stopping --------------------------------------------------------------------

    async def start(self) -> str:
        """Read the saved tables back, listen, and return the address (port 0: a free one)."""
        self._load_tables()
        self._server = await serve(self._handle, self.host, self.port, max_size=MAX_FRAME, max_queue=16,
                                   compression=None, ping_interval=20, ping_timeout=20, open_timeout=10,
                                   close_timeout=2)
        self.port = self._server.sockets[0].getsockname()[1]
        for hosted in self.tables.values():
            for seat, st in enumerate(hosted.table.seats):
                if st.person and not st.away:
                    self._seat_gone(hosted, seat)  # nobody is connected yet: each person has the timeout to come back
            self._kick(hosted)
        return self.url

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    async def close(self) -> None:
        """Stop listening, close every connection, and save every table once more (each change was
        saved already; this waits for a save under way). A client that does not answer the closing
        handshake, or does not read, is cut after CLOSE_TIMEOUT: closing never waits on a client. Seats
        left meanwhile are not handed to the computer: the people have their timeout again at the next
        start."""
        self._closing = True
        stopping = [t for t in self._tasks]
        for hosted in list(self.tables.values()):
            if hosted.driver is not None:
                stopping.append(hosted.driver)
            for timer in hosted.timers.values():
                timer.cancel()
            hosted.timers.clear()
        for task in stopping:
            task.cancel()
        await asyncio.gather(*stopping, return_exceptions=True)
        if self._server is not None:
            self._server.close(close_connections=True)
            try:
                await asyncio.wait_for(asyncio.shield(self._server.wait_closed()), CLOSE_TIMEOUT + 0.5)
            except TimeoutError:
                for conn in list(self._conns):  # the library's close waits on their writes: cut them
                    conn.ws.transport.abort()
                await self._server.wait_closed()
        for hosted in list(self.tables.values()):
            async with hosted.lock:
                self.files.save_now(hosted.table)
        await self.files.drain()
        self._thinkers.shutdown(wait=False, cancel_futures=True)
        self._writers.shutdown(wait=True)
        self.files.close()

    # ----- the folder -------------------------------------------------------------------------------

    def _load_tables(self) -> None:
        if self.folder is None or not (self.folder / TABLES).is_dir():
            return
        tables, self.problems = self.files.read_back(sorted((self.folder / TABLES).glob("*.json")))
        for table in tables:
            self.tables[table.code] = Hosted(table)

    async def _save(self, table: Table) -> None:
        """Every change is kept before anyone is told of it (the caller holds the table's lock)."""
        await self.files.save(table)

    # ----- connections ------------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        if isinstance(getattr(ws.transport, "max_size", None), int):  # asyncio's socket transport (above)
            ws.transport.max_size = READ_SIZE
        conn = Connection(ws)
        self._conns.add(conn)
        writer = asyncio.create_task(self._write(conn))
        conn.push(dumps(hello()))
        try:
            while True:
                if conn.code is None:
                    frame = await asyncio.wait_for(ws.recv(), self.hello_timeout)
                else:
                    frame = await ws.recv()
                if not conn.allowed():
                    if conn.dropped == 1 or conn.dropped % 100 == 0:
                        self._error(conn, _("Too many messages: slow down."))
                    if conn.dropped >= FLOOD_CLOSE:
                        await close_within(ws, 1008, "flood")
                        break
                    continue
                try:
                    await self._on_frame(conn, frame)
                except ProtocolError as why:
                    self._error(conn, str(why))
                except Exception:  # a defect of ours: this frame fails, the server and its tables go on
                    log.exception("frame failed")
                    self._error(conn, _("The server could not handle that message."))
        except TimeoutError:
            await close_within(ws, 1008, "silent")
        except ConnectionClosed:
            pass
        finally:
            self._conns.discard(conn)
            self._leave(conn)
            writer.cancel()

    async def _write(self, conn: Connection) -> None:
        """The messages the socket could not take at once (Connection.push), in their order."""
        try:
            while True:
                text = await conn.outbox.get()
                conn.sending = True
                await conn.ws.send(text)
                conn.sending = False
        except (ConnectionClosed, asyncio.CancelledError):
            pass

    def _error(self, conn: Connection, reason: str) -> None:
        conn.push(dumps({"type": "error", "reason": reason}))

    def _leave(self, conn: Connection) -> None:
        hosted = self.tables.get(conn.code) if conn.code else None
        if hosted is None or conn.seat is None or hosted.conns.get(conn.seat) is not conn:
            return
        del hosted.conns[conn.seat]
        self._seat_gone(hosted, conn.seat)
        self._tell_lobby(hosted)

    async def _on_frame(self, conn: Connection, frame: str | bytes) -> None:
        with speaking(conn.language):
            msg = read_client(frame)
        if "language" in msg:
            conn.language = msg["language"]
        with speaking(conn.language):
            kind = msg["type"]
            if kind in ("create", "join", "resume") and conn.code is not None:
                raise ProtocolError(_("This connection holds a seat already."))
            if kind in ("start", "move", "say", "ready", "computers") and conn.code is None:
                raise ProtocolError(_("Create a table, join one or resume your seat first."))
            if kind in ("say", "ready"):
                (lobby.say if kind == "say" else lobby.ready)(self.tables[conn.code], conn, msg)
                return
            handler = {"create": self._create, "join": self._join, "resume": self._resume, "start": self._start,
                       "computers": self._computers, "move": self._move}[kind]
            await handler(conn, msg)
            if kind != "move":
                conn.refund()

    # ----- requests ---------------------------------------------------------------------------------

    async def _create(self, conn: Connection, msg: dict) -> None:
        code = new_code(frozenset(self.tables))
        try:
            table = Table.create(code, msg["variant"], msg["players"], msg["target"], msg["house"])
            table.computers = msg["computers"]
            seat, token = table.take_seat(msg["name"], conn.language)
        except Refused as why:
            raise ProtocolError(str(why)) from None
        hosted = Hosted(table)
        self.tables[code] = hosted
        async with hosted.lock:
            await self._save(table)
            self._attach(hosted, conn, seat, token)

    async def _join(self, conn: Connection, msg: dict) -> None:
        hosted = self._find(msg["table"])
        async with hosted.lock:
            try:
                seat, token = hosted.table.take_seat(msg["name"], conn.language, msg["seat"])
            except Refused as why:
                raise ProtocolError(str(why)) from None
            await self._save(hosted.table)
            self._attach(hosted, conn, seat, token)

    async def _resume(self, conn: Connection, msg: dict) -> None:
        hosted = self._find(msg["table"])
        async with hosted.lock:
            table = hosted.table
            seat = table.seat_of_token(msg["token"])
            if seat is None:
                raise ProtocolError(_("That token holds no seat at this table."))
            old = hosted.conns.get(seat)
            if old is not None:
                old.code = old.seat = None  # its seat goes on here; closing it must not leave the seat
                _spawn(close_within(old.ws, 4000, "resumed elsewhere"))
            timer = hosted.timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            table.seats[seat].language = conn.language
            outs = table.set_back(seat)
            if outs:
                await self._save(table)
            self._attach(hosted, conn, seat, None, table.full_state(seat) if table.started else None)
            self._deliver(hosted, outs)
        self._kick(hosted)

    async def _start(self, conn: Connection, msg: dict) -> None:
        hosted = self.tables[conn.code]
        if conn.seat != 0:
            raise ProtocolError(_("Only the player who made the table starts it."))
        async with hosted.lock:
            try:
                outs = hosted.table.start(msg["computers"])
            except Refused as why:
                raise ProtocolError(str(why)) from None
            await self._save(hosted.table)
            self.moves += 1
            self._deliver(hosted, outs)
        self._kick(hosted)

    async def _computers(self, conn: Connection, msg: dict) -> None:
        hosted = self.tables[conn.code]
        if conn.seat != 0:
            raise ProtocolError(_("Only the player who made the table chooses the computers' level."))
        async with hosted.lock:
            try:
                hosted.table.choose_computers(msg["computers"])
            except Refused as why:
                raise ProtocolError(str(why)) from None
            await self._save(hosted.table)
        self._tell_lobby(hosted)  # with who is connected, as every lobby message

    async def _move(self, conn: Connection, msg: dict) -> None:
        hosted = self.tables[conn.code]
        if msg.get("seat", conn.seat) != conn.seat:
            self._refuse(conn, _("You play only your own seat."))
            return
        async with hosted.lock:
            try:
                outs = hosted.table.play(conn.seat, msg["move"])
            except Refused as why:
                self._refuse(conn, str(why))
                return
            await self._save(hosted.table)
            self.moves += 1
            self._deliver(hosted, outs)
        conn.refund()
        self._kick(hosted)

    def _refuse(self, conn: Connection, reason: str) -> None:
        conn.push(dumps({"type": "refused", "reason": reason}))

    def _find(self, code: str) -> Hosted:
        hosted = self.tables.get(normal_code(code))
        if hosted is None:
            raise ProtocolError(_("There is no table {code}.").format(code=code[:16]))
        return hosted

    def _attach(self, hosted: Hosted, conn: Connection, seat: int, token: str | None,
                state: dict | None = None) -> None:
        """The seat is this connection's: `seated`, the seat's whole state when resuming a game under
        way, then who sits where to everyone."""
        conn.code, conn.seat = hosted.table.code, seat
        hosted.conns[seat] = conn
        seated = {"type": "seated", "table": hosted.table.code, "seat": seat}
        if token is not None:
            seated["token"] = token  # only to its holder, only when the seat is taken
        conn.push(dumps(seated))
        if state is not None:
            conn.push(dumps(state))
        self._tell_lobby(hosted)

    def _tell_lobby(self, hosted: Hosted) -> None:
        self._deliver(hosted, [(None, hosted.table.lobby())])

    def _with_connections(self, hosted: Hosted, lobby: dict) -> dict:
        """Every `table` message says who is connected, and how long a dropped seat waits for its person."""
        for seat, info in enumerate(lobby["seats"]):
            info["connected"] = seat in hosted.conns
        lobby["seat_timeout"] = self.seat_timeout
        return lobby

    def _deliver(self, hosted: Hosted, outs: list[Out]) -> None:
        for seat, msg in outs:
            if msg["type"] == "table":
                msg = self._with_connections(hosted, msg)
            targets = hosted.conns.values() if seat is None else [c for c in [hosted.conns.get(seat)] if c]
            if msg["type"] == "notice":
                for conn in targets:
                    with speaking(conn.language):
                        conn.push(dumps({**msg, "text": notice_text(msg)}))
                continue
            text = dumps(msg)
            for conn in targets:
                conn.push(text)

    # ----- seats gone, and the computer -------------------------------------------------------------

    def _seat_gone(self, hosted: Hosted, seat: int) -> None:
        old = hosted.timers.pop(seat, None)
        if old is not None:
            old.cancel()
        if self._closing:
            return
        loop = asyncio.get_running_loop()
        hosted.timers[seat] = loop.call_later(self.seat_timeout, self._spawn_away, hosted, seat)

    def _spawn_away(self, hosted: Hosted, seat: int) -> None:
        hosted.timers.pop(seat, None)
        if self._closing:
            return
        task = asyncio.ensure_future(self._away(hosted, seat))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _away(self, hosted: Hosted, seat: int) -> None:
        async with hosted.lock:
            if seat in hosted.conns or self._closing:
                return
            outs = hosted.table.set_away(seat)
            if outs:
                await self._save(hosted.table)
                self._deliver(hosted, outs)
                self._tell_lobby(hosted)
        self._kick(hosted)

    def _kick(self, hosted: Hosted) -> None:
        if self._closing:
            return
        if (hosted.driver is None or hosted.driver.done()) and hosted.table.computer_seat() is not None:
            hosted.driver = asyncio.ensure_future(self._drive(hosted))

    async def _drive(self, hosted: Hosted) -> None:
        """The computer plays the seats it holds, as long as one of them is to act."""
        loop = asyncio.get_running_loop()
        table = hosted.table
        while True:
            async with hosted.lock:
                seat = table.computer_seat()
                if seat is None:
                    return
                version = table.version
                level = table.seats[seat].level or table.computers
                view, rng = table.decision(seat)
                state = table.state.copy()
            try:
                action = await loop.run_in_executor(self._thinkers, _think, level, state, view, rng)
            except Exception as why:  # the table plays on with the first legal move (Table.play_computer)
                log_failure(f"seat {seat}'s computer player ({level}) failed at the table", why, state)
                action = None
            async with hosted.lock:
                if table.version != version or table.computer_seat() != seat:
                    continue  # a person came back, or the table changed meanwhile: look again
                outs = table.play_computer(seat, action)
                if not outs:
                    return
                await self._save(table)
                self.moves += 1
                self._deliver(hosted, outs)


_closers: set[asyncio.Task] = set()


def _spawn(coro) -> None:
    """A task nobody waits for, kept until it ends (the loop holds its tasks only weakly)."""
    task = asyncio.ensure_future(coro)
    _closers.add(task)
    task.add_done_callback(_closers.discard)


async def close_within(ws: ServerConnection, code: int, reason: str, seconds: float = CLOSE_TIMEOUT) -> None:
    """The closing handshake, or the connection cut after `seconds`: the library's close waits for the
    socket to take the close frame, forever for a client that does not read."""
    try:
        await asyncio.wait_for(ws.close(code, reason), seconds)
    except TimeoutError:
        ws.transport.abort()


def _think(level: str, state, view, rng):
    """One computer decision, on a thinking thread: the seat's view and the engine's legal moves."""
    legal = legal_actions(state)
    if level == "first":
        return legal[0] if legal else None
    return get_player(level, table=True)(view, legal, rng)
