"""Seeded randomness owned by each game (never the global `random` module).

A game keeps its seed and a counter of random draws in its state; the n-th random
operation uses a generator derived from (seed, n). So a game is reproducible from its seed
and decisions, and undoing then replaying a move gives the same outcome.
"""

from __future__ import annotations

import random

SEED_LIMIT = 10**9  # short enough to read aloud and share
SEED_MAX = 2**63 - 1  # any seed 0..SEED_MAX works: a save holds it as a signed 64-bit number


def seed_problem(seed: object) -> str | None:
    """Why `seed` cannot seed a game ("must be …"), or None if it can."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        return f"must be a whole number 0..{SEED_MAX}"
    if not 0 <= seed <= SEED_MAX:
        shown = str(seed) if len(str(seed)) <= 24 else str(seed)[:21] + "…"
        return f"must be 0..{SEED_MAX}, not {shown}"
    return None


def derived(seed: int, counter: int) -> random.Random:
    """The generator for the `counter`-th random operation of a game seeded with `seed`."""
    return random.Random(f"evo:{seed}:{counter}")


def fresh_seed() -> int:
    """A new random seed for a game the user did not seed."""
    return random.SystemRandom().randrange(SEED_LIMIT)
