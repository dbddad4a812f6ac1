"""Contract 6 for every registered game: the hint decides from the view alone, and no bot
changes the view it is given. (That bots answer alike for worlds their seat cannot tell
apart is checked in tests/conformance/test_hidden_information.py.)"""

from __future__ import annotations

import random

import pytest

from core.bots.greedy import GreedyBot
from core.bots.hint import hint
from core.bots.mcts import MCTSBot
from tests.bots.helpers import TINY
from tests.playing import Config, all_configurations, decisions, encode

CONFIGS = all_configurations(seat_counts=False)


def _positions(config: Config, count: int) -> list[object]:
    """Decisions of a human seat with a real choice, from a seeded random game."""
    rules = config.rules
    out = []
    for s in decisions(config, 91, every=3):
        seat = rules.pending(s).seat
        if seat not in config.automated and len(rules.legal_actions(s)) > 1:
            out.append(rules.clone(s))
        if len(out) == count:
            break
    assert out
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_hints_do_not_depend_on_what_the_seat_cannot_see(config: Config) -> None:
    rules = config.rules
    for i, s in enumerate(_positions(config, 3)):
        seat = rules.pending(s).seat
        view = rules.view(s, seat)
        twin = rules.determinize(view, random.Random(i))
        legal = rules.legal_actions(s)
        assert rules.legal_actions(twin) == legal
        for lang in ("ru", "en"):
            ha = hint(rules, rules.view(s, seat), legal, seat, lang, budget=TINY, seed=2)
            hb = hint(rules, rules.view(twin, seat), legal, seat, lang, budget=TINY, seed=2)
            assert ha == hb


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_bots_do_not_touch_the_view(config: Config) -> None:
    rules = config.rules
    for s in _positions(config, 3):
        seat = rules.pending(s).seat
        view = rules.view(s, seat)
        before = encode(view)
        legal = rules.legal_actions(s)
        GreedyBot(rules, 1).choose(view, legal)
        MCTSBot(rules, 1, "tiny", budget=TINY).choose(view, legal)
        hint(rules, view, legal, seat, "en", budget=TINY)
        assert encode(view) == before
