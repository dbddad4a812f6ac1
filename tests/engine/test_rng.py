"""`derived` gives the generator the documented seeding gives: random.Random("evo:<seed>:<n>")."""

import random

import pytest

from core.engine.rng import SEED_MAX, derived


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
