"""Player-facing strings of `magic` from data/texts.toml, in Russian or English."""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.magic.data import DATA_DIR, properties, sources
from core.textdata import TextTable, fill


@cache
def table() -> TextTable:
    return TextTable(DATA_DIR / "texts.toml")


def keys() -> list[str]:
    return table().keys()


def name(prop: str, lang: str) -> str:
    """A property's name."""
    p = properties().get(prop)
    return p.name(lang) if p else prop


def creature(uid: int) -> str:
    return f"c{uid}"


def _render(key: str, value: Any, lang: str) -> str:
    if key == "p":
        return name(value, lang)
    if key == "props":
        return ", ".join(name(p, lang) for p in value)
    if key in ("c", "t"):
        return creature(value) if isinstance(value, int) else str(value)
    if key == "source":
        return sources()[value].name(lang)
    if key == "part":
        return table().get(f"game.{value}", lang)
    if key == "cards":
        return ", ".join(str(c) for c in value)
    return str(value)


def say(key: str, lang: str, **args: Any) -> str:
    """The text `key` in `lang` with its placeholders filled."""
    return fill(table().get(key, lang), **{k: _render(k, v, lang) for k, v in args.items()})
