"""Helpers for tests that play `northstar` games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core.games.northstar import GAME
from core.games.northstar.rules import RULES
from core.games.northstar.scenario import SCENARIO
from core.games.northstar.state import NorthStarState

# The set-ups the property tests walk through: (seats, options).
SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (5, {}), (6, {}),
    (2, {"short": True}), (4, {"short": True}), (6, {"short": True}),
    (3, {"open_bags": True}),
]

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


def fresh(seed: int, players: int = 2, **options: Any) -> NorthStarState:
    state = None
    for ev in RULES.setup(options, seed, players):
        state = RULES.evolve(state, ev)
    assert state is not None
    return state


def position(**pos: Any) -> NorthStarState:
    s = SCENARIO.state(pos)
    GAME.check_position(s)
    return s


def act(state: NorthStarState, text: str) -> list[Any]:
    return RULES.apply(state, RULES.parse_action(text))


def legal(state: NorthStarState) -> set[str]:
    return {RULES.format_action(a) for a in RULES.legal_actions(state)}


def random_moves(state: NorthStarState, rng: random.Random,
                 limit: int = 20_000) -> Iterator[tuple[Any, NorthStarState, list[Any]]]:
    """Play random legal moves in place; yields (action, state before, events) for each."""
    for _ in range(limit):
        if RULES.pending(state) is None:
            return
        acts = RULES.legal_actions(state)
        action = acts[rng.randrange(len(acts))]
        before = RULES.clone(state)
        events = RULES.apply(state, action)
        yield action, before, events
    raise AssertionError("a random game did not end")


def all_cards(s: NorthStarState) -> list[int]:
    """Every card of the game, once each: draw pile, discard pile, removed cards, hands, food
    cards face down, trait cards on species."""
    out = list(s.deck) + list(s.discard) + list(s.removed)
    for p in s.players:
        out += p.hand
        if p.food:
            out.append(p.food)
    for x in s.species.values():
        out += x.cards
    return out
