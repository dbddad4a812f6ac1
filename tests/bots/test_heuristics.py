"""A game's own heuristics, in every registered game and set-up: the evaluation gives each
seat a win chance in [0, 1] — summing to 1 in a competitive game, the team's one chance for
every seat in a co-operative one, exact once the game is over — and the default policy weighs
every legal action, never all at zero."""

from __future__ import annotations

import math

import pytest

from core.bots.heuristics import heuristics_for, informed
from tests.playing import Config, all_configurations, decisions

CONFIGS = all_configurations()


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_evaluation_and_policy_are_well_formed(config: Config) -> None:
    rules = config.rules
    if not informed(rules):
        pytest.skip(f"{config.game.id} has no heuristics of its own")
    h = heuristics_for(rules)
    coop = config.game.cooperative
    seen, s = 0, None
    for s in decisions(config, 41, every=3):  # the live state: it ends as the final position
        if seen == 30:
            continue
        values = h.evaluate(s)
        assert len(values) == rules.seat_count(s), values
        assert all(0.0 <= v <= 1.0 for v in values), values
        if coop:
            assert max(values) - min(values) < 1e-9, values
        else:
            assert math.isclose(sum(values), 1.0), values
        legal = rules.legal_actions(s)
        weights = h.policy(s, legal)
        assert len(weights) == len(legal) and all(w >= 0 for w in weights) and sum(weights) > 0
        seen += 1
    assert seen and s is not None
    outcome = rules.outcome(s)
    final = h.evaluate(s)
    for seat, v in enumerate(final):  # exact at the end: the winners share the win
        share = 0.0 if seat not in outcome.winners else 1.0 if coop else 1 / len(outcome.winners)
        assert math.isclose(v, share, abs_tol=1e-9), (final, outcome.winners)
