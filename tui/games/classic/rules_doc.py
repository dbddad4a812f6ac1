"""The rules and glossary of `classic` as one markdown page, in Russian or English.

The prose lives in rules_<lang>.md (our own summary for players); the properties, the deck,
the food table and the glossary are generated from the game's data so they never drift.
"""

from __future__ import annotations

from pathlib import Path

from core.games.classic.data import CARD_COUNT, faces, food_dice, properties, v09_length
from tui import rules_doc as R
from tui.i18n import text
from tui.kits.evolution import rules_doc as K

HERE = Path(__file__).parent


def heading(pid: str, lang: str) -> str:
    """The heading of a property's section; the palette jumps to it by this text."""
    return K.heading(properties()[pid], lang)


def _properties(lang: str) -> str:
    copies = K.copies(faces()[card] for card in range(1, CARD_COUNT + 1))
    out = [f"## {text('classic.rules.properties', lang)}", "",
           text("classic.rules.properties_intro", lang), ""]
    for pid, p in properties().items():
        other = [text("classic.rules.other", lang)] if p.target == "other" else []
        tags = K.property_tags("classic", p, lang, copies.get(pid, 0), after_pair=other)
        out += K.property_section(p, tags, lang)
    return "\n".join(out)


def _deck(lang: str) -> str:
    rows = [[f"{first}–{last}", " / ".join(properties()[t].name(lang) for t in face)]
            for first, last, face in K.deck_runs(faces(), CARD_COUNT)]
    head = [text("classic.rules.deck_col", lang), text("classic.rules.face_col", lang)]
    return "\n".join([f"## {text('classic.rules.deck', lang)}", "", *R.table(head, rows)])


def _food(lang: str) -> str:
    rows = []
    for n in (2, 3, 4, 5):
        dice, bonus = food_dice(n)
        roll = f"{dice}{text('classic.base.die', lang)}" + (f" + {bonus}" if bonus else "")
        rows.append([str(n), roll, str(v09_length(n))])
    head = [text(f"classic.rules.{c}", lang) for c in ("players_col", "roll_col", "length_col")]
    return "\n".join([f"## {text('classic.rules.food_table', lang)}", "", *R.table(head, rows)])


def _glossary(lang: str) -> str:
    return K.glossary(HERE, lang, properties().values())


def rules_markdown(lang: str) -> str:
    return R.prose(HERE, lang, {"properties": _properties, "deck": _deck, "food": _food,
                                "glossary": _glossary})


def sections(lang: str) -> list[str]:
    """Headings worth a palette entry: every property, then the main sections."""
    return K.sections(properties(), rules_markdown(lang), lang)
