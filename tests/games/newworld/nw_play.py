"""Helpers for tests that play random `newworld` games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core.games.newworld.rules import RULES
from core.games.newworld.scenario import SCENARIO
from core.games.newworld.state import NewWorldState
from tests import playing

# The set-ups the property tests walk through: (seats, options).
SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}),
    (2, {"scenario": "mutations"}), (4, {"scenario": "mutations"}),
    (2, {"scenario": "cataclysm"}), (4, {"scenario": "cataclysm"}),
    (3, {"unlimited_hand": True}), (3, {"scenario": "mutations", "unlimited_hand": True}),
    (2, {"length": 2}), (4, {"length": 16}),
]

NAMES = ["Ann", "Bob", "Cid", "Dan"]


def fresh(seed: int, players: int = 2, **options: Any) -> NewWorldState:
    return playing.fresh(RULES, seed, players, **options)  # type: ignore[no-any-return]


def position(**pos: Any) -> NewWorldState:
    return SCENARIO.state(pos)


def random_moves(state: NewWorldState, rng: random.Random,
                 limit: int = 20_000) -> Iterator[tuple[Any, NewWorldState, list[Any]]]:
    """Play random legal moves in place; yields (action, state before, events) for each."""
    return playing.random_moves(RULES, state, rng, limit)


def all_cards(s: NewWorldState) -> list[int]:
    """Every evolution card of the game, once each: deck + box + discard + hands + gene pools +
    animal cards + property cards (a paired card once) + a revealed card."""
    out = list(s.deck) + list(s.box) + list(s.discard)
    for p in s.players:
        out += p.hand + p.pool
    for a in s.animals.values():
        out.append(a.card)
        out += [c for c in a.cards if c not in s.links]
    out += list(s.links)
    if s.reveal:
        out.append(s.reveal)
    return out


def all_habitat_cards(s: NewWorldState) -> list[int]:
    return sorted({h.card for h in s.habitats}) + list(s.hstack) + list(s.hdiscard) + list(s.hbox)


def act(state: NewWorldState, text: str) -> list[Any]:
    return RULES.apply(state, RULES.parse_action(text))
