"""Player-facing strings of `magic` from data/texts.toml, in Russian or English."""

from __future__ import annotations

from typing import Any

from core.games.magic.data import DATA_DIR, properties, sources
from core.gametexts import GameTexts


def creature(uid: int) -> str:
    return f"c{uid}"


def _render(key: str, value: Any, lang: str) -> str:  # the value a placeholder `key` names
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


TEXTS = GameTexts(DATA_DIR / "texts.toml", properties, _render)
table, keys, name, say = TEXTS.table, TEXTS.keys, TEXTS.name, TEXTS.say
