"""Which games the app can put on the table.

`core.games.GAMES` lists the games whose rules exist; the app offers those of them it has a
table for (today: `magic`). A save of another game is refused with a clear message instead
of a broken screen.
"""

from __future__ import annotations

from core import games
from tui.i18n import has, text

TABLES = ("magic",)  # game ids with a table layout in tui/


def playable() -> list[str]:
    return [g for g in games.GAMES if g in TABLES]


def title(game: str, lang: str) -> str:
    key = f"game.{game}"
    return text(key, lang) if has(key) else game


def refusal(game: str, lang: str) -> str | None:
    """Why a game cannot be opened in the app, or None if it can."""
    if game in TABLES and game in games.GAMES:
        return None
    return text("game.no_table", lang, game=title(game, lang))
