"""Impossible `newworld` positions — from a scenario file or hand-edited into a save behind a
good checksum — are refused in one line naming the key or the problem (the position schema
in scenario.py, the invariants in invariants.py): a bogus
step, card, property, habitat or scenario, a seat that does not exist, an attack on a missing
animal, tokens and counts that do not fit, a value of the wrong kind (NW1, NW32, NW33).
The cases as data (BASE, SCENARIOS, SAVES) for tests/games/test_impossible_positions.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BASE: dict[str, Any] = {
    "step": "feed", "habitats": [{"card": 11}],
    "players": [{"hand": [1], "animals": [{"id": 1, "properties": ["carnivorous"]}]},
                {"animals": [{"id": 2}]}],
}


CHANGES: list[tuple[dict[str, Any], str]] = [
    ({"step": "bogus"}, "`step` is 'bogus'"),
    ({"step": 5}, "`step` must be a string"),
    ({"decider": 9}, "decider is seat 9, which does not exist"),
    ({"go": 9}, "is seat 9, which does not exist"),
    ({"first": -1}, "`first` must be at least 0, not -1"),
    ({"epoch": -1}, "`epoch` must be at least 1, not -1"),
    ({"length": 0}, "`length` must be at least 1, not 0"),
    ({"turn": "x"}, "`turn` must be a whole number"),
    ({"scenario": "bogus"}, "`scenario` is 'bogus'"),
    ({"unlimited_hand": "maybe"}, "`unlimited_hand` must be true or false"),
    ({"last": 1}, "`last` must be true or false"),
    ({"step": "defend", "attack": {"predator": 1, "prey": 9}}, "the attack names an animal"),
    ({"step": "defend", "attack": {"predator": 1, "prey": 2, "stage": "bogus"}}, "`attack.stage`"),
    ({"step": "defend"}, "step defend needs an attack"),
    ({"step": "trigger", "frames": [{"animal": 9, "habitat": "11", "cards": [5]}]},
     "pending triggers of c9"),
    ({"frames": [{"animal": 1, "habitat": "11", "cards": [999]}]},
     "`frames[0].cards[0]` must be at most 96, not 999"),
    ({"step": "side"}, "step side needs a revealed card"),
    ({"reveal": 5}, "outside Случайные мутации"),
    ({"target": 9}, "the target c9 does not exist"),
    ({"replace": 999}, "`replace` must be at most 96, not 999"),
    ({"fixed_dice": [0]}, "`fixed_dice[0]` must be at least 1, not 0"),
    ({"winners": [0]}, "with winners [0]"),
    ({"winners": [7]}, "with winners [7]"),
    ({"step": "over"}, "step 'over' with winners []"),
    ({"deck": [999]}, "`deck`: there is no card 999"),
    ({"deck": ["x"]}, "`deck[0]` must be a whole number"),
    ({"deck": [1]}, "`deck`: card 1 is placed twice"),
    ({"deck_size": 999}, "`deck_size` does not fit"),
    ({"habitats": [{"card": 99}]}, "`habitats[0].card` must be at most 20, not 99"),
    ({"habitats": [{"card": 11, "red": -1}]}, "`habitats[0].red` must be at least 0, not -1"),
    ({"habitats": [{"card": 1, "red": [1, 2, 3]}]}, "`habitats[0].red` holds at most 2 items, not 3"),
    ({"habitats": [{"card": 11, "bogus": 1}]}, "`habitats[0]` has no key `bogus`"),
    ({"hstack": [11]}, "a habitat card is placed twice"),
    ({"hstack_size": 99}, "`hstack_size` does not fit"),
    ({"pairs": [{"property": "cooperation", "a": 1, "b": 9}]}, "not c1 and c9"),
    ({"pairs": [{"property": "carnivorous", "a": 1, "b": 2}]}, "is not a paired property"),
    ({"bogus": 1}, "the position has no key `bogus`"),
]


ANIMALS: list[tuple[dict[str, Any], str]] = [
    ({"id": 3, "card": 999}, "`animals.card`: there is no card 999"),
    ({"id": 3, "properties": ["bogus"]}, "`properties`: unknown property 'bogus'"),
    ({"id": 3, "properties": ["999b"]}, "`properties`: there is no card 999"),
    ({"id": 3, "properties": [1.5]},
     "`players[1].animals[1].properties[0]` must be a whole number or a string, not 1.5"),
    ({"id": "cx"}, "`players[1].animals[1].id` must be a number or c<number>, not 'cx'"),
    ({"id": 3, "red": -1}, "`players[1].animals[1].red` must be at least 0, not -1"),
    ({"id": 3, "shelter": "yes"}, "`players[1].animals[1].shelter` must be true or false"),
    ({"id": 3, "fat": 1}, "holds more fat than it has"),
    ({"id": 3, "used": ["carnivorous"]}, "c3 has no carnivorous to have used"),
    ({"id": 1}, "animal c1 is defined twice"),
    ({"id": 3, "properties": ["communication"]}, "paired properties go in `pairs`"),
    ({"id": 3, "bogus": 1}, "`players[1].animals[1]` has no key `bogus`"),
]


PLAYERS: list[tuple[list[dict[str, Any]], str]] = [
    ([{}], "2 to 4 of them (NW1)"),
    ([{}] * 5, "2 to 4 of them (NW1)"),
    ([{"score": -5}, {}], "`players[0].score` must be at least 0, not -5"),
    ([{"passed": "no"}, {}], "`players[0].passed` must be true or false, not 'no'"),
    ([{"pool": [1]}, {}], "outside Случайные мутации"),
    ([{"bogus": 1}, {}], "`players[0]` has no key `bogus` (its keys: hand, pool, passed"),
]


SAVE_EDITS: list[tuple[Callable[[dict[str, Any]], object], str]] = [
    (lambda s: s.update(step="bogus"), "step 'bogus'"),
    (lambda s: s.update(decider=9), "seat 9"),
    (lambda s: s.update(phase="bogus"), "in phase 'bogus'"),
    (lambda s: s.update(scenario="bogus"), "unknown scenario 'bogus'"),
    (lambda s: s["players"][0]["hand"].append(999), "not each in exactly one place"),
    (lambda s: s["players"][0]["hand"].append(s["deck"][0]), "not each in exactly one place"),
    (lambda s: s.update(attack={"predator": 77, "prey": 78, "targeted": [78], "hunter": 0}),
     "the attack names an animal"),
    (lambda s: s.update(winners=[5], step="over", phase="over"), "needs its winner"),
    (lambda s: s.update(fixed_dice=[9]), "a fixed die"),
    (lambda s: s.update(target=77), "the target c77"),
    (lambda s: s["habitats"].append(s["habitats"][0]), "a habitat is open twice"),
]


# --- positions that every value fits but no game reaches (issue #28) --------------------------

def _players(**animal: Any) -> list[dict[str, Any]]:
    return [{"animals": [{"id": 1, **animal}]}, {"animals": [{"id": 2}]}]


# Epochs outside 1..length and lengths outside 1..20 − P (§7.3), Катаклизм longer than one
# epoch or a box without it (§7.5), food above the need (NW5, NW35), poison outside feeding
# (NW36), food, shelter and Спячка after the clean-up (E5).
UNREACHABLE: list[tuple[dict[str, Any], str]] = [
    ({"scenario": "cataclysm", "length": 6}, "Катаклизм is one epoch with no habitat stack"),
    ({"scenario": "cataclysm", "epoch": 2}, "Катаклизм is one epoch"),
    ({"length": 6, "epoch": 7}, "epoch 7 of a game of 6 (1..6) (NW §7.3)"),
    ({"length": 19}, "a game of 19 epochs: 1 to 18 with 2 players (NW §7.3)"),
    ({"box": [5]}, "evolution cards in the box, which only Катаклизм fills"),
    ({"players": _players(red=99)}, "c1 holds 99 food but needs 1: it takes food only while hungry (NW35)"),
    ({"players": _players(blue=3, properties=["big"])}, "c1 holds 3 food but needs 2"),
    ({"step": "develop", "players": _players(poisoned=True)}, "c1 is poisoned in phase develop"),
    ({"step": "develop", "players": _players(red=1)}, "holds food or shelter in phase develop"),
    ({"step": "develop", "players": _players(shelter=True)}, "holds food or shelter"),
    ({"step": "develop", "players": _players(slept=True)}, "saved by Спячка, but it is phase develop"),
]


UNREACHABLE_IN_A_SAVE: list[tuple[Callable[[dict[str, Any]], object], str]] = [
    (lambda s: s.update(epoch=0), "epoch 0 of a game of 6"),
    (lambda s: s.update(epoch=99), "epoch 99 of a game of 6"),
    (lambda s: s.update(length=0), "a game of 0 epochs"),
    (lambda s: s.update(length=99), "a game of 99 epochs"),
    (lambda s: s["box"].append(s["deck"].pop()), "in the box, which only Катаклизм fills"),
    (lambda s: s.update(scenario="cataclysm"), "Катаклизм is one epoch"),
    (lambda s: next(iter(s["animals"].values())).update(red=99), "holds 99 food but needs 1"),
    (lambda s: s["hstack"].extend(s["hbox"]), "habitat cards still in the stack in epoch 1"),
]


def _with_animal(animal: dict[str, Any]) -> dict[str, Any]:
    """The second player's animals are c2 and this one."""
    return {"players": [BASE["players"][0], {"animals": [{"id": 2}, animal]}]}


SCENARIOS = [*CHANGES, *((_with_animal(a), says) for a, says in ANIMALS),
             *(({"players": players}, says) for players, says in PLAYERS), *UNREACHABLE]
SAVES = [*SAVE_EDITS, *UNREACHABLE_IN_A_SAVE]
