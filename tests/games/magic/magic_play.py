"""Helpers for tests that play random `magic` games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core.games.magic.rules import RULES
from core.games.magic.state import MagicState
from tests import playing


def fresh(seed: int, players: int = 2, **options: Any) -> MagicState:
    return playing.fresh(RULES, seed, players, **options)  # type: ignore[no-any-return]


def random_moves(state: MagicState, rng: random.Random,
                 limit: int = 100_000) -> Iterator[tuple[Any, MagicState, list[Any]]]:
    """Play random legal moves in place; yields (action, state before, events) for each, up to
    `limit` of them (a test may stop a game part of the way)."""
    return playing.random_moves(RULES, state, rng, limit, whole=False)


def all_cards(s: MagicState) -> list[int]:
    out = list(s.deck) + list(s.discard)
    for p in s.players:
        out += p.hand
    for c in s.creatures.values():
        out.append(c.card)
        out += c.cards
    return out
