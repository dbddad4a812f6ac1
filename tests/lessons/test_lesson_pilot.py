"""A pilot plays the first lesson of every game in the app, in both languages and at both
sizes: a move that misses is answered, explained with its ruling and taken back by a key;
the hint key gives the hints in steps; the solution earns the stars, saved at once; n goes on
to the next lesson. Every move goes in by keys: the numbered choice, or the arrows to the item
on the board whose pick leads to it, then Enter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.engine import registry
from core.engine.citation import citation
from core.lessons import catalog
from core.lessons.progress import PROGRESS_FILE, ProgressFile
from tests.piloting import settle
from tui.screens.dialogs import ConfirmScreen
from tui.screens.lessons import LessonsScreen, LessonTableScreen

GAMES = [g.id for g in registry.descriptors() if catalog.lessons(g.id)]
SIZES = {"en": (120, 40), "ru": (80, 24)}


def _distance(screen: Any, result: Any, action: Any, limit: int = 6) -> int | None:
    """How many more choices after `result` (an action, or a deeper selection) reach `action`
    at the fewest; None beyond `limit`."""
    frontier, seen = [result], {screen.sel}
    for depth in range(limit + 1):
        if action in frontier:
            return depth
        deeper = []
        for r in frontier:
            if isinstance(r, type(screen.sel)) and r not in seen:
                seen.add(r)
                deeper += screen.board.build_stage(screen.view, screen.legal(), r).offered()
        frontier = deeper
    return None


async def _seek(pilot: Any, screen: Any, action: Any, within: int) -> bool:
    """Walk the board's cursor with the arrows to an item whose pick is `within` choices of
    `action`."""
    seen: set[Any] = set()

    async def walk() -> bool:
        here = screen.board.cursor
        if here in seen:
            return False
        seen.add(here)
        pick = screen.board.pick(screen.stage)
        d = _distance(screen, pick.result, action, within) if pick.chosen else None
        if d is not None:
            return True
        for key, back in (("right", "left"), ("left", "right"), ("down", "up"), ("up", "down")):
            await pilot.press(key)
            if screen.board.cursor != here:
                if await walk():
                    return True
                await pilot.press(back)
        return False

    return await walk()


async def play_by_keys(pilot: Any, screen: Any, action: Any) -> None:
    """Make `action` as a player does, one stage at a time: the numbered choice or the item on
    the board (found with the arrows, picked with Enter) that reaches it in the fewest choices."""
    moves = screen.moves
    for _ in range(12):
        if screen.moves != moves:
            return
        stage = screen.stage
        assert stage is not None, "not the learner's decision"
        for within in range(6):
            option = next((o for o in stage.options if o.enabled and
                           _distance(screen, o.result, action, within) is not None), None)
            if option is not None:
                await pilot.press(option.key)
                break
            if await _seek(pilot, screen, action, within) or (
                    stage.default is not None and _distance(screen, stage.default, action, within)
                    is not None):
                await pilot.press("enter")
                break
        else:
            raise AssertionError(f"no key leads to {action}")
        await settle(pilot)
        if isinstance(pilot.app.screen, ConfirmScreen):  # a move the board asks about first
            await pilot.press("y")
            await settle(pilot)
    assert screen.moves != moves, f"{action} was not made"


def _ready(app: Any) -> bool:
    return isinstance(app.screen, LessonTableScreen) and app.screen.stage is not None


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
        await settle(pilot, lambda: _ready(app))
        screen = app.screen
        rules, t = screen.ctl.rules, first.table
        goal = catalog.say(game, t.goal, lang)
        assert goal in str(screen.query_one("#lesson-goal").render()).replace("\n", " ")
        if t.wrong:
            move, wrong = next(iter(t.wrong.items()))
            await play_by_keys(pilot, screen, rules.parse_action(move))
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
            await play_by_keys(pilot, screen, rules.parse_action(move))
        stars = 3 - (1 if t.wrong else 0) - 1
        assert screen.done == stars
        assert ("first try" if lang == "en" else "первой попытки") in screen.message[0]  # why
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
        await settle(pilot, lambda: _ready(app))
        assert app.screen.lesson.id == first.id


EVERY = catalog.lessons()


@pytest.mark.parametrize("lesson_id", [le.id for le in EVERY])
async def test_every_lessons_solution_is_played_by_keys(lesson_id: str, make_app: Any) -> None:
    """Each lesson can be solved at the table as a player solves it: three stars at the first try."""
    app = make_app(start=("lesson", lesson_id))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: _ready(app))
        screen = app.screen
        assert screen.ctl.viewer() == screen.tutor.seat  # the learner's seat's view only
        for move in screen.lesson.table.solution:
            await play_by_keys(pilot, screen, screen.ctl.rules.parse_action(move))
        assert screen.done == 3 and not screen.wrong


async def test_m_after_a_lesson_from_the_command_line_opens_the_list_at_it(make_app: Any) -> None:
    """`evo lesson play ID`: the lesson's "m: the list" opens the lessons' list (it went to the
    main menu), its cursor on the lesson just played (it went to the first)."""
    from textual.widgets import OptionList

    second = catalog.lessons("classic")[1]
    app = make_app(start=("lesson", second.id))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _ready(app))
        await pilot.press("m")
        await settle(pilot, lambda: isinstance(app.screen, LessonsScreen))
        menu = app.screen.query_one("#lessons-list", OptionList)
        await settle(pilot, lambda: menu.highlighted is not None)
        assert menu.get_option_at_index(menu.highlighted).id == second.id


async def test_the_list_names_a_lesson_once_where_its_stage_is_its_title(make_app: Any) -> None:
    """«Вымирание: Вымирание» read as a stutter: a lesson titled as its stage is named once."""
    import re

    from textual.widgets import OptionList

    app = make_app(lang="ru")
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(LessonsScreen())
        await settle(pilot, lambda: isinstance(app.screen, LessonsScreen))
        menu = app.screen.query_one("#lessons-list", OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any("Вымирание" in label for label in labels)
        assert not [x for x in labels if re.search(r"(\w[\w ]*): \1$", x)], labels


async def test_help_in_a_lesson_gives_its_keys_and_stars_and_not_a_bots_decision(make_app: Any) -> None:
    """? in a lesson: its goal, keys and how stars are earned; once it is done, no decision's
    help (it said a bot was deciding and asked to choose a creature at once)."""
    from tui.screens.dialogs import MarkdownScreen

    first = catalog.lessons("magic")[0]
    app = make_app(start=("lesson", first.id))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: _ready(app))
        screen = app.screen
        await pilot.press("question_mark")
        await settle(pilot, lambda: isinstance(app.screen, MarkdownScreen))
        told = app.screen.body
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is screen)
        for move in first.table.solution:
            await play_by_keys(pilot, screen, screen.ctl.rules.parse_action(move))
        assert screen.done
        await pilot.press("question_mark")
        await settle(pilot, lambda: isinstance(app.screen, MarkdownScreen))
        done = app.screen.body
    assert "Stars: three" in told and "**t** starts the lesson again" in told
    assert "Stars: three" in done and "deciding" not in done
