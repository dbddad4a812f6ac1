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


class Worded(ValueError):
    """A problem a text of texts.toml says to a player: `key`, filled with `params` (a bad bot
    spec, a record file that cannot serve); the message is for logs."""

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params

    def said(self, lang: str) -> str:
        return text(self.key, lang, **self.params) if self.key and has(self.key) else str(self)
