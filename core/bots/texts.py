"""Texts of the bots (tables, bench labels, hint reasons) from texts.toml, in Russian or English."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from core.textdata import TextTable

TEXTS = Path(__file__).with_name("texts.toml")


@cache
def table() -> TextTable:
    return TextTable(TEXTS)


def keys() -> list[str]:
    return table().keys()


def has(key: str) -> bool:
    return key in table().texts


def text(key: str, lang: str, **args: object) -> str:
    """The text `key` in `lang` ("ru", anything else means English) with placeholders filled."""
    return table().say(key, lang, **args)
