"""Bot heuristics for `northstar`: all-bot tables of four and six that play to the end (hint
reasons and a sanity match: tests/bots/test_game_hints.py; evaluation and policy:
tests/bots/test_heuristics.py)."""

from __future__ import annotations

import pytest

from core.bots import make_bot
from core.games.northstar.rules import RULES
from tests.bots.helpers import TINY, new_game


@pytest.mark.parametrize(("seats", "options"), [(4, {}), (6, {"short": True})])
def test_all_bot_tables_play_to_the_end(seats: int, options: dict[str, object]) -> None:
    s = new_game(RULES, 21, seats, options)
    bots = [make_bot("greedy" if i % 2 else "mcts", RULES, i) for i in range(seats)]
    bots = [b if i % 2 else _tiny(i) for i, b in enumerate(bots)]
    moves = 0
    while (d := RULES.pending(s)) is not None:
        legal = RULES.legal_actions(s)
        action = bots[d.seat].choose(RULES.view(s, d.seat), legal)
        assert action in legal
        RULES.apply(s, action)
        moves += 1
        assert moves < 5000
    assert RULES.outcome(s) is not None


def _tiny(seed: int) -> object:
    from core.bots.mcts import MCTSBot

    return MCTSBot(RULES, seed, "tiny", budget=TINY)
