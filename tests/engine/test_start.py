"""`GameRules.start`: a setup's events and the state its transaction made, which random
self-play (core.engine.simulate.play_random) takes instead of folding the events again."""

import pytest

from core import games
from core.engine import registry


@pytest.mark.parametrize("game", games.ids())
def test_start_gives_the_state_its_events_fold_to(game: str) -> None:
    rules = games.load(game)
    low, high = registry.get(game).seats[:2]
    for seats in sorted({low, min(low + 1, high), high}):
        opts = rules.normalize_options({}, seats)
        for seed in range(25):
            events, state = rules.start(opts, seed, seats)
            assert events == rules.setup(opts, seed, seats)
            folded = None
            for ev in events:
                folded = rules.evolve(folded, ev)
            assert folded == state, (seats, seed)
