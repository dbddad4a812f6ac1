"""magic's lessons at a real table: after a refusal citing a ruling a lesson teaches, the footer
offers "learn this rule" and `e` opens that lesson (MC-R16: Invisible cannot be targeted)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.engine.journal import Seat
from core.engine.session import GameSession
from core.lessons import catalog
from core.lessons.tutor import Tutor
from tests.piloting import prompt_text, settle
from tui.screens.lessons import LessonTableScreen
from tui.screens.table import TableScreen


async def test_learn_this_rule_after_a_refusal(make_app: Any, tmp_path: Path) -> None:
    lesson = catalog.find("magic/invisible")
    assert lesson is not None and "MC-R16" in lesson.table.teaches
    tutor = Tutor(lesson)
    session = GameSession.new("magic", seats=[Seat("Ann"), Seat("Bot", kind="bot", bot="random")],
                              seed=1, position=tutor.rules.clone(tutor.start),
                              path=tmp_path / "game.jsonl", durable=False)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.stage is not None)
        table = app.screen
        assert not table.check_action("learn", ())  # no refusal shown: no lesson offered
        table._refuse(tutor.rules.parse_action("attack c2 vampire"))  # as picking c2 does
        assert "MC-R16" in prompt_text(app) and table.check_action("learn", ())
        await pilot.press("e")
        await settle(pilot, lambda: isinstance(app.screen, LessonTableScreen))
        assert app.screen.lesson.id == "magic/invisible"
