"""Player-facing strings of `classic` from data/texts.toml, in Russian or English."""

from __future__ import annotations

from typing import Any

from core.games.classic.data import DATA_DIR, faces, properties
from core.gametexts import GameTexts


def card_name(card: int, lang: str, single_poisonous: bool = False) -> str:
    """A card as players read it: its number and property or properties."""
    return f"{card} " + " / ".join(name(t, lang) for t in faces(single_poisonous)[card])


def _render(key: str, value: Any, lang: str) -> str:  # the value a placeholder `key` names
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


TEXTS = GameTexts(DATA_DIR / "texts.toml", properties, _render)
table, keys, name, say = TEXTS.table, TEXTS.keys, TEXTS.name, TEXTS.say
