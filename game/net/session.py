"""The game's connection to a table, off the frame loop: an asyncio loop on its own thread, a queue of
messages each way. The frame loop calls `send` (never waits) and `poll` (never waits); the thread
reads and writes the WebSocket. A table the game hosts itself runs its server (the same TableServer
as `python -m game serve`) on that same thread.

What comes back is the server's messages as they are, plus two of the session's own:
{"type": "closed", "reason": ...} when the connection ends, {"type": "failed", "reason": ...} when
it could not be made.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from concurrent.futures import Future
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidURI

from game.i18n import _
from game.net.client import MAX_MESSAGE

CONNECT_TIMEOUT = 8.0
SERVER_CLOSE = 1.5  # seconds the hosted server has to close its connections itself


class Session:
    def __init__(self) -> None:
        self.inbox: queue.SimpleQueue[dict] = queue.SimpleQueue()
        self._held: list[dict] = []  # read by `wait` while it looked for another kind
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, daemon=True, name="table-connection")
        self._thread.start()
        self._ws: ClientConnection | None = None
        self._reader: Future | None = None
        self.server = None  # the TableServer this game hosts, if it hosts one
        self.url: str | None = None
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def _call(self, coro) -> Future:
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    # ----- hosting ----------------------------------------------------------------------------------

    def host(self, host: str, port: int, folder: Path | None, seat_timeout: float = 60.0,
             timeout: float = 10.0) -> str:
        """Start the table server on this session's thread; its ws:// address (waits, a moment)."""
        from game.net.server import TableServer

        async def start() -> str:
            self.server = TableServer(host, port, folder, seat_timeout)
            return await self.server.start()

        return self._call(start()).result(timeout)

    # ----- the connection ---------------------------------------------------------------------------

    def open(self, url: str, first: dict) -> None:
        """Connect to `url` and send `first` (create, join or resume); the answer comes through `poll`."""
        self.url = url
        self._reader = self._call(self._connect(url, first))

    async def _connect(self, url: str, first: dict) -> None:
        try:
            self._ws = await connect(url, max_size=MAX_MESSAGE, compression=None, open_timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, InvalidURI, ValueError) as why:
            self.inbox.put({"type": "failed", "reason": _("Could not reach the table at {url}: {why}").format(
                url=url, why=getattr(why, "strerror", None) or why)})
            return
        except Exception as why:  # a server that is not ours answering: a refusal, never a traceback
            self.inbox.put({"type": "failed", "reason": _("Could not reach the table at {url}: {why}").format(
                url=url, why=why)})
            return
        await self._ws.send(json.dumps(first))
        try:
            async for frame in self._ws:
                try:
                    msg = json.loads(frame)
                except ValueError:
                    continue
                if not isinstance(msg, dict):
                    continue
                if msg.get("type") == "seated":
                    self.table, self.seat = msg.get("table"), msg.get("seat")
                    self.token = msg.get("token", self.token)
                self.inbox.put(msg)
            self.inbox.put({"type": "closed", "reason": self._ws.close_reason or ""})
        except ConnectionClosed as why:
            self.inbox.put({"type": "closed", "reason": str(why)})

    def send(self, message: dict) -> None:
        """Send a message (never waits; lost if the connection is gone, and `poll` says it is)."""
        text = json.dumps(message)

        async def out() -> None:
            if self._ws is not None:
                try:
                    await self._ws.send(text)
                except ConnectionClosed:
                    pass

        self._call(out())

    def poll(self) -> list[dict]:
        out, self._held = self._held, []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, *types: str, timeout: float = 10.0) -> dict:
        """The next message of one of these types, waiting (tests and tools only, never a frame): the
        others are kept for the next `poll`, in their order."""
        import time

        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {types} within {timeout} s")
            try:
                msg = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if msg.get("type") in types:
                return msg
            self._held.append(msg)

    def close(self, timeout: float = 5.0) -> None:
        """Leave the table (and stop the server this game hosts, saving its tables)."""
        async def shut() -> None:
            if self._ws is not None:
                await self._ws.close()
            if self.server is not None:
                closing = asyncio.ensure_future(self.server.close())  # saves every table first
                await asyncio.wait([closing], timeout=SERVER_CLOSE)
                if not closing.done():
                    # The server's close waits on connections it never closed (its first close leaves them
                    # open): end them here, so that every guest learns at once that the host is gone.
                    listening = getattr(self.server, "_server", None)
                    for conn in list(getattr(listening, "connections", ())):
                        conn.transport.abort()
                    await asyncio.wait([closing], timeout=SERVER_CLOSE)

        try:
            self._call(shut()).result(timeout)
        except Exception:
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
