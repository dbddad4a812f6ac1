"""Words and markup for `northstar` things on the table: trait chips coloured as the cards
are, food and fat tokens, a species board, the watering hole, a hand card, and what an attack
meets.

Markup is Textual content markup; colours are theme variables ($ns-red, $ns-plant…), so every
theme file decides how the table looks.
"""

from __future__ import annotations

from typing import Any

from core.games.northstar.data import FAT, card_food, card_traits, numbers, traits
from core.games.northstar.state import species_label
from core.games.northstar.view import NorthStarView, SpeciesView
from tui.i18n import text
from tui.kits.evolution import words as W
from tui.kits.evolution.words import name_of
from tui.kits.evolution.words import seat_name as seat_name
from tui.markup import esc

HIDDEN = "▒"  # a face-down trait card
OFF = "⊘"  # switched off by Intelligence this turn


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"northstar.{key}", lang, **args)


def trait_name(tid: str, lang: str) -> str:
    return name_of(traits(), tid, lang)


def chip(tid: str, lang: str, width: int = 0) -> str:
    """A trait's name in its card colour (red attack, white defence, green feeding, yellow
    population); with `width`, cut to fit it (a hand card)."""
    # A trait of two colours (Climbing: attack and defence) shows its first one.
    colour = traits()[tid].colour.split("/")[0] if tid in traits() else "white"
    return W.chip(f"$ns-{colour}", trait_name(tid, lang), width)


def food_value(card: int) -> str:
    v = card_food()[card]
    return f"{v:+d}".replace("-", "−") if v else "0"


# --- species -------------------------------------------------------------------------------

def food_track(x: SpeciesView) -> str:
    """Plant, meat and fat moved onto the board, then the food still missing (hollow)."""
    return W.food_track([("$ns-plant", x.plant), ("$ns-meat", x.meat), ("$ns-fat", x.fatfood)],
                        x.pop - x.food)


def fat_track(x: SpeciesView) -> str:
    """Fat on the Fat Tissue card (◆) and the room still free (◇); "" without the card."""
    if FAT not in x.traits:
        return ""
    return f"[$ns-fat]{'◆' * x.fat}[/]" + (f"[dim]{'◇' * x.fat_room}[/]" if x.fat_room else "")


def trait_line(x: SpeciesView, i: int, lang: str, off: list[str], compact: bool = False) -> str:
    """One trait card of a species: face down and unseen, face down but known (its owner),
    switched off, or working. Compact: an unseen card is its mark alone (the traits share a
    line there; the help's legend says what ▒ is)."""
    trait = x.traits[i]
    if not trait:
        if compact:
            return f"[dim]{HIDDEN * 2}[/]"
        return f"[dim]{HIDDEN * 2} {esc(_t('species.face_down', lang))}[/]"
    if x.hidden[i]:
        return f"[dim]{HIDDEN} {esc(trait_name(trait, lang))}[/]"
    if trait in off:
        return f"[dim strike]{esc(trait_name(trait, lang))}[/] [dim]{OFF}[/]"
    return chip(trait, lang)


def species_title(x: SpeciesView) -> str:
    mark = " [$ns-red]⚔[/]" if x.carnivore else ""
    return f"[b]{species_label(x.uid)}[/]{mark}"


def species_status(x: SpeciesView, lang: str) -> str:
    if x.hungry:
        return f"[$ns-meat]{esc(_t('species.hungry', lang))}[/]"
    return f"[$ns-plant]{esc(_t('species.fed', lang))}[/]"


def dials(x: SpeciesView, lang: str) -> str:
    return _t("species.dials", lang, p=x.pop, b=x.body)


def species_body(x: SpeciesView, lang: str, off: list[str], compact: bool) -> str:
    """Population and body size, food and fat, then the traits (one line each; compact: the
    tracks and the food on one line, the traits on the next)."""
    food = food_track(x)
    fat = fat_track(x)
    if fat:
        food += f" {fat}"
    lines = [trait_line(x, i, lang, off, compact) for i in range(len(x.traits))]
    if compact:  # the tracks in short ("p3 b2"), the food beside them, the traits in a line
        head = f"{esc(_t('species.dials_short', lang, p=x.pop, b=x.body))} {food}"
        return head + ("\n" + " · ".join(lines) if lines else "")
    if not lines:
        lines = [f"[dim]{esc(_t('species.no_traits', lang))}[/]"]
    return "\n".join([esc(dials(x, lang)), food, *lines])


def species_details(x: SpeciesView, view: NorthStarView, names: list[str], lang: str,
                    attacker: int | None = None) -> str:
    """Everything public (and the face-down traits, for their owner) about one species; with
    `attacker`, what an attack by that carnivore would meet."""
    lines = []
    if attacker is not None and attacker != x.uid:
        lines += [attack_preview(view, attacker, x.uid, lang), ""]
    lines.append(_t("details.species", lang, c=species_label(x.uid),
                    owner=seat_name(names, x.owner)))
    lines.append(esc(_t("details.dials", lang, p=x.pop, b=x.body)))
    lines.append(esc(_t("details.food", lang, k=x.food, n=x.pop, plant=x.plant, meat=x.meat,
                        fat=x.fatfood)))
    if FAT in x.traits:
        lines.append(esc(_t("details.fat", lang, k=x.fat, n=x.fat + x.fat_room)))
    kind = "details.carnivore" if x.carnivore else "details.herbivore"
    state = _t("details.hungry" if x.hungry else "details.fed", lang)
    lines.append(esc(f"{_t(kind, lang)} {state}"))
    if not x.traits:
        lines.append(f"[dim]{esc(_t('species.no_traits', lang))}[/]")
    for i, trait in enumerate(x.traits):
        if not trait:
            lines.append(f"• [dim]{esc(_t('details.face_down', lang))}[/]")
            continue
        note = ""
        if x.hidden[i]:
            note = f" [dim]({esc(_t('details.hidden_own', lang))})[/]"
        elif trait in view.off:
            note = f" [dim]({esc(_t('details.off', lang))})[/]"
        lines.append(f"• {chip(trait, lang)}{note} [dim]({x.cards[i]})[/] — "
                     f"{esc(traits()[trait].text(lang))}")
    return "\n".join(lines)


# --- cards and the watering hole ------------------------------------------------------------

def card_details(card: int, lang: str) -> str:
    trait = card_traits()[card]
    lines = [_t("details.card", lang, card=card, p=chip(trait, lang), v=food_value(card)),
             esc(traits()[trait].text(lang)), "",
             f"[dim]{esc(_t('details.card_uses', lang))}[/]"]
    return "\n".join(lines)


def shown_cards(view: NorthStarView, lang: str, named: bool = True) -> str:
    """The food cards revealed this round: "12 Horns +3, 40 Climbing +1 = +4" (plain); not
    `named`, their food alone, "+3, +1 = +4" (a line of the narrow table: six cards)."""
    names = card_traits()
    bits = [f"{c} {trait_name(names[c], lang)} {food_value(c)}" if named else food_value(c)
            for c in view.shown]
    return ", ".join(bits) + f" = {view.shown_total:+d}"


def hole_details(view: NorthStarView, names: list[str], lang: str) -> str:
    lines = [f"[b]{esc(_t('hole.title', lang))}[/]",
             esc(_t("details.hole", lang, k=view.hole))]
    if view.shown:
        lines.append(esc(_t("details.shown", lang, list=shown_cards(view, lang))))
    chosen = [names[i] for i, p in enumerate(view.players) if p.food_chosen]
    if view.phase in ("food", "play", "before") and chosen:
        lines.append(esc(_t("details.chosen", lang, names=", ".join(chosen))))
    lines.append("")
    lines.append(esc(_t("details.deck", lang, k=view.deck_size, d=len(view.discard))))
    if view.removed_size:
        lines.append(esc(_t("details.removed", lang, k=view.removed_size)))
    if view.last:
        lines.append(f"[b]{esc(_t('details.last', lang, k=view.last))}[/]")
    else:
        lines.append(esc(_t("details.not_last", lang)))
    return "\n".join(lines)


# --- attacks ---------------------------------------------------------------------------------

def _option(view: NorthStarView, attacker: int, target: int) -> Any:
    return next((o for o in view.attacks if o.attacker == attacker and o.target == target), None)


def attack_parts(view: NorthStarView, attacker: int, target: int, lang: str) -> tuple[str, str]:
    """What an attack of `attacker` on `target` would meet, as plain text: the head (sizes)
    and either the defences that stop it or what it brings."""
    a, t = species_label(attacker), species_label(target)
    o = _option(view, attacker, target)
    if o is None:
        return _t("preview.head_plain", lang, c=a, t=t), _t("preview.unknown", lang)
    head = _t("preview.head", lang, c=a, t=t, a=o.attack_size, d=o.defence_size)
    if o.blocked_by:
        why = [_t(f"preview.block.{b}", lang, c=a, t=t, k=numbers()["hard_shell"])
               for b in o.blocked_by]
        return head, _t("preview.blocked", lang, list="; ".join(why))
    if o.fatal:  # Horns take the attacker's last population first: no meat (NS11)
        return head, f'{_t("preview.prey_only", lang, t=t)} {_t("preview.horns_dies", lang, c=a)}'
    # What the attack gives is what is said: no more than fits (Q.meat_taken).
    room = _t("preview.meat_room", lang, m=o.meat) if o.takes < o.meat else ""
    body = _t("preview.meat", lang, k=o.takes, c=a, t=t, room=room)
    if o.horns:
        body += " " + _t("preview.horns", lang, c=a)
    return head, body


def attack_preview(view: NorthStarView, attacker: int, target: int, lang: str) -> str:
    head, body = attack_parts(view, attacker, target, lang)
    return f"[b]{esc(head)}[/] {esc(body)}"


def attack_line(view: NorthStarView, attacker: int, target: int, lang: str) -> str:
    return " ".join(attack_parts(view, attacker, target, lang))
