"""Draws from a generator's `getrandbits`, the same numbers and orders as `random.Random`'s own
methods give (tests/engine/test_rng.py checks them), without their method calls: a game's rolls
and shuffles (`core.engine.rng.derived_bits`) and a search's sampled worlds. Compiled with the
search (`core.native`), which `rng` itself is not.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TypeVar

T = TypeVar("T")


def below(bits: Callable[[int], int], n: int) -> int:
    """`randrange(n)` (n > 0) of the generator whose `getrandbits` is `bits`: the same number
    (random.Random._randbelow_with_getrandbits, without its method calls)."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


@cache
def _swaps(n: int) -> tuple[tuple[int, int], ...]:
    """(i, the bits `randrange(i + 1)` draws) for each step of shuffling n cards, last first."""
    return tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


def shuffle(bits: Callable[[int], int], x: list[T]) -> None:
    """`random.Random.shuffle(x)` of the generator whose `getrandbits` is `bits`: the same
    order, without a method call per card."""
    for i, k in _swaps(len(x)):
        j = bits(k)
        while j > i:  # randrange(i + 1): draw again until below i + 1
            j = bits(k)
        x[i], x[j] = x[j], x[i]


def sample(bits: Callable[[int], int], population: list[T], k: int) -> list[T]:
    """`random.Random.sample(population, k)` of the generator whose `getrandbits` is `bits`:
    the same cards, for a population of at most 21 (where `sample` picks from a pool)."""
    n = len(population)
    if not 0 <= k <= n or n > 21:
        raise ValueError("sample: k out of range, or a population too large for the pool method")
    pool = list(population)
    out = []
    for i in range(k):
        m = n - i
        w = m.bit_length()
        j = bits(w)
        while j >= m:
            j = bits(w)
        out.append(pool[j])
        pool[j] = pool[m - 1]
    return out
