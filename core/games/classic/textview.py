"""A `classic` view as plain text, for `evo show` and logs (the app draws its own widgets)."""

from __future__ import annotations

from core.games.classic.legal import prompt
from core.games.classic.texts import card_name, name, say
from core.games.classic.view import AnimalView, ClassicView
from core.kits.evolution import textview as T


def _l(key: str, lang: str) -> str:
    return say(f"label.{key}", lang)


def _animal(v: ClassicView, a: AnimalView, lang: str) -> str:
    flags = []  # the card's bottom line in the app, most telling first
    if a.poisoned:
        flags.append(_l("poisoned", lang))
    if a.hibernating:
        flags.append(_l("hibernating", lang))
    elif a.fed:
        flags.append(_l("fed", lang))
    if a.turned:
        flags.append(_l("turned", lang))
    return T.animal_line(a, lang, say, name, lambda card: T.USED if card in a.used else "", flags)


def render(v: ClassicView, lang: str, names: list[str]) -> str:
    turn = f"{_l('turn', lang)} {v.turn}"
    if v.v09:
        turn += f" {_l('of', lang)} {v.length}"
    if v.last:
        turn += f" ({_l('last', lang)})"
    lines = [f"{turn}, {_l('first', lang)}: {names[v.first]}; {_l('deck', lang)} {v.deck_size}"
             + (f", {_l('discard', lang)} {len(v.discard)}" if v.v09 else "")]
    if v.phase in ("feed", "extinction") or v.dice:
        roll = "+".join(str(d) for d in v.dice)
        lines.append(f"{_l('base', lang)}: {v.base} ({_l('roll', lang)} {roll})")
    for seat, p in enumerate(v.players):
        lines.append("")
        head = f"{names[seat]}: {_l('hand', lang)}: {p.hand_size}"
        if v.v09:
            head += f", {_l('score', lang)}: {p.score}"
            if v.personal:
                head += f", {_l('reserve', lang)}: {p.reserve}"
        else:
            head += f", {_l('pile', lang)}: {p.pile_size}"
        lines.append(head)
        if not p.row:
            lines.append(f"  ({_l('none', lang)})")
        for uid in p.row:
            lines.append(_animal(v, v.animals[uid], lang))
        if p.hand:
            lines.append(f"  {_l('hand', lang)}: " + "; ".join(
                card_name(c, lang, v.single_poisonous) for c in p.hand))
    lines += T.attack_lines(v.attack, lang, say)
    if v.pending:
        lines.append(f"{_l('pending', lang)}: " + ", ".join(f"{t.card}→c{t.to}" for t in v.pending))
    lines += T.outcome_lines(v.step, v.winners, v.decider, names, lang, say, lambda: prompt(v, lang))
    return "\n".join(lines)
