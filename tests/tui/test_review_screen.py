"""The review in the app (issue #25): `v` on the end screen reviews a person's decisions in a
thread with a progress bar, shows what `evo review` says, turns to the next seat with `s`, and
fits 80×24."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from core.engine.session import GameSession
from core.review.report import cache_path
from tests.piloting import settle
from tui.screens.end import EndScreen
from tui.screens.review import ReviewScreen

DEMOS = Path(__file__).resolve().parents[2] / "saves" / "demo"


async def test_the_end_screen_opens_a_review_of_the_game(make_app: Any, tmp_path: Path) -> None:
    save = tmp_path / "newworld.jsonl"
    shutil.copy(DEMOS / "newworld-demo.jsonl", save)
    before = save.read_bytes()
    session, _ = GameSession.load(save)
    assert session.outcome() is not None
    app = make_app(lang="ru", start=("game", session))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        body = screen.query_one("#review-text")
        await settle(pilot, lambda: "Разбор партии" in str(body.render()), timeout=120)
        shown = str(body.render())
        assert "Шансы на победу по ходу партии" in shown and "Бот 1" in shown
        assert screen.seats == [0, 1, 2] and screen.seat == 0  # bots only: every seat
        await pilot.press("s")
        await settle(pilot, lambda: "Разбор партии" in str(body.render()) and screen.seat == 1,
                     timeout=120)
        assert "Бот 2" in str(body.render()).splitlines()[0]
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, EndScreen))
    assert save.read_bytes() == before and cache_path(save).is_file()
