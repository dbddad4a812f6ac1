"""Per-game knowledge the game-agnostic bots plug in: evaluation, default policy, hint reasons.

A game names its heuristics in its descriptor (`GameDescriptor.heuristics`). A game without
them gets `GenericHeuristics`: a uniform default policy and an evaluation that only knows
finished games — enough for every bot to play legally, not well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from core import games
from core.bots.chances import final_chances

if TYPE_CHECKING:
    from core.engine.protocol import Action, Ruleset

S = TypeVar("S")  # a game's state
V = TypeVar("V")  # a game's view
S_in = TypeVar("S_in", contravariant=True)
V_in = TypeVar("V_in", contravariant=True)


class Heuristics(Protocol[S_in, V_in]):
    def evaluate(self, state: S_in) -> list[float]:
        """Per-seat win chances in [0, 1] (summing to 1); exact for a finished game."""
        ...

    def policy(self, state: S_in, legal: list[Action]) -> list[float]:
        """Non-negative weights over `legal` for the fast default policy (not all zero)."""
        ...

    def reason(self, view: V_in, action: Action, lang: str) -> tuple[str, dict[str, str]]:
        """A reason key (`reason.<key>` in the game's texts) and its arguments, from the view."""
        ...

    def turn_id(self, state: S_in) -> object:
        """Equal for two states in the same turn (the greedy bot finishes its turn, no more)."""
        ...


class GenericHeuristics(Generic[S, V]):
    """Fallback for games without bot knowledge: legal, uninformed play."""

    def __init__(self, rules: Ruleset[S, V]) -> None:
        self.rules = rules

    def evaluate(self, state: S) -> list[float]:
        seats = self.rules.seat_count(state)
        out = self.rules.outcome(state)
        if out is None:
            return [1.0 / seats] * seats
        return final_chances(out.winners, seats)

    def policy(self, state: S, legal: list[Action]) -> list[float]:
        return [1.0] * len(legal)

    def reason(self, view: V, action: Action, lang: str) -> tuple[str, dict[str, str]]:
        return "move", {}

    def turn_id(self, state: S) -> object:
        d = self.rules.pending(state)
        return None if d is None else d.seat


# By game id: the games' states and views differ, so the values are of unknown type.
_generic: dict[str, GenericHeuristics[Any, Any]] = {}


def heuristics_for(rules: Ruleset[S, V]) -> Heuristics[S, V]:
    """The heuristics of the game `rules` belongs to."""
    own: Heuristics[S, V] | None = games.get(rules.game_id).bot_heuristics
    if own is not None:
        return own
    if rules.game_id not in _generic:
        _generic[rules.game_id] = GenericHeuristics(rules)
    return _generic[rules.game_id]


def informed(rules: Ruleset[object, object]) -> bool:
    """The game brings its own heuristics: the bots play it well, so hints are worth showing."""
    return games.get(rules.game_id).bot_heuristics is not None
