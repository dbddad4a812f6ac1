"""The registry of games: every package here that declares a `GAME` descriptor in its
`__init__.py` is a game (contract 8). Nothing lists the games by hand; a new game is found by
scanning this package.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from core.engine.descriptor import GameDescriptor


class UnknownGame(ValueError):
    pass


@cache
def _registry() -> dict[str, GameDescriptor]:
    found: list[GameDescriptor] = []
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        game = getattr(importlib.import_module(f"{__name__}.{info.name}"), "GAME", None)
        if isinstance(game, GameDescriptor):
            found.append(game)
    return {g.id: g for g in sorted(found, key=lambda g: (g.order, g.id))}


def ids() -> list[str]:
    """Game ids in menu order."""
    return list(_registry())


def descriptors() -> list[GameDescriptor]:
    return list(_registry().values())


def get(game_id: str) -> GameDescriptor:
    try:
        return _registry()[game_id]
    except KeyError:
        known = ", ".join(_registry())
        raise UnknownGame(f"unknown game '{game_id}' (known: {known})") from None


def load(game_id: str) -> Any:
    """The ruleset object of a game id."""
    return get(game_id).ruleset
