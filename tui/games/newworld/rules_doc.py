"""The rules and glossary of `newworld` as one markdown page, in Russian or English.

The prose lives in rules_<lang>.md (our own summary for players); the properties, the deck,
the habitats and the glossary are generated from the game's data so they never drift.
"""

from __future__ import annotations

from pathlib import Path

from core.games.newworld.data import (
    CARD_COUNT,
    faces,
    habitat_cards,
    habitat_kinds,
    properties,
)
from tui import rules_doc as R
from tui.games.newworld.describe import need_text
from tui.i18n import text
from tui.kits.evolution import rules_doc as K

HERE = Path(__file__).parent


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"newworld.{key}", lang, **args)


def heading(pid: str, lang: str) -> str:
    """The heading of a property's section; the palette jumps to it by this text."""
    return K.heading(properties()[pid], lang)


def _properties(lang: str) -> str:
    copies = K.copies(faces()[card] for card in range(1, CARD_COUNT + 1))
    out = [f"## {_t('rules.properties', lang)}", "", _t("rules.properties_intro", lang), ""]
    for pid, p in properties().items():
        bonus = [_t("rules.bonus", lang, k=p.bonus)] if p.bonus else []
        marks = [_t(f"rules.{m}", lang) for m in ("negative", "short") if getattr(p, m)]
        tags = K.property_tags("newworld", p, lang, copies.get(pid, 0), bonus, marks)
        out += K.property_section(p, tags, lang)
    return "\n".join(out)


def _deck(lang: str) -> str:
    rows = [[f"{first}–{last}", *(properties()[t].name(lang) for t in face)]
            for first, last, face in K.deck_runs(faces(), CARD_COUNT)]
    head = [_t(f"rules.{c}", lang) for c in ("deck_col", "main_col", "short_col")]
    return "\n".join([f"## {_t('rules.deck', lang)}", "", *R.table(head, rows)])


def _habitats(lang: str) -> str:
    kinds = habitat_kinds()
    rows: list[list[str]] = []
    cards = habitat_cards()
    seen: dict[tuple[tuple[str, str], ...], list[int]] = {}
    for card in range(1, len(cards)):
        seen.setdefault(cards[card], []).append(card)
    for halves, numbers in seen.items():
        for half, kind in halves:
            k = kinds[kind]
            red = _t("rules.swamp_red", lang) if k.swamp else str(k.red)
            where = {"u": _t("rules.upper", lang), "l": _t("rules.lower", lang)}.get(half, "")
            key = ", ".join(f"h{c}{half}" for c in numbers)
            rows.append([f"{k.name(lang)}{' (' + where + ')' if where else ''}", key,
                         need_text(k.needs, lang), red, str(k.shelter)])
    head = [_t(f"rules.{c}", lang) for c in ("habitat_col", "key_col", "access_col",
                                               "red_col", "shelter_col")]
    return "\n".join([f"## {_t('rules.habitats', lang)}", "", _t("rules.habitats_intro", lang),
                      "", *R.table(head, rows)])


def _glossary(lang: str) -> str:
    return K.glossary(HERE, lang, properties().values(), habitat_kinds().values())


def rules_markdown(lang: str) -> str:
    return R.prose(HERE, lang, {"properties": _properties, "deck": _deck,
                                "habitats": _habitats, "glossary": _glossary})


def sections(lang: str) -> list[str]:
    """Headings worth a palette entry: every property, then the main sections."""
    return K.sections(properties(), rules_markdown(lang), lang)
