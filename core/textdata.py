"""Texts for players in Russian and English, read from TOML data files.

A text file is a tree of tables whose leaves are `{ ru = "...", en = "..." }`; a leaf's key
is its dotted path, e.g. `illegal.target.self`. Placeholders use `str.format` syntax.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

LANGS = ("ru", "en")


class TextTable:
    """The texts of one data file: `table.get(key, lang)` and `table.say(key, lang, **args)`."""

    def __init__(self, path: Path) -> None:
        with open(path, "rb") as f:
            raw = tomllib.load(f)
        self.path = path
        self.texts: dict[str, dict[str, str]] = {}
        self._walk("", raw)

    def _walk(self, prefix: str, node: dict[str, Any]) -> None:
        for k, v in node.items():
            key = f"{prefix}.{k}" if prefix else k
            if isinstance(v, dict) and set(v) == set(LANGS):
                self.texts[key] = v
            elif isinstance(v, dict):
                self._walk(key, v)
            else:
                raise ValueError(f"{self.path.name}: {key} must have exactly 'ru' and 'en'")

    def keys(self) -> list[str]:
        return list(self.texts)

    def get(self, key: str, lang: str) -> str:
        return self.texts[key]["ru" if lang == "ru" else "en"]

    def say(self, key: str, lang: str, **args: Any) -> str:
        return self.get(key, lang).format(**args)
