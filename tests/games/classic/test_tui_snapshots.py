"""Snapshot tests of the `classic` table, replay and end screens: fixed positions and seeds,
fixed sizes, no animation, no cursor blink.

Each snapshot was looked at (rendered) before it was accepted.
"""

from __future__ import annotations

from typing import Any

from tests.games.classic.test_tui_positions import DEFEND, DEVELOP, FEED, V09, session_at
from tests.piloting import NARROW, after_keys, at_end, in_replay, played_out, snapped


def test_feeding_wide(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(FEED))


def test_feeding_narrow(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(FEED), NARROW)


def test_development_in_russian(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(DEVELOP), lang="ru")


def test_choosing_the_prey_previews_its_defences(snap_compare: Any, make_app: Any) -> None:
    attack = after_keys("enter", "2")  # c1: Attack…
    assert snapped(snap_compare, make_app, session_at(FEED), run_before=attack)


def test_defence_narrow(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(DEFEND), NARROW)


def test_v09_in_the_light_theme(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(V09), theme="evo-light")


def test_replay_screen(snap_compare: Any, make_app: Any) -> None:
    session = session_at(FEED)
    for move in ("graze c3", "take c3"):
        session.act(move)
    assert snapped(snap_compare, make_app, session, run_before=in_replay("down", "right"),
                   start="replay")


def test_end_screen(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, played_out(session_at(DEVELOP)), run_before=at_end)
