"""Moving about the new-game form and the dialogs by keyboard, in every game the app offers:
the form opens on its first field, Tab visits only fields a player can see, the help under a
field names values as the form shows them, and Left/Right move between a dialog's buttons."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button, Checkbox, Input, Select

from core import games
from tests.piloting import settle
from tui.games import playable
from tui.screens.dialogs import AskScreen, ConfirmScreen
from tui.screens.menu import MenuScreen
from tui.screens.setup import SetupScreen

GAMES = playable()
FIELDS = (Select, Input, Button, Checkbox)


async def open_form(app: Any, pilot: Any, game: str) -> SetupScreen:
    await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
    app.push_screen(SetupScreen(game))
    await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
    return app.screen  # type: ignore[no-any-return]


def shown(widget: Any) -> bool:
    return all(node.display for node in widget.ancestors_with_self if hasattr(node, "display"))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game", GAMES)
async def test_tab_goes_round_the_fields_a_player_sees_from_the_game_choice(
        make_app: Any, game: str, size: tuple[int, int]) -> None:
    app = make_app(lang="ru")
    async with app.run_test(size=size) as pilot:
        form = await open_form(app, pilot, game)
        first = form.query_one("#game")
        assert form.focused is first
        visited = []
        for _ in range(60):
            widget = form.focused
            assert isinstance(widget, FIELDS), f"Tab landed on {widget!r}"
            assert shown(widget) and widget.region.area > 0, f"Tab landed on hidden {widget!r}"
            assert form.region.contains_region(widget.region), f"{widget!r} is out of sight"
            visited.append(widget)
            await pilot.press("tab")
            await settle(pilot)
            if form.focused is first:
                break
        else:
            raise AssertionError("Tab never came back to the game choice")
        assert visited[-2:] == [form.query_one("#start"), form.query_one("#back")]
        every = [w for w in form.query("*") if isinstance(w, FIELDS) and w.focusable and shown(w)]
        assert set(visited) == set(every)


@pytest.mark.parametrize("game", GAMES)
async def test_a_stray_enter_on_the_new_form_starts_no_game(make_app: Any, game: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot, game)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is form and not list(app.saves_dir.glob("*.jsonl"))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game", GAMES)
async def test_the_help_under_an_option_is_the_forms_own(make_app: Any, game: str, lang: str) -> None:
    """Focusing an option shows what it does in the form's words (no command-line spelling)."""
    descriptor = games.get(game)
    app = make_app(lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await open_form(app, pilot, game)
        for o in (o for o in descriptor.options if o.form):
            widget = form.query_one(f"#opt-{o.key}")
            if not shown(widget):
                continue
            widget.focus()
            await settle(pilot)
            help_line = str(form.query_one("#setup-help").render())
            assert help_line == descriptor.option_help(o.key, lang, typed=False), o.key


async def test_left_and_right_move_between_yes_and_no(make_app: Any) -> None:
    app = make_app(lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("escape")  # the menu asks before quitting
        await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        dialog = app.screen
        yes, no = dialog.query_one("#yes"), dialog.query_one("#no")
        assert dialog.focused is no
        for key, expected in [("left", yes), ("left", yes), ("right", no), ("right", no),
                              ("shift+tab", yes), ("tab", no)]:
            await pilot.press(key)
            await settle(pilot)
            assert dialog.focused is expected, key
        await pilot.press("left", "enter")  # Yes: the app quits
        await settle(pilot)
        assert app.return_code is not None


async def test_left_and_right_move_between_ok_and_cancel_but_stay_in_the_line(make_app: Any) -> None:
    answers: list[str | None] = []
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.push_screen(AskScreen("Go", "Round:", "12", "en"), answers.append)
        await settle(pilot, lambda: isinstance(app.screen, AskScreen))
        dialog = app.screen
        line = dialog.query_one("#answer", Input)
        assert dialog.focused is line
        await pilot.press("end", "left", "backspace")  # the arrows edit the line
        await settle(pilot)
        assert line.value == "2" and dialog.focused is line
        await pilot.press("tab", "right", "right")
        await settle(pilot)
        assert dialog.focused is dialog.query_one("#cancel")
        await pilot.press("left", "enter")
        await settle(pilot)
        assert answers == ["2"]
