"""Card data and numbers of the classic «Эволюция», read once from the TOML files in data/
(spec §5-7)."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from core.games.classic import GAME
from core.kits.evolution.data import Property as EvolutionProperty
from core.kits.evolution.data import read_properties

DATA_DIR = GAME.data_dir

CARD_COUNT: Final = 84  # CL3

# Property ids the rules name (data/properties.toml has them all).
CARNIVOROUS: Final = "carnivorous"
BIG: Final = "big"
PARASITE: Final = "parasite"
FAT: Final = "fat_tissue"
SWIMMING: Final = "swimming"
RUNNING: Final = "running"
MIMICRY: Final = "mimicry"
SCAVENGER: Final = "scavenger"
SYMBIOSIS: Final = "symbiosis"
PIRACY: Final = "piracy"
TAIL_LOSS: Final = "tail_loss"
COMMUNICATION: Final = "communication"
GRAZING: Final = "grazing"
HIBERNATION: Final = "hibernation"
POISONOUS: Final = "poisonous"
COOPERATION: Final = "cooperation"
BURROWING: Final = "burrowing"
CAMOUFLAGE: Final = "camouflage"
SHARP_VISION: Final = "sharp_vision"

PAIRED: Final = (COMMUNICATION, COOPERATION, SYMBIOSIS)
TRIGGERS: Final = (COMMUNICATION, COOPERATION)  # the paired properties that fire on food (§4.2)


class Property(EvolutionProperty, frozen=True):
    target: str = "own"  # whose animal it goes on



@cache
def properties() -> dict[str, Property]:
    return read_properties(DATA_DIR, Property)


@cache
def _lines() -> list[dict[str, Any]]:
    return list(GAME.read_data("cards.toml")["lines"])


@cache
def _faces(single_poisonous: bool) -> tuple[tuple[str, ...], ...]:
    """Index = card number: the properties on the card's face, main first (index 0 unused)."""
    out: list[tuple[str, ...]] = [()]
    for line in _lines():
        face = (line["a"],) if "b" not in line or (
            single_poisonous and line.get("single") == "single_poisonous") else (line["a"], line["b"])
        out.extend([face] * line["copies"])
    if len(out) != CARD_COUNT + 1:
        raise ValueError(f"cards.toml holds {len(out) - 1} cards, not {CARD_COUNT}")
    return tuple(out)


def faces(single_poisonous: bool = False) -> tuple[tuple[str, ...], ...]:
    """Card number -> its properties (one or two), under the "single Ядовитое" option or not."""
    return _faces(single_poisonous)


def side_of(face: tuple[str, ...], trait: str) -> str:
    """The side letter of `trait` on a card: "a" main, "b" second."""
    return "a" if face[0] == trait else "b"


@cache
def tables() -> dict[str, Any]:
    return GAME.read_data("tables.toml")


@cache
def food_dice(players: int) -> tuple[int, int]:
    """(dice, bonus) of the food base for a player count (§6)."""
    row = tables()["food"][str(players)]
    return row["dice"], row["bonus"]


@cache
def v09_length(players: int) -> int:
    return int(tables()["length"][str(players)])


@cache
def numbers() -> dict[str, int]:
    """The card and feeding numbers: hand, v09_deal, v09_hand_limit, kill, tail, ..."""
    t = tables()
    return {**t["cards"], **t["feeding"], "animal": t["score"]["animal"],
            "property": t["score"]["property"]}


@cache
def score_bonus() -> dict[str, int]:
    return dict(tables()["score"]["bonus"])


@cache
def extra_food() -> dict[str, int]:
    """Property -> food it adds to the need (Хищник +1, Большое +1, Паразит +2)."""
    return {pid: p.food for pid, p in properties().items() if p.food}
