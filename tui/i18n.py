"""UI strings in Russian and English, read from `tui/texts.toml` (texts live in data, not code).

    tr = Texts("ru")
    tr("menu.new")                 # a plain string
    tr("table.hand", k=5)          # placeholders filled with str.format

The game's own texts (property names, narration, decision prompts) come from the core's
`texts.toml`; this file holds only what the app adds around them.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("ru", "en")
TEXTS_FILE = Path(__file__).parent / "texts.toml"


@cache
def _table() -> dict[str, dict[str, str]]:
    with open(TEXTS_FILE, "rb") as f:
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
                raise ValueError(f"tui/texts.toml: {key} must have exactly 'ru' and 'en'")

    walk("", raw)
    return out


def has(key: str) -> bool:
    return key in _table()


def keys() -> list[str]:
    return list(_table())


def text(key: str, lang: str, **args: Any) -> str:
    template = _table()[key]["ru" if lang == "ru" else "en"]
    return template.format(**args) if args else template


class Texts:
    """The UI strings of one language; call it with a key."""

    def __init__(self, lang: str) -> None:
        self.lang = "ru" if lang == "ru" else "en"

    def __call__(self, key: str, **args: Any) -> str:
        return text(key, self.lang, **args)


def detect_lang(env: Mapping[str, str] | None = None) -> str:
    """$EVO_LANG, else the locale's language if it is Russian, else English."""
    env = os.environ if env is None else env
    if env.get("EVO_LANG") in LANGS:
        return env["EVO_LANG"]
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(var, "")
        if value and value not in ("C", "POSIX"):
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def resolve_lang(cli: str | None, setting: str, env: Mapping[str, str] | None = None) -> str:
    """`--lang` wins, then the saved setting, then the locale."""
    for choice in (cli, setting):
        if choice in LANGS:
            return choice
    return detect_lang(env)
