"""The replay timeline: events, moves, undone moves, rounds and who may see what."""

from __future__ import annotations

from core.engine.journal import Seat
from core.engine.session import GameSession
from tests.tui.conftest import MID_GAME, session_at
from tui.replay import ReplayModel


def test_positions_cover_every_event_and_every_undo() -> None:
    s = session_at(MID_GAME)
    s.act("activate c1")
    s.act("sleep")
    s.undo(1)
    s.act("gain lower")
    m = ReplayModel(s)
    kinds = [s.entries[p.entry].kind for p in m.positions]
    assert kinds[0] == "setup" and "undo" in kinds
    m.seek(len(m) - 1)
    assert m.state().creatures[1].energy == 3  # the line of play after the undo
    m.seek(0)
    m.step_move(1)
    m.step_move(1)
    m.step_move(1)
    assert s.entries[m.positions[m.index].entry].kind == "undo"
    m.step_move(-1)
    assert m.positions[m.index].entry == 2
    lines = m.lines(0, "en")
    assert any(line.note for line in lines)
    assert lines == sorted(lines, key=lambda line: line.pos)


def test_rounds_can_be_jumped_to() -> None:
    seats = [Seat("A", kind="bot", bot="random"), Seat("B", kind="bot", bot="random")]
    s = GameSession.new("magic", seats=seats, seed=11)
    import random

    rng = random.Random(1)
    while s.pending() is not None and s.state.round < 3:
        legal = s.legal_actions()
        s.act(legal[rng.randrange(len(legal))])
    m = ReplayModel(s)
    assert {1, 2, 3} <= set(m.rounds)
    assert m.seek_round(2) and m.state().round == 2
    assert not m.seek_round(99)
    assert m.viewers()[0] is None  # bots only: the omniscient view is allowed


def test_unfinished_games_with_humans_hide_the_omniscient_view() -> None:
    m = ReplayModel(session_at(MID_GAME))
    assert None not in m.viewers()
