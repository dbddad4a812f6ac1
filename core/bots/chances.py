"""Points to win chances: the shared last step of every game's evaluation."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any


def softmax_chances(points: list[float], temperature: float) -> list[float]:
    """Win chances in [0, 1] summing to 1: `temperature` points ahead is e:1 against a rival."""
    top = max(points)
    exps = [math.exp((x - top) / temperature) for x in points]
    total = sum(exps)
    return [e / total for e in exps]


def final_chances(winners: list[int], seats: int) -> list[float]:
    """A finished game: the winners share the win equally (none: nobody wins)."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if i in winners else 0.0 for i in range(seats)]


def win_chances(s: Any, points: Callable[[Any], list[float]], temperature: float) -> list[float]:
    """Win chances per seat in [0, 1], summing to 1, of a game whose state has a `step` that is
    "over" once it has ended, with its `winners`: exact then, else its `points` by softmax."""
    if s.step == "over":
        return final_chances(s.winners, len(s.players))
    return softmax_chances(points(s), temperature)
