"""A seeded bot decides the same way every time (iteration budgets, seeded generators)."""

from __future__ import annotations

from core.bots import make_bot
from core.bots.greedy import GreedyBot
from core.bots.mcts import MCTSBot
from core.games.magic.rules import RULES
from tests.core.bots.helpers import TINY, new_game


def _play(make_bots, seed: int, limit: int = 400) -> list:
    s = new_game(seed)
    bots = make_bots()
    log = []
    while (d := RULES.pending(s)) is not None and len(log) < limit:
        legal = RULES.legal_actions(s)
        action = bots[d.seat].choose(RULES.view(s, d.seat), legal)
        log.append(action)
        RULES.apply(s, action)
    return log


def test_greedy_against_mcts_replays_identically() -> None:
    def make():
        return [GreedyBot(RULES, 11), MCTSBot(RULES, 12, "tiny", budget=TINY)]

    first = _play(make, seed=4, limit=150)
    assert first == _play(make, seed=4, limit=150)
    assert len(first) == 150


def test_random_bots_replay_identically_and_depend_on_the_seed() -> None:
    a = _play(lambda: [make_bot("random", RULES, 1), make_bot("random", RULES, 2)], seed=3)
    b = _play(lambda: [make_bot("random", RULES, 1), make_bot("random", RULES, 2)], seed=3)
    c = _play(lambda: [make_bot("random", RULES, 5), make_bot("random", RULES, 6)], seed=3)
    assert a == b
    assert a != c
