"""The arrow-key walk shared by the boards (tui/widgets/cursor.py): along a line, to the line
above or below, never off the table."""

from __future__ import annotations

from tui.widgets.cursor import step

ZONES = [["a1", "a2", "a3", "a4", "a5"], ["b1", "b2"], ["h1", "h2", "h3"]]


def test_left_and_right_stay_in_the_line_and_stop_at_its_ends() -> None:
    assert step(ZONES, "a2", 1, 0) == "a3"
    assert step(ZONES, "a1", -1, 0) == "a1"
    assert step(ZONES, "a5", 1, 0) == "a5"


def test_up_and_down_keep_the_index_or_the_last_item() -> None:
    assert step(ZONES, "a2", 0, 1) == "b2"
    assert step(ZONES, "a5", 0, 1) == "b2"
    assert step(ZONES, "h1", 0, 1) == "h1"  # the bottom line: nowhere further
    assert step(ZONES, "a3", 0, -1) == "a3"


def test_proportional_lines_keep_the_relative_place() -> None:
    assert step(ZONES, "a5", 0, 1, proportional=True) == "b2"
    assert step(ZONES, "a4", 0, 1, proportional=True) == "b2"  # 4th of 5 → 2nd of 2
    assert step(ZONES, "a2", 0, 1, proportional=True) == "b1"
    assert step(ZONES, "b2", 0, 1, proportional=True) == "h3"
    assert step([["x"], ["y1", "y2"]], "x", 0, 1, proportional=True) == "y1"


def test_a_cursor_on_no_line_goes_to_the_hand() -> None:
    assert step(ZONES, None, 0, 1) == "h1"
    assert step(ZONES, "gone", 1, 0) == "h1"
