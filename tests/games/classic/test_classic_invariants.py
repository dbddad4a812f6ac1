"""Property tests over random `classic` games: the game's invariants (invariants.py) after
every event — cards conserved (deck + hands + animals + properties + discards = 84), food and
tokens never negative, fat never beyond its Жировой запас cards, need consistent with the
properties, pair links on both partners —, the extinction leaving whom it must, every game
ending with an outcome, and folding the log giving the live state.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from core.games.classic import GAME
from core.games.classic import events as E
from core.games.classic import queries as Q
from core.games.classic.rules import RULES
from core.games.classic.state import ClassicState
from tests.games.classic.classic_play import SETUPS, fresh, random_moves
from tests.playing import fold_checked

enc = msgspec.msgpack.Encoder()
SEEDS = range(25)


def check_extinction(before: ClassicState) -> None:
    """Just before X4 (the clean-up): classic leaves only fed animals; v0.9 has every
    unfed animal turned and every fed one straight (CL30)."""
    for a in before.animals.values():
        if before.v09:
            assert a.turned == (not Q.fed(a)), f"c{a.uid}"
        else:
            assert Q.fed(a), f"c{a.uid} survived unfed"


def play_checked(seed: int, players: int, options: dict[str, Any]) -> ClassicState:
    state = fresh(seed, players, **options)
    GAME.check_position(state)
    log_state = RULES.clone(state)
    rng = random.Random(seed)
    for action, before, events in random_moves(state, rng):
        assert RULES.parse_action(RULES.format_action(action)) == action
        for ev in events:
            if isinstance(ev, E.CleanedUp):
                check_extinction(log_state)
            log_state = RULES.evolve(log_state, ev)
        replay = fold_checked(GAME, before, events)  # every invariant after every event
        assert enc.encode(replay) == enc.encode(state), "apply and fold disagree"
        if state.step == "discard":  # CL33: asked only above the limit
            assert len(state.players[state.decider].hand) > Q.hand_limit()
    assert enc.encode(log_state) == enc.encode(state), "fold(log) differs from the live state"
    return state


@pytest.mark.parametrize(("players", "options"), SETUPS,
                         ids=[f"{n}p-{o}" for n, o in SETUPS])
def test_invariants_after_every_event(players: int, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        state = play_checked(seed, players, options)
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
