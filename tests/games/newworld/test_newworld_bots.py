"""Bot heuristics for `newworld`: its hint reasons and a sanity match (the evaluation and policy are
checked in every game by tests/bots/test_heuristics.py)."""

from __future__ import annotations

import pytest

from core.bots.heuristics import heuristics_for
from core.games.newworld import GAME
from core.games.newworld.rules import RULES
from tests.bots.helpers import (
    check_hints_hide_hands,
    greedy_wins,
    positions_of,
    written_reasons,
)

SETUPS = [(2, {}), (3, {"scenario": "mutations"}), (4, {"unlimited_hand": True}),
          (2, {"scenario": "cataclysm"})]


def _positions(count: int, seed: int) -> list[object]:
    return positions_of(RULES, SETUPS, count, seed)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legal_action_has_a_written_reason(lang: str) -> None:
    keys = written_reasons(RULES, GAME, _positions(40, 5), lang)
    assert {"create", "add", "pass", "feed", "end", "mutate_new"} <= keys


def test_hints_name_no_hidden_card() -> None:
    """Reasons name animals (c<uid>), habitats and properties, never cards in another hand."""
    check_hints_hide_hands(RULES, _positions(4, 9))


def test_greedy_beats_random() -> None:
    assert greedy_wins("newworld", 8) >= 6


@pytest.mark.parametrize(("traits", "first"), [
    (["hibernation", "fat_tissue"], "fat"),  # the fat feeds it: Спячка and its point stay
    (["hibernation", "fat_tissue", "big"], "sleep"),  # it does not: sleep, keep the fat (NW25)
])
def test_policy_orders_fat_and_hibernation(traits: list[str], first: str) -> None:
    from core.games.newworld import actions as A
    from tests.games.newworld.nw_play import position

    s = position(step="feed", players=[{"animals": [{"id": 1, "fat": 1, "properties": traits}]},
                                       {"passed": True}])
    RULES.apply(s, A.Pass())
    legal = RULES.legal_actions(s)
    assert s.step == "save" and len(legal) == 2
    weights = heuristics_for(RULES).policy(s, legal)
    assert legal[weights.index(max(weights))].first == first
