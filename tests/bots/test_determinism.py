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


def test_a_budget_counts_iterations_and_the_clock_caps_only_the_apps_bots() -> None:
    """Issue #26: whatever the machine's load, a tournament's bot makes its level's iterations
    (no wall-clock cut); the app's bots (`capped`) stop at the level's cap as a safety."""
    from dataclasses import replace

    rules = GAMES[0].ruleset
    s = new_game(rules, 3, GAMES[0].seats[2])
    while len(rules.legal_actions(s)) < 2:
        rules.apply(s, rules.legal_actions(s)[0])
    view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
    no_time = replace(TINY, ms=0.0, floor=64, ceiling=64)  # a cap already passed at the start
    free = MCTSBot(rules, 1, "tiny", budget=no_time)
    free.choose(view, legal)
    assert free.last is not None and free.last.iterations == 64
    capped = MCTSBot(rules, 1, "tiny", budget=no_time, capped=True)
    capped.choose(view, legal)
    assert capped.last is not None and capped.last.iterations == 8  # the clock is read every 8
    assert make_bot("mcts:hard", rules, 1).cap_ms is None  # type: ignore[attr-defined]
    assert make_bot("mcts:hard", rules, 1, capped=True).cap_ms == 2000  # type: ignore[attr-defined]
