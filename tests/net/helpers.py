"""A table server on 127.0.0.1 in the test's own event loop, and clients that play by script.
Every wait is bounded (TIMEOUT seconds for a whole test, `play`'s own limits per move)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from core import games
from core.engine import journal as J
from core.net.client import TableClient
from core.net.server import Server, Table

TIMEOUT = 180.0  # seconds for a whole test: none comes near it


def run(coro_fn: Callable[[], Awaitable[Any]], timeout: float = TIMEOUT) -> Any:
    """Run a test's coroutine in a fresh loop, bounded in time."""
    return asyncio.run(asyncio.wait_for(coro_fn(), timeout))


def table_seats(game: str, bots: str = "bot:random") -> list[J.Seat]:
    """The game's default number of seats: two people (one if it seats one), bots after."""
    _low, high, default = games.get(game).seats
    n = max(default, 2) if high >= 2 else 1
    humans = min(n, 2)
    return [J.Seat(f"P{i + 1}") if i < humans else J.Seat(f"B{i + 1}", "bot", bots.partition(":")[2])
            for i in range(n)]


async def started(tmp: Path, **kwargs: Any) -> Server:
    server = Server(tmp, durable=False, **kwargs)
    await server.start("127.0.0.1", 0)
    return server


async def stop(server: Server, *clients: TableClient) -> None:
    for c in clients:
        await c.close()
    assert server.ws is not None
    server.ws.close()
    await server.ws.wait_closed()
    server.close()


def url(server: Server, table: Table) -> str:
    return f"ws://127.0.0.1:{server.port}/{table.id}"


async def seated(server: Server, table: Table, **kwargs: Any) -> list[TableClient]:
    """A connected client for every seat a person takes."""
    out = []
    for tok in table.tokens:
        if tok is not None:
            c = TableClient(url(server, table), tok.hex(), **kwargs)
            await c.connect()
            out.append(c)
    return out


def by_chance(seed: int) -> Callable[[TableClient], str]:
    rng = random.Random(seed)
    return lambda c: rng.choice(c.update.legal)  # type: ignore[union-attr]
