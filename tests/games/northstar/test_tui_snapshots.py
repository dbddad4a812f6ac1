"""Snapshot tests of the `northstar` table, replay and end screens: fixed positions and seeds,
fixed sizes, no animation, no cursor blink.

Each snapshot was looked at (rendered) before it was accepted.
"""

from __future__ import annotations

from typing import Any

from tests.games.northstar.test_tui_positions import FEED, PLAN, PLAY, SIX, session_at
from tests.piloting import at_end, at_table, in_replay, played_out

WIDE, NARROW = (120, 40), (80, 24)


def test_choosing_the_target_wide(snap_compare: Any, make_app: Any) -> None:
    async def choose_target(pilot: Any) -> None:
        await at_table(pilot)
        await pilot.press("right", "enter", "right")  # A2 attacks: the targets are lit

    app = make_app(start=("game", session_at(FEED)))
    assert snap_compare(app, terminal_size=WIDE, run_before=choose_target)


def test_playing_cards_narrow(snap_compare: Any, make_app: Any) -> None:
    async def pick_card(pilot: Any) -> None:
        await at_table(pilot)
        await pilot.press("enter")  # Horns: what to do with it

    app = make_app(start=("game", session_at(PLAY)))
    assert snap_compare(app, terminal_size=NARROW, run_before=pick_card)


def test_six_players_narrow_in_russian(snap_compare: Any, make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(SIX)))
    assert snap_compare(app, terminal_size=NARROW, run_before=at_table)


def test_six_players_wide(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", session_at(SIX)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_the_secret_plan_in_the_light_theme(snap_compare: Any, make_app: Any) -> None:
    app = make_app(theme="evo-light", start=("game", session_at(PLAN)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_replay_screen(snap_compare: Any, make_app: Any) -> None:
    session = session_at(FEED)
    session.act("attack A2 B3")

    step = in_replay("end")

    app = make_app(start=("replay", session))
    assert snap_compare(app, terminal_size=WIDE, run_before=step)


def finished_game() -> Any:
    return played_out(session_at(PLAY))


def test_end_screen(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", finished_game()))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_end)
