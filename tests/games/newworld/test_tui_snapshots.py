"""Snapshot tests of the `newworld` table, replay and end screens: fixed positions and seeds,
fixed sizes, no animation, no cursor blink.

Each snapshot was looked at (rendered) before it was accepted.
"""

from __future__ import annotations

from typing import Any

from tests.games.newworld.test_tui_positions import DEFEND, DEVELOP, FEED, SIDE, session_at
from tests.piloting import NARROW, after_keys, at_end, in_replay, played_out, snapped


def test_feeding_in_a_habitat_wide(snap_compare: Any, make_app: Any) -> None:
    # c1 picked: the habitats it may use are lit
    assert snapped(snap_compare, make_app, session_at(FEED), run_before=after_keys("enter"))


def test_feeding_narrow(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(FEED), NARROW)


def test_development_in_russian(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(DEVELOP), lang="ru")


def test_choosing_the_prey_previews_its_defences(snap_compare: Any, make_app: Any) -> None:
    attack = after_keys("enter", "1")  # c1: Attack…
    assert snapped(snap_compare, make_app, session_at(FEED), run_before=attack)


def test_defence_narrow_in_russian(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(DEFEND), NARROW, lang="ru")


def test_random_mutations_side_in_the_light_theme(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(SIDE), theme="evo-light")


def test_replay_screen(snap_compare: Any, make_app: Any) -> None:
    session = session_at(FEED)
    for move in ("feed c3 h1l", "shelter c8 h13"):  # Ann, then the bot
        session.act(move)
    assert snapped(snap_compare, make_app, session, run_before=in_replay("down", "right"),
                   start="replay")


def test_end_screen(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, played_out(session_at(DEVELOP)), run_before=at_end)


LONG_NAMES = {**DEVELOP, "players": [{**DEVELOP["players"][0], "hand": [73, 45, 37, 81, 21, 65]},
                                     DEVELOP["players"][1]]}  # Tail Loss, Developmental Error


def test_a_hand_of_long_names_in_russian_narrow(snap_compare: Any, make_app: Any) -> None:
    """«Отбрасыв. хвоста»: cut as a typesetter cuts it, whole in `i` and the details."""
    assert snapped(snap_compare, make_app, session_at(LONG_NAMES), NARROW, lang="ru")


def test_a_hand_of_long_names_in_russian_wide(snap_compare: Any, make_app: Any) -> None:
    assert snapped(snap_compare, make_app, session_at(LONG_NAMES), lang="ru")
