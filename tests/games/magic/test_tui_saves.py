"""A `magic` scenario opened in the app (saves, Continue, replays in any game:
tests/tui/test_saves_and_replay.py)."""

from __future__ import annotations

from pathlib import Path


def test_a_scenario_opens_as_a_game_for_seat_zero(tmp_path: Path) -> None:
    from tui.app import scenario_session

    scenario = Path(__file__).resolve().parent / "scenarios" / "attack_vampire_basic.toml"
    session = scenario_session(str(scenario), tmp_path)
    assert [s.kind for s in session.header.seats] == ["human", "bot"]
    assert session.pending().kind == "action" and session.writer is not None
