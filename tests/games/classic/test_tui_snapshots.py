"""Snapshot tests of the `classic` table, replay and end screens: fixed positions and seeds,
fixed sizes, no animation, no cursor blink.

Each snapshot was looked at (rendered) before it was accepted.
"""

from __future__ import annotations

from typing import Any

from tests.games.classic.test_tui_positions import DEFEND, DEVELOP, FEED, V09, session_at
from tests.piloting import at_end, at_table, in_replay, played_out

WIDE, NARROW = (120, 40), (80, 24)


def test_feeding_wide(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", session_at(FEED)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_feeding_narrow(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", session_at(FEED)))
    assert snap_compare(app, terminal_size=NARROW, run_before=at_table)


def test_development_in_russian(snap_compare: Any, make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(DEVELOP)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_choosing_the_prey_previews_its_defences(snap_compare: Any, make_app: Any) -> None:
    async def choose_prey(pilot: Any) -> None:
        await at_table(pilot)
        await pilot.press("enter", "2")  # c1: Attack…

    app = make_app(start=("game", session_at(FEED)))
    assert snap_compare(app, terminal_size=WIDE, run_before=choose_prey)


def test_defence_narrow(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", session_at(DEFEND)))
    assert snap_compare(app, terminal_size=NARROW, run_before=at_table)


def test_v09_in_the_light_theme(snap_compare: Any, make_app: Any) -> None:
    app = make_app(theme="evo-light", start=("game", session_at(V09)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_replay_screen(snap_compare: Any, make_app: Any) -> None:
    session = session_at(FEED)
    for move in ("graze c3", "take c3"):
        session.act(move)

    step = in_replay("down", "right")

    app = make_app(start=("replay", session))
    assert snap_compare(app, terminal_size=WIDE, run_before=step)


def finished_game() -> Any:
    return played_out(session_at(DEVELOP))


def test_end_screen(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", finished_game()))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_end)
