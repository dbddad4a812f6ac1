"""`newworld` positions for the app's tests (docs/scenarios.md), a game at one of them, and a
check that each is what the table tests expect of it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.piloting import HUMAN_VS_BOT, moves_for_ann, positioned

session_at = positioned("newworld", HUMAN_VS_BOT)  # Ann against a bot unless told otherwise


# Habitats of the examples: Savannas (Big only) over Deserts, the Mangroves (a shelter), the
# Taiga; the Swamps where noted.
HABITATS = [{"card": 1}, {"card": 13}, {"card": 11}]

# Ann develops in epoch 2: Communication / Big (37), Symbiosis / Nocturnal (81), Parasite /
# Fat Tissue (21), Stasis / Swimming (65), Poisonous / Carnivorous (1) and Cosmopolitan /
# Burrowing (85) in hand; three animals of hers (c1 and c3 joined by Cooperation), two of the
# bot's.
DEVELOP: dict[str, Any] = {
    "step": "develop", "epoch": 2, "first": 0, "habitats": HABITATS, "hstack_size": 5,
    "players": [
        {"hand": [37, 81, 21, 65, 1, 85], "animals": [
            {"id": 1, "properties": ["carnivorous"]},
            {"id": 3, "properties": ["fat_tissue"], "fat": 1},
            {"id": 5},
        ]},
        {"hand": [5, 33, 13, 41], "animals": [
            {"id": 2, "properties": ["running", "swimming"]},
            {"id": 4, "properties": ["big"]},
        ]},
    ],
    "pairs": [{"property": "cooperation", "a": 1, "b": 3}],
}

# Ann's feeding turn: c1 hunts (Carnivorous, Fat Tissue), c3 is Big (the Savannas are open to
# it), c5 pirates and is Hoofed; c3 and c5 cooperate. The bot's c2 runs and drops its tail,
# c4 is Big, c6 hides (Camouflage), c8 is Poisonous with Mimicry and a Parasite (hungry, with
# a red token), c10 is in a shelter.
FEED: dict[str, Any] = {
    "step": "feed", "epoch": 2, "first": 0, "habitats": HABITATS,
    "players": [
        {"hand": [37, 61], "animals": [
            {"id": 1, "properties": ["carnivorous", "fat_tissue"]},
            {"id": 3, "properties": ["big"]},
            {"id": 5, "properties": ["piracy", "hoofed"]},
        ]},
        {"hand": [22, 23], "animals": [
            {"id": 2, "properties": ["running", "tail_loss"]},
            {"id": 4, "properties": ["big"]},
            {"id": 6, "properties": ["camouflage"]},
            {"id": 8, "properties": ["4a", "mimicry", "parasite"], "red": 1},
            {"id": 10, "shelter": True},
        ]},
    ],
    "pairs": [{"property": "cooperation", "a": 3, "b": 5}],
}

# The bot's c2 attacks Ann's c1, which has Mimicry (c3 can take the attack), Tail Loss and
# Deterrence: Ann chooses the defence.
DEFEND: dict[str, Any] = {
    "step": "defend", "epoch": 2, "first": 1, "go": 1, "decider": 0, "main_done": True,
    "habitats": HABITATS, "attack": {"predator": 2, "prey": 1},
    "players": [
        {"hand": [37], "animals": [
            {"id": 1, "properties": ["mimicry", "tail_loss", "deterrence"]},
            {"id": 3},
            {"id": 5, "properties": ["big"]},
        ]},
        {"hand": [22], "animals": [
            {"id": 2, "properties": ["carnivorous"], "rotated": ["carnivorous"]},
        ]},
    ],
}

# c1 has eaten in the Taiga: its Communication with c3, its Cooperation with c5 and its own
# Hoofed wait for Ann to order them.
TRIGGER: dict[str, Any] = {
    "step": "trigger", "epoch": 1, "habitats": HABITATS,
    "players": [
        {"animals": [{"id": 3}, {"id": 1, "properties": ["hoofed"], "red": 1}, {"id": 5}]},
        {"animals": [{"id": 2}]},
    ],
    "pairs": [{"property": "communication", "a": 1, "b": 3, "card": "37a"},
              {"property": "cooperation", "a": 1, "b": 5, "card": "13a"}],
    "frames": [{"animal": 1, "habitat": "11", "cards": [37, 13, 33]}],
}

# Random Mutations: Ann's gene pool, a group of two (c1–c3 joined) and c5.
MUTATIONS: dict[str, Any] = {
    "scenario": "mutations", "step": "develop", "epoch": 1, "habitats": HABITATS,
    "hstack_size": 6,
    "players": [
        {"pool": [40, 41, 42, 43, 44, 45], "animals": [{"id": 1}, {"id": 3}, {"id": 5}]},
        {"pool": [50, 51, 52], "animals": [{"id": 2}]},
    ],
    "pairs": [{"property": "cooperation", "a": 1, "b": 3}],
}

# Random Mutations: card 81 (Symbiosis / Nocturnal) is revealed for c3, whose right neighbour
# is c5: Ann chooses the side (and for Symbiosis its direction).
SIDE: dict[str, Any] = {
    "scenario": "mutations", "step": "side", "epoch": 1, "habitats": HABITATS,
    "hstack_size": 6,
    "reveal": 81, "target": 3,
    "players": [
        {"pool": [40, 41], "animals": [{"id": 1}, {"id": 3}, {"id": 5}]},
        {"pool": [50], "animals": [{"id": 2}]},
    ],
}

# Cataclysm: 20 cards in hand, one epoch, four habitats.
CATACLYSM: dict[str, Any] = {
    "scenario": "cataclysm", "step": "develop", "habitats": [{"card": 1}, {"card": 13},
                                                              {"card": 11}, {"card": 19}],
    "players": [
        {"hand": list(range(21, 41)), "animals": [{"id": 1, "properties": ["transformation"]}]},
        {"hand": list(range(41, 61)), "animals": [{"id": 2}]},
    ],
}

POSITIONS = {"develop": DEVELOP, "feed": FEED, "defend": DEFEND, "trigger": TRIGGER,
             "mutations": MUTATIONS, "side": SIDE, "cataclysm": CATACLYSM}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_positions_are_what_the_table_tests_expect(name: str) -> None:
    legal = moves_for_ann(session_at(POSITIONS[name]))
    expected = {
        "develop": {"create 37", "create 37 c5", "pair 81a c1>c5", "pair 37a c3 c5",
                    "add 21a c2", "add 65a c4", "add 1b c5", "add 37b c3"},
        "feed": {"feed c1 h1l", "feed c3 h1u", "shelter c1 h13", "attack c1 c2", "attack c1 c8",
                 "pirate c5 c8"},
        "defend": {"defend mimicry c3", "defend tail 53", "defend deterrence"},
        "trigger": {"trigger 37", "trigger 13", "trample"},
        "mutations": {"mutate new", "mutate c3", "swap c1 c5", "swap c1 c1", "pass"},
        "side": {"side b", "side a c3>c5", "side a c5>c3"},
        "cataclysm": {"create 21", "add 25a c1"},
    }[name]
    assert expected <= legal, expected - legal
