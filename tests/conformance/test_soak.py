"""A short soak of every registered game in every set-up: random games through the engine's
`simulate` all end, with an outcome, and nothing goes wrong."""

from __future__ import annotations

import pytest

from core.engine.simulate import simulate
from tests.playing import Config, all_configurations

CONFIGS = all_configurations()
GAMES = 60


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_random_games_all_end(config: Config) -> None:
    r = simulate(config.game.id, GAMES, seed=81, players=config.seats, options=dict(config.options))
    assert r.errors == 0, r.error_samples
    assert r.cooperative == config.game.cooperative
    assert len(r.wins_by_seat) == config.seats
    if config.game.cooperative:
        assert len(set(r.wins_by_seat)) == 1, "a co-operative win is everyone's"
        assert r.wins_by_seat[0] + r.no_winner == GAMES
    else:  # a shared win (classic's v0.9 tie rule) counts for each of its winners
        assert GAMES - r.no_winner <= sum(r.wins_by_seat) <= (GAMES - r.no_winner) * config.seats
    assert r.mean_rounds >= 1 and r.mean_actions >= 1
