"""Property tests over random `newworld` games: invariants after every event.

The 96 evolution cards and the 20 habitat cards are conserved; tokens are never negative;
no habitat holds more shelters than printed, nor more food (a Болота at most 4); fat never
beyond the Жировой запас cards; need consistent with the properties; no property twice but
Жировой запас; pair links on both partners and between row neighbours; every game ends with
an outcome after its K epochs; folding the log gives the live state.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from core.games.newworld import events as E
from core.games.newworld import queries as Q
from core.games.newworld.data import (
    CARD_COUNT,
    FAT,
    HABITAT_CARDS,
    PAIRED,
    extra_food,
    habitat_kinds,
    numbers,
)
from core.games.newworld.rules import RULES
from core.games.newworld.scenario import check
from core.games.newworld.state import NewWorldState
from tests.games.newworld.nw_play import SETUPS, all_cards, all_habitat_cards, fresh, random_moves

enc = msgspec.msgpack.Encoder()
SEEDS = range(8)


def check_state(s: NewWorldState) -> None:
    assert sorted(all_cards(s)) == list(range(1, CARD_COUNT + 1)), "96 cards are not conserved"
    assert sorted(all_habitat_cards(s)) == list(range(1, HABITAT_CARDS + 1)), "habitat cards"
    kinds = habitat_kinds()
    swamp_max = numbers()["swamp_max"]
    for h in s.habitats:
        k = kinds[h.kind]
        assert 0 <= h.shelter <= k.shelter, f"h{h.key} holds {h.shelter} shelters"
        assert 0 <= h.red <= (swamp_max if k.swamp else k.red), f"h{h.key} holds {h.red} food"
    bonus = extra_food()
    for a in s.animals.values():
        assert a.red >= 0 and a.blue >= 0, f"c{a.uid} has negative food"
        assert 0 <= a.fat <= a.fat_cards, f"c{a.uid} holds {a.fat} fat on {a.fat_cards} cards"
        assert a.red + a.blue <= a.need, f"c{a.uid} holds food beyond its need (NW35)"
        assert a.need == 1 + sum(bonus.get(t, 0) for t in a.traits)
        assert a.fat_cards == a.traits.count(FAT)
        assert len(a.cards) == len(a.traits) == len(set(a.cards))
        singles = [t for t in a.traits if t not in PAIRED and t != FAT]
        assert len(singles) == len(set(singles)), f"c{a.uid} has a property twice"
        assert a.uid in s.players[a.owner].row
        for card, trait in zip(a.cards, a.traits, strict=True):
            if trait in PAIRED:
                link = s.links[card]
                assert link.trait == trait and a.uid in (link.a, link.b)
    for card, link in s.links.items():
        for uid in (link.a, link.b):
            assert card in s.animals[uid].cards
        owner = s.animals[link.a].owner
        assert s.animals[link.b].owner == owner
        row = s.players[owner].row
        assert abs(row.index(link.a) - row.index(link.b)) == 1, "a pair is not side by side"
    assert sum(len(p.row) for p in s.players) == len(s.animals)
    for f in s.frames:
        assert f.animal in s.animals


def play_checked(seed: int, players: int, options: dict[str, Any]) -> NewWorldState:
    state = fresh(seed, players, **options)
    check_state(state)
    log_state = RULES.clone(state)
    rng = random.Random(seed)
    for _, before, events in random_moves(state, rng):
        replay = before
        for ev in events:  # fold one event at a time, checking as we go
            if isinstance(ev, E.FatUsed):
                assert Q.hungry(replay.animals[ev.animal]), "fat pays only missing food"
            replay = RULES.evolve(replay, ev)
            check_state(replay)
            log_state = RULES.evolve(log_state, ev)
        assert enc.encode(replay) == enc.encode(state), "apply and fold disagree"
        check(state)  # every position a game reaches is one the scenario check accepts
        if state.step == "discard":  # asked only above the limit
            assert len(state.players[state.decider].hand) > Q.hand_limit()
    assert enc.encode(log_state) == enc.encode(state), "fold(log) differs from the live state"
    return state


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=[f"{n}p-{o}" for n, o in SETUPS])
def test_invariants_after_every_event(players: int, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        state = play_checked(seed, players, options)
        outcome = RULES.outcome(state)
        assert outcome is not None and len(outcome.winners) == 1  # NW40: a lot always decides
        assert len(outcome.scores) == players
        best = max(outcome.scores)
        assert outcome.scores[outcome.winners[0]] == best
        assert outcome.scores == [sum(Q.score_of(state, i).values()) for i in range(players)]
        epochs = 1 if options.get("scenario") == "cataclysm" else options.get("length", 6)
        assert state.epoch == epochs and state.last and not state.hstack


def test_the_position_check_refuses_what_no_game_reaches() -> None:
    """Saves and scenarios are checked: a card in two places, a broken pair, tokens out of
    range are refused with one line."""
    s = fresh(4, 3)
    check(s)
    bad = RULES.clone(s)
    bad.players[0].hand.append(bad.players[1].hand[0])
    with pytest.raises(ValueError, match="exactly one place"):
        check(bad)
    bad = RULES.clone(s)
    bad.habitats[0].red = 9
    with pytest.raises(ValueError, match="out of range"):
        check(bad)
    bad = RULES.clone(s)
    bad.decider = 7
    with pytest.raises(ValueError, match="does not exist"):
        check(bad)
