"""Game packages, one per game id; `load(game_id)` returns the game's ruleset object."""

from __future__ import annotations

import importlib
from typing import Any

# Game ids in menu order; only implemented games are listed.
GAMES: dict[str, str] = {
    "magic": "core.games.magic.rules",
    "gravity": "core.games.gravity.rules",
}


class UnknownGame(ValueError):
    pass


def load(game_id: str) -> Any:
    """The ruleset object (`RULES`) of a game id."""
    try:
        module = GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise UnknownGame(f"unknown game '{game_id}' (known: {known})") from None
    return importlib.import_module(module).RULES
