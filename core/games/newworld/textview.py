"""A `newworld` view as plain text, for `evo show` and logs (the app draws its own widgets)."""

from __future__ import annotations

from core.games.newworld.data import NO_PROPERTY
from core.games.newworld.legal import prompt
from core.games.newworld.texts import card_name, habitat_name, name, say
from core.games.newworld.view import AnimalView, HabitatView, NewWorldView
from core.kits.evolution import textview as T


def _l(key: str, lang: str) -> str:
    return say(f"label.{key}", lang)


# The app's marks besides the kit's (tui/games/newworld/describe.py, its help's «marks» list).
ROTATED, SHELTER, NEEDS = "↻", "⌂", "⚑"


def _habitat(h: HabitatView, lang: str) -> str:
    """Red food left (●) and eaten (○), shelters left (⌂), then who may use it (⚑ a property)."""
    full = max(h.printed_red, h.red)
    tokens = T.FOOD * h.red + T.MISSING * (full - h.red) or "—"
    if h.shelter:
        tokens += " " + SHELTER * h.shelter
    text = f"h{h.key} {habitat_name(h.kind, lang)} {tokens}"
    if h.swamp:
        return f"{text} — {_l('swamp', lang)}"
    if h.needs == NO_PROPERTY:
        return f"{text} — {NEEDS} {_l('no_property', lang)}"
    if h.needs:
        return f"{text} — {NEEDS} {name(h.needs, lang)}"
    return f"{text} — {_l('open', lang)}"


def _animal(a: AnimalView, lang: str) -> str:
    flags = []  # the animal's bottom line in the app, most telling first
    if a.poisoned:
        flags.append(_l("poisoned", lang))
    if a.shelter:
        flags.append(SHELTER)
    if a.slept:
        flags.append(_l("slept", lang))
    elif a.fed:
        flags.append(_l("fed", lang))

    def marks(card: int) -> str:
        return (ROTATED if card in a.rotated else "") + (T.USED if card in a.used else "")

    return T.animal_line(a, lang, say, name, marks, flags)


def render(v: NewWorldView, lang: str, names: list[str]) -> str:
    head = f"{_l('epoch', lang)} {v.epoch} {_l('of', lang)} {v.length}"
    if v.last:
        head += f" ({_l('last', lang)})"
    lines = [f"{head}, {_l('first', lang)}: {names[v.first]}; {_l('deck', lang)} {v.deck_size}, "
             f"{_l('discard', lang)} {len(v.discard)}, {_l('stack', lang)} {v.hstack_size}"]
    lines.append(f"{_l('habitats', lang)}:")
    lines += [f"  {_habitat(h, lang)}" for h in v.habitats]
    for seat, p in enumerate(v.players):
        lines.append("")
        held = f"{_l('pool', lang)}: {p.pool_size}" if v.scenario == "mutations" else \
            f"{_l('hand', lang)}: {p.hand_size}"
        head = f"{names[seat]}: {held}"
        if p.passed:
            head += f", {_l('passed', lang)}"
        if v.step == "over":
            head += f", {_l('score', lang)}: {p.score}"
        lines.append(head)
        if not p.row:
            lines.append(f"  ({_l('none', lang)})")
        for uid in p.row:
            lines.append(_animal(v.animals[uid], lang))
        if p.hand:
            lines.append(f"  {_l('hand', lang)}: " + "; ".join(card_name(c, lang) for c in p.hand))
    if v.reveal:
        lines.append("")
        lines.append(f"{_l('revealed', lang)}: {card_name(v.reveal, lang)} → c{v.target}")
    lines += T.attack_lines(v.attack, lang, say)
    if v.frames:
        lines.append(f"{_l('pending', lang)}: " + "; ".join(
            f"c{f.animal} h{f.habitat}: " + ", ".join(str(c) for c in f.cards) for f in v.frames))
    lines += T.outcome_lines(v.step, v.winners, v.decider, names, lang, say, lambda: prompt(v, lang),
                             _l("by_lot", lang) if v.by_lot else "")
    return "\n".join(lines)
