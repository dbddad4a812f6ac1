"""`evo bench --net`: N tables of bot clients over loopback against one server process.

The server runs in its own process (as `evo serve` does), so its CPU time is its own; the
clients all run in this one, on one event loop, each seat choosing its moves at random (the
cheapest bot, so the figures are the server's and the wire's). Figures, not pass/fail:
tables held, errors, a move's round trip (sent → the update for it received) as median and
95th percentile, and the server's CPU per move.

With `pace` 0 every table moves again the moment it hears of the last move: the server is
saturated, a move waits behind every other table's, and the round trip measures the queue
(N tables / moves per second), so the figure that says what one core holds is the CPU per
move. With `pace` S each seat thinks a random while (S seconds on average, exponential)
before it moves, as players do: the round trip is then what a player at one of N busy tables
waits for their move to be made.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from core import games
from core.net import protocol as P
from core.net.client import NetError, TableClient

GOALS = {"errors": "0", "round_trip_p95_ms": "<= 50 (100 tables of 4 seats, one core, --pace 1000)"}

# The server process: `evo serve` without the app's command line, printing its port.
_SERVER = """
import asyncio, sys
from core.net.server import Server

async def main():
    server = Server(sys.argv[1], durable=sys.argv[2] == "1")
    await server.start("127.0.0.1", 0)
    print(server.port, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until stdin closes

asyncio.run(main())
"""


def _cpu_s(pid: int) -> float | None:
    """CPU seconds (user + system) a process has used so far, where /proc tells it."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


async def _table(port: int, game: str, seats: int, moves: int, seed: int, pace: float,
                 trips: list[float], errors: list[str]) -> tuple[int, bool]:
    """Open one table by `create`, seat a client per seat, play up to `moves` moves at random.
    Returns (moves made, whether the game ended and every client's check passed)."""
    from websockets.asyncio.client import connect

    base = f"ws://127.0.0.1:{port}"
    async with connect(base + "/", max_size=P.MAX_SERVER_FRAME) as ws:
        await ws.send(P.encode(P.Create(P.PROTOCOL, game, ["human"] * seats)).decode())
        reply = P.decode_server(await asyncio.wait_for(ws.recv(), 60))
    if not isinstance(reply, P.Created):
        errors.append(f"create: {getattr(reply, 'message', reply)}")
        return 0, False
    news = asyncio.Event()  # any of the table's clients heard something
    clients = [TableClient(f"{base}/{reply.table}", tok, on_change=news.set) for tok in reply.tokens]
    for c in clients:
        await c.connect(60)

    async def until(done: Any) -> bool:
        deadline = time.monotonic() + 60
        while not done():
            news.clear()
            if done():
                break
            try:
                await asyncio.wait_for(news.wait(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                return bool(done())
        return True
    rng = random.Random(seed)
    made = 0
    try:
        while made < moves:
            mover = next((c for c in clients if c.my_turn()), None)
            if mover is None:
                if clients[0].end is not None or clients[0].over():
                    break
                if not await until(lambda: any(c.my_turn() for c in clients) or clients[0].over()):
                    errors.append("a table stalled for 60 s")
                    break
                continue
            if pace > 0:  # the seat thinks
                await asyncio.sleep(rng.expovariate(1 / pace))
            seq = mover.seq
            sent = time.perf_counter()
            await mover.act(rng.choice(mover.update.legal))  # type: ignore[union-attr]
            if not await mover.wait(_answered(mover, seq), 60):
                errors.append("no update for a move within 60 s")
                break
            trips.append(time.perf_counter() - sent)
            made += 1
            if mover.refusals:
                errors.append(f"refused: {mover.refusals[-1].message}")
                break
        ended = clients[0].over()
        if ended:
            for c in clients:
                await c.wait(_checked(c), 120)
        ok = ended and all(c.verdict is not None and c.verdict.ok for c in clients)
        if ended and not ok:
            errors.append("a client's check of the deal failed")
    finally:
        for c in clients:
            await c.close()
    return made, ok


def _answered(client: TableClient, seq: int) -> Callable[[], bool]:
    return lambda: client.seq > seq or bool(client.refusals)


def _checked(client: TableClient) -> Callable[[], bool]:
    return lambda: client.verdict is not None


def net_figures(game: str | None = None, tables: int = 10, seats: int = 2,
                moves: int = 200, durable: bool = True, pace: float = 0.0) -> dict[str, Any]:
    """Run `tables` tables at once against one server process; each plays `moves` moves or
    to its end, a seat thinking `pace` seconds on average before each move (0: none)."""
    game = game or games.ids()[0]
    low, high = games.get(game).seats[:2]
    seats = min(max(seats, low), high)
    with tempfile.TemporaryDirectory(prefix="evo-bench-net-") as saves:
        proc = subprocess.Popen([sys.executable, "-c", _SERVER, saves, "1" if durable else "0"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            port = int(proc.stdout.readline())
            cpu0 = _cpu_s(proc.pid)
            trips: list[float] = []
            errors: list[str] = []
            start = time.perf_counter()

            async def everyone() -> list[Any]:
                return await asyncio.gather(*(_table(port, game, seats, moves, i, pace, trips, errors)
                                              for i in range(tables)), return_exceptions=True)

            results = asyncio.run(everyone())
            wall = time.perf_counter() - start
            cpu1 = _cpu_s(proc.pid)
        finally:
            if proc.stdin is not None:
                proc.stdin.close()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    made = 0
    held = 0
    checked = 0
    for r in results:
        if isinstance(r, BaseException):
            errors.append(f"{type(r).__name__}: {r}" if not isinstance(r, NetError) else str(r))
            continue
        made += r[0]
        held += 1
        checked += r[1]
    trips.sort()
    cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    return {
        "game": game,
        "tables": tables,
        "seats": seats,
        "pace_s": pace,
        "tables_held": held,
        "games_checked": checked,
        "errors": len(errors),
        "moves": made,
        "moves_per_second": round(made / wall, 1) if wall else 0.0,
        "round_trip_median_ms": round(statistics.median(trips) * 1000, 2) if trips else None,
        "round_trip_p95_ms": round(trips[int(0.95 * (len(trips) - 1))] * 1000, 2) if trips else None,
        "server_cpu_ms_per_move": round(cpu * 1000 / made, 3) if cpu is not None and made else None,
        "error_messages": errors[:5],
        "goals": GOALS,
    }
