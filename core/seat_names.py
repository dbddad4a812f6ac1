"""The names a seat gets when nobody typed one ("Player 2", «Бот 3»; seat_names.toml beside
this file). Such a name is nobody's choice of words, so it is read in the reader's language: a
Russian game's «Бот 2» is "Bot 2" to an English reader, at a local table, in a replay or across
the network (a server narrates each client's log in its language)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from core.textdata import LANGS, TextTable

KINDS = ("player", "bot")


@cache
def _texts() -> TextTable:
    return TextTable(Path(__file__).with_name("seat_names.toml"))


def default_name(kind: str, k: int, lang: str) -> str:
    """Seat `k`'s (from 1) name for a `kind` ("player" or "bot") seat nobody named."""
    return _texts().say(kind, lang, k=k)


def as_default(name: str) -> tuple[str, int] | None:
    """(kind, number) when `name` is a name nobody typed, in either language; else None."""
    k = name.rpartition(" ")[2]
    if k.isdigit():
        for kind in KINDS:
            if any(name == default_name(kind, int(k), lang) for lang in LANGS):
                return kind, int(k)
    return None


def in_lang(name: str, lang: str) -> str:
    """`name` as a reader in `lang` sees it: a name nobody typed in that language."""
    default = as_default(name)
    return default_name(*default, lang) if default else name
