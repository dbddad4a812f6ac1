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


def test_easy_finishes_the_turn_and_the_levels_above_it_look_further() -> None:
    """Turn rollouts gave normal and hard no strength over easy (48.5 % and 46.5 % of 400
    games); sampled rollouts of 12 moves made normal win 79.8 % of 400, rollouts of 24 at
    normal's iterations made hard win 55.3 % of 300 against it, and those with the root's
    iterations shared by sequential halving 63.3 % of 300 (docs/bots.md)."""
    from core.bots.mcts import LEVELS, for_game

    easy, normal, hard, expert = (for_game(RULES, LEVELS[lv]) for lv in LEVELS)
    assert easy.rollout == "turn"
    assert (normal.rollout, normal.depth) == ("sample", 12)
    assert (hard.rollout, hard.depth, hard.root) == ("sample", 24, "halving")
    assert (easy.root, normal.root, expert.root) == ("ucb", "ucb", "halving")
    for field in ("per_action", "floor", "ceiling", "worlds"):  # normal's iterations and worlds
        assert getattr(hard, field) == getattr(normal, field)
    assert (expert.rollout, expert.depth, expert.ceiling) == ("sample", 24, LEVELS["expert"].ceiling)


def test_a_shelter_hint_says_where_to_hide() -> None:
    """A hint to take shelter names the habitat, as one to feed does (the shelter's own)."""
    from core import games
    from core.games.newworld import actions as A
    from core.games.newworld.texts import habitat_name
    from tests.bots.helpers import random_positions

    h, game = heuristics_for(RULES), games.get("newworld")
    for s in random_positions(RULES, 400, seed=11, every=1):
        view = RULES.view(s, s.decider)
        for a in RULES.legal_actions(s):
            if isinstance(a, A.Shelter):
                kind = next(x.kind for x in view.habitats if x.key == a.habitat)
                for lang in ("en", "ru"):
                    key, args = h.reason(view, a, lang)
                    line = game.text(f"reason.{key}", lang, **args)
                    assert f"h{a.habitat}" in line and habitat_name(kind, lang) in line, line
                return
    raise AssertionError("no shelter to take in 400 positions")
