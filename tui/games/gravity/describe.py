"""Words and markup for `gravity` things on the table: names, glyphs, cards, routes, details.

Card and board texts come from the core's data (names, abilities, curse and event texts); the
app adds only short labels for the map (tui/texts.toml, [gravity]). Colours are theme
variables ($support, $distrust, $courage, $monster, $char-dipper…), so themes decide the look.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.gravity import queries as Q
from core.games.gravity.data import TELEPORT, board, characters, curses, events, game, monsters
from core.games.gravity.texts import card_name, char_name, curse_name, loc_name, monster_name, say
from tui.i18n import text
from tui.markup import esc

if TYPE_CHECKING:
    from core.games.gravity.view import GravityView

FACES = {"s": ("✔", "$support"), "m": ("⇄", "$courage"), "c": ("✖", "$distrust")}
MONSTER_GLYPH = "☠"


def short(loc: int, lang: str) -> str:
    """A location's name as the map and the option lists show it."""
    return text(f"gravity.short.L{loc:02d}", lang)


def glyph(ch: str, lang: str) -> str:
    return text(f"gravity.glyph.{ch}", lang)


def char_colour(ch: str) -> str:
    return f"$char-{ch}"


def char_chip(ch: str, lang: str) -> str:
    """A character's name in its colour."""
    return f"[b {char_colour(ch)}]{esc(char_name(ch, lang))}[/]"


def monster_chip(mid: str, lang: str) -> str:
    return f"[b $monster]{MONSTER_GLYPH} {esc(monster_name(mid, lang))}[/]"


def tier(mid: str, lang: str) -> str:
    return say(f"tier.{monsters()[mid].params['tier']}", lang)


def tier_dots(mid: str) -> str:
    """A monster's tier as one to three dots (the words are in the details and the rules)."""
    return "●" * (1 + ("easy", "medium", "hard").index(str(monsters()[mid].params["tier"])))


def dice_count(k: int, lang: str) -> str:
    return text("gravity.one_die" if k == 1 else "gravity.dice_n", lang, k=k)


def roads_count(n: int, lang: str) -> str:
    return text("gravity.one_road" if n == 1 else "gravity.roads_n", lang, n=n)


def person_names(view: GravityView, names: list[str]) -> list[str]:
    """Who controls each character (G2): `names` are the session's, indexed by person."""
    out = []
    for seat in range(len(view.chars)):
        person = view.controllers[seat] if seat < len(view.controllers) else seat
        out.append(names[person] if 0 <= person < len(names) else "")
    return out


# --- action cards ------------------------------------------------------------------------------

def card_label(card: str, lang: str) -> str:
    """«3-1» as printed, or the Teleport's name."""
    return card_name(card, lang)


def card_chip(card: str, lang: str, style: str = "$secondary") -> str:
    return f"[{style}]⟨{esc(card_label(card, lang))}⟩[/]"


def card_meaning(card: str, lang: str) -> str:
    """What a card does: distance and resourcefulness in words."""
    a = game().actions[card]
    dice = dice_count(a.dice, lang)
    if a.teleport:
        return text("gravity.card.teleport", lang, dice=dice)
    if a.distance == 0:
        return text("gravity.card.stay", lang, dice=dice)
    return text("gravity.card.walk", lang, roads=roads_count(a.distance, lang), dice=dice)


def teleport_text(ch: str, lang: str) -> str:
    """The character's Teleport card as printed: "Teleport: to …"."""
    return str(characters()[ch].params["teleport_ru" if lang == "ru" else "teleport_en"])


def teleport_line(ch: str, lang: str) -> str:
    """The Teleport card with its name in bold, named once (markup)."""
    name = card_label(TELEPORT, lang)
    body = teleport_text(ch, lang)
    rest = body[len(name) + 1:].lstrip() if body.startswith(f"{name}:") else body
    return f"[b]{esc(name)}:[/] {esc(rest)}"


# --- routes ------------------------------------------------------------------------------------
# (the rules' queries read a view as the state it shows: they say so in their types)

def route(view: GravityView, seat: int, card: str, dest: int) -> tuple[int, ...]:
    """The route a distance card walks to `dest`: start first (the path the rules will record)."""
    return Q.route(view, seat, card, dest)


def route_steps(view: GravityView, route: tuple[int, ...], lang: str, tokens: bool = True) -> str:
    """A route as the map's info line says it (markup): the start, then each location entered with
    the tokens, courage die and monsters it holds now (unless `tokens` is False)."""
    parts = [esc(short(route[0], lang))]
    for loc in route[1:]:
        mark = tokens_mark(view, loc) if tokens else ""
        parts.append(f"{esc(short(loc, lang))} {mark}" if mark else esc(short(loc, lang)))
    return " → ".join(parts)


def tokens_mark(view: GravityView, loc: int) -> str:
    """A location's tokens as the map shows them (+support-distrust), its die and monsters; ""
    for a location with none of them."""
    p = view.places[loc - 1]
    bits = [f"[$support]+{p.support}[/][$distrust]-{p.distrust}[/]"] if p.support or p.distrust else []
    if p.die:
        bits.append("[$courage]◆[/]")
    mons = sum(1 for m in view.monsters if m.loc == loc)
    if mons:
        bits.append(f"[$monster]{MONSTER_GLYPH * mons}[/]")
    return " ".join(bits)


def forecast(view: GravityView, seat: int, card: str, loc: int, lang: str) -> str:
    """The roll `card` brings at `loc` with its tokens now: "5 dice", or "11 dice → 7 rolled +
    4 curses" beyond the cap (G14, G15)."""
    wanted, rolled, excess = Q.roll_forecast(view, seat, card, loc)
    if excess:
        return text("gravity.forecast.over", lang, k=wanted, r=rolled, x=excess)
    return text("gravity.forecast.dice", lang, k=wanted)


def roll_ahead(view: GravityView, lang: str) -> str:
    """The roll this turn's card will make, before it is made (the dice line), or ""."""
    if not view.chars or view.result or view.rested or not view.card or view.dice or view.roll_for:
        return ""
    if view.stage not in ("t3", "t4", "t4_pull", "t5") or view.card not in game().actions:
        return ""
    c = view.chars[view.active]
    a = game().actions[view.card]
    sup = view.places[c.loc - 1].support
    fewer = Q.fewer(c)
    less = text("gravity.dice.less", lang, n=fewer, curse=curse_name("C09", lang)) if fewer else ""
    dice = forecast(view, view.active, view.card, c.loc, lang)
    mons = Q.monster_at(view, c.loc)
    args = {"card": card_chip(view.card, lang), "base": a.dice, "sup": sup, "less": esc(less), "dice": dice}
    if mons:
        target = view.target or ("M2" if view.giant_stop else mons[0].id if len(mons) == 1 else "")
        if target:
            return text("gravity.dice.ahead_fight", lang, m=esc(monster_name(target, lang)), **args)
        return text("gravity.dice.ahead_fight_any", lang, **args)
    return text("gravity.dice.ahead_persuade", lang, **args)


# --- one location -------------------------------------------------------------------------------

def figures_at(view: GravityView, loc: int) -> tuple[list[int], list[str]]:
    chars = [i for i, c in enumerate(view.chars) if c.loc == loc]
    mons = [m.id for m in view.monsters if m.loc == loc]
    return chars, mons


def place_line(view: GravityView, loc: int, lang: str) -> str:
    """One line about a location (the map's info line): name, tokens, die, figures."""
    p = view.places[loc - 1]
    chars, mons = figures_at(view, loc)
    bits = [f"[b]{loc}[/] {esc(loc_name(loc, lang))}",
            text("gravity.place.tokens", lang, s=p.support, d=p.distrust)]
    if p.die:
        bits.append(f"[$courage]◆ {text('gravity.place.die', lang)}[/]")
    bits += [char_chip(view.chars[i].id, lang) for i in chars]
    bits += [monster_chip(m, lang) for m in mons]
    return " · ".join(bits)


def place_details(view: GravityView, loc: int, lang: str) -> str:
    """Everything about a location: tokens, die, who is there, neighbours, distance."""
    p = view.places[loc - 1]
    lines = [f"[b]{loc} · {esc(loc_name(loc, lang))}[/]",
             text("gravity.place.tokens_long", lang, s=p.support, d=p.distrust)]
    if p.die:
        lines.append(f"[$courage]◆[/] {text('gravity.place.die_here', lang)}")
    chars, mons = figures_at(view, loc)
    for i in chars:
        lines.append(f"{char_chip(view.chars[i].id, lang)}")
    for m in mons:
        lines.append(f"{monster_chip(m, lang)} — {esc(monsters()[m].text(lang))}")
    nbrs = ", ".join(f"{n} {short(n, lang)}" for n in board().neighbours[loc])
    lines.append(text("gravity.place.neighbours", lang, list=nbrs))
    if view.chars and not view.result:
        here = view.chars[view.active].loc
        if here != loc:
            d = board().distance[here][loc]
            lines.append(text("gravity.place.distance", lang, ch=char_name(view.chars[view.active].id, lang),
                              roads=roads_count(d, lang)))
    return "\n".join(lines)


# --- characters, monsters, curses, events ----------------------------------------------------

def ability_text(ch: str, lang: str) -> str:
    return characters()[ch].text(lang)


def curse_chip(cur: str, new: bool, lang: str) -> str:
    """A curse held; one taken this turn is marked (it cannot be removed before the next turn)."""
    mark = f" [$accent]{text('gravity.new', lang)}[/]" if new else ""
    return f"[$distrust]{esc(curse_name(cur, lang))}[/]{mark}"


def char_details(view: GravityView, seat: int, names: list[str], lang: str) -> str:
    c = view.chars[seat]
    who = person_names(view, names)[seat]
    lines = [f"{char_chip(c.id, lang)} ({esc(who)}) — {esc(loc_name(c.loc, lang))}",
             f"[b]{text('gravity.ability', lang)}:[/] {esc(ability_text(c.id, lang))}",
             teleport_line(c.id, lang)]
    if c.hand:
        lines.append(f"[b]{text('gravity.hand', lang)}:[/]")
        lines += [f"  {card_chip(card, lang)} {esc(card_meaning(card, lang))}" for card in c.hand]
    lines.append(text("gravity.piles", lang, deck=len(c.deck),
                      discard=", ".join(card_label(x, lang) for x in c.discard) or "—"))
    for cur, t in zip(c.curses, c.gained, strict=True):
        new = t == view.turn
        lines.append(f"{curse_chip(cur, new, lang)} — {esc(curses()[cur].text(lang))}")
    return "\n".join(lines)


def monster_details(mid: str, lang: str) -> str:
    m = monsters()[mid]
    return f"{monster_chip(mid, lang)} · {tier(mid, lang)} — {esc(m.text(lang))}"


def event_details(ev: str, lang: str) -> str:
    e = events()[ev]
    return f"[b]{ev} «{esc(e.name(lang))}»[/] — {esc(e.text(lang))}"


def faces(dice: str) -> str:
    """A roll face by face: ✔ success, ⇄ movement, ✖ curse."""
    return " ".join(f"[b {FACES[f][1]}]{FACES[f][0]}[/]" for f in dice)
