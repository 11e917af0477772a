"""The table server in a background thread with an asyncio loop of its own: how a program that has a
loop of its own (the game's frame loop) runs one beside it. `start()` returns once it listens."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from pathlib import Path

from game.net.server import TableServer


class ServerThread:
    def __init__(self, host: str = "127.0.0.1", port: int = 0, folder: Path | str | None = None,
                 seat_timeout: float = 60.0) -> None:
        self.server = TableServer(host, port, folder, seat_timeout)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="table-server", daemon=True)
        self.url: str | None = None

    def start(self, timeout: float = 10.0) -> str:
        self._thread.start()
        self.url = asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(timeout)
        return self.url

    def call(self, coro) -> Future:
        """Run a coroutine on the server's loop (from any thread); its result through the Future."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self, timeout: float = 10.0) -> None:
        """Every table saved, every connection closed, the loop and its thread ended."""
        if not self._thread.is_alive():
            return
        try:
            self.call(self.server.close()).result(timeout)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout)
            self.loop.close()
