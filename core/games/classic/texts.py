"""Player-facing strings of `classic` from data/texts.toml, in Russian or English."""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.classic.data import DATA_DIR, faces, properties
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


def card_name(card: int, lang: str, single_poisonous: bool = False) -> str:
    """A card as players read it: its number and property or properties."""
    return f"{card} " + " / ".join(name(t, lang) for t in faces(single_poisonous)[card])


def _render(key: str, value: Any, lang: str) -> str:
    if key == "p":
        return name(value, lang)
    if key in ("c", "t", "to"):
        return f"c{value}" if isinstance(value, int) else str(value)
    if key == "cards":
        return ", ".join(str(c) for c in value)
    if key == "animals":
        return ", ".join(f"c{u}" for u in value)
    if key == "dice":
        return "+".join(str(d) for d in value)
    return str(value)


def say(key: str, lang: str, **args: Any) -> str:
    """The text `key` in `lang` with its placeholders filled."""
    return fill(table().get(key, lang), **{k: _render(k, v, lang) for k, v in args.items()})
