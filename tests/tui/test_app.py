"""Pilot tests in every game the app offers: hints on a small table, language and theme
switching, the palette's rules lookup, the garbage collector. Each game's own table:
tests/games/<g>/test_tui_*.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.bots.heuristics import informed
from tests.piloting import new_game, prompt_text, screen_text, settle, table_ready
from tui.games import playable, plugin, title
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen
from tui.screens.table import TableScreen
from tui.settings import load_settings

GAMES = playable()
HINTED = [g for g in GAMES if informed(games.load(g))]  # bots that know the game give hints
CYRILLIC = re.compile("[а-яА-ЯёЁ]")


def my_turn(app: Any) -> bool:
    return table_ready(app) and app.screen.ctl.my_decision()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game", HINTED)
async def test_the_hint_key_gives_a_hint_and_says_where_the_cursor_went(
        make_app: Any, game: str, size: tuple[int, int]) -> None:
    """Where the hint is shown is the board's (over the table, in a panel, on the map); the
    prompt always says it — and, when the cursor went to the best move's item, where it went,
    so a key pressed next never acts on something the player did not see chosen."""
    from tui.screens.dialogs import InfoScreen

    app = make_app(start=("game", new_game(game)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: my_turn(app))
        board = app.screen.board
        # the footer lists the key where it has room for it; the key works either way
        listed = size[0] >= board.HINT_FOOTER_WIDTH
        assert app.screen.check_action("hint", ()) is listed
        assert app.screen.check_action("hint_unlisted", ()) is not listed
        await pilot.pause()
        footer = screen_text(app).rstrip().splitlines()[-1]
        assert ("h Hint" in footer) is listed, footer
        before = board.cursor
        await pilot.press("h")
        await settle(pilot, lambda: isinstance(app.screen, InfoScreen) or (
            "Hint: " in prompt_text(app) and "thinking" not in prompt_text(app)), timeout=15)
        if isinstance(app.screen, InfoScreen):
            await pilot.press("escape")
            await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        said = prompt_text(app)
        assert "Hint: " in said
        if board.cursor != before:
            where = board.item_name(board.cursor) if isinstance(board.cursor, str) else None
            assert "cursor → " in said, said
            assert where is None or f"cursor → {where}" in said, (where, said)
        else:
            assert "cursor → " not in said


@pytest.mark.parametrize("game", GAMES)
async def test_language_switch_redraws_the_table_and_persists(make_app: Any, tmp_path: Path,
                                                              game: str) -> None:
    app = make_app(start=("game", new_game(game)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: my_turn(app))
        before = prompt_text(app)
        assert not CYRILLIC.search(before)
        app.set_language("ru")
        await settle(pilot)
        after = prompt_text(app)
        assert after != before and CYRILLIC.search(after)
        footer = {b.binding.description for b in app.screen.active_bindings.values()}
        assert "Отмена" in footer
    assert load_settings(tmp_path / "config").lang == "ru"


async def test_theme_switch_from_the_palette_commands(make_app: Any, tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert {"Theme: Dark", "Theme: Light", "Theme: High contrast"} <= set(commands)
        commands["Theme: Light"].callback()
        await settle(pilot)
        assert app.theme == "evo-light"
    assert load_settings(tmp_path / "config").theme == "evo-light"


async def test_the_palette_opens_every_games_rules_at_a_section(make_app: Any) -> None:
    """Each game's rules page is a command; its sections are found by searching (the first
    game's by their plain names, the others' after the game's name)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        for k, game in enumerate(GAMES):
            name = title(game, "en")
            assert f"Rules: {name}" in commands
            heading = plugin(game).rule_sections("en")[0]
            rule = commands[f"Rules: {heading}" if k == 0 else f"Rules: {name} — {heading}"]
            assert rule.discover is False  # found by searching, not listed on an empty query
            rule.callback()
            await settle(pilot, lambda g=game: isinstance(app.screen, RulesScreen) and app.screen.game == g)
            await pilot.pause(0.2)
            assert app.screen.goto(heading)
            await pilot.press("escape")  # back to the menu before the next game's rules
            await settle(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_start_up_objects_are_kept_out_of_garbage_collection_while_the_app_runs(
        make_app: Any) -> None:
    import gc

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause(0.1)
        assert gc.get_freeze_count() > 10_000  # modules, data, styles: never rescanned
    assert gc.get_freeze_count() == 0  # given back when the app ends


async def test_one_games_rules_give_way_to_anothers(make_app: Any) -> None:
    """Asking for another game's rules while one game's are open replaces them (it used to
    crash on the rules screens' shared id)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        depth = len(app.screen_stack)
        for game in [*GAMES, GAMES[0]]:
            app.open_rules(game=game)
            await settle(pilot, lambda g=game: isinstance(app.screen, RulesScreen) and app.screen.game == g)
        assert len(app.screen_stack) == depth + 1  # one rules page over the menu, not a pile


async def test_the_setup_form_offers_the_last_set_up_again(make_app: Any) -> None:
    """Started once with an option changed, the form opens on that set-up next time."""
    from textual.widgets import Select

    from tui.screens.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.open_setup()
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
        form = app.screen
        choice = next(o for o in games.get(form.game).options if o.form and o.kind == "choice")
        other = next(v for v in choice.allowed() if v != choice.default)
        form.options_form.query_one(f"#opt-{choice.key}", Select).value = other
        await settle(pilot)
        chosen = form.options_form.values()
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: table_ready(app))
        await pilot.press("m")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.open_setup()
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.options_form.values() == chosen
        assert chosen[choice.key] == other


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_setup_form_at_80_by_24_opens_on_the_game_with_start_in_sight(make_app: Any,
                                                                                lang: str) -> None:
    """The form opens at its top with the game chosen first (a stray Enter starts nothing);
    Start stays in sight below the scrolling fields."""
    from tui.screens.setup import SetupScreen

    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
        form = app.screen
        assert form.focused is form.query_one("#game")
        box = form.query_one("#setup-box")
        assert box.scroll_y == 0
        game = form.query_one("#game")
        assert box.region.contains_region(game.region) and form.query_one("#start").region.bottom <= 23


@pytest.mark.parametrize("game", GAMES)
async def test_what_bots_did_is_marked_new_until_the_players_next_key(make_app: Any, game: str) -> None:
    """After the bots' turns the log marks their lines as new; a key clears the marks; the
    player's own move is never marked."""
    session = new_game(game, bot="random")
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app) and app.screen.ctl.my_decision(), timeout=20)
        table = app.screen

        def answered() -> bool:
            return table.ctl.my_decision() or session.outcome() is not None

        for _ in range(30):  # play until a bot has moved in between
            before = len(table.ctl.log)
            table.submit(table.ctl.legal()[0])
            own = len(table.ctl.log)
            await settle(pilot, answered, timeout=20)
            if session.outcome() is not None or len(table.ctl.log) > own:
                break
        if session.outcome() is not None:
            pytest.skip("the game ended before a bot moved")
        log = table.board.log_widget()
        assert before <= log._fresh == own < len(log.entries)  # the bots' lines, not Ann's
        await pilot.press("right")
        assert log._fresh == len(log.entries)  # a key: all seen


@pytest.mark.parametrize(("remembered", "offered"), [("Player 1", "Игрок 1"), ("Игрок 1", "Игрок 1"),
                                                     ("Аня", "Аня")])
async def test_the_first_seat_offers_the_remembered_name_never_a_default_of_another_language(
        make_app: Any, remembered: str, offered: str) -> None:
    from textual.widgets import Input

    from tui.screens.setup import SetupScreen

    app = make_app(lang="ru")
    app.settings.player_name = remembered
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        for game in playable():
            app.settings.game = game
            app.open_setup()
            await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
            assert app.screen.query_one("#name-0", Input).value == offered, game
            app.pop_screen()
            await settle(pilot, lambda: isinstance(app.screen, MenuScreen))


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_menu_with_every_game_and_a_game_to_continue_fits_80_by_24(
        make_app: Any, saves: Path, lang: str) -> None:
    from textual.widgets import Static

    game = GAMES[-1]  # the most seats' names, the longest file name: the note takes 2 lines
    new_game(game, seats=games.get(game).seats[1], path=saves / f"{game}-20261123-195819.jsonl").close()
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        note = app.screen.query_one("#menu-note", Static)
        assert "20261123-195819" in str(note.render()) and note.region.height >= 2
        version = app.screen.query_one("#menu-version", Static)
        assert version.region.height and version.region.bottom <= 23  # above the footer
        assert app.screen.query_one("#logo").region.y >= 0
        menu = app.screen.query_one("#menu-list")
        assert menu.max_scroll_y == 0  # every item in sight, Quit included: nothing to scroll


async def test_back_on_the_menu_the_item_chosen_stays_highlighted(make_app: Any) -> None:
    """Back from a screen the menu opened, a key moves from that item (from the top, Up would
    wrap round to Quit)."""
    from textual.widgets import OptionList

    from tui.screens.menu import ITEMS

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = app.screen.query_one("#menu-list", OptionList)
        menu.highlighted = ITEMS.index("settings")
        await pilot.press("enter")
        await settle(pilot, lambda: not isinstance(app.screen, MenuScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.screen.query_one("#menu-list", OptionList).highlighted == ITEMS.index("settings")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game", GAMES)
async def test_a_narrow_footer_keeps_every_key_when_a_lesson_is_offered(
        make_app: Any, game: str, lang: str) -> None:
    """80 columns: while a refusal cites a ruling a lesson teaches, "learn" takes the room of
    "info" (still on `i`), so the footer's line still ends with the menu key."""
    from core.engine.protocol import IllegalAction
    from core.lessons import catalog

    lessons = catalog.lessons(game)
    if not lessons:
        pytest.skip("no lessons")
    app = make_app(lang=lang, start=("game", new_game(game)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: my_turn(app))
        table = app.screen
        table._say_refusal(IllegalAction(lessons[0].table.teaches[0], "No."))
        await pilot.pause()
        footer = screen_text(app).rstrip().splitlines()[-1]
        menu, learn, info = ("Меню", "Урок", "Инфо") if lang == "ru" else ("Menu", "Learn", "Info")
        assert footer.rstrip().endswith(f"m {menu}") and f"e {learn}" in footer, footer
        assert f"i {info}" not in footer and table.check_action("info_unlisted", ()) is True


async def test_settings_show_the_language_chosen_there_over_the_command_lines(make_app: Any) -> None:
    """Started with `--lang en`, a switch to Russian in Settings is the language shown there
    afterwards, and when Settings open again (it showed English, the command line's)."""
    from textual.widgets import Select

    from tui.screens.settings import SettingsScreen

    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.push_screen(SettingsScreen())
        await settle(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#set-lang", Select).value = "ru"
        await settle(pilot, lambda: app.lang == "ru")
        await settle(pilot, lambda: app.screen.query_one("#set-lang", Select).value == "ru")
        app.pop_screen()
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.push_screen(SettingsScreen())
        await settle(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert app.screen.query_one("#set-lang", Select).value == "ru"
