"""Shared fixtures for the bot tests: games and positions from seeded random play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.bots import mcts
from core.bots.mcts import Budget

# A tiny search budget: the tests check behaviour, not strength.
TINY = Budget(per_action=4, floor=12, ceiling=24, ms=10_000, depth=8)


def new_game(rules: Any, seed: int, seats: int = 2, options: dict[str, Any] | None = None) -> Any:
    state = None
    for event in rules.setup(options or {}, seed, seats):
        state = rules.evolve(state, event)
    return state


def random_positions(rules: Any, count: int, seed: int = 0, seats: int | list[int] = 2,
                     options: dict[str, Any] | None = None, every: int = 7) -> list[Any]:
    """Decision states with at least two legal actions, from seeded random play (a list of
    seat counts is cycled game by game)."""
    rng = random.Random(seed)
    counts = seats if isinstance(seats, list) else [seats]
    out: list[Any] = []
    game = 0
    while len(out) < count:
        s = new_game(rules, seed * 100 + game, counts[game % len(counts)], options)
        k = 0
        while rules.pending(s) is not None and len(out) < count:
            legal = rules.legal_actions(s)
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    out.append(rules.clone(s))
            rules.apply(s, legal[rng.randrange(len(legal))])
        game += 1
    return out


def positions_of(rules: Any, setups: list[tuple[int, dict[str, Any]]], count: int,
                 seed: int) -> list[Any]:
    """`count` random positions for each (seats, options) of `setups`."""
    out: list[Any] = []
    for i, (seats, options) in enumerate(setups):
        out += random_positions(rules, count, seed=seed + i, seats=seats, options=options, every=3)
    return out


def written_reasons(rules: Any, game: Any, positions: list[Any], lang: str) -> set[str]:
    """Every legal action's hint reason in `positions` is a text of the game, whole and on one
    line; returns the reasons' keys."""
    from core.bots.heuristics import heuristics_for

    h = heuristics_for(rules)
    keys = set()
    for s in positions:
        view = rules.view(s, s.decider)
        for a in rules.legal_actions(s):
            key, args = h.reason(view, a, lang)
            assert f"reason.{key}" in game.texts.texts, key
            keys.add(key)
            line = game.text(f"reason.{key}", lang, **args)
            assert line and "{" not in line and "\n" not in line
    return keys


def check_hints_hide_hands(rules: Any, positions: list[Any]) -> None:
    """The hints' reasons name no card in another seat's hand."""
    from core.bots.hint import hint

    for s in positions:
        seat = s.decider
        view = rules.view(s, seat)
        hidden = {c for i, p in enumerate(s.players) if i != seat for c in p.hand}
        for h in hint(rules, view, rules.legal_actions(s), seat, "en", budget=TINY):
            assert not any(f" {c} " in f" {h.reason} " for c in hidden), h.reason


def greedy_wins(game: str, games: int) -> int:
    """How many of `games` seeded games the greedy bot wins against the random one (none may
    fail)."""
    from core.bots.tournament import run_tournament

    result = run_tournament(game, ["greedy", "random"], games=games, seed=3)
    wins = [0, 0]
    for r in result.records:
        assert not r.error
        for w in r.winners:
            wins[w] += 1
    return wins[0]


def tiny_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level searches with `TINY` for the test. The levels' own dict is changed in place
    (and put back), so a module that holds it — or reads a level when first imported during
    the test — sees the real budgets again afterwards."""
    for level in mcts.LEVELS:
        monkeypatch.setitem(mcts.LEVELS, level, TINY)


class Overridden:
    """A game's heuristics with some attributes of its own: compiled (core/native.py), a
    heuristics class takes no new attributes and its methods cannot be replaced, so a test puts
    this in its place instead, handing everything else to the game's."""

    def __init__(self, inner: object, **own: object) -> None:
        self._inner = inner
        self.__dict__.update(own)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def override_heuristics(monkeypatch: pytest.MonkeyPatch, rules: Any, **own: object) -> Any:
    """The heuristics `heuristics_for(rules)` gives for the test: the game's, with `own`."""
    from core import games
    from core.bots.heuristics import heuristics_for

    h = Overridden(heuristics_for(rules), **own)
    monkeypatch.setitem(games.get(rules.game_id).__dict__, "bot_heuristics", h)
    return h
