"""Property tests over random `gravity` games: the game's invariants (invariants.py) after
every event — at most 20 courage dice and one per location (G24), monsters only on locations,
conserved cards … —, 51 support/distrust tokens (46 on the board, 5 spare, G53) and an alarm
that only rises (§7), every game won or lost, fold(log) equal to the live state, refusals
that change nothing, notation round trips, determinization consistent with the view.
"""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from core.games.gravity import GAME
from core.games.gravity import actions as A
from core.games.gravity.data import game
from core.games.gravity.rules import RULES
from core.games.gravity.state import GravityState
from tests.games.gravity.test_gravity_play import fresh, random_moves
from tests.playing import play_checked, public_fields, refused

SPARE_TOKENS = 5

games = st.tuples(
    st.integers(0, 10**6), st.integers(1, 5),
    st.sampled_from([{}, {"difficulty": "easy"}, {"difficulty": "hard"}, {"variant": "kids"}]),
    st.booleans(),
)


def check_play(alarm_before: int, s: GravityState) -> None:
    """What holds in a game set up normally, beyond the invariants: the alarm only rises (§7),
    and the 46 tokens the setup puts on the board stay there (G53; a scenario may start with
    fewer)."""
    assert alarm_before <= s.alarm, "the alarm went down"
    assert sum(p.support + p.distrust for p in s.places) + SPARE_TOKENS == game().tokens


@given(games)
@settings(max_examples=400)
def test_invariants_after_every_event(game_: tuple[int, int, dict, bool]) -> None:
    seed, players, options, greedy = game_
    state = fresh(seed, players, **options)
    GAME.check_position(state)
    alarm = [state.alarm]  # the log's alarm before the event about to be folded

    def on_event(before: GravityState, ev: object) -> None:
        check_play(alarm[0], before)  # what the last event left
        alarm[0] = before.alarm

    def on_move(i: int, action: A.Action, state: GravityState) -> None:
        text = RULES.format_action(action)
        assert RULES.parse_action(text) == action, text
        if i % 5 == 0:
            for a in RULES.legal_actions(state):
                assert RULES.parse_action(RULES.format_action(a)) == a

    play_checked(GAME, state, random_moves(state, random.Random(seed), greedy=greedy), on_event, on_move)
    check_play(alarm[0], state)  # what the last event left
    outcome = RULES.outcome(state)
    assert outcome is not None and state.result in ("won", "lost")
    if state.result == "won":
        assert outcome.winners == list(range(players)) and not any(m.loc for m in state.monsters)
    else:
        assert outcome.winners == [] and state.alarm == game().alarm_max


POOL: list = [A.PASS, A.REST, A.PLACE, A.DRAW, A.ROLL, A.ALARM, A.Play("4-0", 1), A.Play("tp", 7),
              A.Play("0-4", 3), A.Pull(3, "support"), A.Skip(12), A.Fight("M5"), A.Reroll(7, 0, 0),
              A.Push(22, "distrust"), A.Take("2-2"), A.Uncurse(("C01", "C02")), A.MoveDie(1, 2),
              A.Lift("dipper", "C03"), A.ChooseMonster("M9"), A.Teleport(5), A.Discard("tp"),
              A.Retreat(4), A.RemoveDie(8), A.Flip(9)]


@given(st.integers(0, 10**6), st.integers(1, 5))
@settings(max_examples=100)
def test_refused_actions_change_nothing(seed: int, players: int) -> None:
    """Actions that are not legal now raise IllegalAction with a rule id, state untouched."""
    state = fresh(seed, players)
    rng = random.Random(seed)
    pool = list(POOL)
    checked = 0
    for action, _before, _events in random_moves(state, rng, limit=300):
        pool.append(action)
        if RULES.pending(state) is None:
            break
        for candidate, exc in refused(RULES, state, pool, rng):
            assert ((exc.rule_id.startswith("G") and exc.rule_id[1:].isdigit())
                    or exc.rule_id.startswith("G§")), exc.rule_id
            assert exc.message and "{" not in exc.message
            ru = RULES.explain(state, candidate, "ru")
            assert ru is not None and ru.rule_id == exc.rule_id
            checked += 1
    assert checked > 0


@given(st.integers(0, 10**6), st.integers(1, 5), st.booleans())
@settings(max_examples=100)
def test_determinize_is_consistent_with_the_view(seed: int, players: int, kids: bool) -> None:
    state = fresh(seed, players, **({"variant": "kids"} if kids else {"difficulty": "hard"}))
    rng = random.Random(seed)
    for i, _ in enumerate(random_moves(state, rng, limit=400, greedy=True)):
        if i % 9:
            continue
        views = [RULES.view(state, seat) for seat in range(players)]
        assert all(msgspec.structs.replace(v, viewer=None) == RULES.view(state, None) for v in views)
        v = views[0]
        sample = RULES.determinize(v, random.Random(i))
        GAME.check_position(sample)
        assert RULES.view(sample, 0) == v
        if RULES.pending(state) is not None:
            assert RULES.legal_actions(sample) == RULES.legal_actions(state)
        assert isinstance(public_fields(v, "mdeck", "seed")["unused"], int)
