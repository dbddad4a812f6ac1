"""Shared fixtures for the bot tests: games and positions from seeded random play."""

from __future__ import annotations

import random
from typing import Any

from core.bots.mcts import Budget
from core.games.magic.rules import RULES

# A tiny search budget: the tests check behaviour, not strength.
TINY = Budget(per_action=4, floor=12, ceiling=24, ms=10_000, depth=8)


def new_game(seed: int, seats: int = 2, options: dict[str, Any] | None = None) -> Any:
    state = None
    for event in RULES.setup(options or {}, seed, seats):
        state = RULES.evolve(state, event)
    return state


def random_positions(count: int, seed: int = 0, seats: int = 2,
                     options: dict[str, Any] | None = None, every: int = 7) -> list[Any]:
    """Decision states with at least two legal actions, from seeded random play."""
    rng = random.Random(seed)
    out: list[Any] = []
    game = 0
    while len(out) < count:
        s = new_game(seed * 100 + game, seats, options)
        k = 0
        while RULES.pending(s) is not None and len(out) < count:
            legal = RULES.legal_actions(s)
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    out.append(RULES.clone(s))
            RULES.apply(s, legal[rng.randrange(len(legal))])
        game += 1
    return out
