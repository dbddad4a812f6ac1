"""Snapshot tests of the `magic` table, replay and end screens: fixed seeds and positions,
fixed sizes, no animation, no cursor blink.

Each snapshot was looked at (rendered to PNG) before it was accepted.
"""

from __future__ import annotations

from typing import Any

from tests.games.magic.positions import MID_GAME, NEAR_WIN, session_at
from tests.piloting import at_end, at_table, in_replay, option_key

WIDE, NARROW = (120, 40), (80, 24)


def test_table_mid_game_wide(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", session_at(MID_GAME)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_table_mid_game_narrow(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", session_at(MID_GAME)))
    assert snap_compare(app, terminal_size=NARROW, run_before=at_table)


def test_table_in_russian(snap_compare: Any, make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(MID_GAME)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_attack_target_selection(snap_compare: Any, make_app: Any) -> None:
    async def choose_attack(pilot: Any) -> None:
        await at_table(pilot)
        await pilot.press("enter")  # activate c1
        await pilot.press(option_key(pilot.app, "Attack"))

    app = make_app(start=("game", session_at(MID_GAME)))
    assert snap_compare(app, terminal_size=WIDE, run_before=choose_attack)


def test_replay_screen(snap_compare: Any, make_app: Any) -> None:
    session = session_at(MID_GAME)
    for move in ("activate c1", "sleep"):
        session.act(move)
    session.undo(1)
    session.act("attack c2 vampire")

    step = in_replay("down", "down", "down", "right")

    app = make_app(start=("replay", session))
    assert snap_compare(app, terminal_size=WIDE, run_before=step)


def finished_game() -> Any:
    session = session_at(NEAR_WIN)
    for move in ("pass", "pass", "activate c1", "gain lower", "pass", "pass", "activate c1", "transmute"):
        session.act(move)
    assert session.outcome() is not None
    return session


def test_end_screen(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", finished_game()))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_end)


def test_light_theme(snap_compare: Any, make_app: Any) -> None:
    app = make_app(theme="evo-light", start=("game", session_at(MID_GAME)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_high_contrast_theme(snap_compare: Any, make_app: Any) -> None:
    app = make_app(theme="evo-contrast", start=("game", session_at(MID_GAME)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)
