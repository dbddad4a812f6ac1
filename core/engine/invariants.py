"""What makes a position possible, as small named invariants (docs/scenarios.md).

Each game lists its invariants in one module (its descriptor's `invariants`): functions of a
state that return the problem in one line, or None when the position has none, each with a
one-line docstring saying what holds and, where one applies, the ruling it follows from.
Scenario loading, save loading (a save's starting and last positions) and the tests all run
the same list, in order, and stop at the first problem — so an invariant may rely on those
before it (a card number exists before a card is looked up).

Most invariants hold after every event a game folds. Those about the pending decision (the
step fits the phase, the seat to decide may decide it) are `settled`: between the events of
one action the step still names the decision just answered, so they hold once the action's
events are all folded — at every position a player sees, a scenario sets up or a save holds.
The conformance soak runs every invariant after every event (the settled ones after an
action's last event).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import msgspec

from core.engine.citation import citation

F = TypeVar("F", bound=Callable[[Any], "str | None"])


class Invariant(msgspec.Struct, frozen=True):
    name: str  # the function's name
    doc: str  # its docstring: one line saying what holds
    ruling: str  # the ruling it follows from ("" where none applies)
    test: Callable[[Any], str | None]  # the problem of a state, or None
    settled: bool = False  # holds only once an action's events are all folded


class ImpossiblePosition(ValueError):
    """A position the game cannot be in: the first invariant it breaks, and how."""

    def __init__(self, invariant: Invariant, problem: str) -> None:
        cite = f" ({citation(invariant.ruling)})" if invariant.ruling else ""
        super().__init__(problem + cite)
        self.invariant = invariant


def collector(into: list[Invariant]) -> Callable[..., Callable[[F], F]]:
    """A decorator that adds a function to `into` as an invariant, in the order of definition:
    `invariant = collector(INVARIANTS)`, then `@invariant("NW35")` above each function."""

    def invariant(ruling: str = "", settled: bool = False) -> Callable[[F], F]:
        def add(fn: F) -> F:
            doc = (fn.__doc__ or "").strip()
            into.append(Invariant(fn.__name__, doc, ruling, fn, settled))
            return fn

        return add

    return invariant


def check(invariants: Iterable[Invariant], state: Any, settled: bool = True) -> None:
    """Raise ImpossiblePosition at the first invariant `state` breaks (the settled ones too
    when the state is `settled`: no action's events are half folded)."""
    for inv in invariants:
        if settled or not inv.settled:
            problem = inv.test(state)
            if problem is not None:
                raise ImpossiblePosition(inv, problem)


__all__ = ["ImpossiblePosition", "Invariant", "check", "collector"]
