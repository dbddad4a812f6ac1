"""Who did what: which seat a narrated `magic` event is about, for the event log and the
end-of-game statistics. Creature uids can be reused on another line of play, so the owners
are tracked event by event."""

from __future__ import annotations

from core.games.magic import events as E


class Attribution:
    def __init__(self) -> None:
        self.owners: dict[int, int] = {}

    def __call__(self, event: object) -> int | None:
        """Take `event` into account; the seat it is about, if its narration names none."""
        if isinstance(event, E.CreatureCreated):
            self.owners[event.uid] = event.seat
        elif isinstance(event, E.PositionSet):
            self.owners = {u: c.owner for u, c in event.state.creatures.items()}
        elif isinstance(event, E.GameStarted):
            self.owners = {}
        if hasattr(event, "seat") or isinstance(event, E.ShadeGrew):
            return None  # the narration says who
        uid = getattr(event, "creature", None)
        if isinstance(uid, int) and uid in self.owners:
            return self.owners[uid]
        return None
