"""`derived` gives the generator the documented seeding gives: random.Random("evo:<seed>:<n>");
`derived_bits` with `below`, `shuffle` and `sample` draw what its randrange, shuffle and
sample draw."""

import random

import pytest

from core.engine.draws import below, sample, shuffle
from core.engine.rng import SEED_MAX, derived, derived_bits


@pytest.mark.parametrize("seed", [0, 1, 7, 123_456_789, 2**31 - 1, 2**32, SEED_MAX])
def test_derived_is_the_documented_generator(seed: int) -> None:
    for counter in (0, 1, 2, 9, 10, 99, 1000, 123_457):
        ours, documented = derived(seed, counter), random.Random(f"evo:{seed}:{counter}")
        assert ours.getstate() == documented.getstate()
        assert [ours.randrange(6) for _ in range(20)] == [documented.randrange(6) for _ in range(20)]
        deck, other = list(range(40)), list(range(40))
        ours.shuffle(deck)
        documented.shuffle(other)
        assert deck == other
        assert ours.gauss(0, 1) == documented.gauss(0, 1)


def test_each_operation_gets_its_own_generator() -> None:
    a, b = derived(5, 0), derived(5, 0)
    assert a is not b
    a.random()
    assert a.getstate() != b.getstate()
    assert derived(5, 0).random() != derived(5, 1).random()


@pytest.mark.parametrize("seed", [0, 7, 2**32, SEED_MAX])
def test_bits_below_and_shuffle_draw_what_the_generator_draws(seed: int) -> None:
    for counter in (0, 1, 10, 1000):
        sizes = (1, 2, 3, 5, 6, 7, 8, 33, 1000, 2**40 + 3)
        ours, documented = derived_bits(seed, counter), derived(seed, counter)
        assert [below(ours, n) for n in sizes * 3] == [documented.randrange(n) for n in sizes * 3]
        for length in (0, 1, 2, 6, 25, 40, 300):
            deck, other = list(range(length)), list(range(length))
            shuffle(derived_bits(seed, counter + length), deck)
            derived(seed, counter + length).shuffle(other)
            assert deck == other


@pytest.mark.parametrize("seed", [0, 7, 2**32, SEED_MAX])
def test_sample_draws_what_the_generator_samples(seed: int) -> None:
    for counter in (0, 1, 10, 1000):
        for n in (0, 1, 2, 3, 8, 20, 21):
            population = [f"c{i}" for i in range(n)]
            for k in sorted({0, 1, n // 2, n}):
                if k <= n:
                    got = sample(derived_bits(seed, counter + k), population, k)
                    assert got == derived(seed, counter + k).sample(population, k)
    with pytest.raises(ValueError):
        sample(derived_bits(0, 0), list(range(22)), 3)
    with pytest.raises(ValueError):
        sample(derived_bits(0, 0), [1, 2], 3)


def test_bits_held_while_another_is_derived_keep_their_own_numbers() -> None:
    """derived_bits seeds its last generator again only when no one holds it."""
    held = derived_bits(3, 0)
    first = held(32)
    other = derived_bits(3, 1)  # would reseed `held`'s generator were it shared
    expected = derived(3, 0)
    expected.getrandbits(32)
    assert first == derived(3, 0).getrandbits(32)
    assert [held(32) for _ in range(5)] == [expected.getrandbits(32) for _ in range(5)]
    assert other(32) == derived(3, 1).getrandbits(32)
    del held, other
    again = derived_bits(3, 2)  # the spare is free again: seeded anew, the same numbers
    assert again(32) == derived(3, 2).getrandbits(32)
