"""Per-game knowledge the game-agnostic bots plug in: evaluation, default policy, hint reasons.

A game names its heuristics in its descriptor (`GameDescriptor.heuristics`). A game without
them gets `GenericHeuristics`: a uniform default policy and an evaluation that only knows
finished games — enough for every bot to play legally, not well.
"""

from __future__ import annotations

from typing import Any, Protocol

from core import games
from core.bots.chances import final_chances


class Heuristics(Protocol):
    def evaluate(self, state: Any) -> list[float]:
        """Per-seat win chances in [0, 1] (summing to 1); exact for a finished game."""
        ...

    def policy(self, state: Any, legal: list[Any]) -> list[float]:
        """Non-negative weights over `legal` for the fast default policy (not all zero)."""
        ...

    def reason(self, view: Any, action: Any, lang: str) -> tuple[str, dict[str, str]]:
        """A reason key (`reason.<key>` in the game's texts) and its arguments, from the view."""
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
        return final_chances(out.winners, seats)

    def policy(self, state: Any, legal: list[Any]) -> list[float]:
        return [1.0] * len(legal)

    def reason(self, view: Any, action: Any, lang: str) -> tuple[str, dict[str, str]]:
        return "move", {}

    def turn_id(self, state: Any) -> Any:
        d = self.rules.pending(state)
        return None if d is None else d.seat


_generic: dict[str, GenericHeuristics] = {}


def heuristics_for(rules: Any) -> Heuristics:
    """The heuristics of the game `rules` belongs to."""
    own = games.get(rules.game_id).bot_heuristics
    if own is not None:
        return own
    if rules.game_id not in _generic:
        _generic[rules.game_id] = GenericHeuristics(rules)
    return _generic[rules.game_id]


def informed(rules: Any) -> bool:
    """The game brings its own heuristics: the bots play it well, so hints are worth showing."""
    return games.get(rules.game_id).bot_heuristics is not None
