"""Paired comparisons of moves on common random numbers, and the verdicts they allow.

Two moves are compared on the *same* sampled worlds, each continued with the same random
stream, so most of the luck of a playout cancels in the difference. A verdict is called only
when the 95 % interval's lower bound clears its threshold (issue #25): "inaccuracy" at 5,
"mistake" at 10, "blunder" at 15 points of winning chance; a larger mean whose interval does
not clear 5 points is "unclear".
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import msgspec

Z95 = 1.96
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 15.0), ("mistake", 10.0), ("inaccuracy", 5.0))
MISTAKE = 10.0  # points: a move is called fine once its loss's interval stays below this


class Estimate(msgspec.Struct, frozen=True):
    """A mean in points of winning chance (0–100) and its 95 % half-width."""

    mean: float
    half: float

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half


def estimate(values: Sequence[float]) -> Estimate:
    """Mean and 95 % half-width (normal approximation) of values given as chances in [0, 1],
    returned in points."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, math.inf)
    mean = sum(values) / n
    if n == 1:
        return Estimate(100.0 * mean, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(100.0 * mean, 100.0 * Z95 * math.sqrt(var / n))


def paired(better: Sequence[float], played: Sequence[float]) -> Estimate:
    """How much `better` beats `played` on the same worlds: the mean paired difference."""
    return estimate([b - p for b, p in zip(better, played, strict=True)])


def verdict(loss: Estimate) -> str:
    """The verdict a loss allows: the strongest whose threshold the lower bound clears;
    "unclear" when only the mean reaches 5 points; "" when the move is fine."""
    for name, points in THRESHOLDS:
        if loss.low >= points:
            return name
    return "unclear" if loss.mean >= THRESHOLDS[-1][1] else ""
