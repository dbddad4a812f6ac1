"""Player-facing strings of `newworld` from data/texts.toml, in Russian or English."""

from __future__ import annotations

from typing import Any

from core.games.newworld.data import DATA_DIR, faces, habitat_kinds, properties
from core.gametexts import GameTexts


def habitat_name(kind: str, lang: str) -> str:
    k = habitat_kinds().get(kind)
    return k.name(lang) if k else kind


def card_name(card: int, lang: str) -> str:
    """An evolution card as players read it: its number, main / short property."""
    main, short = faces()[card]
    return f"{card} {name(main, lang)} / {name(short, lang)}"


def _render(key: str, value: Any, lang: str) -> str:  # the value a placeholder `key` names
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


TEXTS = GameTexts(DATA_DIR / "texts.toml", properties, _render)
table, keys, name, say = TEXTS.table, TEXTS.keys, TEXTS.name, TEXTS.say
