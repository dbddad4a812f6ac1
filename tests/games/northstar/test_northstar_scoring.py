"""Scoring (§7.1) and the tie-breaks: bag + population + trait cards; ties by trait cards,
then population, then a shared victory (NS25); end-of-game statistics."""

from __future__ import annotations

import random

import pytest

from core.engine.session import GameSession
from core.games.northstar import GAME
from core.games.northstar.flow import winners


@pytest.mark.parametrize(("bags", "pops", "traits", "won"), [
    ([5, 3], [2, 2], [1, 1], [0]),  # 8 against 6: the points
    ([4, 2], [2, 3], [1, 1], [0]),  # 7 against 6: the points, whatever the population
    ([4, 3], [2, 2], [1, 2], [1]),  # 7 and 7: more trait cards
    ([4, 3], [2, 3], [1, 1], [1]),  # 7 and 7, traits equal: more population
    ([3, 3, 2], [2, 2, 2], [1, 1, 1], [0, 1]),  # still tied: a shared victory (NS25)
])
def test_winners(bags: list[int], pops: list[int], traits: list[int], won: list[int]) -> None:
    assert winners(bags, pops, traits) == won


def test_the_tie_break_order() -> None:
    assert winners([4, 3], [2, 2], [1, 2]) == [1]  # traits before anything else
    assert winners([4, 3], [2, 3], [1, 1]) == [1]  # then population
    assert winners([3, 3], [2, 2], [1, 1]) == [0, 1]  # NS25: shared
    assert winners([3, 6, 3], [3, 1, 3], [2, 1, 2]) == [0, 2]


def test_statistics_of_a_played_game() -> None:
    session = GameSession.new("northstar", seats=3, seed=12)
    rng = random.Random(12)
    while session.pending() is not None:
        acts = session.legal_actions()
        session.act(acts[rng.randrange(len(acts))])
    stats = GAME.game_stats([session.entries[0], *session.moves_on_line()], 3)
    out = session.outcome()
    assert out is not None and stats.winners == out.winners
    assert [s.score for s in stats.seats] == out.scores
    assert stats.rounds == session.state.round and stats.moves == len(session.line)
    assert all(s.species >= 1 for s in stats.seats)
    assert sum(s.attacks for s in stats.seats) >= 0
