"""Undo and redo online by consent (docs/network.md, "Undo and redo"): a seat asks to take
back its last move in effect and everything after it, or to put back the moves the last undo
took back (its own among them); the other people whose moves that touches are asked, and the
table waits until all of them agree (it is made), one refuses, the asker withdraws, or
UNDO_WAIT_S pass. Here: what a request by a seat would take back or put back, whom it would
ask, why it would be refused; the table (core/net/table.py) keeps the open request."""

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
    redo: bool = False  # it puts moves back (the last undo's) rather than taking them back

    @property
    def kind(self) -> str:
        return "redo" if self.redo else "undo"

    def waiting_for(self) -> list[int]:
        return [s for s in self.asked if s not in self.agreed]

    def info(self) -> P.UndoRequest:
        left = max(0, int(self.deadline - time.monotonic() + 0.999))
        return P.UndoRequest(self.seq, self.by, self.moves, list(self.asked), sorted(self.agreed), left,
                             self.redo)

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


def last_undone(session: GameSession) -> list[int]:
    """The moves the last undo took back that are still undone, in the order a redo puts them
    back: what a redo puts back ([] when there is nothing to redo). The redo stack is the undo
    entries since the last move, less what redos put back; a redo takes from its top."""
    stack = session.redo_stack
    if not stack:
        return []
    since = len(session.entries)
    while since > 1 and session.entries[since - 1].kind != "move":
        since -= 1  # a move empties the stack: only the undos and redos after it count
    sizes: list[int] = []  # each undo's moves still on the stack, the last undo's on top
    for e in session.entries[since:]:
        if e.kind == "undo":
            sizes.append(len(e.moves))
        elif e.kind == "redo":
            k = len(e.moves)
            while k and sizes:
                took = min(k, sizes[-1])
                sizes[-1] -= took
                k -= took
                if not sizes[-1]:
                    sizes.pop()
    n = sizes[-1] if sizes and sum(sizes) == len(stack) else len(stack)
    return list(reversed(stack))[:n]


def redo_refusal(session: GameSession, kinds: list[str], seat: int | None, *, over: bool,
                 open_request: bool, refused_here: bool,
                 present: set[int]) -> tuple[str, int, list[int]]:
    """Whether `seat` may ask to put back the moves the last undo took back: ("", moves,
    seats to ask) or (the refusal's code, 0, []). One of those moves must be the asker's; the
    other people whose moves they are must agree."""
    if seat is None:
        return "watching", 0, []
    if not session.redo_stack:  # the common case, on every update: answered at once
        return "redo_nothing", 0, []
    if over:
        return "game_over", 0, []
    if open_request:
        return "undo_open", 0, []
    moves = last_undone(session)
    seats = {session.entries[m].seat for m in moves}
    if seat not in seats:
        return "redo_nothing", 0, []
    if refused_here:
        return "redo_again", 0, []
    others = sorted(s for s in seats if s is not None and s != seat and kinds[s] == "human")
    if any(s not in present for s in others):
        return "redo_absent", 0, []
    return "", len(moves), others
