"""A short soak of every registered game in every set-up: random games through the engine's
`simulate` all end, with an outcome, and nothing goes wrong; and in random games of every
set-up every invariant of the game (its descriptor's `position_invariants`) holds after every
event — the positions games actually reach are all positions the game calls possible."""

from __future__ import annotations

import random

import pytest

from core.engine.simulate import simulate
from tests.playing import Config, all_configurations, fold_checked, random_moves

CONFIGS = all_configurations()
GAMES = 60
CHECKED_GAMES = 6  # of which every event is checked against every invariant


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


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_every_invariant_holds_after_every_event(config: Config) -> None:
    game, rules = config.game, config.rules
    assert game.position_invariants, "a game lists what makes a position possible"
    for seed in range(81, 81 + CHECKED_GAMES):
        state = config.fresh(seed)
        game.check_position(state)
        for _, before, events in random_moves(rules, state, random.Random(seed)):
            fold_checked(game, before, events)
