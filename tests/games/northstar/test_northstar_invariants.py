"""Property tests over random `northstar` games: the game's invariants (invariants.py) after
every event. The 129 cards are conserved (two players: the 40 removed cards never come back, NS26);
population and body size stay within 1–6 (population 0 only on the way to extinction,
NS32); food, fat, the watering hole and the bags are never negative; food within the
population and fat within the body size on a Fat Tissue card (NS3); no trait twice on a
species and never more than the limit (NS21, NS26); carnivores never hold plant food
(NS6); every decision's position passes them all (the settled ones too); folding the log
gives the live state; every game ends with an outcome whose scores are bag + population + traits.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.protocol import Options
from core.games.northstar import GAME
from core.games.northstar import queries as Q
from core.games.northstar.rules import RULES
from core.games.northstar.state import NorthStarState
from tests.games.northstar.ns_play import SETUPS, fresh, random_moves
from tests.playing import impossible, play_checked


def play(seed: int, players: int, options: Options) -> NorthStarState:
    state = fresh(seed, players, **options)
    GAME.check_position(state)
    return play_checked(GAME, state, random_moves(state, random.Random(seed)))


def check_outcome(state: NorthStarState) -> None:
    out = RULES.outcome(state)
    assert out is not None and out.winners
    for seat, p in enumerate(state.players):
        b = out.breakdown[seat]
        assert out.scores[seat] == p.score == b["bag"] + b["population"] + b["traits"]
        assert all(x.fat == 0 for x in Q.row(state, seat)), "fat is bagged at the end (NS14)"
    best = max(out.scores)
    assert all(out.scores[w] == best for w in out.winners)
    assert state.last == state.round, "the game ends after the round flagged last (NS24)"


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=[f"{n}p-{o}" for n, o in SETUPS])
@settings(max_examples=3)
@given(seed=st.integers(0, 10**6))
def test_invariants_after_every_event(players: int, options: Options, seed: int) -> None:
    state = play(seed, players, options)
    check_outcome(state)


def test_the_position_check_refuses_what_no_game_reaches() -> None:
    """Saves and scenarios are checked: a card in two places, a track beyond 6, food beyond
    the population are refused with one line."""
    s = fresh(4, 3)
    GAME.check_position(s)
    with impossible(GAME, s, "exactly one place") as bad:
        bad.players[0].hand.append(bad.players[1].hand[0])
    with impossible(GAME, s, "NS32") as bad:
        next(iter(bad.species.values())).body = 7
    with impossible(GAME, s, "food") as bad:
        next(iter(bad.species.values())).plant = 2
    with impossible(GAME, s, "NS26") as bad:
        bad.removed.append(bad.deck.pop())
