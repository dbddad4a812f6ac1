"""Walking through a saved game, event by event, including the moves that were undone.

A position is (entry index, events shown of that entry). The journal's undo and redo entries
are positions too, so a replay shows the history as it happened, take-backs included. Seeking
never touches the session's live state: positions are rebuilt from the session's snapshots.
Textual-free, so tests can drive it headless.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from core.engine.protocol import PUBLIC
from core.engine.session import GameSession
from tui.i18n import seat_names, text

if TYPE_CHECKING:
    from core.engine.protocol import Event


@dataclass(frozen=True)
class Pos:
    entry: int
    shown: int  # events of that entry folded in (0 for undo/redo entries)


@dataclass(frozen=True)
class Line:
    pos: int  # index of the position this line belongs to
    text: str
    seat: int | None = None
    note: bool = False


class ReplayModel:
    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.rules = session.rules
        self.positions: list[Pos] = []
        self.move_starts: list[int] = []  # position index at the end of each entry
        for i, e in enumerate(session.entries):
            if e.kind in ("setup",):
                self.positions.append(Pos(i, len(e.events)))
            elif e.kind == "move":
                for k in range(1, len(e.events) + 1):
                    if k == len(e.events) or self._narrated(e.events[k - 1]):
                        self.positions.append(Pos(i, k))
            else:
                self.positions.append(Pos(i, 0))
            self.move_starts.append(len(self.positions) - 1)
        self.index = 0
        self._state_cache: tuple[int, object] | None = None
        self.rounds = self._round_index()

    def _narrated(self, ev: Event) -> bool:
        return self.rules.narrate(ev, None, "en") is not None

    # --- who may look ---------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.session.outcome() is not None

    @property
    def bots_only(self) -> bool:
        return all(s.kind != "human" for s in self.session.header.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.session.header.seats) if s.kind == "human"]

    def omniscient_allowed(self) -> bool:
        """Contract 6: everything is shown only for finished games or games without humans."""
        return self.finished or self.bots_only

    @cached_property
    def online(self) -> bool:
        """A table opened online (its keys lie beside the journal): its people play at other
        keyboards, and the journal does not say which seat was this one's."""
        from core.net.keys import opened_online

        f = self.session.file
        return f is not None and opened_online(f)

    def viewers(self) -> list[int | None]:
        """Whose eyes the replay may show. A game still in play could be continued after its
        replay, so it shows only what its people may know: the seats of people, never a bot's
        hand or everything (§9 of every spec); an online table's, only what its table shows
        everyone (another player's hand is not this keyboard's to see)."""
        if self.omniscient_allowed():
            return [None, *range(len(self.session.header.seats))]
        if self.online:
            return [PUBLIC]
        return list(self.humans)

    def needs_cover(self) -> bool:
        """Several people share the keyboard in a game still in play: as at the table, a
        seat's hand is shown only after that player confirms behind the hand-over cover."""
        return not self.omniscient_allowed() and not self.online and len(self.humans) > 1

    def first_viewer(self) -> int | None:
        """The eyes a replay opens with: everything where that is allowed, else the one person's
        seat, else (several people, or an online table) the table's public side."""
        if self.omniscient_allowed():
            return None
        if self.needs_cover() or self.online:
            return PUBLIC
        return self.humans[0]

    # --- moving ---------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.positions)

    def seek(self, index: int) -> None:
        self.index = max(0, min(len(self.positions) - 1, index))

    def step(self, delta: int) -> None:
        self.seek(self.index + delta)

    def step_move(self, delta: int) -> None:
        """To the end of the next (or previous) journal entry: a whole move, undo or redo."""
        entry = self.positions[self.index].entry
        if delta > 0:
            target = entry + 1 if self.move_starts[entry] == self.index else entry
            self.seek(self.move_starts[min(target, len(self.move_starts) - 1)])
        else:
            self.seek(self.move_starts[max(0, entry - 1)])

    def _round_index(self) -> dict[int, int]:
        """Round number -> the first position where it has started."""
        out: dict[int, int] = {}
        for pi, p in enumerate(self.positions):
            e = self.session.entries[p.entry]
            for ev in e.events[: p.shown]:
                r = self.rules.round_started(ev)
                if r is not None and r not in out:
                    out[r] = pi
        return out

    def seek_round(self, round_no: int) -> bool:
        """Go to the round: to the end of the entry that started it, a position a new game
        may branch from (the start itself can lie inside a move's events)."""
        if round_no not in self.rounds:
            return False
        self.seek(self.move_starts[self.positions[self.rounds[round_no]].entry])
        return True

    # --- what is shown ----------------------------------------------------------------

    def state(self) -> object:
        return self.state_at(self.index)

    def state_at(self, index: int) -> object:
        if self._state_cache is not None and self._state_cache[0] == index:
            return self._state_cache[1]
        p = self.positions[index]
        e = self.session.entries[p.entry]
        before = self._state_cache
        if e.kind == "move" and p.shown < len(e.events):
            if before is not None and before[0] == index - 1 and \
                    self.positions[index - 1].entry == p.entry:
                # a step forward: the events since the position shown, onto a copy of it
                done, state = self.positions[index - 1].shown, self.rules.clone(before[1])
            else:
                done, state = 0, self.session.state_of(self.session.parent[e.seq])
            for ev in e.events[done: p.shown]:
                state = self.rules.evolve(state, ev)
        else:
            state = self.session.state_after_entry(p.entry)
        if index == self.index:
            self._state_cache = (index, state)
        return state

    def event(self) -> Event | None:
        """The last event folded in at the current position, if it is part of a move."""
        p = self.positions[self.index]
        e = self.session.entries[p.entry]
        return e.events[p.shown - 1] if e.kind == "move" and p.shown else None

    def view(self, viewer: int | None) -> Any:  # the game's own view
        return self.rules.view(self.state(), viewer)

    def entry_number(self) -> tuple[int, int]:
        return self.positions[self.index].entry, len(self.session.entries) - 1

    def lines(self, viewer: int | None, lang: str) -> list[Line]:
        """Every narrated line of the journal for `viewer`, each tagged with its position."""
        names = seat_names(self.session, lang)
        out: list[Line] = []
        attribute = self.rules.log_attribution()
        pi = 0
        for i, e in enumerate(self.session.entries):
            if e.kind in ("undo", "redo"):
                while pi < len(self.positions) - 1 and self.positions[pi].entry < i:
                    pi += 1
                moves = ", ".join(str(m) for m in e.moves)
                out.append(Line(pi, text(f"replay.{e.kind}", lang, k=len(e.moves), moves=moves), note=True))
                # the line of play changed: attribution starts again from the position after it
                attribute(self.rules.position_event(self.session.state_after_entry(i)))
                continue
            for k, ev in enumerate(e.events, 1):
                seat = attribute(ev)
                while pi < len(self.positions) - 1 and \
                        (self.positions[pi].entry, self.positions[pi].shown) < (i, k):
                    pi += 1
                said = self.rules.narrate(ev, viewer, lang, names)
                if said:
                    out.append(Line(pi, said, seat))
        return out
