"""The `northstar` transaction: the engine's, with the flow's most frequent events as methods.

Each method records its event and makes the change that event's fold makes (`fold._await`,
`_phase`, `_turn`, `_turn_end`, `_took`) in place, without the fold table's lookup, call and
log checks, which the rules' own events need not pass again (these are two in three of the
events a search resolves; `ask` is the engine's). The invariant tests
(tests/games/northstar/test_northstar_invariants.py, `play_checked`) fold every move's events
and compare them with the state the rules left.
"""

from __future__ import annotations

from core.engine.tx import Tx
from core.games.northstar import events as E
from core.games.northstar.state import NorthStarState


class NorthStarTx(Tx[NorthStarState]):
    __slots__ = ()
    await_event = E.Await

    def phase(self, phase: str) -> None:
        """`PhaseStarted(phase)`; feeding starts with no idle turn."""
        if self.keep:
            self.events.append(E.PhaseStarted(phase))
        s = self.s
        s.phase = phase
        if phase == "feed":
            s.idle = 0
            s.fed = s.acted = False
        s.version += 1

    def turn(self, seat: int) -> None:
        """`TurnStarted(seat)`: a feeding turn, nothing taken or switched off yet."""
        if self.keep:
            self.events.append(E.TurnStarted(seat))
        s = self.s
        s.go = seat
        s.fed = s.acted = False
        s.off = []
        s.version += 1

    def turn_ended(self, seat: int, idle: bool, auto: bool = False) -> None:
        """`TurnEnded(seat, idle, auto)`: idle turns in a row counted (NS5)."""
        if self.keep:
            self.events.append(E.TurnEnded(seat, idle, auto))
        s = self.s
        s.idle = s.idle + 1 if idle else 0
        s.fed = s.acted = False
        s.off = []
        s.version += 1

    def took(self, uid: int, kind: str, place: str, board: int, fat: int, why: str,
             forage: bool) -> None:
        """`Took(...)`: a take of §4.1, onto the board and the Fat Tissue card."""
        if self.keep:
            self.events.append(E.Took(uid, kind, place, board, fat, why, forage))
        s = self.s
        x = s.species[uid]
        if kind == "plant":
            x.plant += board
        else:
            x.meat += board
        x.fat += fat
        if place == "hole":
            s.hole -= board + fat
        if why == "eat":
            s.fed = s.acted = True
        s.version += 1
