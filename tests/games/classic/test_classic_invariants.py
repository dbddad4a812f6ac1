"""Property tests over random `classic` games: the game's invariants (invariants.py) after
every event — cards conserved (deck + hands + animals + properties + discards = 84), food and
tokens never negative, fat never beyond its Жировой запас cards, need consistent with the
properties, pair links on both partners —, the extinction leaving whom it must, every game
ending with an outcome, and folding the log giving the live state.
"""

from __future__ import annotations

import random

import pytest

from core.engine.protocol import Options
from core.games.classic import GAME
from core.games.classic import actions as A
from core.games.classic import events as E
from core.games.classic import queries as Q
from core.games.classic.rules import RULES
from core.games.classic.state import ClassicState
from tests.games.classic.classic_play import SETUPS, fresh, random_moves
from tests.playing import play_checked

SEEDS = range(25)


def check_extinction(before: ClassicState) -> None:
    """Just before X4 (the clean-up): classic leaves only fed animals; v0.9 has every
    unfed animal turned and every fed one straight (CL30)."""
    for a in before.animals.values():
        if before.v09:
            assert a.turned == (not Q.fed(a)), f"c{a.uid}"
        else:
            assert Q.fed(a), f"c{a.uid} survived unfed"


def on_event(before: ClassicState, ev: E.Event) -> None:
    if isinstance(ev, E.CleanedUp):
        check_extinction(before)


def on_move(i: int, action: A.Action, state: ClassicState) -> None:
    assert RULES.parse_action(RULES.format_action(action)) == action
    if state.step == "discard":  # CL33: asked only above the limit
        assert len(state.players[state.decider].hand) > Q.hand_limit()


def play(seed: int, players: int, options: Options) -> ClassicState:
    state = fresh(seed, players, **options)
    GAME.check_position(state)
    return play_checked(GAME, state, random_moves(state, random.Random(seed)), on_event, on_move)


@pytest.mark.parametrize(("players", "options"), SETUPS,
                         ids=[f"{n}p-{o}" for n, o in SETUPS])
def test_invariants_after_every_event(players: int, options: Options) -> None:
    for seed in SEEDS:
        state = play(seed, players, options)
        outcome = RULES.outcome(state)
        assert outcome is not None and outcome.winners
        assert len(outcome.scores) == players
        best = max(outcome.scores)
        assert all(outcome.scores[w] == best for w in outcome.winners)
        if state.v09:
            assert state.turn == state.length  # §7.2: a fixed number of turns
        else:
            assert not state.deck and state.last and len(outcome.winners) == 1  # CL26, CL28
            assert outcome.scores == [sum(Q.score_of(state, i).values()) for i in range(players)]
