"""The search's parts (core/bots/mcts.py): weighted draws and a pool of sampled worlds reused
by copy."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core import games
from core.bots import mcts
from core.bots.mcts import LEVELS, Budget, _weighted, for_game, search
from tests.bots.helpers import TINY, random_positions


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
def test_every_game_s_levels_keep_their_order(game: str) -> None:
    """A game's overrides (`budget_overrides`, `level_overrides`) may change what a level does,
    not the order of the levels' iterations, worlds and root priors."""
    rules = games.load(game)
    budgets = [for_game(rules, LEVELS[lv]) for lv in ("easy", "normal", "hard", "expert")]
    for field in ("floor", "ceiling", "worlds"):
        values = [getattr(b, field) * (b.scale if field != "worlds" else 1) for b in budgets]
        assert values == sorted(values) and len(set(values)) == 4, field
    priors = [b.root_prior for b in budgets]
    assert priors == sorted(priors)


def test_a_level_s_own_overrides_come_after_the_game_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """newworld: easy finishes the turn (`budget_overrides`), the levels above it roll out
    sampled moves (`level_overrides`); a budget of no level plays as the game's overrides say,
    and the search runs with the budget `for_game` gives."""
    rules = games.load("newworld")
    assert for_game(rules, LEVELS["easy"]).rollout == "turn"
    for lv in ("normal", "hard", "expert"):
        b = for_game(rules, LEVELS[lv])
        assert (b.rollout, b.depth) == ("sample", 12)
        assert b.ceiling == LEVELS[lv].ceiling and b.root_prior == LEVELS[lv].root_prior
    assert for_game(rules, TINY).rollout == "turn"
    assert for_game(rules, replace(LEVELS["normal"], level="")).rollout == "turn"
    # northstar: its root prior is a floor under every level's, and no level has its own
    north = games.load("northstar")
    assert [for_game(north, LEVELS[lv]).root_prior for lv in LEVELS] == [2, 2, 4, 8]

    seen: list[Budget] = []
    real = mcts._Search.__init__

    def spy(self: object, rules: object, view: object, legal: object, rng: object,
            budget: Budget) -> None:
        seen.append(budget)
        real(self, rules, view, legal, rng, budget)  # type: ignore[arg-type]

    monkeypatch.setattr(mcts._Search, "__init__", spy)
    s = random_positions(rules, 1, seed=3, seats=2)[0]
    view, legal = rules.view(s, rules.pending(s).seat), rules.legal_actions(s)
    search(rules, view, legal, random.Random(1), LEVELS["normal"], iterations=2)
    search(rules, view, legal, random.Random(1), LEVELS["easy"], iterations=2)
    assert [b.rollout for b in seen] == ["sample", "turn"]
