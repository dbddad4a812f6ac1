"""Words and markup the «Эволюция» games' tables share: a seat's name in its colour, a
property's (trait's) name and its chip, food tokens, the properties in play with their rules.
Markup is Textual content markup; colours are theme variables, so every theme file decides how
the table looks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from core.kits.evolution.shapes import Seen, Table
from core.records import Named
from core.textdata import capitalized
from tui.markup import abbreviate, esc

A = TypeVar("A", bound=Seen)  # a game's animal (of a view)


# What a property both games have is about, for its colour (the games themselves have no
# categories); a game adds its own.
KIND = {
    "carnivorous": "attack", "sharp_vision": "attack",
    "big": "defence", "swimming": "defence", "running": "defence", "mimicry": "defence",
    "tail_loss": "defence", "burrowing": "defence", "camouflage": "defence",
    "poisonous": "defence",
    "fat_tissue": "food", "scavenger": "food", "piracy": "food", "hibernation": "food",
    "communication": "paired", "cooperation": "paired", "symbiosis": "paired",
}


def seat_colour(seat: int) -> str:
    return f"$seat-{seat % 4}"


def seat_name(names: list[str], seat: int, capital: bool = False) -> str:
    name = capitalized(names[seat]) if capital else names[seat]
    return f"[b {seat_colour(seat)}]{esc(name)}[/]"


def name_of(records: Mapping[str, Named], rid: str, lang: str) -> str:
    """A record's name (a property, a trait) by its id; an unknown id as it is."""
    r = records.get(rid)
    return r.name(lang) if r else rid


def chip(colour: str, name: str, width: int = 0) -> str:
    """A name in a theme colour ("$classic-attack"); with `width`, cut to fit it (a hand card)."""
    return f"[{colour}]{esc(abbreviate(name, width) if width else name)}[/]"


def dots(colour: str, k: int) -> str:
    """`k` tokens (●) in a theme colour, "" for none."""
    return f"[{colour}]{'●' * k}[/]" if k > 0 else ""


def rule_lines(ids: Iterable[str], records: Mapping[str, Named], lang: str) -> list[str]:
    """Each known id once, in order, with its rule text: the help's "in play" list."""
    seen: list[str] = []
    for rid in ids:
        if rid and rid not in seen and rid in records:
            seen.append(rid)
    return [f"- **{name_of(records, rid, lang)}** — {records[rid].text(lang)}" for rid in seen]


def food_track(tokens: Iterable[tuple[str, int]], missing: int) -> str:
    """Food tokens by kind (theme colour, count) in order, then the food still missing
    (hollow)."""
    out = "".join(dots(colour, k) for colour, k in tokens)
    return out + (f"[dim]{'○' * missing}[/]" if missing > 0 else "")


# --- attacks and piles --------------------------------------------------------------------------

def attack_markup(head: str, body: str, poison: str = "", poison_colour: str = "") -> str:
    """An attack's preview in the details panel: the head in bold, what it meets, and the
    poison warning in its colour (markup)."""
    out = f"[b]{esc(head)}[/] {esc(body)}"
    return out + (f" [{poison_colour}]{esc(poison)}[/]" if poison else "")


def mimicry_targets(view: Table[A], p: A, v: A,
                    prey_block: Callable[[A, A], str | None]) -> list[int]:
    """Where Мимикрия could send `p`'s attack on `v` if it started now: the prey's owner's other
    animals `p` could attack (`prey_block(p, animal)` is None)."""
    return [u for u in view.players[v.owner].row
            if u not in (v.uid, p.uid) and prey_block(p, view.animals[u]) is None]


def pile_lines(cards: Iterable[int], face: Callable[[int], str]) -> list[str]:
    """An open pile grouped by what the cards show (`face(card)`, plain text), in the order of
    each group's lowest card: "• Хищник ×2 (3, 17)"."""
    groups: dict[str, list[int]] = {}
    for card in sorted(cards):
        groups.setdefault(face(card), []).append(card)
    return [f"• {esc(f)} ×{len(cs)} [dim]({', '.join(str(c) for c in cs)})[/]"
            for f, cs in sorted(groups.items(), key=lambda kv: kv[1][0])]
