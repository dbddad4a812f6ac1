"""A `magic` view as plain text, for `evo show` and logs (the app draws its own widgets)."""

from __future__ import annotations

from core.games.magic.data import cards, sources
from core.games.magic.texts import name, say
from core.games.magic.view import CreatureView, MagicView


def _l(key: str, lang: str) -> str:
    return say(f"label.{key}", lang)


def card_text(card: int, lang: str) -> str:
    a, b = cards()[card]
    return f"{card}: {name(a, lang)} / {name(b, lang)}"


# The app's marks (tui/games/magic/describe.py), without colours.
ENERGY, EMPTY, ACTIVE, ASLEEP = "●", "○", "▶", "Zz"


def energy_track(energy: int) -> str:
    return ENERGY * energy + EMPTY * (4 - energy)


def _creature(v: MagicView, c: CreatureView, lang: str) -> str:
    props = list(c.traits) + (list(v.copied) if c.uid == v.active else [])
    active = c.uid == v.active and v.step not in ("", "over")
    title = f"{ACTIVE if active else ''}c{c.uid} {energy_track(c.energy)}"
    parts = [title + (f" {ASLEEP}" if c.asleep else "")]
    parts.append(", ".join(name(p, lang) for p in props) if props else "—")
    flags = []  # the card's subtitle in the app
    if c.roused:
        flags.append(_l("roused", lang))
    if c.card is not None:
        flags.append(f"#{card_text(c.card, lang)}")
    if flags:
        parts.append(f"[{'; '.join(flags)}]")
    return "  " + "  ".join(parts)


def render(v: MagicView, lang: str, names: list[str]) -> str:
    src = sources()[v.source] if v.source else None
    lines = [
        f"{_l('round', lang)} {v.round}, {_l('first', lang)}: {names[v.first]}; "
        f"{_l('deck', lang)} {v.deck_size}, {_l('discard', lang)} {v.discard_size}",
    ]
    if src is not None:
        upper = f"{_l('above', lang)} {v.upper}"
        if src.key:
            upper += f" ({_l('for', lang)} {name(src.key, lang)})"
        lines.append(f"{_l('source', lang)}: {src.name(lang)} — {_l('below', lang)} {v.lower}, {upper}")
    for seat, p in enumerate(v.players):
        lines.append("")
        head = f"{names[seat]}: {say('label.hand_size', lang, k=p.hand_size)}, " \
               f"{_l('tokens', lang)} {p.tokens}/{p.goal}"
        lines.append(head)
        if not p.row:
            lines.append(f"  ({_l('none', lang)})")
        for uid in p.row:
            lines.append(_creature(v, v.creatures[uid], lang))
        if p.hand is not None and p.hand:
            lines.append(f"  {_l('hand', lang)}: " + "; ".join(card_text(c, lang) for c in p.hand))
    lines.append("")
    if v.winner >= 0:
        lines.append(f"{_l('winner', lang)}: {names[v.winner]}")
    elif v.step:
        target = v.attack.target if v.attack else 0
        prompt = say(f"step.{v.step}", lang, c=v.active, t=target)
        lines.append(f"{_l('now', lang)}: {names[v.decider]} — {prompt}")
    return "\n".join(lines)
