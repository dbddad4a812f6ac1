"""Card, habitat and table data of «Эволюция. Новый мир», read once from the TOML files in
data/ (spec §2, §5, §6, §7). The 96-card composition, the short properties, four property
effects and every habitat value are reconstructed (NW31-NW33): these files are what changes
when the real data appear.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

import msgspec

from core.games.newworld import GAME
from core.kits.evolution.data import Property as EvolutionProperty
from core.kits.evolution.data import read_properties
from core.records import Named, records

DATA_DIR = GAME.data_dir

CARD_COUNT: Final = 96  # §2.1
HABITAT_CARDS: Final = 20  # §2.1

# Property ids the rules name (data/properties.toml has them all, §5.2). `Final`: compiled
# code takes them as the strings they are, not through a module's dict.
CARNIVOROUS: Final = "carnivorous"
BIG: Final = "big"
SWIMMING: Final = "swimming"
NOCTURNAL: Final = "nocturnal"
BURROWING: Final = "burrowing"
FAT: Final = "fat_tissue"
CAMOUFLAGE: Final = "camouflage"
SHARP_VISION: Final = "sharp_vision"
RUNNING: Final = "running"
HORNED: Final = "horned"
TAIL_LOSS: Final = "tail_loss"
DETERRENCE: Final = "deterrence"
MIMICRY: Final = "mimicry"
POISONOUS: Final = "poisonous"
SCAVENGER: Final = "scavenger"
PIRACY: Final = "piracy"
TRANSFORMATION: Final = "transformation"
HIBERNATION: Final = "hibernation"
COMMUNICATION: Final = "communication"
COOPERATION: Final = "cooperation"
PARTNERSHIP: Final = "partnership"
SYMBIOSIS: Final = "symbiosis"
HOOFED: Final = "hoofed"
COSMOPOLITAN: Final = "cosmopolitan"
PARASITE: Final = "parasite"
DEV_ERROR: Final = "dev_error"
STASIS: Final = "stasis"
INTELLECT: Final = "intellect"
HERDING: Final = "herding"

PAIRED: Final = frozenset((COMMUNICATION, COOPERATION, PARTNERSHIP, SYMBIOSIS))
NEGATIVE: Final = frozenset((PARASITE, DEV_ERROR, STASIS))
OTHERS_ONLY: Final = frozenset((PARASITE, DEV_ERROR))  # §5.1: only on other players' animals
# Active defences (§4.5 step 3): the automatic ones must be used when reached (NW19).
AUTOMATIC_DEFENCES: Final = (HORNED, RUNNING, MIMICRY)
OPTIONAL_DEFENCES: Final = (TAIL_LOSS, DETERRENCE)

# Habitat requirement "none": only an animal without any property (Ледники, §6.1).
NO_PROPERTY: Final = "none"


class Property(EvolutionProperty, frozen=True):
    bonus: int = 0  # points at scoring (§7.1)
    short: bool = False  # a short property: the second side of a card (§5.3)


class HabitatKind(msgspec.Struct, Named, frozen=True):
    id: str
    ru: str
    en: str
    red: int
    shelter: int
    src: str
    needs: str = ""  # "" open to all; a property id; NO_PROPERTY (§6.1)
    swamp: bool = False  # Болота (§6.3)



@cache
def properties() -> dict[str, Property]:
    return read_properties(DATA_DIR, Property)


@cache
def faces() -> tuple[tuple[str, str], ...]:
    """Card number -> (main property, short property); index 0 unused (§5.3, NW32)."""
    out: list[tuple[str, str]] = [("", "")]
    for line in GAME.read_data("cards.toml")["lines"]:
        out.extend([(line["main"], line["short"])] * line["copies"])
    if len(out) != CARD_COUNT + 1:
        raise ValueError(f"cards.toml holds {len(out) - 1} cards, not {CARD_COUNT}")
    return tuple(out)


def trait_of(card: int, side: str) -> str:
    """The property on side `a` (main) or `b` (short) of an evolution card."""
    return faces()[card][0 if side == "a" else 1]


@cache
def habitat_kinds() -> dict[str, HabitatKind]:
    return records(GAME.read_data("habitats.toml")["kinds"], HabitatKind)


@cache
def habitat_cards() -> tuple[tuple[tuple[str, str], ...], ...]:
    """Habitat card number -> its habitats as (half, kind): ("", kind) for a single card,
    ("u", upper) and ("l", lower) for a double one (§6.1); index 0 unused."""
    out: list[tuple[tuple[str, str], ...]] = [()]
    for card in GAME.read_data("habitats.toml")["cards"]:
        if "single" in card:
            halves: tuple[tuple[str, str], ...] = (("", card["single"]),)
        else:
            halves = (("u", card["upper"]), ("l", card["lower"]))
        out.extend([halves] * card["copies"])
    if len(out) != HABITAT_CARDS + 1:
        raise ValueError(f"habitats.toml holds {len(out) - 1} cards, not {HABITAT_CARDS}")
    return tuple(out)


@cache
def tables() -> dict[str, Any]:
    return GAME.read_data("tables.toml")


@cache
def numbers() -> dict[str, int]:
    """hand, draw_extra, empty_refill, pool, cataclysm_deal, cataclysm_keep, length, kill,
    tail, scavenger, cooperation, running_from, horned_from, swamp_gain_max, swamp_max,
    swamp_refill, animal, property."""
    t = tables()
    return {**t["cards"], **t["game"], **t["feeding"],
            **{f"swamp_{k}": v for k, v in t["swamp"].items()},
            "animal": t["score"]["animal"], "property": t["score"]["property"]}


@cache
def extra_food() -> dict[str, int]:
    """Property -> food it adds to the need (§3.1)."""
    return {pid: p.food for pid, p in properties().items() if p.food}


@cache
def score_bonus() -> dict[str, int]:
    """Property -> bonus points at scoring (§7.1)."""
    return {pid: p.bonus for pid, p in properties().items() if p.bonus}
