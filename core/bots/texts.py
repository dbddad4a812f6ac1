"""Texts of the bots (tables, bench labels, hint reasons) from texts.toml, in Russian or English."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("ru", "en")
TEXTS = Path(__file__).with_name("texts.toml")


@cache
def _table() -> dict[str, dict[str, str]]:
    with open(TEXTS, "rb") as f:
        raw = tomllib.load(f)
    out: dict[str, dict[str, str]] = {}

    def walk(prefix: str, node: dict[str, Any]) -> None:
        for k, v in node.items():
            key = f"{prefix}.{k}" if prefix else k
            if isinstance(v, dict) and set(v) == set(LANGS):
                out[key] = v
            elif isinstance(v, dict):
                walk(key, v)
            else:
                raise ValueError(f"{TEXTS.name}: {key} must have exactly 'ru' and 'en'")

    walk("", raw)
    return out


def keys() -> list[str]:
    return list(_table())


def has(key: str) -> bool:
    return key in _table()


def text(key: str, lang: str, **args: Any) -> str:
    """The text `key` in `lang` ("ru", anything else means English) with placeholders filled."""
    return _table()[key]["ru" if lang == "ru" else "en"].format(**args)
