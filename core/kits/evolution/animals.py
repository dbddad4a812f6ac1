"""Pure questions about the animals of an «Эволюция» position (classic §3-§5, Новый мир §3-§5).
Nothing here changes a state. Views have the same field names as states where these functions
look, so a game's hints may ask them about a view.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def card_of(a: Any, trait: str) -> int:
    """The card that gives `a` the (non-paired) property `trait`."""
    return a.cards[a.traits.index(trait)]  # type: ignore[no-any-return]


def row(s: Any, seat: int) -> list[Any]:
    animals = s.animals
    return [animals[u] for u in s.players[seat].row]


def seats_from(s: Any, seat: int) -> Iterator[int]:
    """Every seat clockwise, starting with `seat`."""
    n = len(s.players)
    for j in range(n):
        yield (seat + j) % n
