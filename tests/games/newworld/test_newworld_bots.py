"""Bot heuristics for `newworld`: its hint reasons and a sanity match (the evaluation and policy are
checked in every game by tests/bots/test_heuristics.py)."""

from __future__ import annotations

import pytest

from core.bots.heuristics import heuristics_for
from core.bots.hint import hint
from core.bots.tournament import run_tournament
from core.games.newworld import GAME
from core.games.newworld.rules import RULES
from tests.bots.helpers import TINY, random_positions

SETUPS = [(2, {}), (3, {"scenario": "mutations"}), (4, {"unlimited_hand": True}),
          (2, {"scenario": "cataclysm"})]


def _positions(count: int, seed: int) -> list[object]:
    out: list[object] = []
    for i, (seats, options) in enumerate(SETUPS):
        out += random_positions(RULES, count, seed=seed + i, seats=seats, options=options, every=3)
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legal_action_has_a_written_reason(lang: str) -> None:
    h = heuristics_for(RULES)
    keys = set()
    for s in _positions(40, 5):
        view = RULES.view(s, s.decider)
        for a in RULES.legal_actions(s):
            key, args = h.reason(view, a, lang)
            assert f"reason.{key}" in GAME.texts.texts, key
            keys.add(key)
            line = GAME.text(f"reason.{key}", lang, **args)
            assert line and "{" not in line and "\n" not in line
    assert {"create", "add", "pass", "feed", "end", "mutate_new"} <= keys


def test_hints_name_no_hidden_card() -> None:
    """Reasons name animals (c<uid>), habitats and properties, never cards in another hand."""
    for s in _positions(4, 9):
        seat = s.decider
        view = RULES.view(s, seat)
        hidden = {c for i, p in enumerate(s.players) if i != seat for c in p.hand}
        for h in hint(RULES, view, RULES.legal_actions(s), seat, "en", budget=TINY):
            assert not any(f" {c} " in f" {h.reason} " for c in hidden), h.reason


def test_greedy_beats_random() -> None:
    result = run_tournament("newworld", ["greedy", "random"], games=8, seed=3)
    wins = [0, 0]
    for r in result.records:
        assert not r.error
        for w in r.winners:
            wins[w] += 1
    assert wins[0] >= 6, wins


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
