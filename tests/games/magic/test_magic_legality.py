"""Every bot answers `magic` with one of the legal actions, in any position, for any seat
count and mode, at every kind of decision (tests/bots/test_legality.py does every game)."""

from __future__ import annotations

import pytest

from core.bots import make_bot
from core.bots.greedy import GreedyBot
from core.bots.mcts import MCTSBot
from core.games.magic.rules import RULES
from tests.bots.helpers import TINY, random_positions

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
    positions = random_positions(RULES, count, seed=seats, seats=seats, options=options)
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
