"""Every bot answers with one of the legal actions, in any position, for any seat count."""

from __future__ import annotations

import pytest

from core.bots import make_bot
from core.bots.greedy import GreedyBot
from core.bots.mcts import MCTSBot
from core.games.magic.rules import RULES
from tests.core.bots.helpers import TINY, random_positions

CASES = [
    (2, None, 60),
    (3, None, 25),
    (4, None, 20),
    (2, {"solo": True}, 25),
    (2, {"variant": "quartet"}, 15),
]


def _bots(seed: int) -> list:
    return [make_bot("random", RULES, seed), GreedyBot(RULES, seed),
            MCTSBot(RULES, seed, "tiny", budget=TINY)]


@pytest.mark.parametrize(("seats", "options", "count"), CASES)
def test_bots_choose_legal_actions(seats: int, options: dict | None, count: int) -> None:
    positions = random_positions(count, seed=seats, seats=seats, options=options)
    kinds = set()
    for i, s in enumerate(positions):
        legal = RULES.legal_actions(s)
        view = RULES.view(s, s.decider)
        kinds.add(s.step)
        for bot in _bots(i):
            action = bot.choose(view, legal)
            assert action in legal, (bot.spec, s.step, action)
            RULES.apply(RULES.clone(s), action)  # and the rules accept it
    assert {"add", "activate", "action"} <= kinds


def test_a_forced_decision_is_answered_without_search() -> None:
    s = random_positions(1, seed=9)[0]
    legal = RULES.legal_actions(s)[:1]
    bot = MCTSBot(RULES, 0, "tiny", budget=TINY)
    assert bot.choose(RULES.view(s, s.decider), legal) == legal[0]
    assert bot.last is None


def test_progressive_widening_limits_the_moves_searched() -> None:
    from dataclasses import replace

    from core.bots.mcts import search

    wide = [s for s in random_positions(60, seed=12) if len(RULES.legal_actions(s)) >= 12]
    assert wide
    s = wide[0]
    legal = RULES.legal_actions(s)
    view = RULES.view(s, s.decider)
    narrow = replace(TINY, widening=1.0)
    import random

    result = search(RULES, view, legal, random.Random(1), narrow, iterations=16)
    tried = [a for a, n, _ in result.stats(legal) if n]
    assert 1 <= len(tried) <= 5  # ceil(sqrt(17)) = 5
    full = search(RULES, view, legal, random.Random(1), TINY, iterations=len(legal))
    assert sum(1 for _, n, _ in full.stats(legal) if n) == len(legal)
