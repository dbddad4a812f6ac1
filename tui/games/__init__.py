"""The games the app can put on the table, and how each plugs into the shared screens.

Every package here, named by its game's id, declares `UI = GameUI(...)` in its `__init__.py`:
its board (shown by the generic table and replay screens), end-of-game summary, rules page,
decision help, and optionally its own seat section for the setup form. Its styles
(`game.tcss`), texts (`texts.toml`, keys under the game's id) and theme colours (`theme.toml`)
sit beside it and are read by the app. The app offers the games that have both rules
(`core.games`) and a package here; a save of another game is refused with a clear message
instead of a broken screen.

A game's UI is imported the first time that game is opened (contract 10): the packages are
listed from the folder, and a `GameUI` names its parts with `lazy(...)`, so importing the
package itself costs nothing.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from core import games

if TYPE_CHECKING:
    from core.engine.journal import Header, Seat
    from tui.board import Board
    from tui.controller import GameController
    from tui.setup_form import SeatSection

FOLDER = Path(__file__).parent


# Structs, not dataclasses: a dataclass writes and compiles its methods when it is defined,
# which every start of the app would pay for (docs/speed.md).
class EndInfo(msgspec.Struct, frozen=True):
    """What the end screen shows of a finished game."""

    title: str  # markup
    summary: str  # plain text
    columns: list[str]
    rows: list[list[str]]


class GameUI(msgspec.Struct, frozen=True):
    game: str
    board: Callable[[], type[Board]]  # the Board class (imported on first use)
    end_info: Callable[[GameController, str], EndInfo]
    rules_markdown: Callable[[str], str]  # lang -> the rules page
    rule_sections: Callable[[str], list[str]]  # headings worth a palette entry
    # (view, stage, ctl, lang) -> markdown; the view and the stage are the game's own
    decision_help: Callable[[Any, Any, GameController, str], str]
    scenario_seats: Callable[[object, str, str], list[Seat]]  # (state, lang, bot spec) -> seats
    seat_form: Callable[[], SeatSection] | None = None  # the game's own seats section of the setup form
    who: Callable[[Header, list[str], str], list[str]] | None = None  # (header, names, lang) for lists
    # (view, seat, lang) -> a seat's points as its row shows them (markup), for the round's
    # summary; None: the game keeps no score between rounds (a co-operative game)
    standing: Callable[[Any, int, str], list[str]] | None = None


def board(ref: str) -> Callable[[], type[Board]]:
    """The board class "module:Class", imported when first asked for."""
    module, _, attr = ref.partition(":")

    def get() -> type[Board]:
        found: type[Board] = getattr(importlib.import_module(module), attr)
        return found

    return get


def lazy(ref: str) -> Callable[..., Any]:
    """The function "module:attribute", imported when it is first called."""
    module, _, attr = ref.partition(":")

    def call(*args: Any, **kwargs: object) -> Any:
        return getattr(importlib.import_module(module), attr)(*args, **kwargs)

    call.__qualname__ = call.__name__ = attr
    return call


@cache
def _packages() -> frozenset[str]:
    """The game UI packages here (listed from the folder, nothing imported)."""
    return frozenset(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg)


def playable() -> list[str]:
    """Game ids with rules and a UI, in menu order."""
    return [g for g in games.ids() if g in _packages()]


@cache
def plugin(game: str) -> GameUI:
    """The UI of `game`, imported now (its parts on their first use)."""
    if game not in _packages():
        raise KeyError(game)
    ui = getattr(importlib.import_module(f"{__name__}.{game}"), "UI", None)
    if not isinstance(ui, GameUI) or ui.game != game:
        raise TypeError(f"{__name__}.{game} must declare UI = GameUI(game={game!r}, ...)")
    return ui


def folder(game: str) -> Path:
    """The UI folder of `game` (styles, texts, theme colours)."""
    return FOLDER / game


def folders() -> list[Path]:
    """The UI folder of each playable game (styles, texts, theme colours)."""
    return [FOLDER / g for g in playable()]


def title(game: str, lang: str) -> str:
    try:
        return games.get(game).name(lang)
    except games.UnknownGame:
        return game


def refusal(game: str, lang: str) -> str | None:
    """Why a game cannot be opened in the app, or None if it can."""
    if game in _packages() and games.exists(game):
        return None
    from tui.i18n import text

    return text("game.no_table", lang, game=title(game, lang))
