"""Bot heuristics for `northstar`: hint reasons in the player's words, a sanity match, and all-bot
tables of four and six that play to the end (evaluation and policy: tests/bots/test_heuristics.py)."""

from __future__ import annotations

import pytest

from core.bots import make_bot
from core.games.northstar import GAME
from core.games.northstar.rules import RULES
from tests.bots.helpers import (
    TINY,
    check_hints_hide_hands,
    greedy_wins,
    new_game,
    positions_of,
    written_reasons,
)

SETUPS = [(2, {}), (3, {"short": True}), (5, {})]


def _positions(count: int, seed: int) -> list[object]:
    return positions_of(RULES, SETUPS, count, seed)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legal_action_has_a_written_reason(lang: str) -> None:
    keys = written_reasons(RULES, GAME, _positions(30, 5), lang)
    assert {"new_species", "body", "pop", "end_play", "eat", "attack"} <= keys


def test_hints_name_no_hidden_card() -> None:
    """Reasons name species, traits and the seat's own cards, never a card another seat holds."""
    check_hints_hide_hands(RULES, _positions(3, 9))


def test_greedy_beats_random() -> None:
    assert greedy_wins("northstar", 8) >= 6


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
