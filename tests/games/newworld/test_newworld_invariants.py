"""Property tests over random `newworld` games: the game's invariants (invariants.py) after
every event — the 96 evolution cards and the 20 habitat cards are conserved; tokens are never
negative; no habitat holds more shelters than printed, nor more food (a Болота at most 4); fat
never beyond the Жировой запас cards; need consistent with the properties; no property twice
but Жировой запас; pair links on both partners and between row neighbours —; every game ends
with an outcome after its K epochs; folding the log gives the live state.
"""

from __future__ import annotations

import random

import pytest

from core.engine.protocol import Options
from core.games.newworld import GAME
from core.games.newworld import events as E
from core.games.newworld import queries as Q
from core.games.newworld.rules import RULES
from core.games.newworld.state import NewWorldState
from tests.games.newworld.nw_play import SETUPS, fresh, random_moves
from tests.playing import impossible, play_checked

SEEDS = range(8)


def on_event(before: NewWorldState, ev: E.Event) -> None:
    if isinstance(ev, E.FatUsed):
        assert Q.hungry(before.animals[ev.animal]), "fat pays only missing food"


def on_move(i: int, action: object, state: NewWorldState) -> None:
    if state.step == "discard":  # asked only above the limit
        assert len(state.players[state.decider].hand) > Q.hand_limit()


def play(seed: int, players: int, options: Options) -> NewWorldState:
    state = fresh(seed, players, **options)
    GAME.check_position(state)
    return play_checked(GAME, state, random_moves(state, random.Random(seed)), on_event, on_move)


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=[f"{n}p-{o}" for n, o in SETUPS])
def test_invariants_after_every_event(players: int, options: Options) -> None:
    for seed in SEEDS:
        state = play(seed, players, options)
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
    GAME.check_position(s)
    with impossible(GAME, s, "exactly one place") as bad:
        bad.players[0].hand.append(bad.players[1].hand[0])
    with impossible(GAME, s, "out of range") as bad:
        bad.habitats[0].red = 9
    with impossible(GAME, s, "does not exist") as bad:
        bad.decider = 7
