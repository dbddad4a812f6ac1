"""The registry of games (contract 8): every game the engine can run, by id.

Games come from two places. The game packages (`PACKAGES`, Evo's own `core.games`): each
sub-package that declares a `GAME` descriptor in its `__init__.py` is a game, named by its id,
found by listing the folder — nothing lists the games by hand, and looking one game up imports
that game's package alone (contract 10). And games registered in code (`register`): a game that
lives elsewhere, such as the tiny game the kit's own tests define, runs through the same
session, journal, verify and scenarios as the packaged ones.

`core.games` re-exports this module's functions, so `from core import games` is how the rest of
Evo reads the registry; the engine reads it here.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from core.engine.descriptor import GameDescriptor

if TYPE_CHECKING:
    from core.engine.protocol import AnyRuleset

PACKAGES: tuple[str, ...] = ("core.games",)  # the packages whose sub-packages are games

_registered: dict[str, GameDescriptor] = {}


class UnknownGame(ValueError):
    pass


@cache
def _packages() -> dict[str, str]:
    """Game id -> package, for every sub-package of `PACKAGES` (listed from the folders:
    nothing is imported but the parent of each, which `find_spec` needs)."""
    out: dict[str, str] = {}
    for root in PACKAGES:
        spec = importlib.util.find_spec(root)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            for p in Path(folder).iterdir():
                if p.name.isidentifier() and not p.name.startswith("_") and \
                        (p / "__init__.py").is_file():
                    out.setdefault(p.name, f"{root}.{p.name}")
    return dict(sorted(out.items()))


@cache
def _declared(game_id: str) -> GameDescriptor | None:
    """The descriptor declared by the package named `game_id`, or None when it declares none."""
    package = _packages()[game_id]
    game = getattr(importlib.import_module(package), "GAME", None)
    if not isinstance(game, GameDescriptor):
        return None
    if game.id != game_id:
        raise ValueError(f"{package} declares the game '{game.id}': a game's package is named "
                         "by its id")
    return game


def _find(game_id: str) -> GameDescriptor | None:
    if game_id in _registered:
        return _registered[game_id]
    return _declared(game_id) if game_id in _packages() else None


def _all() -> list[GameDescriptor]:
    found = [g for g in map(_declared, _packages()) if g is not None]
    found += [g for g in _registered.values() if g.id not in _packages()]
    return sorted(found, key=lambda g: (g.order, g.id))


def scan(packages: tuple[str, ...]) -> tuple[str, ...]:
    """Look for packaged games in `packages` from now on (the kit's tests run with none);
    returns the packages scanned until now."""
    global PACKAGES
    previous, PACKAGES = PACKAGES, tuple(packages)
    _packages.cache_clear()
    return previous


def register(game: GameDescriptor) -> None:
    """Add a game that is not in the game packages (its rules and data named by its descriptor,
    wherever they live). A packaged game's id cannot be taken."""
    if game.id in _packages():
        raise ValueError(f"'{game.id}' is one of the packaged games")
    _registered[game.id] = game


def unregister(game_id: str) -> None:
    """Remove a game added by `register` (a test's game, when the test is done)."""
    _registered.pop(game_id, None)


def ids() -> list[str]:
    """Game ids in menu order (importing every game's package)."""
    return [g.id for g in _all()]


def descriptors() -> list[GameDescriptor]:
    return _all()


def get(game_id: str) -> GameDescriptor:
    """The descriptor of `game_id`, importing that game's package alone."""
    game = _find(game_id)
    if game is None:
        raise UnknownGame(f"unknown game '{game_id}' (known: {', '.join(ids())})")
    return game


def exists(game_id: str) -> bool:
    """Whether `game_id` names a game, importing that game's package alone."""
    return _find(game_id) is not None


def load(game_id: str) -> AnyRuleset:
    """The ruleset object of a game id."""
    return get(game_id).ruleset


__all__ = ["PACKAGES", "UnknownGame", "descriptors", "exists", "get", "ids", "load", "register",
           "scan", "unregister"]
