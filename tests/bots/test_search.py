"""The search's parts (core/bots/mcts.py): weighted draws and a pool of sampled worlds reused
by copy."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import pairwise

import pytest

from core import games
from core.bots import mcts
from core.bots.mcts import LEVELS, Budget, _weighted, for_game, search
from tests.bots.helpers import TINY, override_heuristics, random_positions


def test_a_weighted_draw_follows_the_weights() -> None:
    rng = random.Random(5)
    items = ["a", "b", "c"]  # type: ignore[list-item]
    drawn = [_weighted(rng, items, [0.0, 3.0, 1.0]) for _ in range(4000)]  # type: ignore[arg-type]
    assert "a" not in drawn
    assert 0.7 < drawn.count("b") / len(drawn) < 0.8
    # No weight at all: uniform.
    uniform = {_weighted(rng, items, [0.0, 0.0, 0.0]) for _ in range(100)}  # type: ignore[arg-type]
    assert uniform == set(items)


@pytest.mark.parametrize("game", games.ids())
def test_a_pool_of_worlds_gives_a_seeded_legal_answer(game: str) -> None:
    rules = games.load(game)
    pooled = replace(TINY, worlds=5)
    for s in random_positions(rules, 3, seed=7, seats=games.get(game).seats[2]):
        view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
        first = search(rules, view, legal, random.Random(3), pooled, iterations=40)
        again = search(rules, view, legal, random.Random(3), pooled, iterations=40)
        assert first.iterations == 40 and first.root.visits >= 40
        assert first.stats(legal) == again.stats(legal)
        assert {a for a, visits, _ in first.stats(legal) if visits} <= set(legal)


class _ProtocolOnly:
    """A ruleset seen only through the protocol: no `quick` (a search falls back to
    `pending`, `legal_actions` and `resolve`)."""

    def __init__(self, rules: object) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> object:
        if name == "quick":
            raise AttributeError(name)
        return getattr(self._rules, name)


@pytest.mark.parametrize("game", games.ids())
def test_a_search_through_quick_calls_decides_as_through_the_protocol(game: str) -> None:
    """The engine's quick calls (no legal-actions cache, no events kept) change the search's
    cost, not a visit of its tree."""
    rules = games.load(game)
    plain = _ProtocolOnly(rules)
    for s in random_positions(rules, 2, seed=11, seats=games.get(game).seats[0]):
        view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
        quick = search(rules, view, legal, random.Random(4), TINY, iterations=30)
        slow = search(plain, view, legal, random.Random(4), TINY, iterations=30)  # type: ignore[arg-type]
        assert quick.stats(legal) == slow.stats(legal)


@pytest.mark.parametrize("game", games.ids())
def test_no_level_of_a_game_searches_less_than_the_one_below(game: str) -> None:
    """A game's overrides (`budget_overrides`, `level_overrides`) may change what a level does
    (newworld's hard looks further at normal's iterations), but no level makes fewer
    iterations, samples fewer worlds, starts from a smaller root prior or looks less far in
    its rollouts than the level below, and each does more of one of them."""
    rules = games.load(game)
    budgets = [for_game(rules, LEVELS[lv]) for lv in ("easy", "normal", "hard", "expert")]

    def effort(b: Budget) -> tuple[int, ...]:
        reach = b.depth if b.rollout == "sample" else 0  # a turn rollout: this turn alone
        return (b.floor, b.ceiling, b.worlds, b.root_prior, reach)

    for lower, upper in pairwise(budgets):
        more = [u - lo for u, lo in zip(effort(upper), effort(lower), strict=True)]
        assert min(more) >= 0 and max(more) > 0, (lower.level, upper.level)


def test_a_level_s_own_overrides_come_after_the_game_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """`for_game`: the game's `budget_overrides` (its root prior a floor), then its
    `level_overrides` for the budget's level; a budget of no level gets the game's alone; the
    search runs with the budget `for_game` gives (here: as many iterations as it says)."""
    rules = games.load(games.ids()[0])
    override_heuristics(monkeypatch, rules, budget_overrides={"rollout": "turn", "root_prior": 3},
                        level_overrides={"normal": {"rollout": "sample", "depth": 5},
                                         "expert": {"root_prior": 1}})
    easy, normal, hard, expert = (for_game(rules, LEVELS[lv]) for lv in LEVELS)
    assert (easy.rollout, easy.root_prior, easy.depth) == ("turn", 3, LEVELS["easy"].depth)
    assert (normal.rollout, normal.depth, normal.root_prior) == ("sample", 5, 3)
    assert (hard.rollout, hard.root_prior) == ("turn", LEVELS["hard"].root_prior)
    assert expert.root_prior == 1  # a level's own word is the last
    assert for_game(rules, replace(LEVELS["normal"], level="")).rollout == "turn"

    override_heuristics(monkeypatch, rules, budget_overrides={"root_prior": 0},
                        level_overrides={"normal": {"floor": 5, "ceiling": 5, "per_action": 0},
                                         "easy": {"floor": 3, "ceiling": 3, "per_action": 0}})
    s = random_positions(rules, 1, seed=3, seats=games.get(rules.game_id).seats[2])[0]
    view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
    done = [search(rules, view, legal, random.Random(1), LEVELS[lv]).iterations
            for lv in ("normal", "easy")]
    assert done == [5, 3]


def test_sequential_halving_keeps_the_better_half_round_by_round() -> None:
    """`_halving`: ceil(log2(moves)) rounds sharing the iterations; each round gives every move
    still in the same visits, then the better half by mean reward stays; the leftovers go to
    the last move in. Rewards here are each move's value, so the best move survives."""
    value = {a: v for a, v in zip("abcdefgh", (0.3, 0.8, 0.1, 0.5, 0.7, 0.2, 0.6, 0.4), strict=True)}
    root = mcts.Node()
    moves = list(value)
    order = mcts._halving(root, moves, 30)  # type: ignore[arg-type]
    rounds: list[str] = []
    for _ in range(30):
        a = next(order)
        child = root.children.setdefault(a, mcts.Node())  # type: ignore[call-overload]
        child.visits += 1
        child.reward += value[a]
        rounds.append(a)
    # round 1: 30 // 3 // 8 = 1 visit each; round 2: the best four, 22 // 2 // 4 = 2 each;
    # round 3: the best two, 14 // 1 // 2 = 7 each; then the best alone (no iterations left)
    assert sorted(rounds[:8]) == moves
    assert sorted(rounds[8:16]) == sorted(2 * ["b", "e", "g", "d"])
    assert sorted(rounds[16:30]) == sorted(7 * ["b", "e"])
    assert next(order) == "b" and next(order) == "b"


@pytest.mark.parametrize("game", games.ids())
def test_a_halving_root_shares_its_iterations_round_by_round(game: str) -> None:
    """A search whose root shares its iterations by sequential halving: seeded, every root
    move visited alike in the first round, and the half left out after it no more."""
    rules = games.load(game)
    halving = replace(TINY, root="halving")
    for s in random_positions(rules, 2, seed=13, seats=games.get(game).seats[0]):
        view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
        if len(legal) < 2:
            continue
        first = search(rules, view, legal, random.Random(6), halving, iterations=4 * len(legal))
        again = search(rules, view, legal, random.Random(6), halving, iterations=4 * len(legal))
        stats = first.stats(legal)
        assert stats == again.stats(legal) and first.iterations == 4 * len(legal)
        # the first round's visits, on top of a game's root prior (northstar's)
        share = max(1, 4 * len(legal) // math.ceil(math.log2(len(legal))) // len(legal)) + \
            for_game(rules, halving).root_prior
        out_first = [visits for _, visits, _ in stats if visits == share]
        assert min(visits for _, visits, _ in stats) == share
        assert len(out_first) >= len(legal) // 2 and (stats[0][1] > share or len(legal) == 2)
