"""Pure questions about the animals of an «Эволюция» position (classic §3-§5, Новый мир §3-§5).
Nothing here changes a state. Views have the same field names as states where these functions
look, so a game's hints may ask them about a view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sized
from typing import Protocol, TypeVar

from core.kits.evolution.shapes import Fed, Seen, Table

A = TypeVar("A", bound=Seen)  # a game's animal


class Seated(Protocol):
    @property
    def players(self) -> Sized: ...


def card_of(a: Seen, trait: str) -> int:
    """The card that gives `a` the (non-paired) property `trait`."""
    return a.cards[a.traits.index(trait)]


def row(s: Table[A], seat: int) -> list[A]:
    animals = s.animals
    return [animals[u] for u in s.players[seat].row]


def seats_from(s: Seated, seat: int) -> Iterator[int]:
    """Every seat clockwise, starting with `seat`."""
    n = len(s.players)
    for j in range(n):
        yield (seat + j) % n


SYMBIOSIS = "symbiosis"


def dependent(s: Table[Seen], a: Seen) -> bool:
    """The dependent of a Симбиоз: it cannot be attacked while linked to its protector (classic
    §4.3 / Новый мир §4.5)."""
    if SYMBIOSIS not in a.traits:
        return False
    for card, trait in zip(a.cards, a.traits, strict=True):
        if trait == SYMBIOSIS and s.links[card].b == a.uid:
            return True
    return False


def held_back(s: Table[A], a: Seen, hungry: Callable[[A], bool], gone: int = 0) -> bool:
    """A Симбиоз dependent whose protector is `hungry` receives no food (classic §5.2 / NW30);
    a protector `gone` from the table (if given) holds nothing back."""
    if SYMBIOSIS not in a.traits:
        return False
    for card, trait in zip(a.cards, a.traits, strict=True):
        if trait == SYMBIOSIS:
            link = s.links[card]
            if link.b == a.uid and link.a != gone and hungry(s.animals[link.a]):
                return True
    return False


def portion(a: Fed, n: int) -> tuple[int, int]:
    """GiveFood's split of `n` units (§4.1 in both specs): (food tokens, fat tokens) — food
    while below the need, then fat on empty Жировой запас cards (CL11 / NW5)."""
    food = min(n, max(0, a.need - a.red - a.blue))
    return food, min(n - food, a.fat_cards - a.fat)


def fat_for_need(a: Fed) -> int:
    """The fat tokens that would turn into food: what the animal still needs, at most its fat
    (CL12 / NW4)."""
    return min(a.fat, a.need - a.red - a.blue)


def score_of(s: Table[Seen], seat: int, numbers: Mapping[str, int],
             bonus: Mapping[str, int]) -> dict[str, int]:
    """A row's points (CL27 / NW §7.1): `numbers["animal"]` per animal, `numbers["property"]` per
    property card (a paired card once), plus each property's `bonus`."""
    animals = props = extra = 0
    pairs: set[int] = set()
    links = s.links
    for a in row(s, seat):
        animals += 1
        for card, t in zip(a.cards, a.traits, strict=True):
            if card in links:
                pairs.add(card)
            else:
                props += 1
            extra += bonus.get(t, 0)
    props += len(pairs)
    return {"animals": animals * numbers["animal"], "properties": props * numbers["property"],
            "bonus": extra}
