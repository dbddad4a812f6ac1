"""Impossible `magic` positions — from a scenario file or hand-edited into a save behind a good
checksum — are refused in one line with the line they are on (scenario.check, docs/scenarios.md):
a bogus step, card, property, source or variant, a seat that does not exist, a round below 1,
an attack on a missing creature, counts that do not add up.
The cases as data (BASE, SCENARIOS, SAVES) for tests/games/test_impossible_positions.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BASE: dict[str, Any] = {
    "step": "action", "active": 1,
    "players": [{"hand": [40], "creatures": [{"id": 1, "energy": 1, "properties": ["fire_breathing"]}]},
                {"creatures": [{"id": 2, "energy": 1, "properties": ["vampire"]}]}],
}


CHANGES: list[tuple[dict[str, Any], str]] = [
    ({"step": "bogus"}, "`step` is 'bogus'"),
    ({"turn": 9}, "turn is seat 9, which does not exist"),
    ({"decider": 9}, "decider is seat 9"),
    ({"round": -1}, "`round` must be at least 1"),
    ({"first": 5}, "first is seat 5"),
    ({"step": "burn", "attack": {"target": 7, "props": ["fire_breathing"], "next": 1}},
     "the attack's target c7 does not exist"),
    ({"attack": {"target": 2, "props": ["bogus"]}}, "`attack.props[0]` is 'bogus'"),
    ({"variant": "bogus"}, "`variant` is 'bogus'"),
    ({"solo": "maybe"}, "`solo` must be true or false"),
    ({"source": "bogus"}, "`source` is 'bogus'"),
    ({"lower": 99}, "the source holds 99"),
    ({"active": 7}, "active creature c7 does not exist"),
    ({"winner": 5}, "with winner 5"),
    ({"deck_size": -1}, "`deck_size` must be at least 0"),
]


PLAYERS: list[tuple[dict[str, Any], str]] = [
    ({"hand": [999]}, "there is no card 999"),
    ({"hand": [40]}, "card 40 is placed twice"),
    ({"creatures": [{"id": 3, "energy": 5}]}, "`players[1].creatures[0].energy` must be at most 4"),
    ({"creatures": [{"id": 3, "energy": 2.5}]}, "`players[1].creatures[0].energy` must be a whole number"),
    ({"creatures": [{"id": 3, "properties": ["bogus"]}]}, "unknown property 'bogus'"),
    ({"creatures": [{"id": 1}]}, "creature c1 is defined twice"),
    ({"tokens": 3}, "has reached its goal but has not won"),
]


def _first_creature(state: dict[str, Any]) -> dict[str, Any]:
    return next(iter(state["creatures"].values()))


SAVE_EDITS: list[tuple[Callable[[dict[str, Any]], object], str]] = [
    (lambda s: s.update(step="bogus"), "unknown step 'bogus'"),
    (lambda s: s.update(decider=9), "seat 9"),
    (lambda s: s.update(round=-1), "round -1"),
    (lambda s: s.update(win_at=7), "win_at 7"),
    (lambda s: s.update(source="bogus"), "source"),
    (lambda s: s.update(winner=5), "winner 5"),
    (lambda s: _first_creature(s).update(card=999), "no card 999"),
    (lambda s: _first_creature(s).update(energy=9), "9 energy"),
    (lambda s: s["players"][0]["hand"].append(s["deck"][0]), "is both"),
    (lambda s: s["deck"].pop(), "is nowhere"),
    (lambda s: s.update(attack={"target": 77, "props": ["vampire"]}, step="burn"), "c77"),
]


def _with_player(player: dict[str, Any]) -> dict[str, Any]:
    """The second player changed by `player`."""
    return {"players": [BASE["players"][0], {**BASE["players"][1], **player}]}


SCENARIOS = [*CHANGES, *((_with_player(p), says) for p, says in PLAYERS)]
SAVES = SAVE_EDITS
