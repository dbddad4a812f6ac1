"""Themes as data: TOML files in the shipped `themes/` folder and in the user's config folder.

A theme file names Textual's base colours and may set the app's own variables (seat colours,
highlights, frames) and any game's (`tui/games/<g>/theme.toml` gives each game's defaults and
its values for the shipped themes); anything left out falls back to the defaults.
The format is documented in docs/themes.md.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec
from textual.theme import BUILTIN_THEMES, Theme

from core.datafile import read_toml
from tui.saves import CHECKOUT_ROOT
from tui.settings import config_dir

SHIPPED_DIR = CHECKOUT_ROOT / "themes"
_COLOURS = ("primary", "secondary", "accent", "foreground", "background", "surface", "panel",
            "success", "warning", "error", "boost")

# The app's own theme variables and their fallbacks; .tcss and markup refer to them as $name.
VARIABLE_DEFAULTS: dict[str, str] = {
    "seat-0": "#5fafff",
    "seat-1": "#ffaf5f",
    "seat-2": "#87d787",
    "seat-3": "#d787d7",
    "cursor": "#ffffff",
    "target": "#5fd7ff",
    # frames of the quiet panels (details, log) and of cards: Textual's derived panel shades
    # vanish on a light background and fade on a black one, so each theme names its own
    "frame": "#474c56",
    "card-frame": "#595e68",
}


@cache
def _game_colours() -> list[dict[str, Any]]:
    """Each playable game's `theme.toml`: its [defaults] and its [themes.<name>] values."""
    from tui.games import folders

    out = []
    for folder in folders():
        path = folder / "theme.toml"
        if path.is_file():
            out.append(read_toml(path))
    return out


def variable_defaults() -> dict[str, str]:
    """The app's own variables and every game's, with their fallbacks."""
    out = dict(VARIABLE_DEFAULTS)
    for colours in _game_colours():
        out.update(colours.get("defaults", {}))
    return out


def game_values(theme: str) -> dict[str, str]:
    """What the games' colour files give the theme named `theme`."""
    out: dict[str, str] = {}
    for colours in _game_colours():
        out.update(colours.get("themes", {}).get(theme, {}))
    return out


class ThemeFile(msgspec.Struct):  # not a dataclass: see tui.games.EndInfo
    theme: Theme
    labels: dict[str, str]  # {"ru": ..., "en": ...}
    path: Path

    def label(self, lang: str) -> str:
        return self.labels.get(lang) or self.labels.get("en") or self.theme.name


class ThemeError(ValueError):
    pass


def read_theme(path: Path, check: bool = True) -> ThemeFile:
    """A theme file; `check`: its colours are tried now (a shipped theme's are tested)."""
    try:
        raw = read_toml(path)
    except (OSError, ValueError) as exc:  # tomllib.TOMLDecodeError is a ValueError
        raise ThemeError(f"{path}: {exc}") from None
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise ThemeError(f"{path}: a theme needs a `name`")
    if not isinstance(raw.get("primary"), str):
        raise ThemeError(f"{path}: a theme needs a `primary` colour")
    unknown = set(raw) - {*_COLOURS, "name", "label", "dark", "variables"}
    if unknown:
        raise ThemeError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}")
    variables = raw.get("variables", {})
    if not isinstance(variables, dict) or not all(isinstance(v, str) for v in variables.values()):
        raise ThemeError(f"{path}: `variables` must map names to colour strings")
    label = raw.get("label", {})
    labels = {"en": label, "ru": label} if isinstance(label, str) else dict(label)
    colours = {k: raw[k] for k in _COLOURS if isinstance(raw.get(k), str)}
    variables = {**game_values(name), **variables}  # the theme file's own values win
    try:
        theme = Theme(name=name, dark=bool(raw.get("dark", True)), variables=dict(variables), **colours)
        if check:
            theme.to_color_system().generate()  # fails here, not at paint time, on a bad colour
    except Exception as exc:
        raise ThemeError(f"{path}: {exc}") from None
    return ThemeFile(theme, labels, path)


def user_themes_dir() -> Path:
    return config_dir() / "themes"


def load_themes(dirs: list[Path] | None = None) -> tuple[list[ThemeFile], list[str]]:
    """Themes from the shipped folder, then the user's (a user theme may replace a shipped one)."""
    dirs = dirs if dirs is not None else [SHIPPED_DIR, user_themes_dir()]
    found: dict[str, ThemeFile] = {}
    problems: list[str] = []
    for folder in dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                tf = read_theme(path, check=folder != SHIPPED_DIR)
            except ThemeError as exc:
                problems.append(str(exc))
                continue
            found[tf.theme.name] = tf
    if not found:  # an installed copy without the themes folder: Textual's own two
        for name, label in (("textual-dark", "Dark"), ("textual-light", "Light")):
            found[name] = ThemeFile(BUILTIN_THEMES[name], {"en": label, "ru": label}, Path(name))
    return list(found.values()), problems
