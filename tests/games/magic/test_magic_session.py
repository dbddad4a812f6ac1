"""GameSession: undo/redo as log entries, both undo policies (contract 7), seeking, branches,
save → load giving the same state."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.protocol import IllegalAction
from core.engine.session import GameSession, UndoRefused

enc = msgspec.msgpack.Encoder()


def b(state: object) -> bytes:
    return enc.encode(state)


def random_action(session: GameSession, rng: random.Random) -> object:
    acts = session.legal_actions()
    return acts[rng.randrange(len(acts))]


@given(st.integers(0, 10**6), st.lists(st.sampled_from(["act", "act", "act", "undo", "redo"]),
                                        min_size=20, max_size=160))
@settings(max_examples=30)
def test_undo_redo_follow_a_shadow_model(tmp_path_factory, seed: int, script: list[str]) -> None:
    path = tmp_path_factory.mktemp("s") / "g.evo"
    session = GameSession.new("magic", seats=3, seed=seed, path=path, durable=False)
    rng = random.Random(seed)
    line = [b(session.state)]  # states along the current line, index = line position
    redo: list[bytes] = []
    for op in script:
        if session.pending() is None:
            break
        if op == "act":
            session.act(random_action(session, rng))
            line.append(b(session.state))
            redo.clear()
        elif op == "undo" and len(line) > 1:
            n = rng.randint(1, min(3, len(line) - 1))
            session.undo(n)
            for _ in range(n):
                redo.append(line.pop())
            assert b(session.state) == line[-1]
        elif op == "redo" and redo:
            session.redo(1)
            line.append(redo.pop())
            assert b(session.state) == line[-1]
        assert session.can_redo() == bool(redo)
    session.close()
    loaded, warnings = GameSession.load(path, writable=False)
    assert warnings == [] and b(loaded.state) == b(session.state)
    assert loaded.line == session.line and loaded.redo_stack == session.redo_stack
    for pos, seq in enumerate(session.line, 1):  # seeking rebuilds every position exactly
        assert b(loaded.state_of(seq)) == line[pos]


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


def test_learning_undo_goes_back_to_the_setup_and_no_further() -> None:
    session = GameSession.new("magic", seats=2, seed=2)
    setup = b(session.state)
    rng = random.Random(2)
    for _ in range(70):
        session.act(random_action(session, rng))
    assert session.can_undo(70) and not session.can_undo(71)
    session.undo(70)
    assert b(session.state) == setup
    assert session.undo_refusal() == "nothing"


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
    from core.games.magic.rules import RULES

    position = RULES.scenario_state({
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
    assert info.value.rule_id == "MC-§3.4"
    assert b(session.state) == before and path.stat().st_size == size
    assert len(session.entries) == 1
