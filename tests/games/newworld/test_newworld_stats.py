"""End-of-game statistics of a `newworld` game, from its journal entries."""

from __future__ import annotations

import random

from core.engine.session import GameSession
from core.games.newworld import GAME


def test_statistics_follow_the_game() -> None:
    session = GameSession.new("newworld", seats=3, seed=12)
    rng = random.Random(12)
    while session.pending() is not None:
        legal = session.legal_actions()
        session.act(legal[rng.randrange(len(legal))])
    stats = GAME.game_stats([session.entries[0], *session.moves_on_line()], 3)
    outcome = session.outcome()
    assert stats.rounds == 6 and stats.winners == outcome.winners
    assert [x.score for x in stats.seats] == outcome.scores
    assert sum(x.animals for x in stats.seats) >= sum(len(p.row) for p in session.state.players)
    assert sum(x.kills for x in stats.seats) <= sum(x.attacks for x in stats.seats)
    assert stats.moves == len(session.moves_on_line())
