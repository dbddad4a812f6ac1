"""The server against random and hostile frames and sequences: no crash, no traceback, every
bad frame refused to its sender alone, the table playable after it all, and its journal
verifying. Seeded and bounded: FRAMES frames over a few connections, then one whole game."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from core import games
from core.engine.verify import verify
from core.net import protocol as P
from core.net.client import play
from tests.net.helpers import by_chance, run, seated, started, stop, table_seats

FRAMES = 400
GAMES = games.ids()


def _junk(rng: random.Random, table: Any, token: str) -> str | bytes:
    """One hostile frame: noise, broken or foreign JSON, wrong fields, huge, or a move that
    is wrong in some way."""
    seq = len(table.session.entries)
    legal = table.session.legal_actions() if not table.over else []
    pick = rng.randrange(16)
    if pick == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if pick == 1:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 100)))
    if pick == 2:
        return json.dumps({"t": rng.choice(["zap", "update", "end", "", "hello "]), "v": P.PROTOCOL})
    if pick == 3:
        return json.dumps({"t": "act", "seq": rng.choice([seq, -1, 2**70, "x", None]),
                           "action": rng.choice(["", "nonsense", "\x1b[2J", "x" * 500])})
    if pick == 4:
        return '{"t":"act","seq":' + str(seq) + ',"action":"' + "y" * (P.MAX_CLIENT_FRAME + 10) + '"}'
    if pick == 5:
        return json.dumps({"t": "hello", "v": rng.choice([0, 1, 2, 3, 99]), "token": rng.choice(
            ["", token, "zz", "00" * 16, token.upper(), token[:-2]]), "name": "\x1b]0;pwn\x07" * 3})
    if pick == 6 and legal:
        return json.dumps({"t": "act", "seq": seq + rng.choice([-1, 0, 1]),
                           "action": table.rules.format_action(rng.choice(legal))})
    if pick == 7:
        return json.dumps({"t": "create", "v": P.PROTOCOL, "game": rng.choice([*GAMES, "nope"]),
                           "seats": rng.choice([[], ["human"], ["bot:zz"], ["human"] * 9, ["alien"]]),
                           "options": rng.choice([{}, {"players": 99}, {"x": [1]}])})
    if pick == 8:
        return json.dumps({"t": "list", "v": P.PROTOCOL})
    if pick == 9:
        return "[" * rng.randrange(1, 5000)
    if pick == 10:
        return json.dumps({"t": "act", "seq": seq, "action": "a", "extra": {"deep": [1] * 50}})
    if pick == 11:
        return json.dumps({"t": "hello", "v": P.PROTOCOL, "token": token, "lang": "zz"})
    if pick == 12:
        return "{}"
    if pick == 13:  # a request to take moves back (or put them back), right or wrong
        return json.dumps({"t": rng.choice(["undo", "undo", "redo"]), "seq": seq + rng.choice([-1, 0, 0, 1])})
    if pick == 14:
        return json.dumps({"t": "answer", "seq": seq + rng.choice([-2, -1, 0]),
                           "yes": rng.choice([True, False, 1, "yes"])})
    return json.dumps([rng.random() for _ in range(rng.randrange(50))])


@pytest.mark.parametrize("game", GAMES)
def test_hostile_frames_disturb_nobody(game: str, tmp_path: Path) -> None:
    warnings: list[str] = []

    async def body() -> None:
        server = await started(tmp_path, warn=warnings.append)
        table = server.open_table(game, table_seats(game))
        table.kick()
        people = await seated(server, table)
        token = people[0].token
        rng = random.Random(game)
        base = f"ws://127.0.0.1:{server.port}"
        sent = 0
        while sent < FRAMES:
            path = rng.choice([f"/{table.id}", "/", "/nope", f"/{table.id}/x", "/%00"])
            try:
                async with connect(base + path, max_size=P.MAX_SERVER_FRAME, open_timeout=10,
                                   close_timeout=1) as ws:
                    for _ in range(rng.randrange(1, 60)):
                        await ws.send(_junk(rng, table, token))
                        sent += 1
                    await asyncio.sleep(0.01)
            except ConnectionClosed:
                pass  # the server may close a connection that misbehaves: that is its right
        for c in people:  # the seated players were disturbed by nothing
            assert all(r.code in ("replaced",) for r in c.refusals) or not c.refusals, c.refusals
        again = [c for c in people if c.closed]  # a hostile hello with a real token takes the seat
        live = [c for c in people if not c.closed]
        for c in again:
            fresh = type(c)(c.url, c.token)
            await fresh.connect()
            live.append(fresh)
        await asyncio.gather(*(play(c, by_chance(i)) for i, c in enumerate(live)))
        for c in live:
            assert await c.wait(lambda c=c: c.verdict is not None, 60)
            assert c.verdict is not None and c.verdict.ok, c.verdict
        assert table.session.file is not None and verify(table.session.file).ok
        await stop(server, *live)
    run(body)
    assert not warnings, warnings
