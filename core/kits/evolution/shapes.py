"""What the kit reads of a game's positions, animals and actions: the fields classic and
newworld have alike, as protocols that each game's own structs fit (a state's or a view's).

Read-only members are properties, so a view's frozen fields fit them as well as a state's; the
kit's folds, which change a state, take `FoldAnimal` and `FoldState` with writable members.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from core.kits.evolution.state import Link


class Seen(Protocol):
    """An animal as a state or a view has it: its number, owner and property cards."""

    @property
    def uid(self) -> int: ...

    @property
    def owner(self) -> int: ...

    @property
    def cards(self) -> Sequence[int]: ...

    @property
    def traits(self) -> Sequence[str]: ...


class Fed(Seen, Protocol):
    """... with its food and fat tokens and what it needs."""

    @property
    def red(self) -> int: ...

    @property
    def blue(self) -> int: ...

    @property
    def fat(self) -> int: ...

    @property
    def need(self) -> int: ...

    @property
    def fat_cards(self) -> int: ...


class Beast(Fed, Protocol):
    """... poisoned or not (either game's animal, in a state or a view)."""

    @property
    def poisoned(self) -> bool: ...


A = TypeVar("A", bound=Seen, covariant=True)  # a game's animal (of a state or of a view)


class Seat(Protocol):
    @property
    def row(self) -> Sequence[int]: ...  # animal uids, left to right

    @property
    def hand(self) -> Sequence[int] | None: ...  # a view shows its own seat's hand only


class Holder(Seat, Protocol):
    """A seat of a state: its hand is always there."""

    @property
    def hand(self) -> Sequence[int]: ...


class Table(Protocol[A]):
    """A position's seats, animals and pair links (a state or a view)."""

    @property
    def players(self) -> Sequence[Seat]: ...

    @property
    def animals(self) -> Mapping[int, A]: ...

    @property
    def links(self) -> Mapping[int, Link]: ...


class Hunt(Protocol):
    """The attack under way."""

    @property
    def predator(self) -> int: ...

    @property
    def prey(self) -> int: ...

    @property
    def stage(self) -> str: ...  # defend | scavenge | done


class Attack(Protocol):
    """An Attack action."""

    @property
    def predator(self) -> int: ...

    @property
    def prey(self) -> int: ...


class Defence(Protocol):
    """A Defend action: its kind, the Мимикрия target, the card Отбрасывание хвоста drops."""

    @property
    def kind(self) -> str: ...

    @property
    def target(self) -> int: ...

    @property
    def card(self) -> int: ...


class Pirating(Protocol):
    """A Pirate action."""

    @property
    def animal(self) -> int: ...

    @property
    def victim(self) -> int: ...


class OfAnimal(Protocol):
    """An action naming one animal (a scavenger chosen)."""

    @property
    def animal(self) -> int: ...


class OfCard(Protocol):
    """An action naming one card (a discard)."""

    @property
    def card(self) -> int: ...


class Position(Protocol):
    """A state as the kit's flow reads it (it changes a state only by emitting events)."""

    version: int  # what every state has (core.engine.tx.GameState)
    step: str
    decider: int

    @property
    def n(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def rng_count(self) -> int: ...

    @property
    def fixed_dice(self) -> Sequence[int]: ...

    @property
    def deck(self) -> Sequence[int]: ...

    @property
    def discard(self) -> Sequence[int]: ...

    @property
    def first(self) -> int: ...  # the first player of the turn / epoch

    @property
    def players(self) -> Sequence[Holder]: ...

    @property
    def animals(self) -> Mapping[int, Beast]: ...

    @property
    def links(self) -> Mapping[int, Link]: ...

    @property
    def attack(self) -> Hunt | None: ...


class Shown(Table[Seen], Protocol):
    """A view as the table's stages read it: the decision pending, and the attack under way."""

    @property
    def step(self) -> str: ...

    @property
    def decider(self) -> int: ...

    @property
    def attack(self) -> Hunt | None: ...


# --- what the kit's folds change --------------------------------------------------------------

class FoldAnimal(Protocol):
    uid: int
    owner: int
    card: int
    cards: list[int]
    traits: list[str]
    red: int
    blue: int
    fat: int
    need: int
    fat_cards: int
    poisoned: bool


class FoldSeat(Protocol):
    hand: list[int]
    row: list[int]


FA = TypeVar("FA", bound=FoldAnimal)


class FoldState(Protocol[FA]):
    """A state as the kit's folds change it."""

    rng_count: int
    fixed_dice: list[int]
    deck: list[int]
    discard: list[int]

    @property
    def players(self) -> Sequence[FoldSeat]: ...

    @property
    def animals(self) -> dict[int, FA]: ...

    @property
    def links(self) -> dict[int, Link]: ...


__all__ = [
    "Attack",
    "Beast",
    "Defence",
    "Fed",
    "FoldAnimal",
    "FoldSeat",
    "FoldState",
    "Holder",
    "Hunt",
    "OfAnimal",
    "OfCard",
    "Pirating",
    "Position",
    "Seat",
    "Seen",
    "Table",
]
