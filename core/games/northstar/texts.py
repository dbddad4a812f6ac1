"""Player-facing strings of `northstar` from data/texts.toml, in English or Russian (English is
this game's first language; the Russian trait names are the app's working names, NS33)."""

from __future__ import annotations

from typing import Any

from core.games.northstar.data import DATA_DIR, card_food, card_traits, traits
from core.games.northstar.state import species_label
from core.games.northstar.steps import Drop, Grow, NewSpecies, Place, PlayStep
from core.gametexts import GameTexts


def card_name(card: int, lang: str) -> str:
    """A card as players read it: its number, trait and printed food number."""
    if not 1 <= card < len(card_traits()):
        return str(card)
    food = card_food()[card]
    return f"{card} {name(card_traits()[card], lang)} ({food:+d})" if food else \
        f"{card} {name(card_traits()[card], lang)} (0)"


def _render(key: str, value: Any, lang: str) -> str:  # the value a placeholder `key` names
    if key == "p":
        return name(value, lang)
    if key in ("c", "t"):
        return species_label(value) if isinstance(value, int) else str(value)
    if key == "cards":
        return ", ".join(str(c) for c in value)
    if key == "named":
        return "; ".join(card_name(c, lang) for c in value)
    if key == "species":
        return ", ".join(species_label(u) for u in value)
    if key == "list" and not isinstance(value, str):
        return ", ".join(name(t, lang) for t in value)
    return str(value)


TEXTS = GameTexts(DATA_DIR / "texts.toml", traits, _render)
table, keys, name, say = TEXTS.table, TEXTS.keys, TEXTS.name, TEXTS.say


def what(step: PlayStep, lang: str) -> str:
    """A card use in words (a plan's step)."""
    if isinstance(step, Place):
        return say("what.trait", lang, p=card_traits()[step.card], c=step.species)
    if isinstance(step, Drop):
        return say("what.drop", lang, p=card_traits()[step.card], c=step.species)
    if isinstance(step, NewSpecies):
        return say("what.species_left" if step.left else "what.species_right", lang)
    assert isinstance(step, Grow)
    return say(f"what.{step.track}", lang, c=step.species)
