"""Bot heuristics for `classic`: its hint reasons and a sanity match (the evaluation and policy are
checked in every game by tests/bots/test_heuristics.py)."""

from __future__ import annotations

import pytest

from core.games.classic import GAME
from core.games.classic.rules import RULES
from tests.bots.helpers import (
    check_hints_hide_hands,
    greedy_wins,
    positions_of,
    written_reasons,
)

SETUPS = [(2, {}), (3, {"ruleset": "v09", "personal_food": True}), (4, {"mimicry": "third"})]


def _positions(count: int, seed: int) -> list[object]:
    return positions_of(RULES, SETUPS, count, seed)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legal_action_has_a_written_reason(lang: str) -> None:
    keys = written_reasons(RULES, GAME, _positions(60, 5), lang)
    assert {"create", "pass", "take", "end", "add_defence", "add_attack"} <= keys
    # every property played on an animal says what it is for (the bare "add" is a fallback)
    assert "add" not in keys


def test_hints_name_no_hidden_card() -> None:
    """Reasons name animals (c<uid>) and properties, never the cards in another hand."""
    check_hints_hide_hands(RULES, _positions(6, 9))


def test_greedy_beats_random() -> None:
    assert greedy_wins("classic", 10) >= 7
