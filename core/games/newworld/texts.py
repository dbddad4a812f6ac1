"""Player-facing strings of `newworld` from data/texts.toml, in Russian or English."""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.newworld.data import DATA_DIR, faces, habitat_kinds, properties
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


def habitat_name(kind: str, lang: str) -> str:
    k = habitat_kinds().get(kind)
    return k.name(lang) if k else kind


def card_name(card: int, lang: str) -> str:
    """An evolution card as players read it: its number, main / short property."""
    main, short = faces()[card]
    return f"{card} {name(main, lang)} / {name(short, lang)}"


def _render(key: str, value: Any, lang: str) -> str:
    if key == "p":
        return name(value, lang)
    if key in ("c", "t", "to"):
        return f"c{value}" if isinstance(value, int) else str(value)
    if key == "h":
        return f"h{value}"
    if key == "hk":
        return habitat_name(value, lang)
    if key == "cards":
        return ", ".join(str(c) for c in value)
    if key == "animals":
        return ", ".join(f"c{u}" for u in value)
    if key == "list" and not isinstance(value, str):
        return ", ".join(name(p, lang) for p in value)
    if key == "keys":
        return ", ".join(f"h{k}" for k in value)
    return str(value)


def say(key: str, lang: str, **args: Any) -> str:
    """The text `key` in `lang` with its placeholders filled."""
    return fill(table().get(key, lang), **{k: _render(k, v, lang) for k, v in args.items()})
