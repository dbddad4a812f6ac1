"""Bot heuristics for `classic`: its hint reasons and a sanity match (the evaluation and policy are
checked in every game by tests/bots/test_heuristics.py)."""

from __future__ import annotations

import pytest

from core.bots.heuristics import heuristics_for
from core.bots.hint import hint
from core.bots.tournament import run_tournament
from core.games.classic import GAME
from core.games.classic.rules import RULES
from tests.bots.helpers import TINY, random_positions

SETUPS = [(2, {}), (3, {"ruleset": "v09", "personal_food": True}), (4, {"mimicry": "third"})]


def _positions(count: int, seed: int) -> list[object]:
    out: list[object] = []
    for i, (seats, options) in enumerate(SETUPS):
        out += random_positions(RULES, count, seed=seed + i, seats=seats, options=options, every=3)
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legal_action_has_a_written_reason(lang: str) -> None:
    h = heuristics_for(RULES)
    keys = set()
    for s in _positions(60, 5):
        view = RULES.view(s, s.decider)
        for a in RULES.legal_actions(s):
            key, args = h.reason(view, a, lang)
            assert f"reason.{key}" in GAME.texts.texts, key
            keys.add(key)
            line = GAME.text(f"reason.{key}", lang, **args)
            assert line and "{" not in line and "\n" not in line
    assert {"create", "pass", "take", "end", "add_defence", "add_attack"} <= keys
    # every property played on an animal says what it is for (the bare "add" is a fallback)
    assert "add" not in keys


def test_hints_name_no_hidden_card() -> None:
    """Reasons name animals (c<uid>) and properties, never the cards in another hand."""
    for s in _positions(6, 9):
        seat = s.decider
        view = RULES.view(s, seat)
        hidden = {c for i, p in enumerate(s.players) if i != seat for c in p.hand}
        for h in hint(RULES, view, RULES.legal_actions(s), seat, "en", budget=TINY):
            assert not any(f" {c} " in f" {h.reason} " for c in hidden), h.reason


def test_greedy_beats_random() -> None:
    result = run_tournament("classic", ["greedy", "random"], games=10, seed=3)
    wins = [0, 0]
    for r in result.records:
        assert not r.error
        for w in r.winners:
            wins[w] += 1
    assert wins[0] >= 7, wins
