"""The `magic` transaction (core/games/magic/tx.py) makes the flow's most frequent changes
itself instead of folding their events: the log folded event by event must give the very
state the rules left."""

from __future__ import annotations

import random

import pytest

from core.games.magic.rules import RULES


@pytest.mark.parametrize(("options", "players"), [({}, 2), ({"variant": "quartet"}, 3), ({}, 4),
                                                  ({"solo": True}, 2)])
def test_the_rules_leave_the_state_their_events_fold_to(options: dict[str, object],
                                                        players: int) -> None:
    """After the setup and after every move of random games (solo: the Shade's turns run
    inside the moves), folding the events gives the state the transaction changed itself."""
    opts = RULES.normalize_options(options, players)
    for seed in range(60):
        events, live = RULES.start(opts, seed, players)
        folded = None
        for ev in events:
            folded = RULES.evolve(folded, ev)
        assert folded == live, seed
        rng = random.Random(seed)
        while RULES.pending(live) is not None:
            legal = RULES.legal_actions(live)
            for ev in RULES.apply(live, legal[rng.randrange(len(legal))]):
                folded = RULES.evolve(folded, ev)
            assert folded == live, (seed, live.round)
