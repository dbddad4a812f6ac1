"""Hints on `magic` positions: a written reason for every kind of move, naming no hidden card.
The game-agnostic behaviour of hints is in tests/bots/test_hint.py."""

from __future__ import annotations

import re

import pytest

from core.bots.heuristics import heuristics_for
from core.bots.hint import hint
from core.games.magic import GAME
from core.games.magic.rules import RULES
from tests.bots.helpers import TINY, random_positions, written_reasons


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legal_action_has_a_written_reason(lang: str) -> None:
    """Reasons exist as texts for every kind of move, with all placeholders filled."""
    positions = random_positions(RULES, 150, seed=40, every=2) + random_positions(RULES,
        40, seed=41, options={"solo": True}, every=2)
    keys = written_reasons(RULES, GAME, positions, lang)
    assert {"create", "activate_energy", "activate_attack", "activate_ready", "transmute",
            "gain_lower", "sleep", "keep"} <= keys


def test_reason_names_no_hidden_card() -> None:
    """Reasons name creatures (c<uid>) and properties, and no card but one of the seat's own
    hand (#<n>, which it sees): never the hidden card under a creature."""
    for s in random_positions(RULES, 30, seed=50):
        view = RULES.view(s, s.decider)
        hand = {str(c) for c in view.players[s.decider].hand or []}
        for h in hint(RULES, view, RULES.legal_actions(s), s.decider, "en", budget=TINY):
            assert set(re.findall(r"#(\d+)", h.reason)) <= hand, h.reason
            assert not re.search(r"(?<![c#\w])\d{2}\b", h.reason.replace("4", "")), h.reason


def _activation_reason(creatures: list[list[dict[str, object]]], lower: int = 3) -> str:
    from core.games.magic.actions import Activate
    from core.games.magic.scenario import SCENARIO

    rows = creatures + [[]] * (2 - len(creatures))
    pos = {"step": "activate", "lower": lower,
           "players": [{"hand": [], "creatures": row} for row in rows]}
    s = SCENARIO.state(pos)
    key, args = heuristics_for(RULES).reason(RULES.view(s, 0), Activate(1), "en")
    return GAME.text(f"reason.{key}", "en", **args)


def test_activation_reasons_say_what_the_activation_is_for() -> None:
    assert _activation_reason([[{"id": 1, "energy": 4}]]) == "c1 is ready to transmute (4 energy)"
    vampire = {"id": 1, "energy": 1, "properties": ["vampire"]}
    assert _activation_reason([[vampire], [{"id": 2, "energy": 2}]]) == "c1 can attack c2 (Vampire)"
    # MC-R16: an Invisible target is out of reach without Keen-eyed, so energy is the reason
    hidden = {"id": 2, "energy": 2, "properties": ["invisible"]}
    assert _activation_reason([[vampire], [hidden]]) == "c1 can take energy (it has 1 of the 4 it needs)"
    giving = {"id": 1, "energy": 1, "properties": ["giving"]}
    assert _activation_reason([[giving, {"id": 3}]]) == "c1 can use Giving"
    # MC-R33: no other creature of its own to give to, so Giving is no reason
    assert _activation_reason([[giving]]) == "c1 can take energy (it has 1 of the 4 it needs)"
    assert _activation_reason([[{"id": 1}]], lower=0) == "c1: nothing to take, it just falls asleep"
