"""A digest of random games per game: every action's notation and every event (msgspec),
hashed, so a refactoring can show that the same games play out identically.

    .venv/bin/python scripts/game_digest.py [GAMES_PER_GAME]
"""

from __future__ import annotations

import hashlib
import random
import sys

import msgspec

from core import games
from core.engine.bench import bench_seats
from core.engine.simulate import game_seed


def digest(game: str, n: int) -> str:
    rules = games.load(game)
    players = bench_seats(game)
    opts = rules.normalize_options({}, players)
    h = hashlib.sha256()
    enc = msgspec.json.Encoder()
    for i in range(n):
        seed = game_seed(7, i)
        rng = random.Random(seed ^ 0x5EED)
        state = None
        for ev in rules.setup(opts, seed, players):
            h.update(enc.encode(ev))
            state = rules.evolve(state, ev)
        while rules.pending(state) is not None:
            legal = rules.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            h.update(rules.format_action(action).encode())
            for ev in rules.apply(state, action):
                h.update(enc.encode(ev))
    return h.hexdigest()[:16]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for g in games.ids():
        print(g, digest(g, n), flush=True)
