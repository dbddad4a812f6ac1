"""Which games the app can put on the table, and how each game plugs into the shared screens.

`core.games.GAMES` lists the games whose rules exist; the app offers those of them that have a
table layout here. Each such game has a module `tui/<game>/plugin.py` exposing `PLUGIN`, a
`GameUI`: its table, replay and end-of-game content, rules page, setup form, how its log lines
are attributed to seats, and whether it hides information (hot-seat hand-over). The shared
screens (menu, setup, saves, end, rules, replay controls) ask the plugin for the game's parts.
A save of another game is refused with a clear message instead of a broken screen.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core import games
from tui.i18n import has, text

# game id -> the module holding its GameUI; imported on first use (keeps start-up cheap)
TABLES: dict[str, str] = {"magic": "tui.magic.plugin", "gravity": "tui.gravity.plugin"}


@dataclass(frozen=True)
class EndInfo:
    """What the end screen shows of a finished game."""

    title: str  # markup
    summary: str  # plain text
    columns: list[str]
    rows: list[list[str]]


@dataclass(frozen=True)
class GameUI:
    game: str
    table: Callable[[Any], Any]  # GameController -> the table Screen
    replay: Callable[[Any], Any]  # GameSession -> the replay Screen
    end_info: Callable[[Any, str], EndInfo]  # (GameController, lang)
    rules_markdown: Callable[[str], str]  # lang -> the rules page
    rule_sections: Callable[[str], list[str]]  # headings worth a palette entry
    setup_form: Callable[[], Any]  # a fresh setup form widget (see tui/screens/setup.py)
    scenario_seats: Callable[[Any, str, str], list[Any]]  # (state, lang, bot spec) -> seats
    track_owners: Callable[[Any, dict[int, int]], None] = lambda ev, owners: None
    actor: Callable[[Any, dict[int, int]], int | None] = lambda ev, owners: None
    owners_of: Callable[[Any], dict[int, int]] = lambda state: {}
    round_of: Callable[[Any], int | None] = lambda ev: None  # the round an event starts, if any
    hidden_hands: bool = True  # False: open information, no hand-over curtain (gravity §10)
    who: Callable[[Any, list[str], str], list[str]] | None = None  # (header, names, lang) for lists


def playable() -> list[str]:
    return [g for g in games.GAMES if g in TABLES]


def plugin(game: str) -> GameUI:
    return importlib.import_module(TABLES[game]).PLUGIN


def title(game: str, lang: str) -> str:
    key = f"game.{game}"
    return text(key, lang) if has(key) else game


def refusal(game: str, lang: str) -> str | None:
    """Why a game cannot be opened in the app, or None if it can."""
    if game in TABLES and game in games.GAMES:
        return None
    return text("game.no_table", lang, game=title(game, lang))
