"""Player-facing strings of `gravity` from data/texts.toml, in Russian or English."""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.gravity.data import DATA_DIR, board, characters, curses, events, game, monsters
from core.textdata import TextTable, fill


@cache
def table() -> TextTable:
    return TextTable(DATA_DIR / "texts.toml")


def keys() -> list[str]:
    return table().keys()


def loc_name(loc: int, lang: str) -> str:
    return board().locations[loc].name(lang)


def char_name(ch: str, lang: str) -> str:
    c = characters().get(ch)
    return c.name(lang) if c else ch


def monster_name(m: str, lang: str) -> str:
    x = monsters().get(m)
    return x.name(lang) if x else m


def curse_name(cur: str, lang: str) -> str:
    x = curses().get(cur)
    return x.name(lang) if x else cur


def event_name(ev: str, lang: str) -> str:
    x = events().get(ev)
    return x.name(lang) if x else ev


def card_name(card: str, lang: str) -> str:
    """An action card («2-2», «Телепорт») or a movement card (its location or event)."""
    if card in game().actions:
        if game().actions[card].teleport:
            return "Телепорт" if lang == "ru" else "Teleport"
        return card
    if card[:1] == "L" and card[1:].isdigit():
        return loc_name(int(card[1:]), lang)
    if card[:1] == "E":
        return event_name(card, lang)
    return card


def dice_text(faces: str, lang: str) -> str:
    if not faces:
        return say("game.no_dice", lang)
    parts = []
    for letter, key in (("s", "game.success"), ("m", "game.movement"), ("c", "game.curse_face")):
        n = faces.count(letter)
        if n:
            parts.append(f"{n}× {say(key, lang)}")
    return ", ".join(parts)


def quoted_loc(loc: int, lang: str) -> str:
    """A location in running text: in Russian in «», since the name stays in the nominative."""
    name = loc_name(loc, lang)
    return name if lang != "ru" or name.startswith("«") else f"«{name}»"


def _render(key: str, value: Any, lang: str) -> str:  # the value a placeholder `key` names
    if key in ("loc", "src", "dst", "giant") and isinstance(value, int):
        return quoted_loc(value, lang)
    if key == "path":
        return " → ".join(loc_name(x, lang) for x in value)
    if key in ("ch", "by") and isinstance(value, str):
        return char_name(value, lang)
    if key == "m":
        return monster_name(value, lang)
    if key == "curse":
        return curse_name(value, lang)
    if key == "ev":
        return event_name(value, lang)
    if key == "card":
        return card_name(value, lang)
    if key == "cards":
        return ", ".join(f"«{card_name(c, lang)}»" for c in value)
    if key == "dice":
        return dice_text(value, lang)
    if key == "kind":
        return say(f"game.{value}", lang)
    return str(value)


def named(args: dict[str, Any], lang: str) -> dict[str, str]:
    """Placeholder values as a text shows them: places, characters, cards… by their names."""
    return {k: _render(k, v, lang) for k, v in args.items()}


def say(key: str, lang: str, **args: object) -> str:
    """The text `key` in `lang` with its placeholders filled."""
    return fill(table().get(key, lang), **named(args, lang))
