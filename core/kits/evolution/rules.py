"""What both «Эволюция» rulesets share (contract 1): the events that open a log, carry a
position or reveal something, whose animal an attack is on, which round an event begins and who
each narrated event is about. A game's ruleset subclasses `EvolutionRules` naming its events
(`E`), its attribution and the event that begins its round (a turn, an epoch) with the field
that numbers it on the event and on the state."""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from core.engine.rules_base import GameRules


class EvolutionRules(GameRules[Any]):
    E: ClassVar[ModuleType]
    attribution: ClassVar[type]
    rounds: ClassVar[tuple[type, str]]  # e.g. (TurnStarted, "turn")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        E = cls.E
        cls.event_type = E.Event
        cls.opening = (E.GameStarted, E.PositionSet)
        cls.position_type = E.PositionSet
        cls.revealing = E.REVEALING

    def victim(self, s: Any, event: Any) -> int | None:
        """The owner of the animal attacked, eaten or robbed by Пиратство."""
        E = self.E
        if isinstance(event, E.Attacked | E.Eaten):
            prey = s.animals.get(event.prey)
        elif isinstance(event, E.Pirated):
            prey = s.animals.get(event.victim)
        else:
            return None
        return None if prey is None else prey.owner  # type: ignore[no-any-return]

    def round_number(self, s: Any) -> int:
        return getattr(s, self.rounds[1])  # type: ignore[no-any-return]

    def round_started(self, event: Any) -> int | None:
        """The round (turn, epoch) an event starts, if it starts one (replays jump to rounds)."""
        start, number = self.rounds
        if isinstance(event, start):
            return getattr(event, number)  # type: ignore[no-any-return]
        if isinstance(event, self.position_type):
            return getattr(event.state, number)  # type: ignore[no-any-return]
        return None

    def log_attribution(self) -> Any:
        """A fresh tracker saying which seat each narrated event is about (the event log)."""
        return self.attribution()
