"""Words and markup for `classic` things on the table: property chips, food tokens, the
details of an animal or a card, what an attack may meet.

Markup is Textual content markup; colours are theme variables ($classic-red, $classic-attack…),
so every theme file decides how the table looks.
"""

from __future__ import annotations

from core.games.classic import queries as Q
from core.games.classic.data import (
    CARNIVOROUS,
    FAT,
    MIMICRY,
    POISONOUS,
    RUNNING,
    TAIL_LOSS,
    faces,
    food_dice,
    numbers,
    properties,
)
from core.games.classic.view import AnimalView, ClassicView
from core.kits.evolution.animals import card_of
from core.kits.evolution.textview import ROLE_MARK
from tui.i18n import text
from tui.kits.evolution import words as W
from tui.kits.evolution.words import seat_name as seat_name
from tui.markup import esc

KIND = {**W.KIND, "grazing": "food", "parasite": "parasite"}  # a property's colour


def prop_name(pid: str, lang: str) -> str:
    return W.name_of(properties(), pid, lang)


def chip(pid: str, lang: str, width: int = 0) -> str:
    """A property's name in its colour; with `width`, cut to fit it (a hand card)."""
    return W.chip(f"$classic-{KIND.get(pid, 'food')}", prop_name(pid, lang), width)


def card_face(view: ClassicView, card: int) -> tuple[str, ...]:
    return faces(view.single_poisonous)[card]


def food_track(a: AnimalView) -> str:
    """Red and blue food tokens, then the food still missing (hollow)."""
    return W.food_track([("$classic-red", a.red), ("$classic-blue", a.blue)], a.need - a.red - a.blue)


def fat_mark(filled: bool) -> str:
    return "[$classic-fat]◆[/]" if filled else "[dim]◇[/]"


def prop_lines(a: AnimalView, lang: str) -> list[str]:
    """One line per property card: its name, the fat it holds, the partner of a pair, and a
    tick when it was used this turn (or go)."""
    out = []
    fat_seen = 0
    for card, trait, partner, role in zip(a.cards, a.traits, a.partners, a.roles, strict=True):
        line = chip(trait, lang)
        if trait == FAT:
            line += " " + fat_mark(fat_seen < a.fat)
            fat_seen += 1
        if role:
            line += f" [$classic-paired]{ROLE_MARK[role]}c{partner}[/]"
        if card in a.used:
            line = f"[dim]{line} ✓[/]"
        out.append(line)
    return out


def animal_title(a: AnimalView) -> str:
    return f"c{a.uid} {food_track(a)}"


def animal_status(a: AnimalView, lang: str) -> str:
    """The card's bottom line: fed, hibernating, poisoned, turned (most telling first)."""
    parts = []
    if a.poisoned:
        parts.append(f"[$classic-poison]{text('classic.animal.poisoned', lang)}[/]")
    if a.hibernating:
        parts.append(f"[$classic-fed]{text('classic.animal.hibernating', lang)}[/]")
    elif a.fed:
        parts.append(f"[$classic-fed]{text('classic.animal.fed', lang)}[/]")
    if a.turned:
        parts.append(f"[$classic-hungry]{text('classic.animal.turned', lang)}[/]")
    return " ".join(parts)


def animal_body(a: AnimalView, lang: str) -> str:
    lines = prop_lines(a, lang)
    return "\n".join(lines) if lines else f"[dim]{text('classic.animal.no_props', lang)}[/]"


# --- the details panel ---------------------------------------------------------------------

def prop_text(pid: str, lang: str) -> str:
    p = properties().get(pid)
    return esc(p.text(lang)) if p else ""


def animal_details(a: AnimalView, view: ClassicView, names: list[str], lang: str,
                   attacker: int | None = None) -> str:
    """Everything public (and the face, for its owner) about one animal; with `attacker`, what
    an attack by that predator would meet first."""
    lines = []
    if attacker is not None:
        lines += [attack_preview(view, attacker, a.uid, lang), ""]
    need = a.need
    food = a.red + a.blue
    head = text("classic.details.animal", lang, c=f"c{a.uid}", owner=seat_name(names, a.owner))
    lines.append(head)
    lines.append(text("classic.details.food", lang, k=food, n=need, red=a.red, blue=a.blue))
    if a.fat_cards:
        lines.append(text("classic.details.fat", lang, k=a.fat, n=a.fat_cards))
    state = [text("classic.details.hibernating" if a.hibernating else
                  "classic.details.fed" if a.fed else "classic.details.unfed", lang)]
    if a.poisoned:
        state.append(text("classic.details.poisoned", lang))
    if a.turned:
        state.append(text("classic.details.turned", lang))
    if a.slept and not a.hibernating:
        state.append(text("classic.details.slept", lang, k=a.slept))
    lines.append(" ".join(state))
    if a.card is not None:
        face = " / ".join(prop_name(t, lang) for t in card_face(view, a.card))
        lines.append(f"[dim]{text('classic.details.face', lang, card=a.card, face=esc(face))}[/]")
    if not a.cards:
        lines.append(f"[dim]{text('classic.animal.no_props', lang)}[/]")
    told: set[str] = set()
    for card, trait, partner, role in zip(a.cards, a.traits, a.partners, a.roles, strict=True):
        extra = ""
        if role:
            extra = " " + text(f"classic.details.role_{role}", lang, c=f"c{partner}")
        if card in a.used:
            extra += " " + text("classic.details.used", lang)
        about = "" if trait in told else f" — {prop_text(trait, lang)}"  # each effect once
        told.add(trait)
        lines.append(f"• {chip(trait, lang)} [dim]({card})[/]{extra}{about}")
    return "\n".join(lines)


def card_details(card: int, view: ClassicView, lang: str) -> str:
    face = card_face(view, card)
    lines = [text("classic.details.card", lang, card=card)]
    for i, trait in enumerate(face):
        mark = text("classic.details.main" if i == 0 else "classic.details.second", lang)
        lines.append(f"{mark} {chip(trait, lang)} — {prop_text(trait, lang)}")
        p = properties()[trait]
        if p.food:
            lines.append(f"   [dim]{text('classic.details.needs', lang, k=p.food)}[/]")
    return "\n".join(lines)


def formula(n: int, lang: str) -> str:
    """The food dice for `n` players: "1d6+2" (Russian "1к6+2")."""
    dice, bonus = food_dice(n)
    return f"{dice}{text('classic.base.die', lang)}" + (f"+{bonus}" if bonus else "")


def base_details(view: ClassicView, names: list[str], lang: str) -> str:
    """The food base, the turn and the piles: what the base panel stands for."""
    lines = [f"[b]{text('classic.base.title', lang)}[/]"]
    lines.append(base_line(view, lang))
    lines.append(text("classic.base.formula", lang, f=formula(view.n, lang)))
    lines.append(text("classic.details.deck", lang, k=view.deck_size))
    if view.v09:
        lines.append("")
        lines.append(discard_list(view, lang))
    else:
        piles = ", ".join(f"{seat_name(names, i)} {p.pile_size}" for i, p in enumerate(view.players))
        lines.append(text("classic.details.piles", lang, piles=piles))
    return "\n".join(lines)


def base_line(view: ClassicView, lang: str) -> str:
    """The red tokens left and the roll that made them (or that the roll is still to come)."""
    if view.phase == "develop":
        return f"[dim]{text('classic.base.not_rolled', lang, f=formula(view.n, lang))}[/]"
    if not view.dice:  # a prepared position (a lesson's) sets the tokens without a roll
        return text("classic.base.tokens_set", lang, tokens=tokens(view.base), k=view.base)
    roll = "+".join(str(d) for d in view.dice)
    total = sum(view.dice)
    plus = view_bonus(view)
    shown = roll + (f"+{plus}" if plus else "")
    return text("classic.base.tokens", lang, tokens=tokens(view.base), k=view.base, roll=shown,
                total=total + plus)


def view_bonus(view: ClassicView) -> int:
    return food_dice(view.n)[1]


def tokens(n: int) -> str:
    if n <= 0:
        return "[dim]—[/]"
    shown = "●" * min(n, 14)
    return f"[$classic-red]{shown}[/]{'…' if n > 14 else ''}"


def discard_list(view: ClassicView, lang: str) -> str:
    """v0.9: the open common discard pile, grouped by what the cards show."""
    if not view.discard:
        return text("classic.details.discard_empty", lang)
    lines = W.pile_lines(view.discard, lambda c: " / ".join(prop_name(t, lang) for t in card_face(view, c)))
    return "\n".join([text("classic.details.discard", lang, k=len(view.discard)), *lines])


# --- attacks -------------------------------------------------------------------------------

def attack_parts(view: ClassicView, predator: int, prey: int, lang: str) -> tuple[str, str, str]:
    """What an attack of `predator` on `prey` would meet, as plain text: the head, the prey's
    defences (or the food at stake), and the poison warning ("" if none)."""
    v = view.animals[prey]
    p = view.animals[predator]
    bits = []
    if RUNNING in v.traits:
        bits.append(text("classic.preview.running", lang, k=numbers()["running_from"]))
    if MIMICRY in v.traits:
        targets = _mimicry_targets(view, p, v)
        if targets:
            bits.append(text("classic.preview.mimicry", lang,
                             targets=", ".join(f"c{t}" for t in targets)))
        else:
            bits.append(text("classic.preview.mimicry_none", lang))
    if TAIL_LOSS in v.traits:
        bits.append(text("classic.preview.tail", lang, gets=_gets(view, p, v, "tail", lang)))
    head = text("classic.preview.head", lang, c=f"c{predator}", t=f"c{prey}")
    gets = _gets(view, p, v, "kill", lang)
    if bits:
        body = text("classic.preview.defences", lang, list="; ".join(bits), gets=gets)
    else:
        body = text("classic.preview.no_defence", lang, gets=gets)
    poison = text("classic.preview.poisonous", lang, c=f"c{predator}") if POISONOUS in v.traits else ""
    return head, body, poison


def predator_gain(view: ClassicView, predator: AnimalView, prey: AnimalView, why: str) -> tuple[int, int]:
    """(food, fat) blue tokens the predator would get for its prey or a dropped tail (`why`, a
    key of the numbers table) as things are now: GiveFood fills its hunger, then its empty
    Жировой запас (§4.1, CL11); a Симбиоз dependent of an unfed protector gets none (§5.2),
    unless that protector is the prey, eaten first."""
    gone = prey.uid if why == "kill" else 0
    return Q.give(view, predator, numbers()[why], gone)


def _gets(view: ClassicView, p: AnimalView, v: AnimalView, why: str, lang: str) -> str:
    """What the predator gets for its prey `v` or for a tail, in words."""
    food, fat = predator_gain(view, p, v, why)
    if food + fat == 0:
        return text("classic.preview.gets_none", lang, c=f"c{p.uid}")
    key = "classic.preview.gets_fat" if fat else "classic.preview.gets"
    return text(key, lang, k=food + fat, f=fat)


def attack_preview(view: ClassicView, predator: int, prey: int, lang: str) -> str:
    """The attack preview in the details panel (markup)."""
    return W.attack_markup(*attack_parts(view, predator, prey, lang), poison_colour="$classic-poison")


def attack_line(view: ClassicView, predator: int, prey: int, lang: str) -> str:
    """The attack preview as one plain line (the prompt)."""
    return " ".join(x for x in attack_parts(view, predator, prey, lang) if x)


def _mimicry_targets(view: ClassicView, p: AnimalView, v: AnimalView) -> list[int]:
    """Where Мимикрия could send the attack if it started now (the prey targeted first)."""
    if view.mimicry3 and card_of(v, MIMICRY) in view.turn_used:
        return []
    return W.mimicry_targets(view, p, v, lambda x, y: Q.prey_block(view, x, y))


def is_predator(a: AnimalView) -> bool:
    return CARNIVOROUS in a.traits
