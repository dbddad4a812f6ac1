"""Per-game knowledge the game-agnostic bots plug in: evaluation, default policy, hint reasons.

A game provides it either as an attribute `bot_heuristics` of its ruleset object, or as a
module listed in `GAME_HEURISTICS` (by game id) exposing `HEURISTICS`. A game with neither
gets `GenericHeuristics`: a uniform default policy and an evaluation that only knows
finished games — enough for every bot to play legally, not well.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

# Game id -> module with a `HEURISTICS` object; imported on first use.
GAME_HEURISTICS: dict[str, str] = {
    "magic": "core.games.magic.bot",
    "gravity": "core.games.gravity.bot",
}


class Heuristics(Protocol):
    def evaluate(self, state: Any) -> list[float]:
        """Per-seat win chances in [0, 1] (summing to 1); exact for a finished game."""
        ...

    def policy(self, state: Any, legal: list[Any]) -> list[float]:
        """Non-negative weights over `legal` for the fast default policy (not all zero)."""
        ...

    def fast_apply(self, state: Any, action: Any) -> None:
        """Resolve `action` (taken from `legal_actions(state)`) in place, without re-validating."""
        ...

    def reason(self, view: Any, action: Any, lang: str) -> tuple[str, dict[str, str]]:
        """A reason key in the game's section of texts.toml and its arguments, from the view."""
        ...

    def turn_id(self, state: Any) -> Any:
        """Equal for two states in the same turn (the greedy bot finishes its turn, no more)."""
        ...


class GenericHeuristics:
    """Fallback for games without bot knowledge: legal, uninformed play."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def evaluate(self, state: Any) -> list[float]:
        seats = self.rules.seat_count(state)
        out = self.rules.outcome(state)
        if out is None:
            return [1.0 / seats] * seats
        share = 1.0 / len(out.winners) if out.winners else 0.0
        return [share if i in out.winners else 0.0 for i in range(seats)]

    def policy(self, state: Any, legal: list[Any]) -> list[float]:
        return [1.0] * len(legal)

    def fast_apply(self, state: Any, action: Any) -> None:
        self.rules.apply(state, action)

    def reason(self, view: Any, action: Any, lang: str) -> tuple[str, dict[str, str]]:
        return "move", {}

    def turn_id(self, state: Any) -> Any:
        d = self.rules.pending(state)
        return None if d is None else d.seat


_cache: dict[str, Any] = {}


def heuristics_for(rules: Any) -> Heuristics:
    """The heuristics of the game `rules` belongs to."""
    own = getattr(rules, "bot_heuristics", None)
    if own is not None:
        return own
    game = getattr(rules, "game_id", "")
    if game not in _cache:
        module = GAME_HEURISTICS.get(game)
        _cache[game] = (importlib.import_module(module).HEURISTICS if module
                        else GenericHeuristics(rules))
    return _cache[game]


def text_section(rules: Any) -> str:
    """The section of texts.toml holding the game's reasons ("generic" without one)."""
    game = getattr(rules, "game_id", "")
    return game if game in GAME_HEURISTICS or getattr(rules, "bot_heuristics", None) else "generic"
