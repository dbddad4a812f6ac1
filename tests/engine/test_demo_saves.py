"""The demo games shipped under saves/demo/: one per registered game, each replays exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import games
from core.engine.journal import read_journal
from core.engine.session import GameSession
from core.engine.verify import verify

DEMO_DIR = Path(__file__).resolve().parents[2] / "saves" / "demo"
DEMOS = sorted(DEMO_DIR.glob("*.jsonl"))


def test_every_game_has_a_demo() -> None:
    shipped = [read_journal(p).header.game for p in DEMOS]
    assert sorted(shipped) == sorted(games.ids())


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_demo_verifies_and_is_finished(path: Path) -> None:
    result = verify(path)
    assert result.ok and not result.warnings, result.problem
    session, _ = GameSession.load(path, writable=False)
    assert session.outcome() is not None, "a demo should show a whole game"


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_demo_players_have_names_that_read_in_either_language(path: Path) -> None:
    """Seats named as the app names them by default («Бот 2» / "Bot 2"), which every screen
    says in the player's language, never names of one language (Alice, Алиса)."""
    from core.seat_names import as_default
    from tui.i18n import seat_names

    session, _ = GameSession.load(path, writable=False)
    for seat in session.header.seats:
        assert seat.kind not in ("human", "bot") or as_default(seat.name) is not None, seat.name
    for lang, other in (("ru", "Bot"), ("en", "Бот")):
        assert not any(other in name for name in seat_names(session, lang))
