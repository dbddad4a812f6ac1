"""The frozen values a `northstar` state holds, shared between states, clones and events: the
card uses of phase 3 (also the steps of a short-variant plan, §7.4) and the before-reveal
effects. Kept out of `state` because that module is compiled with the search (its classes
become mypyc's own) and these stay msgspec structs.
"""

# No `from __future__ import annotations`: msgspec would read the strings at every start.

from typing import Union

import msgspec

from core.engine.notation import Notated


class NSAction(msgspec.Struct, Notated, frozen=True, tag_field="t", gc=False):
    """`str(action)` is its notation. Not tracked by the garbage collector (`gc=False`, every
    action type inherits it): an action holds numbers and words and no reference back to
    anything, so it can be part of no cycle; a search makes thousands of them a second."""


class Place(NSAction, frozen=True, tag="trait"):
    """PlaceTrait: hand card `card` face down on own species `species` (§3.5)."""

    card: int
    species: int


class Drop(NSAction, frozen=True, tag="drop"):
    """DiscardTrait: trait card `card` off own species `species` (NS21)."""

    species: int
    card: int


class NewSpecies(NSAction, frozen=True, tag="species"):
    """NewSpecies: hand card `card` discarded, a new board at the left or right end (NS23)."""

    card: int
    left: bool


class Grow(NSAction, frozen=True, tag="grow"):
    """IncreaseBodySize (`track` body) / IncreasePopulation (`track` pop): hand card `card`
    discarded, +1 to that track of own species `species` (NS32)."""

    card: int
    species: int
    track: str


PlayStep = Union[Place, Drop, NewSpecies, Grow]


class Effect(msgspec.Struct, frozen=True, gc=False):
    """A before-reveal effect still to resolve (§3.6 4a): `trait` of species `species` (untracked
    by the garbage collector, as an action)."""

    species: int
    trait: str
