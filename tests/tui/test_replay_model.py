"""The replay timeline in every game the app offers: events, moves, undone moves, rounds and who
may see what."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.engine.session import GameSession
from tests.piloting import new_game
from tests.playing import encode
from tui.games import playable
from tui.replay import ReplayModel

GAMES = playable()


def act_randomly(s: GameSession, rng: random.Random, avoid: Any = None) -> None:
    legal = [a for a in s.legal_actions() if a != avoid]
    s.act(legal[rng.randrange(len(legal))])


def rounds_started(s: GameSession, events: list[Any]) -> set[int]:
    return {r for ev in events if (r := s.rules.round_started(ev)) is not None}


@pytest.mark.parametrize("game", GAMES)
def test_positions_cover_every_event_and_every_undo(game: str) -> None:
    s = new_game(game, seed=7)
    rng = random.Random(1)
    act_randomly(s, rng)
    act_randomly(s, rng)
    s.undo(1)
    act_randomly(s, rng, avoid=s.entries[2].action)  # another move than the one taken back
    m = ReplayModel(s)
    kinds = [s.entries[p.entry].kind for p in m.positions]
    assert kinds[0] == "setup" and "undo" in kinds
    m.seek(len(m) - 1)
    assert encode(m.state()) == encode(s.state)  # the line of play after the undo
    assert encode(m.state()) != encode(s.state_after_entry(2))  # not the move taken back
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


@pytest.mark.parametrize("game", GAMES)
def test_rounds_can_be_jumped_to(game: str) -> None:
    s = new_game(game, seed=11, humans=0)
    rng = random.Random(1)
    started = rounds_started(s, s.entries[0].events)
    while s.pending() is not None and 3 not in started:
        legal = s.legal_actions()
        started |= rounds_started(s, s.act(legal[rng.randrange(len(legal))]))
    m = ReplayModel(s)
    assert {1, 2, 3} <= set(m.rounds)
    assert m.seek_round(2)
    p = m.positions[m.index]
    assert 2 in rounds_started(s, s.entries[p.entry].events[: p.shown])  # where round 2 began
    assert p.shown == len(s.entries[p.entry].events)  # at the end of an entry: may branch here
    assert not m.seek_round(99)
    assert m.viewers()[0] is None  # bots only: the omniscient view is allowed


@pytest.mark.parametrize("game", GAMES)
def test_unfinished_games_with_humans_hide_the_omniscient_view(game: str) -> None:
    m = ReplayModel(new_game(game))
    assert None not in m.viewers()


@pytest.mark.parametrize("game", GAMES)
def test_stepping_forward_folds_one_event_onto_the_position_shown(game: str) -> None:
    """A step forward applies the events since the position shown; every position reached so
    equals the same position rebuilt from the session's snapshots."""
    s = new_game(game, seed=5, humans=0)
    rng = random.Random(3)
    for _ in range(40):
        if s.pending() is None:
            break
        act_randomly(s, rng)
    stepped, fresh = ReplayModel(s), ReplayModel(s)
    for index in range(len(stepped)):
        stepped.seek(index)
        fresh._state_cache = None
        fresh.seek(index)
        assert encode(stepped.state()) == encode(fresh.state()), index
