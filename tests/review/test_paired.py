"""Verdicts only when the evidence clears them (issue #25): paired differences, their 95 %
intervals, and the thresholds 5 / 10 / 15 points applied to the lower bound."""

from __future__ import annotations

import math

import pytest

from core.review.paired import Estimate, estimate, paired, verdict


def test_an_estimate_is_in_points_with_a_normal_interval() -> None:
    e = estimate([0.4, 0.6, 0.5, 0.5])
    assert e.mean == pytest.approx(50.0)
    sd = math.sqrt(((0.1**2) * 2) / 3)
    assert e.half == pytest.approx(100 * 1.96 * sd / 2)
    assert estimate([0.3]).half == math.inf and estimate([]).half == math.inf


def test_pairs_cancel_what_both_moves_share() -> None:
    """The same worlds: a world that is good for both moves adds nothing to the difference."""
    played = [0.1, 0.5, 0.9, 0.3]
    better = [p + 0.2 for p in played]
    d = paired(better, played)
    assert d.mean == pytest.approx(20.0) and d.half == pytest.approx(0.0, abs=1e-9)
    assert estimate(better).half > 10  # unpaired, the spread of the worlds would hide it


@pytest.mark.parametrize(("mean", "half", "said"), [
    (20.0, 4.0, "blunder"), (16.0, 2.0, "mistake"), (16.0, 1.0, "blunder"), (12.0, 2.0, "mistake"),
    (12.0, 6.0, "inaccuracy"), (7.0, 2.0, "inaccuracy"), (7.0, 3.0, "unclear"), (30.0, 26.0, "unclear"),
    (4.9, 0.1, ""), (-3.0, 1.0, ""),
])
def test_the_lower_bound_decides_the_verdict(mean: float, half: float, said: str) -> None:
    assert verdict(Estimate(mean, half)) == said
