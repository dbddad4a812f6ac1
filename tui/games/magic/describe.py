"""Words and markup for `magic` things on the table: property chips, energy tracks, details.

Markup is Textual content markup; colours are theme variables ($prop-aggressive, $energy…),
so every theme file decides how the table looks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.magic.data import cards, properties, sources
from tui.i18n import text
from tui.kits.evolution.words import name_of
from tui.kits.evolution.words import seat_name as seat_name
from tui.markup import abbreviate, esc

if TYPE_CHECKING:
    from core.games.magic.view import CreatureView, MagicView

FULL = 4


def goal(view: MagicView, seat: int) -> int:
    return view.players[seat].goal


def prop_name(pid: str, lang: str) -> str:
    return name_of(properties(), pid, lang)


def chip(pid: str, lang: str, copied: bool = False, width: int = 0) -> str:
    """A property's name in its colour; with `width`, cut to fit it (a hand card)."""
    p = properties().get(pid)
    colour = f"$prop-{p.category}" if p else "$foreground"
    mark = "≈" if copied else ""
    style = f"{colour} italic" if copied else colour
    name = prop_name(pid, lang)
    return f"[{style}]{mark}{esc(abbreviate(name, width) if width else name)}[/]"


def energy_track(energy: int) -> str:
    energy = max(0, min(FULL, energy))
    filled = "●" * energy
    empty = "○" * (FULL - energy)
    return f"[$energy]{filled}[/][dim]{empty}[/]"


def creature_title(cv: CreatureView, view: MagicView) -> str:
    active = view.active == cv.uid and view.step not in ("", "over")
    mark = "▶" if active else ""
    sleep = " [$asleep]Zz[/]" if cv.asleep else ""
    return f"{mark}c{cv.uid} {energy_track(cv.energy)}{sleep}"


def creature_body(cv: CreatureView, view: MagicView, lang: str) -> str:
    lines = [chip(t, lang) for t in cv.traits]
    if view.active == cv.uid:
        lines += [chip(t, lang, copied=True) for t in view.copied]
    return "\n".join(lines) if lines else f"[dim]{text('magic.card.no_props', lang)}[/]"


def creature_subtitle(cv: CreatureView, lang: str) -> str:
    parts = []
    if cv.roused:
        parts.append(text("magic.card.roused", lang))
    if cv.card is not None:
        parts.append(text("magic.card.face", lang, card=cv.card))
    return " ".join(parts)


HAND_TEXT = 16  # the cells inside a hand card (game.tcss: .handcard, 20 less border and padding)


def hand_card_body(card: int, lang: str) -> str:
    a, b = cards()[card]
    fit = HAND_TEXT - 2  # after "A "
    return f"[dim]A[/] {chip(a, lang, width=fit)}\n[dim]B[/] {chip(b, lang, width=fit)}"


def prop_line(pid: str, lang: str) -> str:
    p = properties()[pid]
    return f"{chip(pid, lang)} — {esc(p.text(lang))}"


def creature_details(cv: CreatureView, view: MagicView, names: list[str], lang: str) -> str:
    """Everything public (and the face, for its owner) about one creature."""
    state = text("magic.card.asleep" if cv.asleep else "magic.card.awake", lang)
    head = text("magic.details.creature", lang, c=f"c{cv.uid}", owner=seat_name(names, cv.owner),
                e=cv.energy, state=state)
    lines = [head]
    if cv.card is not None:
        a, b = cards()[cv.card]
        lines.append(text("magic.details.face", lang, card=cv.card, a=prop_name(a, lang),
                          b=prop_name(b, lang)))
    if cv.roused:
        lines.append(text("magic.details.roused", lang))
    traits = list(cv.traits) + (list(view.copied) if view.active == cv.uid else [])
    if not traits:
        lines.append(f"[dim]{text('magic.card.no_props', lang)}[/]")
    for t in traits:
        lines.append("• " + prop_line(t, lang))
    return "\n".join(lines)


def card_details(card: int, lang: str) -> str:
    a, b = cards()[card]
    return "\n".join([text("magic.details.card", lang, card=card), "A • " + prop_line(a, lang),
                      "B • " + prop_line(b, lang)])


def source_name(sid: str, lang: str) -> str:
    s = sources().get(sid)
    return s.name(lang) if s else sid


def source_key(sid: str) -> str | None:
    s = sources().get(sid)
    return s.key if s else None


def card_names(card: int) -> list[str]:
    """What a search for a hand card may start with: its properties' names in both languages."""
    return [prop_name(prop, lang) for prop in cards()[card] for lang in ("ru", "en")]


def _signed(lo: int, hi: int) -> str:
    def one(n: int) -> str:
        return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"
    return one(lo) if lo == hi else f"{one(lo)}…{one(hi)}"


def attack_preview(view: MagicView, attacker: int, target: int, props: tuple[str, ...], lang: str,
                   plain: bool = False) -> str:
    """The attack worked out before it is made: each property's fate (✓, ✗, ? when it depends
    on the card Огнедышащее burns), the energy the attacker gains or loses and the target loses
    (MC-R19, MC-R20, MC-R32). Markup, or `plain` text for the prompt."""
    from core.games.magic.queries import attack_preview as work_out

    a, t = view.creatures[attacker], view.creatures[target]
    pv = work_out(view, a, t, props)
    glyph = {"ok": "✓", "fail": "✗", "maybe": "?"}
    style = {"ok": "$success", "fail": "$error", "maybe": "$warning"}

    def marked(p: str, f: str) -> str:
        if plain:
            return f"{prop_name(p, lang)} {glyph[f]}"
        return f"{esc(prop_name(p, lang))} [{style[f]}]{glyph[f]}[/]"

    shown = " · ".join(marked(p, f) for p, f in pv.fates)
    out = text("magic.preview.line", lang, props=shown, c=f"c{attacker}", gain=_signed(*pv.gain))
    if pv.drain != (0, 0):
        out += text("magic.preview.drain", lang, t=f"c{target}", drain=_signed(*pv.drain))
    notes = []
    if pv.thorns != "no":
        notes.append(text(f"magic.preview.{'thorns' if pv.thorns == 'yes' else 'thorns_maybe'}", lang))
    if any(f == "maybe" for _, f in pv.fates):
        notes.append(text("magic.preview.maybe", lang))
    if notes:
        note = "; ".join(notes)
        out += f" ({note})" if plain else f" [dim]({esc(note)})[/]"
    return out
