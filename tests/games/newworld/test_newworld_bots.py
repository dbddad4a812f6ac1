"""Bot heuristics for `newworld`: its policy between fat and Спячка (hint reasons and a sanity
match: tests/bots/test_game_hints.py; evaluation and policy: tests/bots/test_heuristics.py)."""

from __future__ import annotations

import pytest

from core.bots.heuristics import heuristics_for
from core.games.newworld.rules import RULES


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
