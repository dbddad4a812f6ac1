"""Contract 1 for every registered game: `apply` and folding its events agree, after every action
of random games in every set-up the descriptor allows.

`apply` folds each event into the state as it is emitted; folding the returned events onto a
clone of the state before the action must give the same state, byte for byte, and so must
folding the whole log from the setup. `resolve` (no validation) must do what `apply` does
for a legal action, a finished game must have an outcome, and the rules' hints about the
log (`finishing_action`, `round_started`, `log_attribution`) must hold on it.
"""

from __future__ import annotations

import random

import pytest

from core.engine.protocol import Outcome
from core.engine.rules_base import quick
from tests.playing import Config, all_configurations, decisions, encode, random_moves

CONFIGS = all_configurations()
SEEDS = range(11, 19)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_folding_the_events_gives_the_applied_state(config: Config) -> None:
    rules = config.rules
    for seed in SEEDS:
        setup = rules.setup(dict(config.options), seed, config.seats)
        assert setup == rules.setup(dict(config.options), seed, config.seats), "setup is seeded"
        state = config.fresh(seed)
        log_state = config.fresh(seed)
        # A seat the rules play moves inside any action's flow and may win there, so only
        # without one does "not a finishing action" promise that the game goes on.
        promise = not config.automated
        for action, before, events in random_moves(rules, state, random.Random(seed)):
            replay = rules.clone(before)
            for ev in events:
                replay = rules.evolve(replay, ev)
                log_state = rules.evolve(log_state, ev)
            assert encode(replay) == encode(state), \
                f"apply and fold disagree after {rules.format_action(action)}"
            resolved = rules.clone(before)
            assert rules.resolve(resolved, action) == events
            assert encode(resolved) == encode(state), "resolve and apply disagree"
            if promise and not rules.finishing_action(action):
                assert rules.outcome(state) is None, \
                    f"{rules.format_action(action)} ended the game but is not a finishing action"
        assert encode(log_state) == encode(state), "fold(log) differs from the live state"
        check_outcome(config, state)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_a_search_quick_calls_give_the_same_moves_and_states(config: Config) -> None:
    """`quick(rules)` (what a search calls at every step): `seat` is the pending decision's
    seat (-1 once none is), `moves` are the legal actions in their order, and `play`, in one
    reused quiet transaction that keeps no events, leaves the state `resolve` leaves, byte for
    byte."""
    rules = config.rules
    q = quick(rules)
    for seed in SEEDS[:3]:
        state = config.fresh(seed)
        for action, before, _ in random_moves(rules, state, random.Random(seed)):
            decision = rules.pending(before)
            assert decision is not None and q.seat(before) == decision.seat
            assert list(q.moves(before)) == rules.legal_actions(before)
            q.play(before, action)
            assert encode(before) == encode(state), f"quick play differs after {rules.format_action(action)}"
        assert rules.pending(state) is None and q.seat(state) == -1


def check_outcome(config: Config, state: object) -> None:
    rules = config.rules
    assert rules.pending(state) is None
    outcome = rules.outcome(state)
    assert isinstance(outcome, Outcome), "a finished game has an outcome"
    seats = config.seats
    assert rules.seat_count(state) == seats
    assert len(outcome.scores) == seats and all(0 <= w < seats for w in outcome.winners)
    assert len(set(outcome.winners)) == len(outcome.winners)
    if config.game.cooperative:
        assert outcome.winners in ([], list(range(seats))), "a co-operative win is everyone's"


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_rounds_and_attribution_follow_the_log(config: Config) -> None:
    rules = config.rules
    seed = 21
    state = None
    track = rules.log_attribution()
    rounds: list[int] = []
    log = list(rules.setup(dict(config.options), seed, config.seats))
    live = config.fresh(seed)
    log += [ev for _, _, events in random_moves(rules, live, random.Random(seed)) for ev in events]
    for ev in log:
        state = rules.evolve(state, ev)
        started = rules.round_started(ev)
        if started is not None:
            assert rules.round_number(state) == started, type(ev).__name__
            rounds.append(started)
        if rules.narrate(ev, None, "en") is not None:
            seat = track(ev)
            assert seat is None or 0 <= seat < config.seats
    assert rounds and rounds == sorted(rounds), "rounds start in order"
    assert rounds[-1] == rules.round_number(state)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_a_prepared_position_is_the_same_position(config: Config) -> None:
    """`position_event` starts a log at any state (scenarios, branches); folding it gives that
    state back, and `position_of` finds it in the setup events."""
    rules = config.rules
    for i, state in enumerate(decisions_sample(config)):
        event = rules.position_event(state)
        assert encode(rules.position_of([event])) == encode(state)
        folded = rules.evolve(None, event)
        assert encode(rules.view(folded, None)) == encode(rules.view(state, None)), i
        assert rules.legal_actions(folded) == rules.legal_actions(state)
    assert rules.position_of(rules.setup(dict(config.options), 1, config.seats)) is None


def decisions_sample(config: Config) -> list[object]:
    return [config.rules.clone(s) for s in decisions(config, 31, every=13)][:12]
