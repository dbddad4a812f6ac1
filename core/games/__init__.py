"""The registry of games: every package here that declares a `GAME` descriptor in its
`__init__.py` is a game (contract 8). Nothing lists the games by hand; a new game is found by
scanning this package. A game's package is named by its id, so that a command acting on one
game's save imports that game alone (contract 10); the lists of all games import them all.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any

from core.engine.descriptor import GameDescriptor


class UnknownGame(ValueError):
    pass


@cache
def _packages() -> tuple[str, ...]:
    """The names of the game packages here (listed from the folder, nothing imported)."""
    return tuple(sorted(p.name for p in Path(__path__[0]).iterdir()
                        if p.name.isidentifier() and not p.name.startswith("_")
                        and (p / "__init__.py").is_file()))


@cache
def _descriptor(name: str) -> GameDescriptor | None:
    """The descriptor declared by the package `name`, or None when it declares none."""
    game = getattr(importlib.import_module(f"{__name__}.{name}"), "GAME", None)
    if not isinstance(game, GameDescriptor):
        return None
    if game.id != name:
        raise ValueError(f"{__name__}.{name} declares the game '{game.id}': a game's package "
                         "is named by its id")
    return game


@cache
def _registry() -> dict[str, GameDescriptor]:
    found = [g for g in map(_descriptor, _packages()) if g is not None]
    return {g.id: g for g in sorted(found, key=lambda g: (g.order, g.id))}


def ids() -> list[str]:
    """Game ids in menu order."""
    return list(_registry())


def descriptors() -> list[GameDescriptor]:
    return list(_registry().values())


def get(game_id: str) -> GameDescriptor:
    """The descriptor of `game_id`, importing that game's package alone."""
    game = _descriptor(game_id) if game_id in _packages() else None
    if game is None:
        known = ", ".join(_registry())
        raise UnknownGame(f"unknown game '{game_id}' (known: {known})")
    return game


def exists(game_id: str) -> bool:
    """Whether `game_id` names a game, importing that game's package alone."""
    return game_id in _packages() and _descriptor(game_id) is not None


def load(game_id: str) -> Any:
    """The ruleset object of a game id."""
    return get(game_id).ruleset
