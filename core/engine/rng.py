"""Seeded randomness owned by each game (never the global `random` module).

A game keeps its seed and a counter of random draws in its state; the n-th random
operation uses a generator derived from (seed, n). So a game is reproducible from its seed
and decisions, and undoing then replaying a move gives the same outcome.
"""

from __future__ import annotations

import random
from _random import Random as _CoreRandom
from collections.abc import Callable
from sys import getrefcount as _refs

try:  # what `random` itself seeds with: hashlib is slow to import
    from _sha512 import sha512  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import sha512

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


_new = random.Random.__new__
_new_core = _CoreRandom.__new__
_seed_int = _CoreRandom.seed  # the C generator's own: an int, no Python wrappers


def derived(seed: int, counter: int) -> random.Random:
    """The generator for the `counter`-th random operation of a game seeded with `seed`: the
    one `random.Random(f"evo:{seed}:{counter}")` gives (tests/engine/test_rng.py checks it),
    made without its Python-level `__init__`/`seed`, which a game calls for every roll and
    shuffle. A string seeds as `random.Random.seed` (version 2) turns it into an int."""
    text = f"evo:{seed}:{counter}".encode()
    r = _new(random.Random)
    _seed_int(r, int.from_bytes(text + sha512(text).digest()))
    r.gauss_next = None  # type: ignore[attr-defined]
    return r


_spare = _new_core(_CoreRandom)  # the generator derived_bits seeds again when no one holds it


def derived_bits(seed: int, counter: int) -> Callable[[int], int]:
    """`derived(seed, counter).getrandbits` from the bare C generator (no Python object
    around it): with `core.engine.draws`' `below` and `shuffle`, the draws a game makes most often.

    A generator is 2.5 KB of state to allocate and clear: the last one is seeded again
    unless something still holds it (its `getrandbits`, or another thread at work on it:
    both count among its references), when a new one takes its place."""
    global _spare
    r = _spare
    if _refs(r) > 3:  # `_spare`, `r` and the argument: anything more is a user
        r = _spare = _new_core(_CoreRandom)
    text = f"evo:{seed}:{counter}".encode()
    _seed_int(r, int.from_bytes(text + sha512(text).digest()))
    return r.getrandbits


def fresh_seed() -> int:
    """A new random seed for a game the user did not seed."""
    return random.SystemRandom().randrange(SEED_LIMIT)
