"""Snapshot tests of the screens before a game: fixed sizes, no animation, no cursor blink.
Each game's table, replay and end screens are snapshotted in tests/games/<g>/test_tui_snapshots.py.

Each snapshot was looked at (rendered to PNG) before it was accepted.
"""

from __future__ import annotations

from typing import Any

from tests.piloting import settle
from tui.screens.rules import RulesScreen

WIDE = (120, 40)


def test_main_menu(snap_compare: Any, make_app: Any) -> None:
    assert snap_compare(make_app(), terminal_size=WIDE)


def test_rules_screen(snap_compare: Any, make_app: Any) -> None:
    """The rules page the menu opens (of the first game in the menu)."""
    async def open_rules(pilot: Any) -> None:
        await settle(pilot)
        pilot.app.open_rules()
        await settle(pilot, lambda: isinstance(pilot.app.screen, RulesScreen))
        await pilot.pause(0.2)

    assert snap_compare(make_app(), terminal_size=WIDE, run_before=open_rules)
