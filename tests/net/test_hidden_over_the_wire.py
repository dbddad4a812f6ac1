"""Contract 6 over the wire: for two positions that differ only in what seat s cannot see,
every message the server sends to s is byte for byte the same."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core import games
from core.engine import journal as J
from core.net.client import TableClient
from tests.net.helpers import run, started, stop, url
from tests.playing import Config, encode, sample

GAMES = games.ids()
POSITIONS = 4  # positions per game, each compared for every seat
SECRET = bytes(range(32))


def _twin(rules: object, state: object, seat: int, rng: random.Random) -> object:
    """A position seat `seat` cannot tell from `state` (its random stream kept, so open rolls
    are the same): what the seat cannot see resampled."""
    twin = rules.determinize(rules.view(state, seat), rng)  # type: ignore[attr-defined]
    for name in ("seed", "rng_count"):
        setattr(twin, name, getattr(state, name))
    return twin


async def _frames(tmp: Path, game: str, n: int, position: object, seat: int) -> list[str]:
    server = await started(tmp)
    seats = [J.Seat(f"P{i + 1}") for i in range(n)]
    table = server.open_table(game, seats, secret=SECRET, table_id="pair", position=position)
    tok = table.tokens[seat]
    assert tok is not None
    client = TableClient(url(server, table), tok.hex(), keep_frames=True)
    await client.connect()
    await stop(server, client)
    return client.frames


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_is_sent_the_same_bytes_in_worlds_it_cannot_tell_apart(game: str, tmp_path: Path) -> None:
    desc = games.get(game)
    config = Config(desc, desc.seats[2])
    assert not config.automated
    rules = config.rules
    rng = random.Random(7)
    differed = 0
    states = [rules.clone(s) for s in sample(config, POSITIONS, seed=11, every=7)]

    async def body() -> None:
        nonlocal differed
        for k, state in enumerate(states):
            for seat in range(config.seats):
                twin = _twin(rules, state, seat, rng)
                differed += encode(twin) != encode(state)
                a = await _frames(tmp_path / f"a{k}-{seat}", game, config.seats, state, seat)
                b = await _frames(tmp_path / f"b{k}-{seat}", game, config.seats, twin, seat)
                assert len(a) >= 2 and a == b
    run(body)
    assert differed or not desc.hidden_information, "no position hid anything to compare"
