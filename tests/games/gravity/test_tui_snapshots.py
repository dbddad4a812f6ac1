"""Snapshot tests of «Гравити Фолз»: fixed seeds and positions, fixed sizes, no animation.

Each snapshot was looked at (rendered to PNG) before it was accepted.
"""

from __future__ import annotations

from typing import Any

from tests.games.gravity.positions import GRAVITY_LATE, GRAVITY_NEAR_WIN, gravity_at, gravity_game
from tests.piloting import at_end, in_replay, settle
from tui.screens.table import TableScreen

WIDE, NARROW = (120, 40), (80, 24)


def rolled() -> Any:
    """Dipper has walked to the High School and rolled: his reroll is asked."""
    session = gravity_game(seed=5)
    for move in ("play 1-3 L10", "pull L06 support"):
        session.act(move)
    return session


def _ready(pilot: Any) -> Any:
    app = pilot.app
    return settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None)


def test_gravity_table_wide(snap_compare: Any, make_app: Any) -> None:
    assert snap_compare(make_app(start=("game", rolled())), terminal_size=WIDE, run_before=_ready)


def test_gravity_table_narrow(snap_compare: Any, make_app: Any) -> None:
    assert snap_compare(make_app(start=("game", rolled())), terminal_size=NARROW, run_before=_ready)


def test_gravity_route_being_chosen(snap_compare: Any, make_app: Any) -> None:
    async def choose(pilot: Any) -> None:
        await _ready(pilot)
        await pilot.press("1", "right")  # «3-1», then the cursor one step right: its route is drawn

    assert snap_compare(make_app(start=("game", gravity_game(seed=5))), terminal_size=WIDE, run_before=choose)


def test_gravity_threat_track_late_in_the_game(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", gravity_at(GRAVITY_LATE)))
    assert snap_compare(app, terminal_size=WIDE, run_before=_ready)


def test_gravity_panels_in_russian_on_a_small_terminal(snap_compare: Any, make_app: Any) -> None:
    async def panels(pilot: Any) -> None:
        await _ready(pilot)
        await pilot.press("tab")

    app = make_app(lang="ru", start=("game", gravity_at(GRAVITY_LATE)))
    assert snap_compare(app, terminal_size=NARROW, run_before=panels)


def test_gravity_end_screen(snap_compare: Any, make_app: Any) -> None:
    session = gravity_at(GRAVITY_NEAR_WIN)
    session.act("play 2-2 L12")

    assert snap_compare(make_app(start=("game", session)), terminal_size=WIDE, run_before=at_end)


def test_gravity_replay_of_a_walk(snap_compare: Any, make_app: Any) -> None:
    step = in_replay("home", "right", "right")

    assert snap_compare(make_app(start=("replay", rolled())), terminal_size=WIDE, run_before=step)
