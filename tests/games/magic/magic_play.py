"""Helpers for tests that play random `magic` games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core.games.magic.rules import RULES
from core.games.magic.state import MagicState


def fresh(seed: int, players: int = 2, **options: Any) -> MagicState:
    state = None
    for ev in RULES.setup(options, seed, players):
        state = RULES.evolve(state, ev)
    assert state is not None
    return state


def random_moves(state: MagicState, rng: random.Random,
                 limit: int = 100_000) -> Iterator[tuple[Any, MagicState, list[Any]]]:
    """Play random legal moves in place; yields (action, state before, events) for each."""
    for _ in range(limit):
        if RULES.pending(state) is None:
            return
        legal = RULES.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        before = RULES.clone(state)
        events = RULES.apply(state, action)
        yield action, before, events


def all_cards(s: MagicState) -> list[int]:
    out = list(s.deck) + list(s.discard)
    for p in s.players:
        out += p.hand
    for c in s.creatures.values():
        out.append(c.card)
        out += c.cards
    return out
