"""Folding what both «Эволюция» games share: the animals' cards, food and fat tokens, the deck
and the dice. Each game's fold table (`core/games/<g>/fold.py`) calls these with its own data;
the checks raise `FoldError` when an event does not fit the position (a damaged or foreign save).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from core.engine.rules_base import FoldError
from core.kits.evolution.shapes import FoldAnimal, FoldState
from core.kits.evolution.state import Link

FA = TypeVar("FA", bound=FoldAnimal)
S = TypeVar("S", bound="FoldState[Any]")  # a game's state, of its own animals
H = TypeVar("H")  # a game's attack


class Attacked(Protocol[H]):
    attack: H | None


AS = TypeVar("AS", bound="Attacked[Any]")  # a game's state, with its own attacks

FAT = "fat_tissue"


def animal(s: FoldState[FA], uid: int) -> FA:
    a = s.animals.get(uid)
    if a is None:
        raise FoldError(f"there is no animal c{uid}")
    return a


def from_hand(s: FoldState[FA], seat: int, card: int) -> None:
    try:
        s.players[seat].hand.remove(card)
    except ValueError:
        raise FoldError(f"card {card} is not in seat {seat}'s hand") from None


def recount(a: FoldAnimal, extra_food: Mapping[str, int]) -> None:
    """The need for food and the fat cards follow from the properties (§3.1 in both specs):
    1 plus what `extra_food` says each property adds."""
    need = 1
    for t in a.traits:  # a loop, not a generator: every property card played comes here
        need += extra_food.get(t, 0)
    a.need = need
    a.fat_cards = a.traits.count(FAT)
    if a.fat > a.fat_cards:
        raise FoldError(f"c{a.uid} holds more fat than it has Fat Tissue cards")


def drop_card(s: FoldState[FA], a: FA, card: int, extra_food: Mapping[str, int]) -> Link | None:
    """Take one property card off `a`, and off its partner if paired; the card's link, or
    None. Fat tokens lie on the first Жировой запас cards, so dropping a filled one loses a
    token (CL16 / NW46)."""
    try:
        i = a.cards.index(card)
    except ValueError:
        raise FoldError(f"card {card} is not under c{a.uid}") from None
    if a.traits[i] == FAT and a.traits[:i].count(FAT) < a.fat:
        a.fat -= 1
    del a.cards[i]
    del a.traits[i]
    recount(a, extra_food)
    link = s.links.pop(card, None)
    if link is not None:
        other = s.animals.get(link.b if link.a == a.uid else link.a)
        if other is not None and card in other.cards:
            j = other.cards.index(card)
            del other.cards[j]
            del other.traits[j]
            recount(other, extra_food)
    return link


def fat_to_food(s: FoldState[FA], uid: int, k: int) -> None:
    """`k` fat tokens of animal `uid` become blue food (CL12 / NW4)."""
    a = animal(s, uid)
    a.fat -= k
    a.blue += k
    if a.fat < 0:
        raise FoldError(f"c{a.uid} has not that much fat")


def use_dice(s: FoldState[FA], k: int) -> None:
    """`k` dice were rolled: the scenario's fixed faces are used up, else the generator moves."""
    if s.fixed_dice:
        del s.fixed_dice[:k]
    else:
        s.rng_count += 1


# --- folds both games' tables use as they are ----------------------------------------------

class Reshuffled(Protocol):
    @property
    def deck(self) -> list[int]: ...


class OfAnimal(Protocol):
    @property
    def animal(self) -> int: ...


def reshuffled(s: S, e: Reshuffled) -> S:
    if s.deck or sorted(e.deck) != sorted(s.discard):
        raise FoldError("the reshuffled deck is not the discard pile")
    s.deck = list(e.deck)
    s.discard = []
    s.rng_count += 1
    return s


def poisoned(s: S, e: OfAnimal) -> S:
    animal(s, e.animal).poisoned = True
    return s


def attack_ended(s: AS, e: object) -> AS:
    s.attack = None
    return s


def remove_animal(s: S, a: FA, drop_card: Callable[[S, FA, int], None],
                  discard: Callable[[S, int, int], None]) -> None:
    """Death (classic §4.6 / Новый мир §4.6): each property card is dropped (`drop_card`: a
    paired one leaves the partner too) and discarded, then the animal card (`discard(s, owner,
    card)`); its tokens go back to the supply."""
    for card in a.cards[:]:
        drop_card(s, a, card)
        discard(s, a.owner, card)
    del s.animals[a.uid]
    s.players[a.owner].row.remove(a.uid)
    discard(s, a.owner, a.card)
