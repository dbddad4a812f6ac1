"""GameSession, for every registered game: undo/redo as log entries, seeking, branches,
save → load giving the same state (contract 7). Game-specific moves (a redraw after an undo,
the strict policy on a given move) are tested in tests/games/<g>/."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import games
from core.engine.session import GameSession

enc = msgspec.msgpack.Encoder()
GAMES = games.ids()


def b(state: object) -> bytes:
    return enc.encode(state)


def random_action(session: GameSession, rng: random.Random) -> object:
    acts = session.legal_actions()
    return acts[rng.randrange(len(acts))]


def new(game: str, **kwargs: Any) -> GameSession:
    return GameSession.new(game, seats=games.get(game).seats[2], **kwargs)


@pytest.mark.parametrize("game", GAMES)
@given(st.integers(0, 10**6), st.lists(st.sampled_from(["act", "act", "act", "undo", "redo"]),
                                        min_size=20, max_size=160))
@settings(max_examples=30)
def test_undo_redo_follow_a_shadow_model(tmp_path_factory: pytest.TempPathFactory, game: str,
                                         seed: int, script: list[str]) -> None:
    path = tmp_path_factory.mktemp("s") / "g.evo"
    session = new(game, seed=seed, path=path, durable=False)
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


@pytest.mark.parametrize("game", GAMES)
def test_new_move_after_undo_branches_and_keeps_history(game: str) -> None:
    session = new(game, seed=9)
    session.act(session.legal_actions()[0])
    while len(session.legal_actions()) < 2:  # a decision with a real alternative
        session.act(session.legal_actions()[0])
    k = len(session.entries) - 1  # moves made so far
    first, other = session.legal_actions()[:2]
    session.act(first)
    session.undo()
    session.act(other)
    kinds = [e.kind for e in session.entries]
    assert kinds == ["setup"] + ["move"] * (k + 1) + ["undo", "move"]
    assert session.line == [*range(1, k + 1), k + 3] and not session.can_redo()
    # The replay of the log shows the undone move's position too.
    assert session.node_after[-3:] == [k + 1, k, k + 3]
    assert b(session.state_after_entry(k + 1)) != b(session.state_after_entry(k + 3))


@pytest.mark.parametrize("game", GAMES)
def test_learning_undo_goes_back_to_the_setup_and_no_further(game: str) -> None:
    session = new(game, seed=2)
    setup = b(session.state)
    rng = random.Random(2)
    moves = 0
    while moves < 70 and session.pending() is not None:
        session.act(random_action(session, rng))
        moves += 1
    assert moves >= 10
    assert session.can_undo(moves) and not session.can_undo(moves + 1)
    session.undo(moves)  # even from a finished game
    assert b(session.state) == setup
    assert session.undo_refusal() == "nothing"


@pytest.mark.parametrize("game", GAMES)
def test_a_move_enumerates_the_legal_actions_once(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The legal actions a player was shown are the ones `act` checks the move against: the
    session validates on the live state (the rules' cache answers) and resolves on a copy, so
    a position's actions are enumerated once per move, not again for the copy."""
    session = new(game, seed=4)
    rules = session.rules
    enumerated: list[bytes] = []  # the position each call was for (its whole content)
    real = type(rules).enumerate

    def counting(self: Any, state: Any) -> list[Any]:
        enumerated.append(b(state))
        return real(self, state)

    monkeypatch.setattr(type(rules), "enumerate", counting)  # put back after the test
    # The engine calls `enumerate` in line unless a game overrides it (decided per class):
    # count through the call that the in-line path stands for.
    monkeypatch.setattr(type(rules), "_plain_legal", False)
    monkeypatch.setattr(rules, "_legal_cache", None)
    rng = random.Random(4)
    for _ in range(12):
        assert session.pending() is not None
        position = b(session.state)
        legal = session.legal_actions()
        session.act(legal[rng.randrange(len(legal))])
        assert enumerated.count(position) == 1  # a copy of the position has the same content
