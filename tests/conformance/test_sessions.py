"""Contracts 3, 5 and 7 for every registered game: a journaled game with undos and redos along
the way verifies from its seed (`evo verify`), and loading it gives the same game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.engine.journal import Seat
from core.engine.session import GameSession
from core.engine.verify import verify
from tests.playing import Config, all_configurations, encode

CONFIGS = all_configurations()


def seats_of(config: Config) -> list[Seat]:
    """People in every seat but those the rules play (as `evo new` sets them up)."""
    automated = config.automated
    return [Seat("", kind=automated[i]) if i in automated else Seat(f"P{i + 1}")  # type: ignore[arg-type]
            for i in range(config.seats)]


@pytest.mark.parametrize("seed", [71, 72])
@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_random_play_with_undo_and_redo_verifies(config: Config, seed: int, tmp_path: Path) -> None:
    path = tmp_path / "game.evo"
    session = GameSession.new(config.game.id, seats=seats_of(config), options=dict(config.options),
                              seed=seed, path=path, durable=False)
    rng = random.Random(seed)
    undone = redone = 0
    for _ in range(400):
        if session.pending() is None:
            break
        r = rng.random()
        if session.can_redo() and r < 0.5:  # soon after an undo: a new move would end the redo
            redone += len(session.redo(rng.randint(1, len(session.redo_stack))))
        elif r > 0.9 and session.line:
            undone += len(session.undo(rng.randint(1, min(4, len(session.line)))))
        else:
            legal = session.legal_actions()
            session.act(legal[rng.randrange(len(legal))])
    assert undone and redone, "the game had no undo or no redo"
    session.close()
    result = verify(path)
    assert result.ok and not result.warnings, result.problem
    assert result.entries == len(session.entries)
    loaded, warnings = GameSession.load(path, writable=False)
    assert not warnings
    assert encode(loaded.state) == encode(session.state)
    assert loaded.line == session.line and loaded.redo_stack == session.redo_stack
    names = loaded.seat_names("en")
    assert len(names) == config.seats and all(names)
    for seat, kind in config.automated.items():
        assert names[seat] == config.game.automaton_name(kind, "en")
