"""What the rules documents of the games share: the prose files with {placeholders} for
tables built from the card data, the glossary file, and the headings for the palette.

A game keeps `tui/<game>/rules_ru.md`, `rules_en.md` and `glossary.toml` (`terms`: pairs of
Russian and English words) next to its `rules_doc.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from core.datafile import read_toml


def prose(folder: Path, lang: str, parts: dict[str, Callable[[str], str]]) -> str:
    """The game's rules in `lang`, each {key} of `parts` replaced by its table."""
    lang = "ru" if lang == "ru" else "en"
    out = (folder / f"rules_{lang}.md").read_text(encoding="utf-8")
    for key, make in parts.items():
        out = out.replace("{" + key + "}", make(lang))
    return out


def table(head: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table as lines."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


@cache
def terms(folder: Path) -> list[list[str]]:
    return read_toml(folder / "glossary.toml")["terms"]


def glossary(folder: Path, pairs: list[tuple[str, str]]) -> str:
    """The glossary table: the game's terms, then `pairs` (names from the card data)."""
    rows = [[ru, en] for ru, en in terms(folder)] + [[ru, en] for ru, en in pairs]
    return "\n".join(table(["Русский", "English"], rows))


def main_sections(markdown: str) -> list[str]:
    """The `## ` headings of a rules document."""
    return [line[3:].strip() for line in markdown.splitlines() if line.startswith("## ")]
