"""Shared fixtures for the bot tests: games and positions from seeded random play."""

from __future__ import annotations

import random
from typing import Any

from core.bots.mcts import Budget

# A tiny search budget: the tests check behaviour, not strength.
TINY = Budget(per_action=4, floor=12, ceiling=24, ms=10_000, depth=8)


def new_game(rules: Any, seed: int, seats: int = 2, options: dict[str, Any] | None = None) -> Any:
    state = None
    for event in rules.setup(options or {}, seed, seats):
        state = rules.evolve(state, event)
    return state


def random_positions(rules: Any, count: int, seed: int = 0, seats: int | list[int] = 2,
                     options: dict[str, Any] | None = None, every: int = 7) -> list[Any]:
    """Decision states with at least two legal actions, from seeded random play (a list of
    seat counts is cycled game by game)."""
    rng = random.Random(seed)
    counts = seats if isinstance(seats, list) else [seats]
    out: list[Any] = []
    game = 0
    while len(out) < count:
        s = new_game(rules, seed * 100 + game, counts[game % len(counts)], options)
        k = 0
        while rules.pending(s) is not None and len(out) < count:
            legal = rules.legal_actions(s)
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    out.append(rules.clone(s))
            rules.apply(s, legal[rng.randrange(len(legal))])
        game += 1
    return out
