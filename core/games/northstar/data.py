"""Card and trait data of North Star «Evolution», read once from the TOML files in data/
(spec §2.1, §5). The food number of every card is reconstructed data (§5.3, NS28)."""

from __future__ import annotations

from functools import cache
from typing import Final

import msgspec

from core.games.northstar import GAME
from core.records import Named, records

DATA_DIR = GAME.data_dir

CARD_COUNT: Final = 129  # §2.1: 17 Carnivore + 7 of each of the 16 other traits

# Trait ids the rules name (data/traits.toml has them all). `Final`: compiled code reads them
# as the strings they are, not through this module's dict.
AMBUSH: Final = "NS_AMBUSH"
BURROWING: Final = "NS_BURROWING"
CARNIVORE: Final = "NS_CARNIVORE"
CLIMBING: Final = "NS_CLIMBING"
COOPERATION: Final = "NS_COOPERATION"
HERDING: Final = "NS_DEF_HERDING"
FAT: Final = "NS_FAT_TISSUE"
FERTILE: Final = "NS_FERTILE"
FORAGING: Final = "NS_FORAGING"
SHELL: Final = "NS_HARD_SHELL"
HORNS: Final = "NS_HORNS"
INTELLIGENCE: Final = "NS_INTELLIGENCE"
LONG_NECK: Final = "NS_LONG_NECK"
PACK: Final = "NS_PACK_HUNTING"
SCAVENGER: Final = "NS_SCAVENGER"
SYMBIOSIS: Final = "NS_SYMBIOSIS"
WARNING: Final = "NS_WARNING_CALL"

# Intelligence never switches these off (NS13).
UNSWITCHABLE: Final = (CARNIVORE, INTELLIGENCE)
# The before-reveal effects (§3.6 4a), in the order they are listed for each species.
BEFORE_REVEAL: Final = (FAT, FERTILE, LONG_NECK)


class Trait(msgspec.Struct, Named, frozen=True):
    id: str
    word: str
    en: str
    ru: str
    ja: str
    colour: str
    adjacency: str
    timing: str
    src: str
    text_en: str
    text_ru: str



@cache
def traits() -> dict[str, Trait]:
    return records(GAME.read_data("traits.toml"), Trait)


@cache
def words() -> dict[str, str]:
    """Notation word -> trait id."""
    return {t.word: t.id for t in traits().values()}


@cache
def _cards() -> tuple[tuple[str, ...], tuple[int, ...]]:
    trait: list[str] = [""]
    food: list[int] = [0]
    known = traits()
    for line in GAME.read_data("cards.toml")["lines"]:
        if line["trait"] not in known:
            raise ValueError(f"cards.toml: unknown trait {line['trait']}")
        for value in line["food"]:
            trait.append(line["trait"])
            food.append(int(value))
    if len(trait) != CARD_COUNT + 1:
        raise ValueError(f"cards.toml holds {len(trait) - 1} cards, not {CARD_COUNT}")
    return tuple(trait), tuple(food)


def card_traits() -> tuple[str, ...]:
    """Index = card number (1..129): the trait the card carries (index 0 unused)."""
    return _cards()[0]


def card_food() -> tuple[int, ...]:
    """Index = card number: its printed food number (reconstructed, §5.3)."""
    return _cards()[1]


@cache
def numbers() -> dict[str, int]:
    return dict(GAME.read_data("cards.toml")["numbers"])


def trait_limit(players: int) -> int:
    """§3.5: at most 3 traits a species, 2 with two players (NS26)."""
    n = numbers()
    return n["trait_limit_two"] if players == 2 else n["trait_limit"]


__all__ = [
    "AMBUSH", "BEFORE_REVEAL", "BURROWING", "CARD_COUNT", "CARNIVORE", "CLIMBING", "COOPERATION",
    "FAT", "FERTILE", "FORAGING", "HERDING", "HORNS", "INTELLIGENCE", "LONG_NECK", "PACK",
    "SCAVENGER", "SHELL", "SYMBIOSIS", "UNSWITCHABLE", "WARNING", "Trait", "card_food",
    "card_traits", "numbers", "trait_limit", "traits", "words",
]
