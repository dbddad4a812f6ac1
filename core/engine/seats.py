"""`Seated`, mixed into a game's state or view struct whose seats are its `players`: `n`, the
number of seats, which the engine's rules base and the pure queries read (a view like a state)."""

# No `from __future__ import annotations`: a mixin of msgspec structs, read as they are.

from collections.abc import Sized


class Seated:
    __slots__ = ()
    players: Sized  # the struct's own list of seats

    @property
    def n(self) -> int:
        return len(self.players)
