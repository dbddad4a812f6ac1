"""No stray English in Russian: Textual's own texts (Ctrl+C's toast, the palette's "No matches
found", the footer's words for an open list) come in the player's language, on every path a
new player takes: the menu and its quit question, the new-game form with a list open, the
table of every game, Ctrl+C there, and the palette searching for something it lacks."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.command import CommandPalette
from textual.widgets import Input, Select

from core import games
from tests.piloting import screen_text, settle, table_ready
from tui.games import playable
from tui.i18n import text
from tui.screens.dialogs import ConfirmScreen
from tui.screens.menu import MenuScreen
from tui.screens.setup import SetupScreen
from tui.textual_words import BUILT_IN_KEYS

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z']+")
KEY_NAMES = {"Ctrl", "Enter", "Esc", "esc", "Tab", "Shift", "PgUp", "PgDn", "Home", "End"}
NAMES = {"Evo"}  # the app's name
# rule ids are notation in every language (CL13, NS §4.3): the palette finds rulings by them
RULE_IDS = {w for d in games.descriptors()
            for w in LATIN_WORD.findall(f"{d.ruling_prefix} {d.section_prefix}")}
SEARCH = "zzqx"  # matches no command
TEXTUAL_WORDS = ["Do you want to quit", "to quit the app", "No matches found", "Search for commands",
                 *BUILT_IN_KEYS, "palette"]


def english_on(app: Any) -> set[str]:
    shown = screen_text(app)
    assert not [w for w in TEXTUAL_WORDS if w in shown]
    return set(LATIN_WORD.findall(shown)) - KEY_NAMES - NAMES - RULE_IDS - {SEARCH}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game", playable())
async def test_a_russian_player_meets_no_english(make_app: Any, game: str, size: tuple[int, int]) -> None:
    app = make_app(lang="ru")
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert english_on(app) == set(), "menu"
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert english_on(app) == set(), "the quit question"
        await pilot.press("n")
        app.push_screen(SetupScreen(game))
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert english_on(app) == set(), "setup"
        assert isinstance(app.screen.focused, Select)
        await pilot.press("enter")  # the game's list opens: its Esc in the footer
        await settle(pilot)
        assert text(BUILT_IN_KEYS["Dismiss menu"], "ru") in screen_text(app)
        assert english_on(app) == set(), "setup, a list open"
        await pilot.press("escape")
        app.screen.query_one("#seed", Input).value = "7"
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: table_ready(app) and app.screen.ctl.my_decision())
        assert english_on(app) == set(), "table"
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert text("textual.quit_title", "ru") in screen_text(app)
        assert english_on(app) == set(), "Ctrl+C"
        await pilot.press("ctrl+p")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
        assert english_on(app) == set(), "palette"
        await pilot.press(*SEARCH)
        await settle(pilot, lambda: text("textual.no_matches", "ru") in screen_text(app))
        assert english_on(app) == set(), "palette, no match"


async def test_an_english_player_gets_the_same_help(make_app: Any) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert "Quit Evo?" in screen_text(app) and "Ctrl+Q" in screen_text(app)
        await pilot.press("ctrl+p", *SEARCH)
        await settle(pilot, lambda: "No matches found" in screen_text(app))
