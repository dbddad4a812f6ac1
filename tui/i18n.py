"""UI strings in Russian and English, read from `tui/texts.toml` and each game's
`tui/games/<g>/texts.toml`, whose keys are read under the game's id (`<g>.keys.pick`).

    tr = Texts("ru")
    tr("menu.new")                 # a plain string
    tr("table.hand", k=5)          # placeholders filled with str.format

The game's own texts (property names, narration, decision prompts) come from the core's
`texts.toml`; these files hold only what the app adds around them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from core.i18n import LANGS, default_lang
from core.textdata import TextTable, fill

if TYPE_CHECKING:
    from core.engine.descriptor import GameDescriptor
    from core.engine.protocol import OptionsError
    from core.engine.session import GameSession

TEXTS_FILE = Path(__file__).parent / "texts.toml"
GAMES_FOLDER = Path(__file__).parent / "games"


@cache
def _table() -> TextTable:
    """The app's own texts."""
    return TextTable(TEXTS_FILE)


@cache
def _game_table(game: str) -> TextTable | None:
    """A game's UI texts (`tui/games/<g>/texts.toml`), read the first time one is asked for:
    a command or a menu that shows no game's table reads none of them."""
    path = GAMES_FOLDER / game / "texts.toml"
    return TextTable(path) if game.isidentifier() and path.is_file() else None


def _leaf(key: str) -> dict[str, str] | None:
    leaf = _table().leaf(key)
    if leaf is None:
        game, _, rest = key.partition(".")
        table = _game_table(game)
        leaf = table.leaf(rest) if table is not None else None
    return leaf


def has(key: str) -> bool:
    return _leaf(key) is not None


def keys() -> list[str]:
    """Every key: the app's, then each game's (under its id)."""
    out = _table().keys()
    for folder in sorted(GAMES_FOLDER.iterdir()):
        table = _game_table(folder.name)
        out += [f"{folder.name}.{k}" for k in (table.keys() if table is not None else [])]
    return out


def text(key: str, lang: str, **args: object) -> str:
    leaf = _leaf(key)
    if leaf is None:
        raise KeyError(key)
    return fill(leaf["ru" if lang == "ru" else "en"], **args)


def system_problem(exc: OSError, lang: str) -> str:
    """Why the system refused a file, in the player's language: a Russian player gets our
    words for the common causes (the system speaks English), others the system's own."""
    import errno

    if lang != "ru" and exc.strerror:
        return exc.strerror
    name = errno.errorcode.get(exc.errno or 0, "")
    return text(f"system.{name}" if has(f"system.{name}") else "system.other", lang)


class Texts:
    """The UI strings of one language; call it with a key."""

    def __init__(self, lang: str) -> None:
        self.lang = "ru" if lang == "ru" else "en"

    def __call__(self, key: str, **args: object) -> str:
        return text(key, self.lang, **args)


def option_problem(game: GameDescriptor, exc: OptionsError, lang: str, labels: bool = False) -> str:
    """Why game options are refused (an OptionsError), in the player's words: the option
    schema's refusals from the app's texts ([option_schema]), a game's own from its texts,
    else the exception's line. With `labels` (the setup form) an option is named by its
    label, as the form shows it, rather than by its key, as the command line takes it."""
    key, params = exc.key, dict(exc.params)
    if not key:
        return str(exc)
    option = params.get("option")
    if labels and isinstance(option, str) and option in {o.key for o in game.options}:
        params["option"] = game.option_label(option, lang)
    if key.startswith("option_schema."):
        return text(key, lang, **params)
    return game.text(key, lang, **params)


def resolve_lang(cli: str | None, setting: str, env: Mapping[str, str] | None = None) -> str:
    """`--lang` wins, then the saved setting, then the locale."""
    for choice in (cli, setting):
        if choice in LANGS:
            return choice
    return default_lang(env)


def seat_names(session: GameSession, lang: str) -> list[str]:
    """The seats' names as shown: a name the set-up form filled in by itself ("Бот 2" in a
    Russian game) reads in the language chosen now ("Bot 2")."""
    from core.seat_names import in_lang

    return [in_lang(name, lang) for name in session.seat_names(lang)]
