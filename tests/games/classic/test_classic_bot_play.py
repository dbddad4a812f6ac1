"""What the `classic` heuristics make of a few hand-built positions: the greedy bot hunts the
other player's animals and leaves Ядовитое prey alone, plays out its hand in the last turn,
and the evaluation counts the food an animal can get and the predators that reach it."""

from __future__ import annotations

from typing import Any

from core.bots.greedy import GreedyBot
from core.games.classic import actions as A
from core.games.classic.bot import points
from core.games.classic.data import faces
from core.games.classic.rules import RULES
from core.games.classic.scenario import SCENARIO


def _card_with(trait: str) -> int:
    return next(c for c, face in enumerate(faces()) if c and trait in face)


def _greedy(pos: dict[str, Any], seed: int = 1) -> Any:
    s = SCENARIO.state(pos)
    seat = RULES.pending(s).seat
    legal = RULES.legal_actions(s)
    return GreedyBot(RULES, seed).choose(RULES.view(s, seat), legal), legal


def test_greedy_hunts_the_other_players_animal_not_its_own() -> None:
    pos = {"step": "feed", "base": 2, "deck_size": 30, "players": [
        {"animals": [{"id": 1, "properties": ["carnivorous"]}, {"id": 2}]},
        {"animals": [{"id": 3}]},
    ]}
    for seed in range(3):
        action, legal = _greedy(pos, seed)
        assert A.Attack(1, 2) in legal
        assert action == A.Attack(1, 3)


def test_greedy_leaves_poisonous_prey_alone() -> None:
    pos = {"step": "feed", "base": 0, "deck_size": 30, "players": [
        {"animals": [{"id": 1, "properties": ["carnivorous"]}]},
        {"animals": [{"id": 3, "properties": ["poisonous"]}, {"id": 4}]},
    ]}
    for seed in range(3):
        action, legal = _greedy(pos, seed)
        assert A.Attack(1, 3) in legal
        assert action == A.Attack(1, 4)


def test_greedy_plays_out_its_hand_in_the_last_turn() -> None:
    card = _card_with("fat_tissue")
    pos = {"step": "develop", "deck_size": 0, "players": [
        {"hand": [card], "animals": [{"id": 1}]},
        {"animals": [{"id": 2}]},
    ]}
    for seed in range(3):
        action, legal = _greedy(pos, seed)
        assert A.PASS in legal
        assert action != A.PASS


def test_an_animal_in_reach_of_a_predator_is_worth_less() -> None:
    def mine(opponent: list[str]) -> float:
        s = SCENARIO.state({"step": "develop", "deck_size": 30, "players": [
            {"animals": [{"id": 1}, {"id": 2}]},
            {"animals": [{"id": 3, "properties": opponent}]},
        ]})
        return points(s)[0]

    assert mine(["carnivorous"]) < mine(["fat_tissue"])


def test_the_food_an_animal_can_get_counts() -> None:
    def mine(base: int) -> float:
        s = SCENARIO.state({"step": "feed", "base": base, "deck_size": 30, "players": [
            {"animals": [{"id": 1}, {"id": 2}]},
            {"animals": [{"id": 3}]},
        ]})
        return points(s)[0]

    assert mine(0) < mine(2) < mine(5)
    fed = SCENARIO.state({"step": "feed", "base": 0, "deck_size": 30, "players": [
        {"animals": [{"id": 1, "red": 1}, {"id": 2, "red": 1}]},
        {"animals": [{"id": 3}]},
    ]})
    assert points(fed)[0] > mine(5) - 1e-9
