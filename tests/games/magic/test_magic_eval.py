"""The `magic` evaluation and default policy (core/games/magic/bot.py)."""

from __future__ import annotations

import pytest

from core.games.magic import actions as A
from core.games.magic import bot as B
from core.games.magic.rules import RULES
from tests.bots.helpers import new_game, random_positions


def test_values_are_win_chances() -> None:
    for s in random_positions(RULES, 30, seed=60):
        v = B.evaluate(s)
        assert len(v) == len(s.players)
        assert sum(v) == pytest.approx(1.0)
        assert all(0.0 < x < 1.0 for x in v)


def test_a_finished_game_is_scored_exactly() -> None:
    s = new_game(RULES, 1)
    s.winner = 1
    assert B.evaluate(s) == [0.0, 1.0]


def test_the_start_is_nearly_even() -> None:
    v = B.evaluate(new_game(RULES, 2))
    assert abs(v[0] - v[1]) < 0.3


def test_more_energy_tokens_and_creatures_are_better() -> None:
    s = new_game(RULES, 3)
    base = B.points(s)
    richer = RULES.clone(s)
    richer.creatures[richer.players[0].row[0]].energy = 2
    assert B.points(richer)[0] > base[0]
    assert B.points(richer)[1] == pytest.approx(base[1])
    ahead = RULES.clone(s)
    ahead.players[0].tokens = 1
    assert B.points(ahead)[0] > B.points(richer)[0]


def test_tiny_needs_three() -> None:
    s = new_game(RULES, 4)
    c = s.creatures[s.players[0].row[0]]
    c.traits, c.cards = ["tiny"], [99]
    assert B.need(c) == 3
    c.traits, c.cards = ["tiny", "flying", "aquatic", "vampire"], [1, 2, 3, 4]
    assert B.need(c) == 4


def test_transmuting_is_valued_above_waiting() -> None:
    """In every sampled 'action' step where a transmutation is legal, it evaluates best."""
    seen = 0
    for s in random_positions(RULES, 400, seed=70, every=1):
        legal = RULES.legal_actions(s)
        if s.step != "action" or A.TRANSMUTE not in legal:
            continue
        me = s.decider
        values = {}
        for a in legal:
            t = RULES.clone(s)
            RULES.apply(t, a)
            values[a] = B.evaluate(t)[me]
        assert values[A.TRANSMUTE] >= max(values.values()) - 1e-9
        seen += 1
    assert seen >= 3


def test_policy_weights_fit_the_legal_actions() -> None:
    for s in random_positions(RULES, 80, seed=80, every=2):
        legal = RULES.legal_actions(s)
        w = B.policy(s, legal)
        assert len(w) == len(legal) and all(x >= 0 for x in w) and sum(w) > 0
        if A.TRANSMUTE in legal:
            assert w[legal.index(A.TRANSMUTE)] == max(w)


def test_hard_and_expert_search_without_greedy_s_root_prior() -> None:
    """Issue #26's ladder: with greedy's one-ply values seeding its root, hard won 44 of 100
    games against normal; without them 249 of 400 (docs/bots.md). The levels above normal keep
    their larger budgets and worlds."""
    from core.bots.mcts import LEVELS, for_game

    normal, hard, expert = (for_game(RULES, LEVELS[lv]) for lv in ("normal", "hard", "expert"))
    assert hard.root_prior == expert.root_prior == 0
    assert (hard.ceiling, hard.worlds) == (LEVELS["hard"].ceiling, LEVELS["hard"].worlds)
    assert normal.ceiling < hard.ceiling < expert.ceiling
