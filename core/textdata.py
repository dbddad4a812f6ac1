"""Texts for players in Russian and English, read from TOML data files.

A text file is a tree of tables whose leaves are `{ ru = "...", en = "..." }`; a leaf's key
is its dotted path, e.g. `illegal.target.self`. Placeholders use `str.format` syntax, plus
plural forms chosen by a number: `{k} {k:card/cards}`, `{k} {k:карту/карты/карт}`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.datafile import read_tables, table

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


def capitalized(text: str) -> str:
    """`text` beginning with a capital: words said mid-sentence elsewhere ("the Shade draws…",
    a server's "refused: you were …") that begin a line or a message here."""
    return text[:1].upper() + text[1:]


def fill(template: str, **args: object) -> str:
    """`template` with its placeholders filled (plural forms included)."""
    if not args:
        return template
    if "/" not in template:  # no plural forms to pick: str.format formats each value alike
        return template.format_map(args)
    return template.format_map({k: _Value(v) for k, v in args.items()})


class TextTable:
    """The texts of one data file: `table.get(key, lang)` and `table.say(key, lang, **args)`.

    A top-level table is decoded and read the first time one of its texts is asked for (a
    command that says two texts of the app's 600 reads their table alone); `texts` and
    `keys` read them all, in the file's order."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._tables = read_tables(path)
        self._read: dict[str, dict[str, dict[str, str]]] = {}  # each table's leaves, by key
        self._all: dict[str, dict[str, str]] | None = None

    def _leaves(self, name: str) -> dict[str, dict[str, str]]:
        got = self._read.get(name)
        if got is None:
            got = self._read[name] = {}
            self._walk(got, name, table(self._tables[name]))
        return got

    def _walk(self, out: dict[str, dict[str, str]], key: str, node: object) -> None:
        if not isinstance(node, dict):
            raise ValueError(f"{self.path.name}: {key} must have exactly 'ru' and 'en'")
        if node.keys() == _LEAF:
            out[key] = node
            return
        for k, v in node.items():
            self._walk(out, f"{key}.{k}", v)

    def leaf(self, key: str) -> dict[str, str] | None:
        """The text `key` in every language, or None."""
        name = key.partition(".")[0]
        if name not in self._tables:
            return None
        return self._leaves(name).get(key)

    @property
    def texts(self) -> dict[str, dict[str, str]]:
        """Every text, by key."""
        if self._all is None:
            self._all = {}
            for name in self._tables:
                self._all.update(self._leaves(name))
        return self._all

    def keys(self) -> list[str]:
        return list(self.texts)

    def get(self, key: str, lang: str) -> str:
        leaf = self.leaf(key)
        if leaf is None:
            raise KeyError(key)
        return leaf["ru" if lang == "ru" else "en"]

    def say(self, key: str, lang: str, **args: object) -> str:
        return fill(self.get(key, lang), **args)
