"""`northstar` positions for the app's tests (docs/scenarios.md), a game at one of them, and a
check that each is what the table tests expect of it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.piloting import moves_for_ann, positioned

session_at = positioned("northstar")  # Ann and bots unless told otherwise


# Ann chooses her food card from four; three players, the third has chosen already.
FOOD: dict[str, Any] = {
    "step": "food", "round": 2, "hole": 3,
    "players": [
        {"hand": [53, 81, 124, 14], "species": [{"id": "A1", "pop": 2, "body": 2}]},
        {"hand": [60, 61], "species": [{"id": "B1", "pop": 3, "traits": ["carnivore"]}]},
        {"hand": [90], "food": 91, "species": [{"id": "C1"}]},
    ],
}

# Ann's play-cards turn: Horns (53), Fat Tissue (81), Carnivore (14) and Intelligence (124) in
# hand; A1 carries Long Neck, A2 is full (three traits, body size 6).
PLAY: dict[str, Any] = {
    "step": "play", "round": 2, "hole": 2,
    "players": [
        {"hand": [53, 81, 14, 124], "food": 33, "species": [
            {"id": "A1", "pop": 2, "body": 2, "traits": ["longneck"]},
            {"id": "A2", "pop": 1, "body": 6, "traits": ["horns", "shell", "climbing"]},
        ]},
        {"hand": [60], "food": 61, "species": [{"id": "B1", "pop": 3, "traits": ["carnivore"]}]},
        {"hand": [90], "food": 91, "species": [{"id": "C1"}]},
    ],
}

# The short variant: Ann builds her secret plan (Fertile already planned on A1).
PLAN: dict[str, Any] = {
    "short": True, "step": "plan", "round": 1,
    "players": [
        {"hand": [53, 81, 88], "food": 33, "plan": ["trait 88 A1"],
         "species": [{"id": "A1", "pop": 2}]},
        {"hand": [60, 14], "food": 61, "species": [{"id": "B1"}]},
    ],
}

# Before the reveal: A1 has Fertile, Fat Tissue (with fat) and Long Neck — Ann orders them
# (three players: three traits a species).
ORDER: dict[str, Any] = {
    "step": "order", "round": 3, "hole": 2,
    "players": [
        {"hand": [53], "species": [
            {"id": "A1", "pop": 2, "body": 3, "traits": ["fertile", "fat", "longneck"], "fat": 2},
        ]},
        {"species": [{"id": "B1"}]},
        {"species": [{"id": "C1"}]},
    ],
    "effects": [{"species": "A1", "trait": "fertile"}, {"species": "A1", "trait": "fat"},
                {"species": "A1", "trait": "longneck"}],
}

# Ann's feeding turn: A1 a herbivore with Intelligence, A2 a carnivore (body 4). The bot's B1
# has Hard Shell (blocked), B2 Horns, B3 is small, B4 sits next to a Warning Call (B5).
FEED: dict[str, Any] = {
    "step": "feed", "round": 2, "hole": 4,
    "players": [
        {"hand": [53, 81], "species": [
            {"id": "A1", "pop": 3, "body": 1, "traits": ["intelligence"]},
            {"id": "A2", "pop": 2, "body": 4, "traits": ["carnivore", "intelligence"]},
        ]},
        {"hand": [60], "species": [
            {"id": "B1", "pop": 2, "body": 2, "traits": ["shell"]},
            {"id": "B2", "pop": 2, "body": 3, "traits": ["horns"]},
            {"id": "B3", "pop": 1, "body": 1},
            {"id": "B4", "pop": 1, "body": 2},
            {"id": "B5", "pop": 1, "body": 1, "traits": ["warning"]},
        ]},
    ],
}

# Six players, each with two or three species: the table must stay usable at 80×24.
SIX: dict[str, Any] = {
    "step": "feed", "round": 4, "hole": 6,
    "players": [
        {"hand": [53, 81, 14], "species": [
            {"id": "A1", "pop": 3, "body": 2, "traits": ["foraging", "cooperation"]},
            {"id": "A2", "pop": 2, "body": 3, "traits": ["carnivore", "pack", "ambush"]},
        ]},
        *[{"hand": [], "species": [
            {"id": f"{letter}1", "pop": 2, "body": 2, "traits": ["burrowing"]},
            {"id": f"{letter}2", "pop": 1, "body": 1},
            {"id": f"{letter}3", "pop": 4, "body": 5, "traits": ["herding", "symbiosis"]},
        ]} for letter in "BCDEF"],
    ],
}

POSITIONS = {"food": FOOD, "play": PLAY, "plan": PLAN, "order": ORDER, "feed": FEED, "six": SIX}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_positions_are_what_the_table_tests_expect(name: str) -> None:
    legal = moves_for_ann(session_at(POSITIONS[name]))
    expected = {
        "food": {"food 53", "food 81", "food 124", "food 14"},
        "play": {"trait 53 A1", "trait 81 A1", "species 14 left", "species 14 right",
                 "body 124 A1", "drop A2 54", "end"},
        "plan": {"trait 53 A1", "pop 81 A1", "end"},
        "order": {"effect A1 fertile", "effect A1 fat", "effect A1 longneck"},
        "feed": {"eat A1", "attack A2 B3", "attack A2 B2", "intel 53 A1",
                 "intel 53 off warning"},
        "six": {"eat A1", "attack A2 B2"},
    }[name]
    assert expected <= legal, expected - legal
