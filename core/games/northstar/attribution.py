"""Who did what: which seat a narrated `northstar` event is about, for the event log and the
end-of-game statistics. A species' number names its owner (A1 is the first seat's), so no
tracking is needed."""

from __future__ import annotations

from core.games.northstar.state import species_owner

_SPECIES_FIELDS = ("species", "attacker")


class Attribution:
    def __call__(self, event: object) -> int | None:
        """The seat `event` is about, if its narration names none."""
        if hasattr(event, "seat"):
            return None  # the narration says who
        for name in _SPECIES_FIELDS:
            uid = getattr(event, name, None)
            if isinstance(uid, int) and uid > 0:
                return species_owner(uid)
        return None
