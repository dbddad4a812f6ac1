"""Impossible `classic` positions — from a scenario file or hand-edited into a save behind a good
checksum — are refused in one line with the line they are on (the position schema in
scenario.py, the invariants in invariants.py): a bogus step,
card or property, a seat that does not exist, a turn below 1, an attack on a missing animal,
cards and tokens that do not add up, a v0.9 step in the classic rules.
The cases as data (BASE, SCENARIOS, SAVES) for tests/games/test_impossible_positions.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BASE: dict[str, Any] = {
    "step": "feed", "base": 3,
    "players": [{"hand": [1], "animals": [{"id": 1, "properties": ["carnivorous"]}]},
                {"animals": [{"id": 2}]}],
}


CHANGES: list[tuple[dict[str, Any], str]] = [
    ({"step": "bogus"}, "`step` is 'bogus'"),
    ({"turn": 0}, "`turn` must be at least 1"),
    ({"decider": 9}, "decider is seat 9"),
    ({"go": 9}, "is seat 9, which does not exist"),
    ({"first": -1}, "`first` must be at least 0, not -1"),
    ({"step": "defend", "attack": {"predator": 1, "prey": 9}}, "the attack's c9 does not exist"),
    ({"step": "defend", "attack": {"predator": 1, "prey": 2, "stage": "bogus"}}, "attack.stage"),
    ({"step": "discard"}, "step discard is in v0.9 only"),
    ({"ruleset": "bogus"}, "`ruleset` is 'bogus'"),
    ({"mimicry": "bogus"}, "`mimicry` is 'bogus'"),
    ({"dice": [7]}, "`dice[0]` must be at most 6, not 7"),
    ({"fixed_dice": [0]}, "`fixed_dice[0]` must be at least 1, not 0"),
    ({"base": -1}, "`base` must be at least 0"),
    ({"winners": [0]}, "with winners [0]"),
    ({"deck_size": 999}, "deck_size does not fit"),
    ({"pending": [{"card": 5, "to": 1}]}, "a pending trigger of card 5"),
]


ANIMALS: list[tuple[dict[str, Any], str]] = [
    ({"id": 3, "card": 999}, "there is no card 999"),
    ({"id": 3, "properties": ["bogus"]}, "`properties`: unknown property 'bogus'"),
    ({"id": 3, "red": -1}, "`players[1].animals[1].red` must be at least 0, not -1"),
    ({"id": 3, "fat": 1}, "holds more fat than it has"),
    ({"id": 1}, "animal c1 is defined twice"),
    ({"id": 3, "properties": ["communication"]}, "paired properties go in `pairs`"),
]


def _first_animal(state: dict[str, Any]) -> dict[str, Any]:
    return next(iter(state["animals"].values()))


SAVE_EDITS: list[tuple[Callable[[dict[str, Any]], object], str]] = [
    (lambda s: s.update(step="bogus"), "step 'bogus'"),
    (lambda s: s.update(decider=9), "seat 9"),
    (lambda s: s.update(turn=0), "turn 0"),
    (lambda s: s.update(phase="bogus"), "phase 'bogus'"),
    (lambda s: s["players"][0]["hand"].append(999), "no card 999"),
    (lambda s: s["players"][0]["hand"].append(s["deck"][0]), "is both"),
    (lambda s: s.update(attack={"predator": 77, "prey": 78, "targeted": [78]}), "c77"),
    (lambda s: s.update(winners=[5], step="over", phase="over"), "winners [5]"),
    (lambda s: s.update(dice=[9]), "dice"),
]


# --- positions that every value fits but no game reaches (issue #28) --------------------------

TWO_PLAYERS_PAIR = [{"animals": [{"id": 1}, {"id": 3}]}, {"animals": [{"id": 2}]}]


# Food above what an animal can hold (it takes food only while hungry, §4.1), a pair
# across two players (CL5), poison outside feeding (CL22), food or Спячка after the clean-up.
UNREACHABLE: list[tuple[dict[str, Any], str]] = [
    ({"players": [{"animals": [{"id": 1, "red": 99}]}, {"animals": [{"id": 2}]}]},
     "c1 holds 99 food but needs 1"),
    ({"players": [{"animals": [{"id": 1, "blue": 3, "properties": ["big"]}]},
                  {"animals": [{"id": 2}]}]}, "c1 holds 3 food but needs 2"),
    ({"players": TWO_PLAYERS_PAIR, "pairs": [{"property": "cooperation", "a": 1, "b": 2}]},
     "joins c1 and c2 of two players"),
    ({"players": TWO_PLAYERS_PAIR, "pairs": [{"property": "symbiosis", "a": 3, "b": 2}]},
     "of two players: a pair joins two animals of one owner (CL5)"),
    ({"step": "develop", "players": [{"animals": [{"id": 1, "poisoned": True}]},
                                     {"animals": [{"id": 2}]}]}, "c1 is poisoned in phase develop"),
    ({"step": "reserve", "ruleset": "v09", "personal_food": True,
      "players": [{"animals": [{"id": 1, "poisoned": True}]}, {"animals": [{"id": 2}]}]},
     "c1 is poisoned in phase extinction"),
    ({"step": "develop", "players": [{"animals": [{"id": 1, "red": 1}]}, {"animals": [{"id": 2}]}]},
     "c1 holds 1 red and 0 blue food in phase develop"),
    ({"step": "develop", "players": [{"animals": [{"id": 1, "hibernating": True}]},
                                     {"animals": [{"id": 2}]}]}, "and hibernates in phase develop"),
]


def _fed(state: dict[str, Any], red: int) -> None:
    _first_animal(state)["red"] = red


UNREACHABLE_IN_A_SAVE: list[tuple[Callable[[dict[str, Any]], object], str]] = [
    (lambda s: _fed(s, 99), "holds 99 red and 0 blue food in phase develop"),
    (lambda s: (_fed(s, 99), s.update(step="feed", phase="feed")), "c1 holds 99 food but needs 1"),
    (lambda s: _first_animal(s).update(poisoned=True), "poisoned in phase develop"),
]


def _with_animal(animal: dict[str, Any]) -> dict[str, Any]:
    """The second player's animals are c2 and this one."""
    return {"players": [BASE["players"][0], {"animals": [{"id": 2}, animal]}]}


SCENARIOS = [*CHANGES, *((_with_animal(a), says) for a, says in ANIMALS), *UNREACHABLE]
SAVES = [*SAVE_EDITS, *UNREACHABLE_IN_A_SAVE]
