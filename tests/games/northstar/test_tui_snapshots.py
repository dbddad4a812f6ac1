"""Snapshot tests of the `northstar` table, replay and end screens: fixed positions and seeds,
fixed sizes, no animation, no cursor blink.

Each snapshot was looked at (rendered) before it was accepted.
"""

from __future__ import annotations

import random
from typing import Any

from tests.games.northstar.test_tui_positions import FEED, PLAN, PLAY, SIX, session_at
from tests.piloting import settle
from tui.screens.end import EndScreen
from tui.screens.replay import ReplayScreen
from tui.screens.table import TableScreen

WIDE, NARROW = (120, 40), (80, 24)


def _table_ready(pilot: Any) -> Any:
    app = pilot.app
    return settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.view is not None)


def test_choosing_the_target_wide(snap_compare: Any, make_app: Any) -> None:
    async def choose_target(pilot: Any) -> None:
        await _table_ready(pilot)
        await pilot.press("right", "enter", "right")  # A2 attacks: the targets are lit

    app = make_app(start=("game", session_at(FEED)))
    assert snap_compare(app, terminal_size=WIDE, run_before=choose_target)


def test_playing_cards_narrow(snap_compare: Any, make_app: Any) -> None:
    async def pick_card(pilot: Any) -> None:
        await _table_ready(pilot)
        await pilot.press("enter")  # Horns: what to do with it

    app = make_app(start=("game", session_at(PLAY)))
    assert snap_compare(app, terminal_size=NARROW, run_before=pick_card)


def test_six_players_narrow_in_russian(snap_compare: Any, make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(SIX)))
    assert snap_compare(app, terminal_size=NARROW, run_before=_table_ready)


def test_six_players_wide(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", session_at(SIX)))
    assert snap_compare(app, terminal_size=WIDE, run_before=_table_ready)


def test_the_secret_plan_in_the_light_theme(snap_compare: Any, make_app: Any) -> None:
    app = make_app(theme="evo-light", start=("game", session_at(PLAN)))
    assert snap_compare(app, terminal_size=WIDE, run_before=_table_ready)


def test_replay_screen(snap_compare: Any, make_app: Any) -> None:
    session = session_at(FEED)
    session.act("attack A2 B3")

    async def step(pilot: Any) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
        await pilot.press("end")

    app = make_app(start=("replay", session))
    assert snap_compare(app, terminal_size=WIDE, run_before=step)


def finished_game() -> Any:
    session = session_at(PLAY)
    rng = random.Random(3)
    while session.pending() is not None:
        legal = session.legal_actions()
        session.act(legal[rng.randrange(len(legal))])
    return session


def test_end_screen(snap_compare: Any, make_app: Any) -> None:
    async def ready(pilot: Any) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, EndScreen))

    app = make_app(start=("game", finished_game()))
    assert snap_compare(app, terminal_size=WIDE, run_before=ready)
