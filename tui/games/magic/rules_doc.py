"""The rules and glossary of `magic` as one markdown page, in Russian or English.

The prose lives in rules_<lang>.md (with the status of every part: rulebook or reconstructed);
the properties, sources and glossary are generated from the game's data so they never drift.
"""

from __future__ import annotations

from pathlib import Path

from core.games.magic.data import cards, properties, sources
from tui import rules_doc as R
from tui.i18n import text
from tui.kits.evolution import rules_doc as K

HERE = Path(__file__).parent
CATEGORIES = ("aggressive", "defensive", "energetic", "special")


def heading(pid: str, lang: str) -> str:
    """The heading of a property's section; the palette jumps to it by this text."""
    return K.heading(properties()[pid], lang)


def _properties(lang: str) -> str:
    copies: dict[str, int] = {}
    for a, b in cards().values():
        copies[a] = copies.get(a, 0) + 1
        copies[b] = copies.get(b, 0) + 1
    out = [f"## {text('magic.rules.properties', lang)}", "", text("magic.rules.properties_intro", lang), ""]
    for cat in CATEGORIES:
        out += [f"### {text(f'magic.rules.cat.{cat}', lang)}", ""]
        for pid, p in properties().items():
            if p.category != cat:
                continue
            origin = text(f"magic.rules.src.{p.src}", lang)
            timing = text(f"magic.rules.timing.{p.timing}", lang)
            out += [f"#### {heading(pid, lang)}", "",
                    f"*{timing} · {text('magic.rules.copies', lang, k=copies.get(pid, 0))} · {origin}*", "",
                    p.text(lang), ""]
    return "\n".join(out)


def _sources(lang: str) -> str:
    head = [text(f"magic.rules.src_col.{c}", lang) for c in ("name", "lower", "upper", "key")]
    rows = []
    for s in sources().values():
        lower = " / ".join(str(s.lower[n]) for n in (2, 3, 4))
        key = properties()[s.key].name(lang) if s.key else "—"
        rows.append([s.name(lang), lower, str(s.upper), key])
    return "\n".join([f"## {text('magic.rules.sources', lang)}", "",
                      text("magic.rules.sources_intro", lang), "",
                      *R.table(head, rows)])


def _glossary(lang: str) -> str:
    return K.glossary(HERE, lang, properties().values())


def rules_markdown(lang: str) -> str:
    return R.prose(HERE, lang, {"properties": _properties, "sources": _sources,
                                "glossary": _glossary})


def sections(lang: str) -> list[str]:
    """Headings worth a palette entry: every property, then the main sections."""
    return K.sections(properties(), rules_markdown(lang), lang)
