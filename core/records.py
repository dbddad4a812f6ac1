"""Records of a game's data files: things with a name (and a rule text) in both languages, read
by id from a TOML table whose every table is one record."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

R = TypeVar("R")


class Named:
    """Mixed into a record (a msgspec Struct) with `ru` and `en` names and, where it has a rule
    text, `text_ru` and `text_en`."""

    __slots__ = ()
    ru: str
    en: str
    text_ru: str
    text_en: str

    def name(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    def text(self, lang: str) -> str:
        return self.text_ru if lang == "ru" else self.text_en


def records(tree: Mapping[str, Mapping[str, Any]], kind: Callable[..., R]) -> dict[str, R]:
    """Every table of `tree` (a data file, or a table in one) as a `kind`, by its key, which is
    its `id`."""
    return {key: kind(id=key, **fields) for key, fields in tree.items()}
