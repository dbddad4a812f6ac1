"""Property tests over random `classic` games: invariants after every event.

Cards conserved (deck + hands + animals + properties + discards = 84), food and tokens never
negative, fat never beyond its Жировой запас cards, need and fed consistent with the
properties, pair links on both partners, every game ending with an outcome, and folding the
log giving the live state.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from core.games.classic import events as E
from core.games.classic import queries as Q
from core.games.classic.data import CARD_COUNT, CARNIVOROUS, FAT, PAIRED, SCAVENGER, extra_food
from core.games.classic.rules import RULES
from core.games.classic.state import ClassicState
from tests.games.classic.classic_play import SETUPS, all_cards, fresh, random_moves

enc = msgspec.msgpack.Encoder()
SEEDS = range(25)


def check_state(s: ClassicState) -> None:
    cards = all_cards(s)
    assert sorted(cards) == list(range(1, CARD_COUNT + 1)), "cards are not conserved (84)"
    assert s.base >= 0
    bonus = extra_food()
    for a in s.animals.values():
        assert a.red >= 0 and a.blue >= 0, f"c{a.uid} has negative food"
        assert 0 <= a.fat <= a.fat_cards, f"c{a.uid} holds {a.fat} fat on {a.fat_cards} cards"
        assert a.need == 1 + sum(bonus.get(t, 0) for t in a.traits)
        assert a.fat_cards == a.traits.count(FAT)
        assert len(a.cards) == len(a.traits) == len(set(a.cards))
        singles = [t for t in a.traits if t not in PAIRED and t != FAT]
        assert len(singles) == len(set(singles)), f"c{a.uid} has a property twice"
        assert not (CARNIVOROUS in a.traits and SCAVENGER in a.traits)  # CL6
        assert a.uid in s.players[a.owner].row
        for card, trait in zip(a.cards, a.traits, strict=True):
            if trait in PAIRED:
                link = s.links[card]
                assert link.trait == trait and a.uid in (link.a, link.b)
    for card, link in s.links.items():
        for uid in (link.a, link.b):
            assert card in s.animals[uid].cards
        assert s.animals[link.a].owner == s.animals[link.b].owner  # CL5
    assert sum(len(p.row) for p in s.players) == len(s.animals)
    for p in s.players:
        assert p.reserve >= 0 and p.bonus >= 0
    for t in s.pending:
        assert t.card in s.links and t.to in s.animals


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
    check_state(state)
    log_state = RULES.clone(state)
    rng = random.Random(seed)
    for action, before, events in random_moves(state, rng):
        assert RULES.parse_action(RULES.format_action(action)) == action
        replay = before
        for ev in events:  # fold one event at a time, checking as we go
            if isinstance(ev, E.CleanedUp):
                check_extinction(replay)
            replay = RULES.evolve(replay, ev)
            check_state(replay)
            log_state = RULES.evolve(log_state, ev)
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
