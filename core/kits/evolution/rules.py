"""What both «Эволюция» rulesets share (contract 1) beyond every game's `GameRules`: whose
animal an attack is on. A game's ruleset subclasses `EvolutionRules` naming its `events`."""

from __future__ import annotations

from typing import TypeVar

from core.engine.protocol import Event
from core.engine.rules_base import GameRules
from core.kits.evolution.shapes import Position

S = TypeVar("S", bound=Position)


class EvolutionRules(GameRules[S]):
    def victim(self, s: S, event: Event) -> int | None:
        """The owner of the animal attacked, eaten or robbed by Пиратство."""
        E = self.events
        assert E is not None
        if isinstance(event, E.Attacked | E.Eaten):
            prey = s.animals.get(event.prey)
        elif isinstance(event, E.Pirated):
            prey = s.animals.get(event.victim)
        else:
            return None
        return None if prey is None else prey.owner
