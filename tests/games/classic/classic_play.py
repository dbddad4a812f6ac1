"""Helpers for tests that play random `classic` games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core.games.classic.rules import RULES
from core.games.classic.scenario import SCENARIO
from core.games.classic.state import ClassicState
from tests import playing

# The set-ups the property tests walk through: (seats, options).
SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}),
    (2, {"ruleset": "v09"}), (3, {"ruleset": "v09"}), (4, {"ruleset": "v09"}),
    (3, {"ruleset": "v09", "personal_food": True}), (5, {"ruleset": "v09", "five_players": True}),
    (5, {"ruleset": "v09", "five_players": True, "personal_food": True}),
    (3, {"mimicry": "third"}), (2, {"single_poisonous": True}),
    (4, {"ruleset": "v09", "mimicry": "third", "single_poisonous": True}),
]


def fresh(seed: int, players: int = 2, **options: Any) -> ClassicState:
    return playing.fresh(RULES, seed, players, **options)  # type: ignore[no-any-return]


def position(**pos: Any) -> ClassicState:
    return SCENARIO.state(pos)


def random_moves(state: ClassicState, rng: random.Random,
                 limit: int = 20_000) -> Iterator[tuple[Any, ClassicState, list[Any]]]:
    """Play random legal moves in place; yields (action, state before, events) for each."""
    return playing.random_moves(RULES, state, rng, limit)


def all_cards(s: ClassicState) -> list[int]:
    """Every card of the game, once each: deck + hands + animals + properties + discards."""
    out = list(s.deck) + list(s.discard)
    for p in s.players:
        out += p.hand + p.pile
    for a in s.animals.values():
        out.append(a.card)
        out += [c for c in a.cards if c not in s.links]
    out += list(s.links)
    return out


def act(state: ClassicState, text: str) -> list[Any]:
    return RULES.apply(state, RULES.parse_action(text))
