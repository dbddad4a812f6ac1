"""What the «Эволюция» games' rules pages share beyond every game's (tui.rules_doc): a property's
(trait's) heading in both languages, the palette's sections, the glossary of the names in the
data, how many cards show each property, and the tags under a property's heading."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from core.kits.evolution.data import Property
from core.records import Named
from tui import rules_doc as R
from tui.i18n import has, text


def heading(record: Named, lang: str) -> str:
    """The heading of a property's section; the palette jumps to it by this text."""
    other = record.en if lang == "ru" else record.ru
    return f"{record.name(lang)} · {other}"


def sections(records: Mapping[str, Named], markdown: str, lang: str) -> list[str]:
    """Headings worth a palette entry: every property, then the main sections."""
    return [heading(r, lang) for r in records.values()] + R.main_sections(markdown)


def glossary(folder: Path, lang: str, *groups: Iterable[Named]) -> str:
    """The game's glossary, then the names of each group of records (properties, habitats…) in
    the order of `lang`."""
    pairs = [(r.ru, r.en) for g in groups for r in sorted(g, key=lambda r: r.name(lang))]
    return R.glossary(folder, pairs)


def copies(faces: Iterable[Iterable[str]]) -> dict[str, int]:
    """How many cards show each property (a card with it on both sides counts twice)."""
    out: dict[str, int] = {}
    for face in faces:
        for t in face:
            out[t] = out.get(t, 0) + 1
    return out


def deck_runs(faces: Sequence[Sequence[str]], count: int) -> list[tuple[int, int, Sequence[str]]]:
    """The deck as runs of cards with the same face: (first, last, face), in card order."""
    runs = []
    start = 1
    for card in range(2, count + 2):
        if card > count or faces[card] != faces[start]:
            runs.append((start, card - 1, faces[start]))
            start = card
    return runs


def property_tags(game: str, p: Property, lang: str, copies: int, before_pair: Iterable[str] = (),
                  after_pair: Iterable[str] = ()) -> list[str]:
    """The tags under a property card's heading: when it acts, the food it asks for, the game's
    `before_pair`, a pair (directed or not), the game's `after_pair`, the copies in the deck."""
    def t(key: str, **args: object) -> str:
        return text(f"{game}.rules.{key}", lang, **args)

    tags = []
    if has(f"{game}.rules.timing.{p.timing}"):
        tags.append(t(f"timing.{p.timing}"))
    if p.food:
        tags.append(t("food", k=p.food))
    tags += before_pair
    if p.paired:
        tags.append(t("directed" if p.directed else "paired"))
    return [*tags, *after_pair, t("copies", k=copies)]


def property_section(record: Named, tags: list[str], lang: str, level: str = "###") -> list[str]:
    """A property's section: its heading, its tags, its rule."""
    return [f"{level} {heading(record, lang)}", "", f"*{' · '.join(tags)}*", "", record.text(lang),
            ""]
