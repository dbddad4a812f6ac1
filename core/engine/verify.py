"""`verify`: re-run a journal from its seed and check every recorded event (contract 5)."""

from __future__ import annotations

import os

import msgspec

from core.engine import journal as J
from core.engine import registry
from core.engine.protocol import IllegalAction
from core.engine.session import GameSession, SessionError, UndoRefused, first_difference


class VerifyResult(msgspec.Struct):
    ok: bool
    entries: int
    moves: int
    mismatch_seq: int | None = None
    problem: str = ""
    warnings: list[str] = []


REPLAY_FAILED = "the rules cannot go on from here"


def verify(path: str | os.PathLike[str]) -> VerifyResult:
    """Replay the actions of a save from its header. A save that does not load (every check of
    `GameSession.load`, the starting position's included) raises JournalError."""
    loaded, _ = GameSession.load(path, writable=False)
    jr = loaded._source
    assert jr is not None
    rules = registry.load(jr.header.game)
    h = jr.header
    setup = jr.entries[0]
    position = rules.position_of(list(setup.events))  # a game started from a scenario
    try:
        session = GameSession.new(h.game, seats=h.seats, options=h.options, seed=h.seed,
                                  undo=h.undo, position=position)
    except (SessionError, ValueError) as exc:
        return VerifyResult(False, len(jr.entries), 0, 0, f"the setup cannot be made again: {exc}",
                            jr.warnings)
    if position is None and list(session.entries[0].events) != list(setup.events):
        return VerifyResult(False, len(jr.entries), 0, 0,
                            "the setup differs from what the seed gives: "
                            + first_difference(setup.events, session.entries[0].events), jr.warnings)
    moves = 0
    for e in jr.entries[1:]:
        try:
            if e.kind == "move":
                pend = session.pending()
                if pend is None or pend.seat != e.seat:
                    return VerifyResult(False, len(jr.entries), moves, e.seq,
                                        f"{loaded.seat_word(e.seat)} moved, but the replay expects "
                                        f"{'no move' if pend is None else loaded.seat_word(pend.seat)}",
                                        jr.warnings)
                assert e.action is not None  # a move entry's shape is checked on loading
                got = session.act(e.action)
                moves += 1
                if list(got) != list(e.events):
                    return VerifyResult(False, len(jr.entries), moves, e.seq,
                                        first_difference(list(e.events), list(got)), jr.warnings)
            elif e.kind == "undo":
                done = session.undo(len(e.moves))
                if done != list(e.moves):
                    return VerifyResult(False, len(jr.entries), moves, e.seq,
                                        f"undo names moves {list(e.moves)}, replay undoes {done}",
                                        jr.warnings)
            else:
                done = session.redo(len(e.moves))
                if done != list(e.moves):
                    return VerifyResult(False, len(jr.entries), moves, e.seq,
                                        f"redo names moves {list(e.moves)}, replay redoes {done}",
                                        jr.warnings)
        except IllegalAction as exc:
            return VerifyResult(False, len(jr.entries), moves, e.seq,
                                f"the recorded action is illegal: {exc}", jr.warnings)
        except UndoRefused as exc:
            return VerifyResult(False, len(jr.entries), moves, e.seq, f"{e.kind} refused: {exc}",
                                jr.warnings)
        except Exception as exc:  # a position the rules trip over: the save cannot be trusted
            return VerifyResult(False, len(jr.entries), moves, e.seq,
                                f"{REPLAY_FAILED} ({J._reason(exc)})", jr.warnings)
    return VerifyResult(True, len(jr.entries), moves, None, "", jr.warnings)
