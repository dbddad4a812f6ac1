"""The transaction a move runs in: it emits the move's events one by one, folding each into the
state at once, so the next step of the same move sees the effect of the last.

A module of its own so that it can be compiled with the search (core/native.py): a game's
transaction that adds methods of its own derives from it, and a compiled class can only derive
from a compiled one. A search's transaction keeps no events (`keep` False): it folds them and
builds none it can avoid, since nobody reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from core.engine.protocol import Action, Event


class GameState(Protocol):
    """What the shared methods read of a game's state (a msgspec Struct)."""

    version: int  # events folded so far: the legal-actions cache is keyed on it
    step: str  # the pending decision kind: "" before the first, "over" at the end
    decider: int  # the seat that must decide `step`

    @property
    def n(self) -> int:
        """The number of seats."""
        ...


S = TypeVar("S", bound=GameState)  # a game's state

# A fold function: (state, event) -> state, each taking its own event type (so Any here); a
# game's table of them (event type -> fold) gives its own state.
Fold = Callable[[Any, Any], Any]


class Tx(Generic[S]):
    """Collects the events of one action, folding each into the state as it is emitted.

    `keep`: the events are kept in `events` (a move of a game); a search's transaction keeps
    none, and a game's own methods build their event only `if self.keep`."""

    __slots__ = ("_fold", "events", "keep", "s")

    def __init__(self, s: S | None, fold: Mapping[type, Fold], keep: bool = True) -> None:
        # None only for a game's start (or a search's transaction), until a state is given.
        self.s: S = s  # type: ignore[assignment]  # (not cast(): a call for every move)
        self.events: list[Event] = []
        self._fold = fold
        self.keep = keep

    # A method, not `__call__`: a plain method call runs in the interpreter's line, where
    # calling the object goes through its type's `__call__` slot, an argument tuple and an
    # interpreter of its own each time (a move emits many events).
    def emit(self, event: Event) -> None:
        if self.keep:
            self.events.append(event)
        s = self._fold[type(event)](self.s, event)  # our own events: no log checks
        s.version += 1
        self.s = s

    # The game's `Await(seat, step)` event, for `ask` (a game's transaction that uses it).
    await_event: ClassVar[type[Event]]

    def ask(self, seat: int, step: str) -> None:
        """`Await(seat, step)` with its fold's change made in place (the next decision), not
        through the fold table and its checks, which the rules' own events need not pass: the
        most frequent event of a flow. The games' invariant tests fold every log event by
        event and compare it with the state the rules left."""
        if self.keep:
            self.events.append(self.await_event(seat, step))
        s = self.s
        s.decider = seat
        s.step = step
        s.version += 1


# --- a search's calls (`GameRules.quick`), here so that they are compiled with the search -------


def decider(s: Any) -> int:
    """A plain game's seat to decide (`GameRules.decision`'s), -1 where none is pending: its
    `step` names none ("" before the first decision, "over" at the end)."""
    step: str = s.step
    if step == "" or step == "over":
        return -1
    seat: int = s.decider
    return seat


class Playing:
    """A search's move: the game's `resolve(tx, action)` in one transaction that keeps no events,
    reused for every move of the search (which runs on one thread). A compiled object rather than
    the closure it replaces: the search calls it at every step of every sampled world, and an
    interpreted closure cost an interpreter frame each time."""

    __slots__ = ("resolve", "tx")

    def __init__(self, tx: Tx[Any], resolve: Callable[[Tx[Any], Action], object]) -> None:
        self.tx = tx
        self.resolve = resolve

    def __call__(self, s: Any, action: Action) -> None:
        tx = self.tx
        tx.s = s
        self.resolve(tx, action)
