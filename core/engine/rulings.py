"""The texts of a game's rulings and of the sections its refusals cite, in Russian and English.

Each game keeps them in `core/games/<g>/data/rulings.toml`, one table per rule id (the ids of
`core.engine.citation`), each with a short `title` and the `text`, both `{ ru, en }`:

    [CL13]
    title.ru = "…"
    title.en = "…"
    text.ru = "…"
    text.en = "…"

The texts are our own words for players, from the specification and the rulebook. They are
read only when a citation is looked up or searched (`GameDescriptor.rulings`), never when a
game is played or a command runs.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from core.engine.citation import citation, rule_key
from core.textdata import LANGS


@dataclass(frozen=True)
class Ruling:
    id: str  # as code cites it: CL13, CL§5.1
    game: str
    title: dict[str, str]
    text: dict[str, str]

    @property
    def cite(self) -> str:
        return citation(self.id)

    def say(self, lang: str) -> tuple[str, str]:
        """(title, text) in the player's language."""
        k = "ru" if lang == "ru" else "en"
        return self.title[k], self.text[k]


_WORD = re.compile(r"\w+")


def _folded(text: str) -> str:
    """Text as a search compares it: case and ё do not matter."""
    return text.casefold().replace("ё", "е")


class RulingBook:
    """One game's rulings, in the order of its data file."""

    def __init__(self, game: str, path: Path) -> None:
        with open(path, "rb") as f:
            raw = tomllib.load(f)
        self.game = game
        self._by_id: dict[str, Ruling] = {}
        for rule_id, entry in raw.items():
            parts = {}
            for part in ("title", "text"):
                leaf = entry.get(part) if isinstance(entry, dict) else None
                if not isinstance(leaf, dict) or set(leaf) != set(LANGS) or \
                        not all(isinstance(v, str) and v.strip() for v in leaf.values()):
                    raise ValueError(f"{path.name}: [{rule_id}] needs {part}.ru and {part}.en")
                parts[part] = {k: " ".join(v.split()) if part == "title" else v.strip()
                               for k, v in leaf.items()}
            if set(entry) != {"title", "text"}:
                raise ValueError(f"{path.name}: [{rule_id}] has only a title and a text")
            self._by_id[rule_id] = Ruling(rule_id, game, parts["title"], parts["text"])
        self._by_key = {rule_key(r): self._by_id[r] for r in self._by_id}

    def __iter__(self) -> Iterator[Ruling]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, rule_id: str) -> Ruling | None:
        return self._by_id.get(rule_id)

    def by_key(self, query: str) -> Ruling | None:
        """The ruling a typed id names ("cl 13", "NS 4.3"), or None."""
        k = rule_key(query)
        return self._by_key.get(k) if k is not None else None

    def matching(self, words: list[str], lang: str) -> list[Ruling]:
        """The rulings whose id, title or text (in `lang`) hold a word beginning with each of
        `words` ("атак" finds атака and атакует, not Катаклизм)."""
        wanted = [w for w in (_WORD.findall(_folded(" ".join(words)))) if w]
        if not wanted:
            return []
        out = []
        for r in self:
            title, text = r.say(lang)
            have = _WORD.findall(_folded(f"{r.id} {title} {text}"))
            if all(any(h.startswith(w) for h in have) for w in wanted):
                out.append(r)
        return out


def find(query: str, lang: str, books: Iterable[RulingBook]) -> list[Ruling]:
    """What a player's search finds: the ruling a typed id names, in any of `books`; otherwise
    the rulings holding every word of the query, the first book's first."""
    books = list(books)
    for book in books:
        hit = book.by_key(query)
        if hit is not None:
            return [hit]
    words = query.split()
    return [r for book in books for r in book.matching(words, lang)]


__all__ = ["Ruling", "RulingBook", "find"]
