"""Nim's actions: play a card's value, or take one stone with an empty hand. They print as
their notation (notation.py)."""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from typing import Union

import msgspec

from core.engine.notation import Notated


class NimAction(msgspec.Struct, Notated, frozen=True, tag_field="a"):
    pass


class Play(NimAction, tag="play"):
    value: int


class Take(NimAction, tag="take"):
    pass


Action = Union[Play, Take]
