"""Helpers of the table server's tests: a server on 127.0.0.1, port 0, in a test's own event loop, and
tables of headless clients."""

from __future__ import annotations

import asyncio

from game.net.client import TableClient
from game.net.server import TableServer


def serve_and_run(folder, body, timeout: float = 30.0, **options):
    """Start a server on a free port with this folder, run `body(server, url)`, stop the server."""

    async def main():
        server = TableServer(port=0, folder=folder, **options)
        url = await server.start()
        try:
            return await asyncio.wait_for(body(server, url), timeout)
        finally:
            await server.close()

    return asyncio.run(main())


def keys_in(obj) -> set[str]:
    """Every key of every object inside a message."""
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in keys_in(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in keys_in(v)}
    return set()


async def seated_table(url: str, people: int = 4, players: int = 4, **create) -> list[TableClient]:
    """A table of `players` seats with `people` clients seated, not started; the creator first."""
    first = await TableClient.connect(url)
    seated = await first.create(players=players, name="South", **create)
    assert seated["type"] == "seated", seated
    clients = [first]
    for name in ("West", "North", "East")[:people - 1]:
        c = await TableClient.connect(url)
        assert (await c.join(seated["table"], name=name))["type"] == "seated"
        clients.append(c)
    return clients
