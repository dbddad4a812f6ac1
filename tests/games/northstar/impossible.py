"""Impossible `northstar` positions — from a scenario file or hand-edited into a save behind a
good checksum — are refused in one line with the line they are on (the position schema in
scenario.py, the invariants in invariants.py): a bogus
step, card, trait or seat, a species that is not its owner's, tracks outside 1-6, food or fat
beyond what a species holds, cards that do not add up to 129, a short-variant plan that cannot
be carried out.
The cases as data (BASE, SCENARIOS, SAVES) for tests/games/test_impossible_positions.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BASE: dict[str, Any] = {
    "step": "feed", "hole": 2,
    "players": [{"hand": [1], "species": [{"id": "A1", "pop": 2, "traits": ["carnivore"]}]},
                {"species": [{"id": "B1"}]}],
}


def _short(plan: list[str]) -> dict[str, Any]:
    return {"short": True, "step": "plan",
            "players": [{"hand": [1, 2], "plan": plan, "species": [{"id": "A1", "body": 6}]},
                        {"species": [{"id": "B1"}]}]}


CHANGES: list[tuple[dict[str, Any], str]] = [
    ({"step": "bogus"}, "`step` is 'bogus'"),
    ({"decider": 9}, "decider is seat 9, which does not exist"),
    ({"go": 7}, "is seat 7, which does not exist"),
    ({"round": 0}, "`round` must be at least 1, not 0"),
    ({"last": 9}, "round 1 with the last round 9"),
    ({"winners": [0]}, "with winners [0]"),
    ({"hole": -1}, "`hole` must be at least 0"),
    ({"deck": [999]}, "deck: there is no card 999 (cards are 1-129)"),
    ({"shown": [999]}, "shown = [999]: at most 2 revealed food cards, each a card 1-129"),
    ({"idle": 5}, "idle = 5: at most one idle turn a player (2)"),
    ({"players": [{"food": -3, "species": [{"id": "A1"}]}, {"species": [{"id": "B1"}]}]},
     "food (the chosen food card): there is no card -3"),
    ({"discard": [1]}, "card 1 is placed twice"),
    ({"removed": [5]}, "1 cards removed with 2 players (NS26)"),
    ({"deck_size": 999}, "deck_size does not fit"),
    ({"effects": [{"species": "A1", "trait": "fertile"}]}, "before-reveal effect of A1"),
    ({"off": ["bogus"]}, "`off`: unknown trait 'bogus'"),
    ({"step": "plan"}, "step plan without the short variant"),
    ({"step": "order"}, "step order without effects"),
    ({"players": [{"hand": [1], "food": 2, "species": [{"id": "A1"}]}, {"species": [{"id": "B1"}]}]},
     "seat 0 has a food card face down in phase feed"),
    (_short(["trait 5 A1"]), "card 5 is not in seat 0's hand"),
    (_short(["trait 1 B1"]), "B1 is not seat 0's"),
    (_short(["body 1 A1"]), "track is at 6 already (NS32)"),
    (_short(["drop A1 7"]), "card 7 is not on A1"),
]


SPECIES: list[tuple[dict[str, Any], str]] = [
    ({"id": "B1"}, "species B1 is defined twice"),
    ({"id": "A2"}, "species A2 is not seat 1's"),
    ({"id": "X2"}, "must be a species like A1"),
    ({"id": "B2", "pop": 7}, "B2 has population 7 and body size 1 (1-6) (NS32)"),
    ({"id": "B2", "body": 0}, "body size 0 (1-6) (NS32)"),
    ({"id": "B2", "pop": 0}, "B2 has population 0"),
    ({"id": "B2", "traits": ["bogus"]}, "`traits`: unknown trait 'bogus'"),
    ({"id": "B2", "traits": [999]}, "there is no card 999"),
    ({"id": "B2", "traits": ["horns", "shell", "climbing"]}, "at most 2, none twice) (NS21)"),
    ({"id": "B2", "traits": ["horns", "horns"]}, "none twice) (NS21)"),
    ({"id": "B2", "fat": 1}, "B2 holds 1 fat"),
    ({"id": "B2", "plant": 3}, "B2 holds 3 food with population 1"),
    ({"id": "B2", "traits": ["horns"], "hidden": ["horns"]}, "face-down trait outside phase 3"),
]


def _species(state: dict[str, Any]) -> dict[str, Any]:
    return next(iter(state["species"].values()))


SAVE_EDITS: list[tuple[Callable[[dict[str, Any]], object], str]] = [
    (lambda s: s.update(step="bogus"), "step 'bogus'"),
    (lambda s: s.update(phase="bogus"), "phase 'bogus'"),
    (lambda s: s.update(decider=9), "seat 9"),
    (lambda s: s.update(round=0), "round 0"),
    (lambda s: s["players"][0]["hand"].append(999), "no card 999"),
    (lambda s: s["players"][0]["hand"].append(s["deck"][0]), "is both"),
    (lambda s: s["deck"].pop(), "is nowhere"),
    (lambda s: _species(s).update(pop=9), "population 9"),
    (lambda s: _species(s).update(body=0), "body size 0"),
    (lambda s: _species(s).update(plant=-1), "food with population"),
    (lambda s: s["players"][0]["row"].append(4321), "does not exist"),
    (lambda s: s.update(winners=[5], step="over", phase="over"), "winners [5]"),
]


# --- positions that every value fits but no game reaches (issue #28) --------------------------

# Food stays on a species' board only while feeding: it goes into the bag at the end (§3.6).
UNREACHABLE: list[tuple[dict[str, Any], str]] = [
    ({"step": "food", "players": [{"hand": [1], "species": [{"id": "A1", "pop": 2, "plant": 1}]},
                                  {"species": [{"id": "B1"}]}]},
     "A1 holds 1 food on its board in phase food"),
    ({"step": "play", "players": [{"hand": [1], "species": [{"id": "A1", "pop": 2, "meat": 2}]},
                                  {"species": [{"id": "B1"}]}]}, "in phase play"),
]


def _with_species(species: dict[str, Any]) -> dict[str, Any]:
    """The second player's species are B1 and this one."""
    return {"players": [BASE["players"][0], {"species": [{"id": "B1"}, species]}]}


def _food_on_a_board_in_phase_food(s: dict[str, Any]) -> None:
    s.update(step="food", phase="food")
    _species(s)["plant"] = 1


SCENARIOS = [*CHANGES, *((_with_species(s), says) for s, says in SPECIES), *UNREACHABLE]
SAVES = [*SAVE_EDITS, (_food_on_a_board_in_phase_food, "holds 1 food on its board in phase food")]
