"""Property tests over random `northstar` games: invariants after every event.

The 129 cards are conserved (two players: the 40 removed cards never come back, NS26);
population and body size stay within 1–6 (population 0 only on the way to extinction,
NS32); food, fat, the watering hole and the bags are never negative; food within the
population and fat within the body size on a Fat Tissue card (NS3); no trait twice on a
species and never more than the limit (NS21, NS26); carnivores never hold plant food
(NS6); folding the log gives the live state; every decision's position passes the
position check; every game ends with an outcome whose scores are bag + population + traits.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.games.northstar import events as E
from core.games.northstar import queries as Q
from core.games.northstar.data import CARD_COUNT, CARNIVORE, FAT, trait_limit
from core.games.northstar.rules import RULES
from core.games.northstar.scenario import check
from core.games.northstar.state import NorthStarState
from tests.games.northstar.ns_play import SETUPS, all_cards, fresh, random_moves

enc = msgspec.msgpack.Encoder()


def check_state(s: NorthStarState) -> None:
    assert sorted(all_cards(s)) == list(range(1, CARD_COUNT + 1)), "129 cards are not conserved"
    assert len(s.removed) == (40 if s.n == 2 else 0)
    assert s.hole >= 0
    limit = trait_limit(s.n)
    for p in s.players:
        assert min(p.bag_plant, p.bag_meat, p.bag_fat) >= 0
        for uid in p.row:
            assert s.species[uid].owner == s.players.index(p)
    for x in s.species.values():
        assert 0 <= x.pop <= 6 and 1 <= x.body <= 6, f"{x.uid}: {x.pop}/{x.body}"
        assert min(x.plant, x.meat, x.fatfood, x.fat) >= 0, "negative food"
        assert x.food <= x.pop, "food beyond the population"
        assert x.fat == 0 or (FAT in x.traits and x.fat <= x.body)
        assert len(x.cards) == len(x.traits) <= limit and len(set(x.traits)) == len(x.traits)
        assert not (CARNIVORE in x.traits and x.plant), "a carnivore holds plant food"
        assert set(x.hidden) <= set(x.cards)
    assert sum(len(p.row) for p in s.players) == len(s.species)


def play_checked(seed: int, players: int, options: dict[str, Any]) -> NorthStarState:
    state = fresh(seed, players, **options)
    check_state(state)
    log_state = RULES.clone(state)
    for _, before, events in random_moves(state, random.Random(seed)):
        replay = before
        for ev in events:  # fold one event at a time, checking as we go
            replay = RULES.evolve(replay, ev)
            check_state(replay)
            if isinstance(ev, E.Await):
                assert all(x.pop >= 1 for x in replay.species.values()), "population 0 at a decision"
            log_state = RULES.evolve(log_state, ev)
        assert enc.encode(replay) == enc.encode(state), "apply and fold disagree"
        if RULES.pending(state) is not None:
            check(state)  # every position a game reaches is one the position check accepts
    assert enc.encode(log_state) == enc.encode(state), "fold(log) differs from the live state"
    return state


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
def test_invariants_after_every_event(players: int, options: dict[str, Any], seed: int) -> None:
    state = play_checked(seed, players, options)
    check_outcome(state)


def test_the_position_check_refuses_what_no_game_reaches() -> None:
    """Saves and scenarios are checked: a card in two places, a track beyond 6, food beyond
    the population are refused with one line."""
    s = fresh(4, 3)
    check(s)
    bad = RULES.clone(s)
    bad.players[0].hand.append(bad.players[1].hand[0])
    with pytest.raises(ValueError, match="exactly one place"):
        check(bad)
    bad = RULES.clone(s)
    next(iter(bad.species.values())).body = 7
    with pytest.raises(ValueError, match="NS32"):
        check(bad)
    bad = RULES.clone(s)
    next(iter(bad.species.values())).plant = 2
    with pytest.raises(ValueError, match="food"):
        check(bad)
    bad = RULES.clone(s)
    bad.removed.append(bad.deck.pop())
    with pytest.raises(ValueError, match="NS26"):
        check(bad)
