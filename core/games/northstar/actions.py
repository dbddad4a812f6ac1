"""Actions of `northstar`: one tagged struct per kind of choice (spec §3.7 decision table).

Sub-choices that reveal nothing are one action: ChooseTarget is part of the attack (`attack A1
B2`); IntelligenceUse names its card and, for a herbivore, the species that takes food or, for
a carnivore, the trait name it switches off — one card per action, so using several cards is
several actions (each card is its own take or its own name, §4.5). The card uses of phase 3
(Place, Drop, NewSpecies, Grow) live in `state.py` because a short-variant plan stores them.
Notation: docs/notation.md.
"""

# No `from __future__ import annotations`: msgspec would compile the strings at every start.

from typing import Union

from core.games.northstar.steps import Drop, Grow, NewSpecies, NSAction, Place


class ChooseFood(NSAction, frozen=True, tag="food"):
    """ChooseFoodCard: hand card `card` face down on the watering hole (§3.4)."""

    card: int


class End(NSAction, frozen=True, tag="end"):
    """EndTurn: the phase-3 turn (short variant: the plan is submitted) or the feeding turn."""


class Order(NSAction, frozen=True, tag="effect"):
    """OrderTriggers (§3.6 4a): the before-reveal effect `trait` of own species `species` acts next."""

    species: int
    trait: str


class Eat(NSAction, frozen=True, tag="eat"):
    """EatPlant: own herbivore `species` takes plant food from the watering hole (§4.2)."""

    species: int


class Attack(NSAction, frozen=True, tag="attack"):
    """Attack + ChooseTarget: own carnivore `attacker` attacks species `target` (§4.3)."""

    attacker: int
    target: int


class Smart(NSAction, frozen=True, tag="intel"):
    """IntelligenceUse (§4.5): hand card `card` discarded; herbivore `species` takes 2 plant food
    from the bank, or (species 0) the trait name `off` is switched off for this turn."""

    card: int
    species: int = 0
    off: str = ""


Action = Union[ChooseFood, Place, Drop, NewSpecies, Grow, End, Order, Eat, Attack, Smart]

END = End()
PLAY_STEPS = (Place, Drop, NewSpecies, Grow)

__all__ = ["END", "PLAY_STEPS", "Action", "Attack", "ChooseFood", "Drop", "Eat", "End", "Grow",
           "NewSpecies", "Order", "Place", "Smart"]
