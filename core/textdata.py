"""Texts for players in Russian and English, read from TOML data files.

A text file is a tree of tables whose leaves are `{ ru = "...", en = "..." }`; a leaf's key
is its dotted path, e.g. `illegal.target.self`. Placeholders use `str.format` syntax, plus
plural forms chosen by a number: `{k} {k:card/cards}`, `{k} {k:карту/карты/карт}`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.datafile import read_toml

LANGS = ("ru", "en")
_LEAF = frozenset(LANGS)


def plural(n: int, forms: list[str]) -> str:
    """The form for `n`: two forms as in English (one/many), three as in Russian
    (одна карта / две карты / пять карт)."""
    if len(forms) == 2:
        return forms[0] if n == 1 else forms[1]
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


class _Value:
    """A placeholder's value, formatted as itself except that a spec of forms ("card/cards")
    picks the form for it as a number. (`str.format` with these, not a `string.Formatter`:
    importing `string` compiles its Template pattern, which every command would pay for.)"""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:  # a placeholder's value: a number for plural forms
        self.value = value

    def __format__(self, spec: str) -> str:
        if "/" in spec:
            return plural(int(self.value), spec.split("/"))
        return format(self.value, spec)

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


_CONTROLS = {c: None for c in [*range(0x20), 0x7F, *range(0x80, 0xA0)]}


def printable(text: str) -> str:
    """`text` without terminal control characters (escape sequences start with them): a
    name from a shared save must not clear the screen or retitle the terminal."""
    return text.translate(_CONTROLS)


def fill(template: str, **args: object) -> str:
    """`template` with its placeholders filled (plural forms included)."""
    if not args:
        return template
    if "/" not in template:  # no plural forms to pick: str.format formats each value alike
        return template.format_map(args)
    return template.format_map({k: _Value(v) for k, v in args.items()})


class TextTable:
    """The texts of one data file: `table.get(key, lang)` and `table.say(key, lang, **args)`."""

    def __init__(self, path: Path) -> None:
        raw = read_toml(path)
        self.path = path
        self.texts: dict[str, dict[str, str]] = {}
        self._walk("", raw)

    def _walk(self, prefix: str, node: dict[str, object]) -> None:
        for k, v in node.items():
            key = prefix + k
            if not isinstance(v, dict):
                raise ValueError(f"{self.path.name}: {key} must have exactly 'ru' and 'en'")
            if v.keys() == _LEAF:
                self.texts[key] = v
            else:
                self._walk(key + ".", v)

    def keys(self) -> list[str]:
        return list(self.texts)

    def get(self, key: str, lang: str) -> str:
        return self.texts[key]["ru" if lang == "ru" else "en"]

    def say(self, key: str, lang: str, **args: object) -> str:
        return fill(self.get(key, lang), **args)
