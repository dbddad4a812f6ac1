"""The bots on `gravity`: legal answers at every kind of decision, one shared team chance,
and a hint reason in both languages for every kind of action, naming places by their names."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from core import games
from core.bots import make_bot
from core.bots.heuristics import heuristics_for, informed
from core.bots.hint import hint
from core.bots.mcts import MCTSBot
from core.games.gravity.data import board
from tests.bots.helpers import TINY, new_game, override_heuristics, random_positions

GAME = games.get("gravity")
RULES = GAME.ruleset


def _new(seed: int, seats: int = 3) -> Any:
    return new_game(RULES, seed, seats)


def _positions(count: int, seed: int = 0, every: int = 3) -> list[Any]:
    return random_positions(RULES, count, seed, seats=[2, 3, 4], every=every)


def test_bots_answer_legally_at_every_kind_of_decision() -> None:
    steps = set()
    for i, s in enumerate(_positions(60, seed=4)):
        legal = RULES.legal_actions(s)
        view = RULES.view(s, s.decider)
        steps.add(s.step)
        for bot in (make_bot("random", RULES, i), make_bot("greedy", RULES, i),
                    MCTSBot(RULES, i, "tiny", budget=TINY)):
            action = bot.choose(view, legal)
            assert action in legal, (bot.spec, s.step, action)
            RULES.apply(RULES.clone(s), action)
    assert {"action", "push"} <= steps


def test_the_team_shares_one_chance_exact_at_the_end() -> None:
    h = heuristics_for(RULES)
    s = _new(7)
    start = h.evaluate(s)
    assert len(set(start)) == 1 and 0.0 < start[0] < 1.0
    rng = random.Random(7)
    while RULES.pending(s) is not None:
        legal = RULES.legal_actions(s)
        RULES.apply(s, legal[rng.randrange(len(legal))])
    end = h.evaluate(s)
    assert end == [1.0 if RULES.outcome(s).winners else 0.0] * RULES.seat_count(s)


def test_every_action_kind_has_a_reason_in_both_languages() -> None:
    assert informed(RULES)
    h = heuristics_for(RULES)
    seen = set()
    places = {lang: [x.name(lang) for x in board().locations.values()] for lang in ("ru", "en")}
    for s in _positions(80, seed=5, every=1):
        view = RULES.view(s, s.decider)
        for a in RULES.legal_actions(s):
            for lang in ("ru", "en"):
                key, args = h.reason(view, a, lang)
                assert f"reason.{key}" in GAME.texts.texts, (a, key)
                line = GAME.text(f"reason.{key}", lang, **args)
                assert line and "{" not in line, (key, lang)  # every placeholder filled
                # a place by its name, never by its card's code (L07) or its number on the
                # map: players' words (#20)
                assert not re.search(r"\bL\d\d\b", line), line
                if "loc" in args:
                    assert args["loc"] in places[lang] or args["loc"][1:-1] in places[lang], line
            seen.add(key)
    assert len(seen) >= 8
    s = _positions(1, seed=6)[0]
    for lang in ("ru", "en"):
        top = hint(RULES, RULES.view(s, s.decider), RULES.legal_actions(s), s.decider,
                   lang=lang, budget=TINY, seed=1)
        assert top and all(h.reason for h in top)


def test_gravity_rollouts_finish_the_turn_and_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's budget overrides apply: every rollout ends exactly where a turn ends."""
    from dataclasses import replace

    from core.bots.mcts import search

    h = heuristics_for(RULES)
    assert replace(TINY, **h.budget_overrides).rollout == "turn"
    real, real_eval = RULES.quick(), h.evaluate
    last: list[bool] = []  # did the last applied action end a turn?
    judged: list[bool] = []

    def counting(s: Any, action: Any) -> None:
        before = h.turn_id(s)
        real.play(s, action)
        last[:] = [h.turn_id(s) != before]

    def evaluating(s: Any) -> list[float]:
        judged.append(RULES.pending(s) is None or last == [True])
        return real_eval(s)

    s = _positions(1, seed=8)[0]
    # The search applies moves with its quick calls' `play` and judges leaves with `evaluate`.
    monkeypatch.setattr(RULES, "quick", lambda: real._replace(play=counting))
    override_heuristics(monkeypatch, RULES, evaluate=evaluating)
    result = search(RULES, RULES.view(s, s.decider), RULES.legal_actions(s),
                    random.Random(2), replace(TINY, depth=25), iterations=10)
    assert result.iterations == 10 and len(judged) == 10
    assert all(judged)
