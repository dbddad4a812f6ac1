"""Evo's own games: every sub-package here that declares a `GAME` descriptor in its
`__init__.py` is a game (contract 8), found by the engine's registry (`core.engine.registry`),
which lists this folder; nothing lists the games by hand. A game's package is named by its id,
so that a command acting on one game's save imports that game alone (contract 10); the lists
of all games import them all.

The registry's functions are re-exported here: `from core import games` then `games.get(id)`.
"""

from core.engine.registry import (
    UnknownGame,
    descriptors,
    exists,
    get,
    ids,
    load,
    register,
    unregister,
)

__all__ = ["UnknownGame", "descriptors", "exists", "get", "ids", "load", "register", "unregister"]
