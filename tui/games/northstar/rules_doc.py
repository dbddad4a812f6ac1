"""The rules and glossary of `northstar` as one markdown page, in English or Russian.

The prose lives in rules_<lang>.md (our own summary for players); the traits and the deck
with its food numbers, and the glossary, are generated from the game's data so they never
drift.
"""

from __future__ import annotations

from pathlib import Path

from core.games.northstar.data import card_food, card_traits, traits
from tui import rules_doc as R
from tui.i18n import text
from tui.kits.evolution import rules_doc as K

HERE = Path(__file__).parent


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"northstar.{key}", lang, **args)


def heading(tid: str, lang: str) -> str:
    """The heading of a trait's section; the palette jumps to it by this text."""
    return K.heading(traits()[tid], lang)


def _foods() -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    names, food = card_traits(), card_food()
    for card in range(1, len(names)):
        out.setdefault(names[card], []).append(food[card])
    return out


def _traits(lang: str) -> str:
    foods = _foods()
    out = [f"## {_t('rules.traits', lang)}", "", _t("rules.traits_intro", lang), ""]
    for tid, t in traits().items():
        values = foods.get(tid, [])
        kinds = " / ".join(_t(f"rules.colour_{c}", lang) for c in t.colour.split("/"))
        tags = [kinds, _t("rules.copies", lang, k=len(values)),
                _t("rules.food_range", lang, list=" ".join(f"{v:+d}" if v else "0"
                                                            for v in values))]
        out += [f"### {heading(tid, lang)}", "", f"*{' · '.join(tags)}*", "", t.text(lang), ""]
    return "\n".join(out)


def _glossary(lang: str) -> str:
    return K.glossary(HERE, lang, traits().values())


def rules_markdown(lang: str) -> str:
    return R.prose(HERE, lang, {"traits": _traits, "glossary": _glossary})


def sections(lang: str) -> list[str]:
    """Headings worth a palette entry: every trait, then the main sections."""
    return K.sections(traits(), rules_markdown(lang), lang)
