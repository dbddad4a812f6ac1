"""The search's parts (core/bots/mcts.py): weighted draws and a pool of sampled worlds reused
by copy."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core import games
from core.bots.mcts import _weighted, search
from tests.bots.helpers import TINY, random_positions


def test_a_weighted_draw_follows_the_weights() -> None:
    rng = random.Random(5)
    items = ["a", "b", "c"]  # type: ignore[list-item]
    drawn = [_weighted(rng, items, [0.0, 3.0, 1.0]) for _ in range(4000)]  # type: ignore[arg-type]
    assert "a" not in drawn
    assert 0.7 < drawn.count("b") / len(drawn) < 0.8
    # No weight at all: uniform.
    uniform = {_weighted(rng, items, [0.0, 0.0, 0.0]) for _ in range(100)}  # type: ignore[arg-type]
    assert uniform == set(items)


@pytest.mark.parametrize("game", games.ids())
def test_a_pool_of_worlds_gives_a_seeded_legal_answer(game: str) -> None:
    rules = games.load(game)
    pooled = replace(TINY, worlds=5)
    for s in random_positions(rules, 3, seed=7, seats=games.get(game).seats[2]):
        view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
        first = search(rules, view, legal, random.Random(3), pooled, iterations=40)
        again = search(rules, view, legal, random.Random(3), pooled, iterations=40)
        assert first.iterations == 40 and first.root.visits >= 40
        assert first.stats(legal) == again.stats(legal)
        assert {a for a, visits, _ in first.stats(legal) if visits} <= set(legal)


class _ProtocolOnly:
    """A ruleset seen only through the protocol: no `quick` (a search falls back to
    `pending`, `legal_actions` and `resolve`)."""

    def __init__(self, rules: object) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> object:
        if name == "quick":
            raise AttributeError(name)
        return getattr(self._rules, name)


@pytest.mark.parametrize("game", games.ids())
def test_a_search_through_quick_calls_decides_as_through_the_protocol(game: str) -> None:
    """The engine's quick calls (no legal-actions cache, no events kept) change the search's
    cost, not a visit of its tree."""
    rules = games.load(game)
    plain = _ProtocolOnly(rules)
    for s in random_positions(rules, 2, seed=11, seats=games.get(game).seats[0]):
        view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
        quick = search(rules, view, legal, random.Random(4), TINY, iterations=30)
        slow = search(plain, view, legal, random.Random(4), TINY, iterations=30)  # type: ignore[arg-type]
        assert quick.stats(legal) == slow.stats(legal)
