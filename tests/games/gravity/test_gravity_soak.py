"""A soak of `gravity` games: every one ends in a win or a loss, and nothing goes wrong.

Uniformly random play (through the engine's `simulate`) never wins this game, so a second
soak uses the crude greedy policy of `test_gravity_play.choose`, which wins now and then.
"""

from __future__ import annotations

import random

import pytest

from core.engine.simulate import simulate
from core.games.gravity.rules import RULES
from core.games.gravity.state import GravityState
from tests.games.gravity.test_gravity_play import choose

VARIANTS = [{"difficulty": "easy"}, {"difficulty": "normal"}, {"difficulty": "hard"}, {"variant": "kids"}]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("options", VARIANTS, ids=["easy", "normal", "hard", "kids"])
def test_random_games_all_end(players: int, options: dict) -> None:
    r = simulate("gravity", 100, seed=900 + players, players=players, options=options)
    assert r.errors == 0, r.error_samples
    assert sum(r.wins_by_seat) // max(players, 1) + r.no_winner == 100
    assert all(w == r.wins_by_seat[0] for w in r.wins_by_seat), "a co-operative win is everyone's"
    assert r.mean_rounds >= 1


def greedy_game(options: dict, seed: int, players: int) -> GravityState:
    state = None
    for ev in RULES.setup(options, seed, players):
        state = RULES.evolve(state, ev)
    assert state is not None
    rng = random.Random(seed)
    for _ in range(20_000):
        if RULES.pending(state) is None:
            return state
        RULES.apply(state, choose(state, rng, greedy=True))
    raise AssertionError("a game did not end")


def test_greedy_games_win_and_lose() -> None:
    results = {"won": 0, "lost": 0}
    for i in range(500):
        players = 1 + i % 5
        s = greedy_game(VARIANTS[i % 4], 5000 + i, players)
        results[s.result] += 1
        outcome = RULES.outcome(s)
        assert outcome is not None
        assert outcome.winners == (list(range(players)) if s.result == "won" else [])
    assert results["won"] >= 5 and results["lost"] >= 400, results
