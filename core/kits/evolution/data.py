"""What both «Эволюция» games' data say of a property (data/properties.toml): a game's
`Property` adds its own fields after these."""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from pathlib import Path
from typing import TypeVar

import msgspec

from core.datafile import read_toml
from core.records import Named, records


class Property(msgspec.Struct, Named, frozen=True):
    id: str
    ru: str
    en: str
    timing: str  # when it acts: the app's help groups properties by it
    src: str  # where the rules define it
    text_ru: str
    text_en: str
    food: int = 0  # what it adds to the animal's need (§3.1 in both specs)
    paired: bool = False  # it joins two animals (CL5 / NW §5.1)
    directed: bool = False  # ... one of them protecting the other (Симбиоз)
    negative: bool = False  # it harms its animal: played on others' (classic §5.1 / NW §5.1)


P = TypeVar("P", bound=Property)  # a game's property


def read_properties(data_dir: Path, kind: type[P]) -> dict[str, P]:
    """A game's properties (its data/properties.toml), as its `Property` records by id."""
    return records(read_toml(data_dir / "properties.toml"), kind)
