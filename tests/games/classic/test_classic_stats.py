"""End-of-game statistics of `classic`, from the journal of a played game."""

from __future__ import annotations

import random

from core import games
from core.engine.session import GameSession


def test_statistics_of_a_played_game() -> None:
    session = GameSession.new("classic", seats=3, seed=4)
    rng = random.Random(4)
    while session.pending() is not None:
        legal = session.legal_actions()
        session.act(legal[rng.randrange(len(legal))])
    stats = games.get("classic").game_stats([session.entries[0], *session.moves_on_line()], 3)
    outcome = session.outcome()
    assert outcome is not None
    assert [s.score for s in stats.seats] == outcome.scores
    assert stats.winners == outcome.winners
    assert stats.rounds == session.state.turn and stats.moves == len(session.moves_on_line())
    assert sum(s.animals for s in stats.seats) >= len(session.state.animals)
    assert sum(s.kills for s in stats.seats) <= sum(s.attacks for s in stats.seats)
