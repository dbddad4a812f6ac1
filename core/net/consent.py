"""Undo online by consent (docs/network.md, "Undo"): a seat asks to take back its last move in
effect and everything after it; the people whose moves that takes back are asked, and the
table waits until all of them agree (the undo is made), one refuses, the asker withdraws, or
UNDO_WAIT_S pass. Here: what an undo asked by a seat would take back, whom it would ask, why
it would be refused; the table (core/net/server.py) keeps the open request."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.net import protocol as P

if TYPE_CHECKING:
    from core.engine.session import GameSession

UNDO_WAIT_S = 30.0  # an open request lapses after this long: the moves stand


@dataclass
class Request:
    seq: int  # the position it was asked at
    by: int
    moves: int
    asked: list[int]
    deadline: float
    agreed: set[int] = field(default_factory=set)
    timer: asyncio.TimerHandle | None = None

    def waiting_for(self) -> list[int]:
        return [s for s in self.asked if s not in self.agreed]

    def info(self) -> P.UndoRequest:
        left = max(0, int(self.deadline - time.monotonic() + 0.999))
        return P.UndoRequest(self.seq, self.by, self.moves, list(self.asked), sorted(self.agreed), left)

    def cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()


def reach(session: GameSession, kinds: list[str], seat: int) -> tuple[int, list[int]]:
    """The moves an undo asked by `seat` takes back — back to and including its last move in
    effect (0: it has none) — and the other people whose moves are among them."""
    others: set[int] = set()
    for k, seq in enumerate(reversed(session.line), 1):
        s = session.entries[seq].seat
        if s == seat:
            return k, sorted(others)
        if s is not None and kinds[s] == "human":
            others.add(s)
    return 0, []


def refusal(session: GameSession, kinds: list[str], seat: int | None, *, over: bool, open_request: bool,
            refused_here: bool, present: set[int]) -> tuple[str, int, list[int]]:
    """Whether `seat` may ask for an undo now: ("", moves, seats to ask) or (the refusal's
    code, 0, [])."""
    if seat is None:
        return "watching", 0, []
    if over:
        return "game_over", 0, []
    if open_request:
        return "undo_open", 0, []
    n, others = reach(session, kinds, seat)
    if n == 0:
        return "undo_nothing", 0, []
    if refused_here:
        return "undo_again", 0, []
    why = session.undo_refusal(n)  # the table's undo mode (strict: only one's own, unrevealing)
    if why is not None:
        return f"undo_{why}" if why.startswith("strict_") else "undo_nothing", 0, []
    if any(s not in present for s in others):
        return "undo_absent", 0, []
    return "", n, others
