"""GameSession on `magic` moves: redraws after undo, branches, the strict undo policy
(contract 7), refused moves. The game-agnostic behaviour is in tests/engine/test_session.py."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from core.engine.protocol import IllegalAction
from core.engine.session import GameSession, UndoRefused
from core.games.magic.scenario import SCENARIO

enc = msgspec.msgpack.Encoder()


def b(state: object) -> bytes:
    return enc.encode(state)


def test_redraw_after_undo_gives_the_same_cards() -> None:
    """Learning mode: the deck order is part of the state (contract 7)."""
    session = GameSession.new("magic", seats=2, seed=4)
    session.act("swap")
    drawn = b(session.state)
    session.undo()
    session.act("swap")
    assert b(session.state) == drawn


def test_new_move_after_undo_branches_and_keeps_history() -> None:
    session = GameSession.new("magic", seats=2, seed=9)
    session.act("keep")
    session.act("keep")
    session.undo()
    session.act("swap")
    kinds = [e.kind for e in session.entries]
    assert kinds == ["setup", "move", "move", "undo", "move"]
    assert session.line == [1, 4] and not session.can_redo()
    # The replay of the log shows the undone move's position too.
    assert session.node_after == [0, 1, 2, 1, 4]
    assert b(session.state_after_entry(2)) != b(session.state_after_entry(4))


def strict_session(seed: int = 1) -> GameSession:
    return GameSession.new("magic", seats=2, seed=seed, undo="strict")


def test_strict_undo_refuses_a_move_that_revealed_cards() -> None:
    session = strict_session()
    seat = session.pending().seat
    session.act("swap")  # draws new cards
    if session.pending().seat == seat:
        pytest.fail("expected the other seat's swap decision")
    assert session.undo_refusal() == "strict_other"


def test_strict_undo_allows_own_quiet_moves_and_refuses_after_another_acts() -> None:
    session = strict_session(3)
    while session.pending().kind == "swap":
        session.act("keep")
    seat = session.pending().seat
    assert session.pending().kind == "create"
    card = session.state.players[seat].hand[0]
    assert session.undo_refusal() == "strict_other"  # the other seat's keep
    session.act(f"create {card}")
    assert session.pending().seat == seat and session.can_undo()
    session.undo()
    assert session.pending().kind == "create"
    session.redo()
    assert session.can_undo()
    with pytest.raises(UndoRefused):
        session.undo(2)  # the move before was the other seat's


def test_strict_undo_refuses_the_winning_move() -> None:
    position = SCENARIO.state({
        "step": "action", "active": 1,
        "players": [{"tokens": 2, "creatures": [{"id": 1, "energy": 4}]}, {"creatures": [{"id": 2}]}],
    })
    session = GameSession.new("magic", seats=2, position=position, undo="strict")
    session.act("transmute")
    assert session.outcome().winners == [0]
    assert session.undo_refusal() == "strict_over"


def test_illegal_action_leaves_session_and_file_untouched(tmp_path: Path) -> None:
    path = tmp_path / "g.evo"
    session = GameSession.new("magic", seats=2, seed=5, path=path, durable=False)
    before, size = b(session.state), path.stat().st_size
    with pytest.raises(IllegalAction) as info:
        session.act("sleep")
    assert info.value.rule_id == "MC§3.4"
    assert b(session.state) == before and path.stat().st_size == size
    assert len(session.entries) == 1
