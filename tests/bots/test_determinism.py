"""A seeded bot decides the same way every time (iteration budgets, seeded generators), in
every registered game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core import games
from core.bots import make_bot
from core.bots.greedy import GreedyBot
from core.bots.mcts import MCTSBot
from core.engine.descriptor import GameDescriptor
from tests.bots.helpers import TINY, new_game

GAMES = games.descriptors()
IDS = [g.id for g in GAMES]


def _play(game: GameDescriptor, make_bots: Callable[[int], Any], seed: int,
          limit: int = 400) -> list[Any]:
    rules = game.ruleset
    seats = game.seats[2]
    s = new_game(rules, seed, seats)
    bots = [make_bots(i) for i in range(seats)]
    log = []
    while (d := rules.pending(s)) is not None and len(log) < limit:
        legal = rules.legal_actions(s)
        action = bots[d.seat].choose(rules.view(s, d.seat), legal)
        log.append(action)
        rules.apply(s, action)
    return log


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_greedy_against_mcts_replays_identically(game: GameDescriptor) -> None:
    rules = game.ruleset

    def make(i: int) -> Any:
        return GreedyBot(rules, 11 + i) if i % 2 == 0 else MCTSBot(rules, 11 + i, "tiny", budget=TINY)

    first = _play(game, make, seed=4, limit=150)
    assert first == _play(game, make, seed=4, limit=150)
    assert len(first) >= 20


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_random_bots_replay_identically_and_depend_on_the_seed(game: GameDescriptor) -> None:
    rules = game.ruleset
    a = _play(game, lambda i: make_bot("random", rules, 1 + i), seed=3)
    b = _play(game, lambda i: make_bot("random", rules, 1 + i), seed=3)
    c = _play(game, lambda i: make_bot("random", rules, 5 + i), seed=3)
    assert a == b
    assert a != c
