"""magic's lessons at a real table: after a refusal citing a ruling a lesson teaches, the footer
offers "learn this rule" and `e` opens that lesson (MC-R16: Invisible cannot be targeted)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.engine.journal import Seat
from core.engine.session import GameSession
from core.lessons import catalog
from core.lessons.tutor import Tutor
from tests.piloting import prompt_text, screen_text, settle
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
        # the lesson was asked from the game: leaving it reopens the game, at the same save
        # (so nothing tells the player to find the game under Continue)
        assert not [n for n in app._notifications if "Continue" in n.message]
        assert "Back to game" in screen_text(app).rstrip().splitlines()[-1]
        await pilot.press("m")
        await settle(pilot, lambda: type(app.screen) is TableScreen)
        assert app.screen.ctl.session.file == tmp_path / "game.jsonl"


def test_a_ruling_on_a_turns_steps_opens_the_lesson_of_the_refused_step() -> None:
    """MC§3.4 (a turn's steps) is taught by the lesson on activating and by the one on adding a
    property: a refused `add` opens the second, a refused `activate` the first."""
    both = [le.table.id for le in catalog.lessons("magic") if "MC§3.4" in le.table.teaches]
    assert both == ["activate", "property"]
    assert catalog.teaching("magic", "MC§3.4").table.id == "activate"  # no move: the path's first
    assert catalog.teaching("magic", "MC§3.4", "add 2A c4").table.id == "property"
    assert catalog.teaching("magic", "MC§3.4", "activate c1").table.id == "activate"
    assert catalog.teaching("magic", "MC§3.4", "pass").table.id == "activate"
