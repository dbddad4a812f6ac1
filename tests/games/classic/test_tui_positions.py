"""`classic` positions for the app's tests (docs/scenarios.md), a game at one of them, and a
check that each is what the table tests expect of it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.piloting import HUMAN_VS_BOT, moves_for_ann, positioned

session_at = positioned("classic", HUMAN_VS_BOT)  # Ann against a bot unless told otherwise


# Ann develops: a Symbiosis, a Cooperation / Fat Tissue, a Parasite / Fat Tissue, a
# Big / Carnivorous, a Swimming and a Piracy in hand; three animals of hers, two of the bot's.
DEVELOP: dict[str, Any] = {
    "step": "develop", "turn": 2, "first": 0,
    "players": [
        {"hand": [69, 77, 57, 45, 21, 1], "animals": [
            {"id": 1, "properties": ["46b"]},
            {"id": 3, "properties": ["10b"], "fat": 1},
            {"id": 5},
        ]},
        {"hand": [5, 33, 13, 81], "animals": [
            {"id": 2, "properties": ["running", "swimming"]},
            {"id": 4, "properties": ["49a"]},
        ]},
    ],
}

# Ann's feeding go: her c1 hunts (Carnivorous, Fat Tissue with fat), c3 grazes, c5 pirates,
# c3 and c5 cooperate; the bot's c2 runs and drops its tail, c4 is Big, c6 hides, c8 is
# Poisonous with Mimicry (and an opponent's Parasite: still hungry).
FEED: dict[str, Any] = {
    "step": "feed", "turn": 2, "first": 0, "base": 5, "dice": [3],
    "players": [
        {"hand": [69, 21], "animals": [
            {"id": 1, "properties": ["46b", "10b"], "fat": 1},
            {"id": 3, "properties": ["9a"]},
            {"id": 5, "properties": ["1"]},
        ]},
        {"hand": [22, 23], "animals": [
            {"id": 2, "properties": ["33", "37"]},
            {"id": 4, "properties": ["49a"]},
            {"id": 6, "properties": ["41a"]},
            {"id": 8, "properties": ["5a", "13", "57a"], "red": 1},
        ]},
    ],
    "pairs": [{"property": "cooperation", "a": 3, "b": 5, "card": "77a"}],
}

# The bot's c2 attacks Ann's c1, which has Mimicry and Tail Loss: Ann chooses the defence.
DEFEND: dict[str, Any] = {
    "step": "defend", "turn": 2, "first": 1, "go": 1, "decider": 0, "base": 2, "dice": [4],
    "acted": True, "food_done": True,
    "attack": {"predator": 2, "prey": 1},
    "players": [
        {"hand": [21], "animals": [
            {"id": 1, "properties": ["13", "37", "50b"]},
            {"id": 3},
            {"id": 5, "properties": ["49a"]},
        ]},
        {"hand": [22], "animals": [
            {"id": 2, "properties": ["46b"], "used": ["carnivorous"]},
        ]},
    ],
}

# v0.9 with the personal reserve, turn 3 of 10: points, a turned animal, fat, the open discard.
V09: dict[str, Any] = {
    "ruleset": "v09", "personal_food": True, "step": "feed", "turn": 3, "first": 1, "go": 0,
    "base": 3, "dice": [1],
    "discard": [17, 18, 2, 70],
    "players": [
        {"hand": [21, 45, 77], "score": 6, "fed": 2, "reserve": 1, "animals": [
            {"id": 1, "properties": ["10b", "11b"], "fat": 1, "turned": True},
            {"id": 3, "properties": ["46b"], "red": 1},
        ]},
        {"hand": [22, 23], "score": 4, "fed": 1, "reserve": 0, "animals": [
            {"id": 2, "properties": ["49a"], "red": 2},
            {"id": 4, "properties": ["hibernation"], "hibernating": True, "slept": 3},
        ]},
    ],
}

POSITIONS = {"develop": DEVELOP, "feed": FEED, "defend": DEFEND, "v09": V09}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_positions_are_what_the_table_tests_expect(name: str) -> None:
    legal = moves_for_ann(session_at(POSITIONS[name]))
    expected = {
        "develop": {"create 69", "pair 69 c1>c3", "pair 77a c1 c3", "add 57a c2", "add 45a c1"},
        "feed": {"take c1", "attack c1 c2", "graze c3", "pirate c5 c8", "convert c1 1"},
        "defend": {"defend mimicry c3", "defend tail 13", "defend tail 37"},
        "v09": {"take c1", "take c3", "convert c1 1"},
    }[name]
    assert expected <= legal, expected - legal
