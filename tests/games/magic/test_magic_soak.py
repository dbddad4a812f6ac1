"""A soak of random games: every one finishes with a winner and nothing goes wrong."""

from __future__ import annotations

import pytest

from core.engine.simulate import simulate


@pytest.mark.parametrize(("players", "games", "options"), [
    (2, 800, {}),
    (3, 500, {}),
    (4, 400, {}),
    (3, 150, {"variant": "quartet"}),
    (2, 150, {"solo": True}),
])
def test_random_games_all_finish(players: int, games: int, options: dict) -> None:
    r = simulate("magic", games, seed=2026 + players, players=players, options=options)
    assert r.errors == 0, r.error_samples
    assert sum(r.wins_by_seat) == games and r.no_winner == 0
    assert r.mean_rounds >= 1
