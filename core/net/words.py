"""The texts of network play (texts.toml beside this file): the table's notes in the log and
the server's refusals, in Russian and English. The server says them to each client in its
language; the app reads the same texts for the refusal codes an update carries."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from core.textdata import TextTable


@cache
def _texts() -> TextTable:
    return TextTable(Path(__file__).with_name("texts.toml"))


def say(key: str, lang: str, **args: object) -> str:
    return _texts().say(key, lang, **args)
