"""The demo games shipped under saves/demo/: one per implemented game, each replays exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.engine.journal import read_journal
from core.engine.verify import verify

DEMO_DIR = Path(__file__).resolve().parents[2] / "saves" / "demo"
DEMOS = sorted(DEMO_DIR.glob("*.jsonl"))


def test_every_game_in_the_app_has_a_demo() -> None:
    from tui.games import TABLES

    shipped = {read_journal(p).header.game for p in DEMOS}
    assert set(TABLES) <= shipped


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_demo_verifies_and_is_finished(path: Path) -> None:
    result = verify(path)
    assert result.ok and not result.warnings, result.problem
    from core.engine.session import GameSession

    session, _ = GameSession.load(path, writable=False)
    assert session.outcome() is not None, "a demo should show a whole game"
