"""Who did what: attributing narrated `magic` events to a seat, for the event log and statistics."""

from __future__ import annotations

from typing import Any

from core.games.magic import events as E


def track_owners(event: Any, owners: dict[int, int]) -> None:
    """Keep creature uid -> owner seat current (uids can be reused on another line of play)."""
    if isinstance(event, E.CreatureCreated):
        owners[event.uid] = event.seat
    elif isinstance(event, E.PositionSet):
        owners.clear()
        owners.update({u: c.owner for u, c in event.state.creatures.items()})
    elif isinstance(event, E.GameStarted):
        owners.clear()


def actor(event: Any, owners: dict[int, int]) -> int | None:
    """The seat an event is about, if its narration does not already name one."""
    if hasattr(event, "seat") or isinstance(event, E.ShadeGrew):
        return None  # the narration says who
    uid = getattr(event, "creature", None)
    if isinstance(uid, int) and uid in owners:
        return owners[uid]
    return None
