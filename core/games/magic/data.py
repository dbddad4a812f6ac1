"""Card data of `magic`, read once from the TOML files in data/ (spec §5-6)."""

from __future__ import annotations

from functools import cache
from typing import Final

import msgspec

from core.games.magic import GAME
from core.records import Named, records

DATA_DIR = GAME.data_dir

ATTACKING: Final = ("vampire", "fire_breathing", "sleep_inducing")


class Property(msgspec.Struct, Named, frozen=True):
    id: str
    ru: str
    en: str
    category: str
    timing: str
    copies: int
    src: str
    text_ru: str
    text_en: str
    attacking: bool = False
    key: bool = False


class Source(msgspec.Struct, Named, frozen=True):
    id: str
    ru: str
    en: str
    lower: dict[int, int]
    upper: int
    key: str | None



@cache
def properties() -> dict[str, Property]:
    return records(GAME.read_data("properties.toml"), Property)


@cache
def cards() -> dict[int, tuple[str, str]]:
    """Card number -> (half A property, half B property)."""
    return {c["id"]: (c["a"], c["b"]) for c in GAME.read_data("cards.toml")["cards"]}


@cache
def sources() -> dict[str, Source]:
    out = {}
    for sid, f in GAME.read_data("sources.toml").items():
        lower = {int(k): v for k, v in f["lower"].items()}
        out[sid] = Source(sid, f["ru"], f["en"], lower, f["upper"], f.get("key"))
    return out


def half(card: int, side: str) -> str:
    """The property on half `side` ("A" or "B") of a card."""
    a, b = cards()[card]
    return a if side == "A" else b


CARD_COUNT: Final = 64
