"""The search's parts (core/bots/mcts.py): weighted draws, the exploration constant that follows
the rewards' spread, and a pool of sampled worlds reused by copy."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core import games
from core.bots.mcts import Node, _Search, _weighted, search
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


def test_the_exploration_constant_follows_the_spread_of_the_rewards() -> None:
    rules = games.load("magic")
    s = random_positions(rules, 1, seed=2)[0]
    view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
    tree = _Search(rules, view, legal, random.Random(1), replace(TINY, spread=1.5))
    edge = Node()
    for _ in range(200):  # every world gives the same reward: next to no exploration left
        tree.backup([(edge, 0)], [0.6, 0.4])
    assert tree.c < 0.05
    for k in range(2000):  # rewards 0 or 1: a standard deviation of about one half
        tree.backup([(edge, 0)], [float(k % 2), 1.0 - k % 2])
    assert 0.6 < tree.c < 0.8
    fixed = _Search(rules, view, legal, random.Random(1), TINY)
    fixed.backup([(edge, 0)], [1.0, 0.0])
    assert fixed.c == TINY.exploration  # without `spread` the budget's constant stays


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
