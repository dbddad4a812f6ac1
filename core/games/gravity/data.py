"""Data of «Гравити Фолз», read once from the TOML files in data/ (spec §2, §6-8).

Everything the spec marks as reconstructed (the board, the alarm track, tiers, ability numbers,
curse and event texts) lives in those files, so real data can replace them (G1). The road
graph's neighbour lists and all-pairs distances are computed here once.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Final

import msgspec

from core.datafile import read_toml

DATA_DIR = Path(__file__).parent / "data"

CHARACTERS: Final = ("dipper", "mabel", "stan", "wendy", "soos")
TIERS: Final = ("easy", "medium", "hard")
TELEPORT: Final = "tp"


def _read(name: str) -> dict[str, Any]:
    return read_toml(DATA_DIR / name)


class Location(msgspec.Struct, frozen=True):
    id: int
    ru: str
    en: str
    support: int
    x: int
    y: int
    three_plus: bool = False
    rulebook: bool = False

    def name(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


class Board(msgspec.Struct, frozen=True):
    locations: dict[int, Location]
    roads: tuple[tuple[int, int], ...]
    neighbours: dict[int, tuple[int, ...]]  # ascending
    distance: dict[int, dict[int, int]]  # roads between two locations (G29)

    @property
    def ids(self) -> list[int]:
        return sorted(self.locations)


class ActionCard(msgspec.Struct, frozen=True):
    id: str
    distance: int
    dice: int
    teleport: bool = False


class Named(msgspec.Struct, frozen=True):
    """A character, monster, curse or event: names, texts and its own numbers."""

    id: str
    ru: str
    en: str
    text_ru: str
    text_en: str
    params: dict[str, Any] = msgspec.field(default_factory=dict)

    def name(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    def text(self, lang: str) -> str:
        return self.text_ru if lang == "ru" else self.text_en

    def num(self, key: str) -> int:
        return int(self.params[key])


class Game(msgspec.Struct, frozen=True):
    tokens: int
    courage_dice: int
    cap: int
    hand: int
    row: int
    monsters: int
    faces: str  # the die's faces in RNG order, one letter each (s, m, c)
    alarm_max: int
    marks: tuple[tuple[int, str], ...]  # (division, effect), ascending
    shrunk_row: int
    kids_effects: tuple[str, ...]
    difficulty: dict[str, int]
    three_plus_from: int
    actions: dict[str, ActionCard]


@cache
def board() -> Board:
    raw = _read("board.toml")
    locs = {}
    for entry in raw["location"]:
        loc = Location(**entry)
        locs[loc.id] = loc
    roads = tuple((min(a, b), max(a, b)) for a, b in raw["roads"])
    nbrs: dict[int, set[int]] = {i: set() for i in locs}
    for a, b in roads:
        nbrs[a].add(b)
        nbrs[b].add(a)
    neighbours = {i: tuple(sorted(n)) for i, n in nbrs.items()}
    distance: dict[int, dict[int, int]] = {}
    for start in locs:  # breadth first, a ring of locations at a time
        dist = {start: 0}
        ring, d = [start], 0
        while ring:
            d += 1
            found = []
            for u in ring:
                for v in neighbours[u]:
                    if v not in dist:
                        dist[v] = d
                        found.append(v)
            ring = found
        distance[start] = dist
    return Board(locs, roads, neighbours, distance)


@cache
def game() -> Game:
    raw = _read("game.toml")
    comp, alarm = raw["components"], raw["alarm"]
    actions = {}
    for a in raw["action"]:
        actions[a["id"]] = ActionCard(a["id"], a["distance"], a["dice"], a.get("teleport", False))
    return Game(
        tokens=comp["tokens"], courage_dice=comp["courage_dice"], cap=comp["special_dice"],
        hand=comp["hand"], row=comp["row"], monsters=comp["monsters"],
        faces="".join(raw["dice"]["faces"]), alarm_max=alarm["max"],
        marks=tuple(sorted((m["at"], m["effect"]) for m in alarm["marks"])),
        shrunk_row=alarm["shrunk_row"], kids_effects=tuple(alarm["kids_effects"]),
        difficulty=dict(raw["difficulty"]), three_plus_from=raw["setup"]["three_plus_from"],
        actions=actions,
    )


def _named(raw: dict[str, Any], text: str = "text", skip: tuple[str, ...] = ()) -> dict[str, Named]:
    out = {}
    for key, f in raw.items():
        base = {"ru", "en", f"{text}_ru", f"{text}_en", *skip}
        params = {k: v for k, v in f.items() if k not in base}
        out[key] = Named(key, f["ru"], f["en"], f[f"{text}_ru"], f[f"{text}_en"], params)
    return out


@cache
def characters() -> dict[str, Named]:
    """Params: order, ability, teleport (+ its numbers), teleport_ru/en."""
    return _named(_read("characters.toml"), "ability")


@cache
def monsters() -> dict[str, Named]:
    """Params: slug, tier and the numbers of its ability."""
    return _named(_read("monsters.toml"))


@cache
def curses() -> dict[str, Named]:
    """Params: kind, copies and the numbers of its effect."""
    return _named(_read("curses.toml"))


@cache
def events() -> dict[str, Named]:
    return _named(_read("events.toml"))


@cache
def curse_deck() -> tuple[str, ...]:
    """Every curse card, by type, in id order (G38: a type may have several copies)."""
    return tuple(c for cid, cur in sorted(curses().items()) for c in [cid] * int(cur.params.get("copies", 1)))


@cache
def action_cards(kids: bool) -> tuple[str, ...]:
    """A character's action deck: the six cards, without the Teleport in the kids' variant (G58)."""
    return tuple(a for a in game().actions if not (kids and game().actions[a].teleport))


def location_card(loc: int) -> str:
    return f"L{loc:02d}"


@cache
def location_cards() -> tuple[str, ...]:
    """A movement card for every location, in location order."""
    return tuple(location_card(i) for i in board().ids)


@cache
def three_plus_cards() -> tuple[str, ...]:
    """The movement cards of the locations only a game of three or more uses (G3)."""
    b = board()
    return tuple(location_card(i) for i in b.ids if b.locations[i].three_plus)


@cache
def tier_pools() -> tuple[tuple[str, ...], ...]:
    """The monsters of each tier (TIERS order), each pool in id order (G5)."""
    pool = sorted(monsters())
    return tuple(tuple(m for m in pool if tier(m) == t) for t in TIERS)


def card_location(card: str) -> int:
    """The location a movement card names, 0 for an event card."""
    return int(card[1:]) if card[0] == "L" else 0


def is_event(card: str) -> bool:
    return card[0] == "E"


def tier(monster: str) -> str:
    return str(monsters()[monster].params["tier"])


@cache
def marks_for(kids: bool) -> tuple[tuple[int, str], ...]:
    g = game()
    return tuple(m for m in g.marks if not kids or m[1] in g.kids_effects)
