"""A `northstar` view as plain text, for `evo show` and logs (the app draws its own widgets)."""

from __future__ import annotations

from core.games.northstar.data import FAT
from core.games.northstar.legal import prompt
from core.games.northstar.state import species_label
from core.games.northstar.texts import card_name, name, say, what
from core.games.northstar.view import NorthStarView, SpeciesView
from core.kits.evolution.textview import outcome_lines


def _l(key: str, lang: str) -> str:
    return say(f"label.{key}", lang)


# The app's marks (tui/games/northstar/describe.py, its help's «marks» list), without colours.
FOOD, MISSING, FAT_FULL, FAT_EMPTY = "●", "○", "◆", "◇"
CARNIVORE, HIDDEN, OFF = "⚔", "▒", "⊘"


def food_track(x: SpeciesView, lang: str) -> str:
    """Food on the board (●), then what is still missing to the population (○); the app tells
    plant, meat and fat apart by colour, the text by count when there is more than plant."""
    track = FOOD * x.food + MISSING * max(0, x.pop - x.food)
    if x.meat or x.fatfood:
        kinds = [say(f"label.food_{c}", lang, k=k)
                 for c, k in (("plant", x.plant), ("meat", x.meat), ("fat", x.fatfood)) if k]
        track += f" ({', '.join(kinds)})"
    return track


def _species(x: SpeciesView, lang: str, off: list[str]) -> str:
    traits = []
    for card, trait, hidden in zip(x.cards, x.traits, x.hidden, strict=True):
        if not trait:
            traits.append(f"{HIDDEN * 2} {_l('hidden', lang)}")
        elif hidden:
            traits.append(f"{HIDDEN} {name(trait, lang)} ({card})")
        elif trait in off:
            traits.append(f"{name(trait, lang)} {OFF}")
        else:
            traits.append(name(trait, lang))
    title = species_label(x.uid) + (f" {CARNIVORE}" if x.carnivore else "")
    food = food_track(x, lang)
    if FAT in x.traits:
        food += " " + FAT_FULL * x.fat + FAT_EMPTY * x.fat_room
    parts = [title, say("label.dials", lang, p=x.pop, b=x.body), food]
    parts.append(", ".join(traits) if traits else "—")
    parts.append(f"[{_l('hungry' if x.hungry else 'fed', lang)}]")
    return "  " + "  ".join(parts)


def render(v: NorthStarView, lang: str, names: list[str]) -> str:
    head = f"{_l('round', lang)} {v.round}"
    if v.last == v.round:
        head += f" ({_l('last', lang)})"
    head += f", {_l('first', lang)}: {names[v.first]}; {_l('deck', lang)} {v.deck_size}, " \
            f"{_l('discard', lang)} {len(v.discard)}"
    if v.removed_size:
        head += f", {_l('removed', lang)} {v.removed_size}"
    lines = [head, f"{_l('hole', lang)}: {v.hole}" + (
        f" ({_l('revealed', lang)}: {', '.join(str(c) for c in v.shown)})" if v.shown else "")]
    for seat, p in enumerate(v.players):
        lines.append("")
        bag = "?" if p.bag is None else str(p.bag)
        status = f"{names[seat]}: {_l('hand', lang)} {p.hand_size}, {_l('bag', lang)} {bag}"
        if v.phase == "food" or p.food_chosen:
            status += f", {_l('food_card', lang)}: " + (
                card_name(p.food, lang) if p.food else
                _l("chosen", lang) if p.food_chosen else _l("not_yet", lang))
        if v.short and v.phase == "play":
            status += f", {_l('submitted' if p.done else 'planning', lang)}"
        if v.step == "over":
            status += f", {_l('score', lang)} {p.score}"
        lines.append(status)
        if not p.row:
            lines.append(f"  ({_l('none', lang)})")
        for uid in p.row:
            lines.append(_species(v.species[uid], lang, v.off))
        if p.hand:
            lines.append(f"  {_l('hand', lang)}: " + "; ".join(card_name(c, lang) for c in p.hand))
        if p.plan:
            lines.append(f"  {_l('plan', lang)}: " + "; ".join(what(s, lang) for s in p.plan))
    if v.draft is not None:
        lines.append("")
        lines.append(f"{_l('draft', lang)}:")
        for uid in v.draft.row:
            lines.append(_species(v.draft.species[uid], lang, v.off))
    if v.effects:
        lines.append(f"{_l('effects', lang)}: " + ", ".join(
            f"{species_label(e.species)} {name(e.trait, lang)}" for e in v.effects))
    if v.attacks:
        shown = []
        for a in v.attacks:
            text = f"{species_label(a.attacker)}→{species_label(a.target)}"
            if a.blocked_by:
                text += f" ({_l('blocked', lang)}: " + ", ".join(
                    b if b == "size" else name(b, lang) for b in a.blocked_by) + ")"
            elif a.horns:
                text += f" ({_l('horns', lang)})"
            shown.append(text)
        lines.append(f"{_l('attacks', lang)}: " + "; ".join(shown))
    lines += outcome_lines(v.step, v.winners, v.decider, names, lang, say, lambda: prompt(v, lang))
    return "\n".join(lines)
