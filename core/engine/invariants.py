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

from collections.abc import Callable, Iterable, Mapping
from typing import Generic, Protocol, TypeAlias, TypeVar

import msgspec

from core.engine.citation import citation

S = TypeVar("S")  # a game's state
Test: TypeAlias = "Callable[[S], str | None]"  # the problem of a state, or None


class Invariant(msgspec.Struct, Generic[S], frozen=True):
    name: str  # the function's name
    doc: str  # its docstring: one line saying what holds
    ruling: str  # the ruling it follows from ("" where none applies)
    test: Test[S]
    settled: bool = False  # holds only once an action's events are all folded


class ImpossiblePosition(ValueError):
    """A position the game cannot be in: the first invariant it breaks, and how."""

    def __init__(self, invariant: Invariant[S], problem: str) -> None:
        cite = f" ({citation(invariant.ruling)})" if invariant.ruling else ""
        super().__init__(problem + cite)
        self.invariant = invariant


class collector(Generic[S]):
    """A decorator that adds a function to `into` as an invariant, in the order of definition:
    `invariant = collector(INVARIANTS)`, then `@invariant("NW35")` above each function."""

    def __init__(self, into: list[Invariant[S]]) -> None:
        self.into = into

    def __call__(self, ruling: str = "", settled: bool = False) -> Callable[[Test[S]], Test[S]]:
        def add(fn: Test[S]) -> Test[S]:
            doc = (fn.__doc__ or "").strip()
            self.into.append(Invariant(fn.__name__, doc, ruling, fn, settled))
            return fn

        return add


def check(invariants: Iterable[Invariant[S]], state: S, settled: bool = True) -> None:
    """Raise ImpossiblePosition at the first invariant `state` breaks (the settled ones too
    when the state is `settled`: no action's events are half folded)."""
    for inv in invariants:
        if settled or not inv.settled:
            problem = inv.test(state)
            if problem is not None:
                raise ImpossiblePosition(inv, problem)


__all__ = ["ImpossiblePosition", "Invariant", "check", "collector"]


def misplaced(piles: Iterable[tuple[int, str]], count: int) -> str:
    """Why the cards of `piles` ((card, where it is), every card 1..`count` expected once) are
    not each in one place: a card that does not exist, one in two places, or one nowhere."""
    places: dict[int, str] = {}
    for card, where in piles:
        if not 1 <= card <= count:
            return f"there is no card {card} ({where})"
        if card in places:
            return f"card {card} is both {places[card]} and {where}"
        places[card] = where
    return f"card {min(set(range(1, count + 1)) - set(places))} is nowhere"


class Piece(Protocol):
    """A numbered piece in its owner's row (an animal, a creature)."""

    @property
    def uid(self) -> int: ...

    @property
    def owner(self) -> int: ...


def outside_rows(rows: list[list[int]], pieces: Mapping[int, Piece], next_uid: int,
                 noun: str) -> str | None:
    """Why the numbered `pieces` (each with `uid` and `owner`) and the seats' `rows` do not
    agree — each piece in its owner's row once, numbered below `next_uid`, no other in a row —
    or None."""
    in_rows: dict[int, int] = {}
    for i, row in enumerate(rows):
        for number in row:
            if number in in_rows:
                return f"c{number} is in two places in the rows"
            in_rows[number] = i
    for number, x in pieces.items():
        if x.uid != number or not 1 <= number < next_uid:
            return f"{noun} c{number} is numbered {x.uid} (next {next_uid})"
        if in_rows.get(number) != x.owner:
            return f"c{number} of seat {x.owner} is not in that seat's row"
    missing = [number for number in in_rows if number not in pieces]
    return f"c{missing[0]} is in a row but does not exist" if missing else None
