"""A game's player-facing strings: its `data/texts.toml` (read when first asked for), the names
of the things its rules name (properties, traits) from its data, and `say`, which fills a text's
placeholders as the game renders each of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from core.records import Named
from core.textdata import TextTable, fill


class GameTexts:
    def __init__(self, path: Path, names: Callable[[], Mapping[str, Named]],
                 render: Callable[[str, object, str], str]) -> None:
        """`names()`: id -> something with `name(lang)`; `render(key, value, lang)`: a
        placeholder's value as players read it."""
        self.path = path
        self.names = names
        self.render = render
        self._table: TextTable | None = None

    def table(self) -> TextTable:
        if self._table is None:
            self._table = TextTable(self.path)
        return self._table

    def keys(self) -> list[str]:
        return self.table().keys()

    def name(self, key: str, lang: str) -> str:
        """A property's (trait's) name; an unknown id as it is."""
        p = self.names().get(key)
        return p.name(lang) if p else key

    def say(self, key: str, lang: str, **args: object) -> str:
        """The text `key` in `lang` with its placeholders filled."""
        render = self.render
        return fill(self.table().get(key, lang), **{k: render(k, v, lang) for k, v in args.items()})
