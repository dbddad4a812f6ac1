"""What every «Эволюция» animal is, in both games' states (classic §2-§4, Новый мир §2-§4): a
game's `Animal` adds its own fields after these, so both read and write them alike. Compiled
with the search, as the games' states that use them (docs/bots.md).

Each class writes out its `__init__`, which mypyc compiles (a dataclass's own stays
interpreted; docs/bots.md)."""

# No `from __future__ import annotations`: the annotations stay objects, which msgspec reads as
# they are (compiled, core/native.py gives them back from this source, as written).

from dataclasses import dataclass, field

__all__ = ["Animal", "Link"]


@dataclass
class Animal:
    uid: int  # public id, "c<uid>" in notation; the animal card's face is its owner's only (§8)
    owner: int
    card: int
    # property cards in the order played; a paired card is on both partners
    cards: list[int] = field(default_factory=list)
    # the property each card in `cards` shows (CL7 / NW §3.3: for good)
    traits: list[str] = field(default_factory=list)
    red: int = 0  # food tokens from the food base (classic) or a habitat (Новый мир)
    blue: int = 0  # food tokens from the supply (the colour has no effect of its own, NW3)
    fat: int = 0  # yellow tokens; they lie on its first `fat` Жировой запас cards (CL11 / NW4)

    def __init__(self, uid: int, owner: int, card: int, cards: list[int] | None = None,
                 traits: list[str] | None = None, red: int = 0, blue: int = 0,
                 fat: int = 0) -> None:
        self.uid = uid
        self.owner = owner
        self.card = card
        self.cards = [] if cards is None else cards
        self.traits = [] if traits is None else traits
        self.red = red
        self.blue = blue
        self.fat = fat

    @property
    def food(self) -> int:
        return self.red + self.blue


@dataclass
class Link:
    """A paired property card joining two animals of one owner (CL5 / NW §5.1)."""

    card: int
    trait: str
    a: int  # for Симбиоз the protector (CL21 / NW30)
    b: int  # for Симбиоз the dependent

    def __init__(self, card: int, trait: str, a: int, b: int) -> None:
        self.card = card
        self.trait = trait
        self.a = a
        self.b = b
