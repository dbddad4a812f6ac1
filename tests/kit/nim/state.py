"""Nim's state, view and events (msgspec Structs; only the fold changes a state)."""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from typing import Union

import msgspec

VALUES = (1, 2, 3)
COPIES = 4  # of each value: a deck of 12 (NIM3)
HAND = 4  # cards dealt to each seat


class NimState(msgspec.Struct):
    seed: int
    rng_count: int
    start: int  # the heap the game started with (the `heap` option)
    heap: int
    hands: list[list[int]]  # each seat's cards (their values), sorted
    aside: list[int]  # cards not dealt, unseen
    discard: list[int] = []  # the cards played, in order, open
    round: int = 0
    turn: int = 0  # whose turn it is
    step: str = ""  # "play", "over" at the end
    decider: int = 0
    winner: int = -1
    version: int = 0  # events folded so far (the rules' legal-actions cache)

    @property
    def n(self) -> int:
        return len(self.hands)


class NimView(msgspec.Struct):
    viewer: int | None
    start: int
    heap: int
    hands: list[list[int] | None]  # the viewer's own (all for None), the others' hidden
    sizes: list[int]
    aside: int
    discard: list[int]
    round: int
    turn: int
    step: str
    decider: int
    winner: int


def clone(s: NimState) -> NimState:
    return NimState(s.seed, s.rng_count, s.start, s.heap, [h[:] for h in s.hands], s.aside[:],
                    s.discard[:], s.round, s.turn, s.step, s.decider, s.winner, s.version)


# --- events --------------------------------------------------------------------------------

class NimEvent(msgspec.Struct, frozen=True, tag_field="t"):
    pass


class Started(NimEvent, tag="start"):
    seed: int
    rng_count: int
    heap: int
    seats: int
    aside: list[int]  # the cards put aside (the deal's other cards follow, seat by seat)


class Dealt(NimEvent, tag="deal"):
    seat: int
    cards: list[int]


class PositionSet(NimEvent, tag="position"):
    state: NimState


class RoundStarted(NimEvent, tag="round"):
    round: int


class Await(NimEvent, tag="await"):
    seat: int
    step: str


class Played(NimEvent, tag="played"):
    seat: int
    value: int
    took: int


class Took(NimEvent, tag="took"):
    seat: int


class Won(NimEvent, tag="won"):
    seat: int


Event = Union[Started, Dealt, PositionSet, RoundStarted, Await, Played, Took, Won]
