"""What both «Эволюция» games' views show alike (classic §8, Новый мир §8): an animal as every
seat sees it, with the pair links of its cards, and the cards a view shows, from which
`determinize` samples the rest."""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from collections.abc import Mapping, Sequence
from typing import Protocol

import msgspec

from core.engine.seats import Seated
from core.kits.evolution.shapes import Seat, Seen, Table

__all__ = ["AnimalView", "Seated", "links_of", "seen_cards"]  # Seated: both games' views have `n`

SYMBIOSIS = "symbiosis"


class AnimalView(msgspec.Struct, frozen=True):
    """A game's animal view adds its own fields after these."""

    uid: int
    owner: int
    card: int | None  # the animal card's face: its owner's only (and the omniscient view's)
    cards: list[int]  # property cards in the order played
    traits: list[str]  # the property each card shows
    partners: list[int]  # parallel to `cards`: the other animal of a paired card, else 0
    roles: list[str]  # parallel: "" | "pair" | "protector" | "dependent" (Симбиоз, CL21 / NW30)


def links_of(s: Table[Seen], a: Seen) -> tuple[list[int], list[str]]:
    """Parallel to `a.cards`: the other animal of each paired card (else 0), and its role —
    "" unpaired, "pair", or for Симбиоз "protector" / "dependent" (CL21 / NW30)."""
    partners, roles = [], []
    for card in a.cards:
        link = s.links.get(card)
        if link is None:
            partners.append(0)
            roles.append("")
        else:
            partners.append(link.b if link.a == a.uid else link.a)
            roles.append("pair" if link.trait != SYMBIOSIS else
                         "protector" if link.a == a.uid else "dependent")
    return partners, roles


class Shown(Protocol):
    """A view as `seen_cards` reads it."""

    @property
    def discard(self) -> Sequence[int]: ...

    @property
    def animals(self) -> Mapping[int, AnimalView]: ...

    @property
    def players(self) -> Sequence[Seat]: ...


def seen_cards(v: Shown) -> set[int]:
    """The evolution cards view `v` shows: the open discard pile, every animal's property
    cards, the animal cards whose face it sees, the viewer's own hand."""
    known: set[int] = set(v.discard)
    for a in v.animals.values():
        known.update(a.cards)
        if a.card is not None:
            known.add(a.card)
    for p in v.players:
        if p.hand is not None:
            known.update(p.hand)
    return known
