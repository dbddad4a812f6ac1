"""Words and markup for `newworld` things on the table: property chips, food and shelter
tokens, habitats with their access, the details of an animal, a habitat or a card, and what an
attack may meet.

Markup is Textual content markup; colours are theme variables ($nw-red, $nw-attack…), so every
theme file decides how the table looks.
"""

from __future__ import annotations

from core.games.newworld import queries as Q
from core.games.newworld.data import (
    DETERRENCE,
    HORNED,
    MIMICRY,
    NEGATIVE,
    NO_PROPERTY,
    POISONOUS,
    RUNNING,
    TAIL_LOSS,
    faces,
    numbers,
    properties,
)
from core.games.newworld.texts import habitat_name
from core.games.newworld.view import AnimalView, HabitatView, NewWorldView
from core.kits.evolution.textview import ROLE_MARK
from tui.i18n import text
from tui.kits.evolution import words as W
from tui.kits.evolution.words import seat_name as seat_name
from tui.markup import esc

KIND = {  # a property's colour
    **W.KIND, "intellect": "attack", "nocturnal": "defence", "horned": "defence",
    "deterrence": "defence", "herding": "defence", "transformation": "food", "hoofed": "food",
    "cosmopolitan": "food", "partnership": "paired",
    "parasite": "negative", "dev_error": "negative", "stasis": "negative",
}
ROTATED = "↻"
USED = "✓"
SHELTER = "⌂"


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"newworld.{key}", lang, **args)


def prop_name(pid: str, lang: str) -> str:
    return W.name_of(properties(), pid, lang)


def chip(pid: str, lang: str, width: int = 0) -> str:
    """A property's name in its colour; with `width`, cut to fit it (a hand card)."""
    return W.chip(f"$nw-{KIND.get(pid, 'food')}", prop_name(pid, lang), width)


def card_face(card: int) -> tuple[str, str]:
    return faces()[card]


def side_of(card: int, trait: str) -> str:
    """"a" when `trait` is the card's main property, "b" when its short one."""
    return "b" if faces()[card][1] == trait and faces()[card][0] != trait else "a"


def hab_name(kind: str, lang: str) -> str:
    return habitat_name(kind, lang)


# --- animals ---------------------------------------------------------------------------------

def food_track(a: AnimalView) -> str:
    """Red and blue food tokens, then the food still missing (hollow)."""
    return W.food_track([("$nw-red", a.red), ("$nw-blue", a.blue)], a.need - a.red - a.blue)


def fat_mark(filled: bool) -> str:
    return "[$nw-fat]◆[/]" if filled else "[dim]◇[/]"


def prop_lines(a: AnimalView, lang: str) -> list[str]:
    """One line per property card: its name, the fat it holds, the partner of a pair (the
    direction of a Симбиоз), rotated (↻) or used this turn (✓)."""
    out = []
    fat_seen = 0
    for card, trait, partner, role in zip(a.cards, a.traits, a.partners, a.roles, strict=True):
        line = chip(trait, lang)
        if trait == "fat_tissue":
            line += " " + fat_mark(fat_seen < a.fat)
            fat_seen += 1
        if role:
            line += f" [$nw-paired]{ROLE_MARK[role]}c{partner}[/]"
        marks = (ROTATED if card in a.rotated else "") + (USED if card in a.used else "")
        if marks:
            line = f"[dim]{line} {marks}[/]"
        out.append(line)
    return out


def animal_title(a: AnimalView) -> str:
    return f"c{a.uid} {food_track(a)}"


def animal_status(a: AnimalView, lang: str) -> str:
    """The card's bottom line: poisoned, sheltered, hibernating, fed (most telling first)."""
    parts = []
    if a.poisoned:
        parts.append(f"[$nw-poison]{_t('animal.poisoned', lang)}[/]")
    if a.shelter:
        parts.append(f"[$nw-shelter]{SHELTER}[/]")
    if a.slept:
        parts.append(f"[$nw-fed]{_t('animal.slept', lang)}[/]")
    elif a.fed:
        parts.append(f"[$nw-fed]{_t('animal.fed', lang)}[/]")
    return " ".join(parts)


def animal_body(a: AnimalView, lang: str) -> str:
    lines = prop_lines(a, lang)
    return "\n".join(lines) if lines else f"[dim]{_t('animal.no_props', lang)}[/]"


# --- habitats --------------------------------------------------------------------------------

def need_text(needs: str, lang: str) -> str:
    """A habitat's access condition in words (plain text)."""
    if not needs:
        return _t("habitat.open", lang)
    if needs == NO_PROPERTY:
        return _t("habitat.no_props", lang)
    return prop_name(needs, lang)


def habitat_title(h: HabitatView, lang: str) -> str:
    return f"{esc(hab_name(h.kind, lang))}"


def habitat_need(h: HabitatView, lang: str) -> str:
    """The bottom line of a habitat: who may use it (markup)."""
    if h.swamp:
        return f"[dim]{esc(_t('habitat.swamp_short', lang))}[/]"
    if not h.needs:
        return f"[dim]{esc(_t('habitat.open', lang))}[/]"
    if h.needs == NO_PROPERTY:
        return f"[b]{esc(_t('habitat.no_props', lang))}[/]"
    return f"⚑ {chip(h.needs, lang)}"


def habitat_tokens(h: HabitatView) -> str:
    """Red food left (the rest of what H2 fills it to hollow) and the shelter discs."""
    full = max(h.printed_red, h.red)
    out = f"[$nw-red]{'●' * h.red}[/]" if h.red else ""
    if full > h.red:
        out += f"[dim]{'○' * (full - h.red)}[/]"
    if not out:
        out = "[dim]—[/]"
    if h.printed_shelter or h.shelter:
        out += " " + (f"[$nw-shelter]{SHELTER * h.shelter}[/]" if h.shelter else "")
        if h.printed_shelter > h.shelter:
            out += f"[dim]{SHELTER * (h.printed_shelter - h.shelter)}[/]"
    return out


def habitat_body(h: HabitatView) -> str:
    return f"[b]h{h.key}[/] {habitat_tokens(h)}"


def habitat_line(h: HabitatView, lang: str) -> str:
    """A habitat on one line (a short terminal): key, name, tokens, the property needed."""
    need = ""
    if h.needs == NO_PROPERTY:
        need = f" ⚑[b]{esc(_t('habitat.no_props', lang))}[/]"
    elif h.needs:
        need = f" ⚑{chip(h.needs, lang)}"
    return f"[b]h{h.key}[/] {esc(hab_name(h.kind, lang))} {habitat_tokens(h)}{need}"


def habitat_details(h: HabitatView, view: NewWorldView, names: list[str], lang: str, seat: int) -> str:
    """A habitat in full: its card, who may use it, its tokens, and which of `seat`'s animals
    could feed or take shelter in it now."""
    lines = [_t("details.habitat", lang, h=f"h{h.key}", name=esc(hab_name(h.kind, lang)),
                card=h.card)]
    if h.key[-1:] in ("u", "l"):
        other = "l" if h.key.endswith("u") else "u"
        twin = next((x for x in view.habitats if x.key == h.key[:-1] + other), None)
        half = _t("details.upper" if h.key.endswith("u") else "details.lower", lang)
        if twin is not None:
            half += " " + _t("details.twin", lang, h=f"h{twin.key}",
                             name=esc(hab_name(twin.kind, lang)))
        lines.append(half)
    if h.swamp:
        lines.append(_t("details.swamp", lang, gain=numbers()["swamp_gain_max"],
                        most=numbers()["swamp_max"]))
    elif not h.needs:
        lines.append(_t("details.access_open", lang))
    elif h.needs == NO_PROPERTY:
        lines.append(_t("details.access_none", lang))
    else:
        lines.append(_t("details.access", lang, p=chip(h.needs, lang)))
    lines.append(_t("details.tokens", lang, red=h.red, shelter=h.shelter,
                    printed=h.printed_red if not h.swamp else "1",
                    pshelter=h.printed_shelter))
    if view.habitats and view.habitats[-1].card == h.card:
        lines.append(f"[dim]{_t('details.rightmost', lang)}[/]")
    mine = [view.animals[u] for u in view.players[seat].row]
    if mine:
        ok = [a for a in mine if _accessible(h, a)]
        if ok:
            lines.append(_t("details.open_to", lang, animals=", ".join(f"c{a.uid}" for a in ok)))
        else:
            lines.append(_t("details.open_to_none", lang))
    return "\n".join(lines)


def _accessible(h: HabitatView, a: AnimalView) -> bool:
    """§6.1, on views (the queries read a state's habitat by its kind)."""
    return Q.accessible(h, a)


def stack_details(view: NewWorldView, lang: str) -> str:
    """The habitat stack, the decks and the discard piles."""
    lines = [f"[b]{_t('stack.title', lang)}[/]"]
    lines.append(_t("details.stack", lang, k=view.hstack_size))
    lines.append(_t("habitats.title", lang) + ".")
    if view.last:
        lines.append(_t("details.stack_last", lang))
    lines.append(_t("details.deck", lang, k=view.deck_size))
    if view.hdiscard:
        kinds = [" / ".join(hab_name(k, lang) for k in _card_kinds(c)) for c in view.hdiscard]
        lines.append(_t("details.hdiscard", lang, list=esc(", ".join(kinds))))
    lines.append("")
    lines.append(discard_list(view, lang))
    return "\n".join(lines)


def _card_kinds(card: int) -> list[str]:
    from core.games.newworld.data import habitat_cards

    return [kind for _, kind in habitat_cards()[card]]


def discard_list(view: NewWorldView, lang: str) -> str:
    """The open evolution discard pile, grouped by what the cards show."""
    if not view.discard:
        return _t("details.discard_empty", lang)
    lines = W.pile_lines(view.discard, lambda c: " / ".join(prop_name(t, lang) for t in card_face(c)))
    return "\n".join([_t("details.discard", lang, k=len(view.discard)), *lines])


# --- the details panel -----------------------------------------------------------------------

def prop_text(pid: str, lang: str) -> str:
    p = properties().get(pid)
    return esc(p.text(lang)) if p else ""


def animal_details(a: AnimalView, view: NewWorldView, names: list[str], lang: str,
                   attacker: int | None = None) -> str:
    """Everything public (and the face, for its owner) about one animal; with `attacker`,
    what an attack by that predator would meet."""
    lines = []
    if attacker is not None and attacker != a.uid:
        lines += [attack_preview(view, attacker, a.uid, lang), ""]
    lines.append(_t("details.animal", lang, c=f"c{a.uid}", owner=seat_name(names, a.owner)))
    lines.append(_t("details.food", lang, k=a.red + a.blue, n=a.need, red=a.red, blue=a.blue))
    if a.fat_cards:
        lines.append(_t("details.fat", lang, k=a.fat, n=a.fat_cards))
    state = [_t("details.fed" if a.fed else "details.hungry", lang)]
    if a.fed and a.can_take:
        state.append(_t("details.fat_room", lang))
    if a.shelter:
        state.append(_t("details.shelter", lang))
    if a.poisoned:
        state.append(_t("details.poisoned", lang))
    if a.slept:
        state.append(_t("details.slept", lang))
    lines.append(" ".join(state))
    if a.card is not None:
        face = " / ".join(prop_name(t, lang) for t in card_face(a.card))
        lines.append(f"[dim]{_t('details.face', lang, card=a.card, face=esc(face))}[/]")
    if not a.cards:
        lines.append(f"[dim]{_t('animal.no_props', lang)}[/]")
    told: set[str] = set()
    for card, trait, partner, role in zip(a.cards, a.traits, a.partners, a.roles, strict=True):
        side = _t("details.short" if side_of(card, trait) == "b" else "details.main", lang)
        extra = ""
        if role:
            extra = " " + _t(f"details.role_{role}", lang, c=f"c{partner}")
        if card in a.rotated:
            extra += " " + _t("details.rotated", lang)
        if card in a.used:
            extra += " " + _t("details.used", lang)
        about = "" if trait in told else f" — {prop_text(trait, lang)}"  # each effect once
        told.add(trait)
        lines.append(f"• {chip(trait, lang)} [dim]({card}{side_of(card, trait)}, {side})[/]"
                     f"{extra}{about}")
    return "\n".join(lines)


def card_details(card: int, lang: str) -> str:
    main, short = card_face(card)
    lines = [_t("details.card", lang, card=card)]
    for i, trait in enumerate((main, short)):
        mark = _t("details.main_side" if i == 0 else "details.short_side", lang)
        lines.append(f"{mark} {chip(trait, lang)} — {prop_text(trait, lang)}")
        p = properties()[trait]
        bits = []
        if p.food:
            bits.append(_t("details.needs", lang, k=p.food))
        if p.paired:
            bits.append(_t("details.paired", lang))
        if trait in NEGATIVE:
            bits.append(_t("details.negative", lang))
        if bits:
            lines.append(f"   [dim]{esc('; '.join(bits))}[/]")
    return "\n".join(lines)


# --- attacks ---------------------------------------------------------------------------------

def attack_parts(view: NewWorldView, predator: int, prey: int, lang: str) -> tuple[str, str, str]:
    """What an attack of `predator` on `prey` would meet, as plain text: the head, the prey's
    active defences (or the food at stake), and the poison warning ("" if none)."""
    v = view.animals[prey]
    p = view.animals[predator]
    n = numbers()
    bits = []
    for trait in v.traits:
        if trait == HORNED:
            bits.append(_t("preview.horned", lang, k=n["horned_from"]))
        elif trait == RUNNING:
            bits.append(_t("preview.running", lang, k=n["running_from"]))
        elif trait == MIMICRY:
            card = v.cards[v.traits.index(MIMICRY)]
            targets = [] if card in v.rotated else _mimicry_targets(view, p, v)
            if targets:
                bits.append(_t("preview.mimicry", lang,
                               targets=", ".join(f"c{t}" for t in targets)))
            else:
                bits.append(_t("preview.mimicry_none", lang))
        elif trait == TAIL_LOSS:
            bits.append(_t("preview.tail", lang, gets=_gets(view, p, v, "tail", lang)))
        elif trait == DETERRENCE:
            bits.append(_t("preview.deterrence", lang))
    ignored = _ignored(view, p, v)
    head = _t("preview.head", lang, c=f"c{predator}", t=f"c{prey}")
    gets = _gets(view, p, v, "kill", lang)
    if bits:
        body = _t("preview.defences", lang, list="; ".join(bits), gets=gets)
    else:
        body = _t("preview.no_defence", lang, gets=gets)
    if ignored:
        body += " " + _t("preview.ignored", lang, list=", ".join(prop_name(t, lang) for t in ignored))
    poison = _t("preview.poisonous", lang, c=f"c{predator}") if POISONOUS in v.traits else ""
    return head, body, poison


def predator_gain(view: NewWorldView, predator: AnimalView, prey: AnimalView, why: str) -> tuple[int, int]:
    """(food, fat) blue tokens the predator would get for its prey or a dropped tail (`why`, a
    key of the numbers table) as things are now: GiveFood fills its hunger, then its empty
    Жировой запас (§4.1, NW5); a Симбиоз dependent of a hungry protector gets none (NW30),
    unless that protector is the prey, eaten first."""
    gone = prey.uid if why == "kill" else 0
    return Q.give(view, predator, numbers()[why], gone)


def _gets(view: NewWorldView, p: AnimalView, v: AnimalView, why: str, lang: str) -> str:
    """What the predator gets for its prey `v` or for a tail, in words."""
    food, fat = predator_gain(view, p, v, why)
    if food + fat == 0:
        gone = v.uid if why == "kill" else 0
        return _t("preview.gets_blocked" if Q.blocked(view, p, gone) else "preview.gets_full",
                  lang, c=f"c{p.uid}")
    key = "preview.gets_fat" if fat else "preview.gets"
    return _t(key, lang, k=food + fat, f=fat)


def _ignored(view: NewWorldView, p: AnimalView, v: AnimalView) -> list[str]:
    """The static defences the predator would ignore (Интеллект, Ошибка развития, NW18)."""
    return Q.unsatisfied(view, p, v)


def attack_preview(view: NewWorldView, predator: int, prey: int, lang: str) -> str:
    """The attack preview in the details panel (markup)."""
    return W.attack_markup(*attack_parts(view, predator, prey, lang), poison_colour="$nw-poison")


def attack_line(view: NewWorldView, predator: int, prey: int, lang: str) -> str:
    """The attack preview as one plain line (the prompt)."""
    return " ".join(x for x in attack_parts(view, predator, prey, lang) if x)


def _mimicry_targets(view: NewWorldView, p: AnimalView, v: AnimalView) -> list[int]:
    """Where Мимикрия could send the attack if it started now (the prey targeted first)."""
    return W.mimicry_targets(view, p, v, lambda x, y: Q.prey_block(view, x, y))
