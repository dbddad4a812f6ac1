"""The `magic` transaction: the engine's, with the flow's most frequent events as methods.

Each method records its event and makes the change that event's fold makes (`fold._await`,
`_turn`, `_activate`, `_drowsy`, `_asleep`, `_end`) in place, without the fold table's lookup,
call and log checks, which the rules' own events need not pass again (a search resolves some
fifty events per iteration, and these are four in five of them).
`ask` is the engine's. The invariant tests (tests/games/magic/test_magic_invariants.py,
`play_checked`) fold every move's events and compare them with the state the rules left.
"""

from __future__ import annotations

from core.engine.tx import Tx
from core.games.magic import events as E
from core.games.magic.state import MagicState


class MagicTx(Tx[MagicState]):
    __slots__ = ()
    await_event = E.Await

    def turn(self, seat: int) -> None:
        """`TurnStarted(seat)`."""
        if self.keep:
            self.events.append(E.TurnStarted(seat))
        s = self.s
        s.turn = seat
        s.version += 1

    def activated(self, seat: int, uid: int) -> None:
        """`Activated(seat, uid)`: `uid` is the active creature, with nothing used yet."""
        if self.keep:
            self.events.append(E.Activated(seat, uid))
        s = self.s
        s.active = uid
        s.used, s.copied, s.sleep_pending, s.attack = [], [], False, None
        s.version += 1

    def drowsy(self, uid: int, reason: str) -> None:
        """`WillSleep(uid, reason)`: the active creature falls asleep at the activation's end."""
        if self.keep:
            self.events.append(E.WillSleep(uid, reason))
        s = self.s
        s.sleep_pending = True
        s.version += 1

    def asleep(self, uid: int) -> None:
        """`FellAsleep(uid)`."""
        if self.keep:
            self.events.append(E.FellAsleep(uid))
        s = self.s
        s.creatures[uid].asleep = True
        s.version += 1

    def ended(self, uid: int) -> None:
        """`ActivationEnded(uid)`: no creature is active."""
        if self.keep:
            self.events.append(E.ActivationEnded(uid))
        s = self.s
        s.active, s.used, s.copied, s.sleep_pending, s.attack = 0, [], [], False, None
        s.version += 1
