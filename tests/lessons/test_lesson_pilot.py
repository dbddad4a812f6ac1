"""A pilot plays the first lesson of every game in the app, in both languages and at both
sizes: a move that misses is answered, explained with its ruling and taken back by a key;
the hint key gives the hints in steps; the solution earns the stars, saved at once; n goes on
to the next lesson. (The moves go in through the table's `submit`, as its board and number
keys do; everything else by keys.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.engine import registry
from core.engine.citation import citation
from core.lessons import catalog
from core.lessons.progress import PROGRESS_FILE, ProgressFile
from tests.piloting import settle
from tui.screens.lessons import LessonsScreen, LessonTableScreen
from tui.screens.table import TableScreen

GAMES = [g.id for g in registry.descriptors() if catalog.lessons(g.id)]
SIZES = {"en": (120, 40), "ru": (80, 24)}


def _prompt(screen: Any) -> str:
    return " ".join(str(screen.query_one(f"#prompt-{part}").render())
                    for part in ("text", "message"))


@pytest.mark.parametrize("lang", sorted(SIZES))
@pytest.mark.parametrize("game", GAMES)
async def test_the_first_lesson_of_each_game_by_keys(game: str, lang: str, make_app: Any,
                                                     tmp_path: Path) -> None:
    first = catalog.lessons(game)[0]
    app = make_app(lang=lang, start=("lesson", first.id))
    async with app.run_test(size=SIZES[lang]) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, LessonTableScreen))
        screen = app.screen
        rules, t = screen.ctl.rules, first.table
        goal = catalog.say(game, t.goal, lang)
        assert goal in str(screen.query_one("#lesson-goal").render()).replace("\n", " ")
        if t.wrong:
            move, wrong = next(iter(t.wrong.items()))
            screen.submit(rules.parse_action(move))
            await settle(pilot)
            assert screen.wrong and screen.ctl.session.line
            said = _prompt(screen)
            assert catalog.say(game, wrong.say, lang)[:30] in said.replace("\n", " ")
            assert citation(wrong.ruling) in said
            await pilot.press("enter")  # try again: the position comes back
            await settle(pilot)
            assert not screen.wrong and not screen.ctl.session.line
        await pilot.press("h")
        await settle(pilot)
        assert catalog.say(game, t.hints[0], lang)[:30] in _prompt(screen).replace("\n", " ")
        for move in t.solution:
            screen.submit(rules.parse_action(move))
            await settle(pilot)
        stars = 3 - (1 if t.wrong else 0) - 1
        assert screen.done == stars
        saved = ProgressFile(tmp_path / "config")
        assert (tmp_path / "config" / PROGRESS_FILE).is_file() and saved.stars(first.id) == stars
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is not screen)
        after = catalog.lessons(game)[1] if len(catalog.lessons(game)) > 1 else None
        if after is not None:
            assert isinstance(app.screen, LessonTableScreen) and app.screen.lesson.id == after.id


async def test_the_menu_lists_the_lessons_and_resets_the_stars(make_app: Any, tmp_path: Path) -> None:
    first = catalog.lessons()[0]
    ProgressFile(tmp_path / "config").record(first.id, 2)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_lessons()
        await settle(pilot, lambda: isinstance(app.screen, LessonsScreen))
        menu = app.screen.query_one("#lessons-list")
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any(label.startswith("★★☆") for label in labels)
        await pilot.press("x")
        await pilot.press("y")
        await settle(pilot)
        assert ProgressFile(tmp_path / "config").stars(first.id) == 0
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, LessonTableScreen))
        assert app.screen.lesson.id == first.id


async def test_learn_this_rule_opens_the_lesson_teaching_a_refusals_ruling(make_app: Any) -> None:
    from core.engine.protocol import IllegalAction

    lesson = catalog.lessons()[0]
    rule = lesson.table.teaches[0]
    app = make_app(start=("lesson", lesson.id))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, LessonTableScreen))
        table = app.screen
        assert table.check_action("learn", ()) is None or not table.check_action("learn", ())
        table._say_refusal(IllegalAction(rule, "refused"))  # a refusal citing the ruling
        assert TableScreen._lesson_cited(table) == lesson.id
