"""Who did what in an «Эволюция» game: which seat a narrated event is about, for the event log
and the end-of-game statistics. Animal uids can be reused on another line of play, so the
owners are tracked event by event. A game subclasses `Attribution` naming its events module."""

from __future__ import annotations

from types import ModuleType
from typing import Any

_ANIMAL_FIELDS = ("animal", "predator", "uid")


class Attribution:
    E: ModuleType  # the game's events: Created, PositionSet, GameStarted

    def __init__(self) -> None:
        self.owners: dict[int, int] = {}

    def __call__(self, event: Any) -> int | None:
        """Take `event` into account; the seat it is about, if its narration names none."""
        E = self.E
        if isinstance(event, E.Created):
            self.owners[event.uid] = event.seat
        elif isinstance(event, E.PositionSet):
            self.owners = {u: a.owner for u, a in event.state.animals.items()}
        elif isinstance(event, E.GameStarted):
            self.owners = {}
        if hasattr(event, "seat"):
            return None  # the narration says who
        for name in _ANIMAL_FIELDS:
            uid = getattr(event, name, None)
            if isinstance(uid, int) and uid in self.owners:
                return self.owners[uid]
        return None
