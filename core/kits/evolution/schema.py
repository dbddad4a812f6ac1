"""The parts of a scenario's `[position]` both «Эволюция» games write alike (docs/scenarios.md):
an animal's number, face, properties and tokens, a pair of animals joined by a paired card, the
attack under way. A game's schema subclasses them, adding its own keys after these (so an
unknown key's message lists them in the same order)."""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from typing import Annotated

import msgspec

Uid = int | str  # 3 or "c3"
Card = int | str  # a card (41, "41") or a card and side ("41b")
Count = Annotated[int, msgspec.Meta(ge=0, le=10**6)]
Tokens = Annotated[int, msgspec.Meta(ge=0, le=99)]


class AnimalAt(msgspec.Struct, forbid_unknown_fields=True):
    id: Uid | None = None  # default: the next number
    card: int | None = None  # its face; default: the lowest free card
    properties: list[Card] = []  # property ids or cards ("41b"), oldest first
    red: Tokens = 0
    blue: Tokens = 0
    fat: Tokens = 0


class PairAt(msgspec.Struct, forbid_unknown_fields=True):
    property: str
    a: Uid
    b: Uid
    card: Card | None = None  # default: the lowest free card showing the property


class AttackAt(msgspec.Struct, forbid_unknown_fields=True):
    predator: Uid
    prey: Uid
    targeted: list[Uid] | None = None  # default: [prey]
