"""Player-facing strings of `magic` from data/texts.toml, in Russian or English."""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.magic.data import DATA_DIR, properties, sources

LANGS = ("ru", "en")


@cache
def _table() -> dict[str, dict[str, str]]:
    import tomllib

    with open(DATA_DIR / "texts.toml", "rb") as f:
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
                raise ValueError(f"texts.toml: {key} must have exactly 'ru' and 'en'")

    walk("", raw)
    return out


def keys() -> list[str]:
    return list(_table())


def name(prop: str, lang: str) -> str:
    """A property's name."""
    p = properties().get(prop)
    return p.name(lang) if p else prop


def creature(uid: int) -> str:
    return f"c{uid}"


def _render(key: str, value: Any, lang: str) -> str:
    if key == "p":
        return name(value, lang)
    if key == "props":
        return ", ".join(name(p, lang) for p in value)
    if key in ("c", "t"):
        return creature(value) if isinstance(value, int) else str(value)
    if key == "source":
        return sources()[value].name(lang)
    if key == "part":
        return _table()[f"game.{value}"][lang]
    if key == "cards":
        return ", ".join(str(c) for c in value)
    return str(value)


def say(key: str, lang: str, **args: Any) -> str:
    """The text `key` in `lang` with its placeholders filled."""
    template = _table()[key]["ru" if lang == "ru" else "en"]
    return template.format(**{k: _render(k, v, lang) for k, v in args.items()})
