"""Points become win chances the same way in every game (core/bots/chances.py)."""

from __future__ import annotations

import math

from core.bots.chances import final_chances, softmax_chances


def test_equal_points_are_equal_chances_and_a_lead_of_the_temperature_is_e_to_1() -> None:
    assert softmax_chances([5.0, 5.0, 5.0], 3.0) == [1 / 3] * 3
    a, b = softmax_chances([7.0, 4.0], 3.0)
    assert math.isclose(a / b, math.e) and math.isclose(a + b, 1.0)
    assert math.isclose(sum(softmax_chances([1e6, -1e6, 0.0], 0.5)), 1.0)  # no overflow


def test_the_winners_share_the_win() -> None:
    assert final_chances([2], 3) == [0.0, 0.0, 1.0]
    assert final_chances([0, 2], 3) == [0.5, 0.0, 0.5]
    assert final_chances([], 2) == [0.0, 0.0]
