"""Whom a predator may attack, as far as both «Эволюция» games agree: step 1 of an attack (classic
§4.3 / Новый мир §4.5). Each game adds its own checks (Симбиоз, Укрытие, Интеллект, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from core.kits.evolution.shapes import Seen

A = TypeVar("A", bound=Seen)  # a game's animal

# Step 1 of an attack (classic §4.3 / Новый мир §4.5): the defences a prey's property gives, each
# overcome only by a property of the predator's own; Норное holds once the prey is fed.
BIG, SWIMMING, NOCTURNAL, BURROWING = "big", "swimming", "nocturnal", "burrowing"
CAMOUFLAGE, SHARP_VISION = "camouflage", "sharp_vision"


def static_defences(p: Seen, v: A, fed: Callable[[A], bool], not_swimming: bool = False) -> list[str]:
    """The properties of prey `v` that keep predator `p` off it whatever the table, in the order a
    refusal names them: Большое from a predator not big, Водоплавающее from one that does not
    swim, Ночное from one not nocturnal, Камуфляж from one without Острое зрение, Норное while
    `v` is fed. With `not_swimming`, a land prey's safety from a swimming predator counts too,
    as `not_swimming` (classic; Новый мир refuses that before the defences it weighs)."""
    tv, tp = v.traits, p.traits
    if not tv:  # no properties, no defences: a common prey, worth the quick answer
        return ["not_swimming"] if not_swimming and SWIMMING in tp else []
    out: list[str] = []
    if BIG in tv and BIG not in tp:
        out.append(BIG)
    if SWIMMING in tv:
        if SWIMMING not in tp:
            out.append(SWIMMING)
    elif not_swimming and SWIMMING in tp:
        out.append("not_swimming")
    if NOCTURNAL in tv and NOCTURNAL not in tp:
        out.append(NOCTURNAL)
    if CAMOUFLAGE in tv and SHARP_VISION not in tp:
        out.append(CAMOUFLAGE)
    if BURROWING in tv and fed(v):
        out.append(BURROWING)
    return out
