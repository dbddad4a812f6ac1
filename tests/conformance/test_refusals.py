"""Contract 1 for every registered game: an illegal action raises `IllegalAction` citing one
of the game's rulings (or a section of its rules), says why in both languages, and leaves the
position exactly as it was.

Illegal actions are made generically: actions that were legal at other decisions of other
random games, which the game's notation can name, tried where they are not legal.
"""

from __future__ import annotations

import random

import pytest

from core.engine.protocol import IllegalAction
from tests.playing import Config, all_configurations, cites_a_ruling, decisions, encode, sample

CONFIGS = all_configurations()
POSITIONS = 80  # decisions per set-up where refusals are tried


def action_pool(config: Config, seeds: range) -> list[object]:
    """Distinct actions legal somewhere in a few random games, each parsed from its notation."""
    rules = config.rules
    seen: dict[str, object] = {}
    for seed in seeds:
        for state in decisions(config, seed, every=3):
            for a in rules.legal_actions(state):
                seen.setdefault(rules.format_action(a), a)
    return [rules.parse_action(text) for text in sorted(seen)]


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_a_refused_action_changes_nothing(config: Config) -> None:
    rules, game = config.rules, config.game
    pool = action_pool(config, range(100, 104))
    rng = random.Random(5)
    checked = 0
    for state in sample(config, POSITIONS, seed=7, every=2):
        legal = rules.legal_actions(state)
        for action in legal[:: max(1, len(legal) // 3)]:
            assert rules.explain(state, action, "en") is None, "a legal action is explained away"
        candidates = [a for a in rng.sample(pool, min(8, len(pool))) if a not in legal][:4]
        for action in candidates:
            snapshot = encode(state)
            with pytest.raises(IllegalAction) as info:
                rules.apply(state, action)
            refusal = info.value
            assert cites_a_ruling(game, refusal.rule_id), refusal.rule_id
            assert refusal.message and "{" not in refusal.message, refusal.message
            assert encode(state) == snapshot, f"refusing {rules.format_action(action)} changed the state"
            for lang in ("ru", "en"):
                why = rules.explain(state, action, lang)
                assert why is not None and why.rule_id == refusal.rule_id and why.message
            assert encode(state) == snapshot
            checked += 1
    assert checked >= 10, "too few refusals tried"
