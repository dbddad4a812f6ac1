"""Contract 6 on `magic`: a bot decides from the view alone.

Two states that differ only in what the deciding seat cannot see (the opponents' hands, the
faces of their creatures, the deck order, the chance seed) give equal views; every bot and
the hint must then answer identically for the same seed. The twins here are made by hand,
not by `determinize` (tests/conformance/test_hidden_information.py does that for every game)."""

from __future__ import annotations

import random

import pytest

from core.bots import make_bot
from core.bots.greedy import GreedyBot
from core.bots.hint import hint
from core.bots.mcts import MCTSBot
from core.games.magic.rules import RULES
from tests.bots.helpers import TINY, random_positions


def hidden_twin(s, seat: int, rng: random.Random):
    """A different state with the same view for `seat`: hidden cards moved around."""
    t = RULES.clone(s)
    t.seed = s.seed + 1
    pool = list(t.deck)
    for i, p in enumerate(t.players):
        if i != seat:
            pool += p.hand
    for c in t.creatures.values():
        if c.owner != seat:
            pool.append(c.card)
    rng.shuffle(pool)
    for i, p in enumerate(t.players):
        if i != seat:
            p.hand = [pool.pop() for _ in p.hand]
    for c in t.creatures.values():
        if c.owner != seat:
            c.card = pool.pop()
    t.deck = pool
    return t


def _positions() -> list:
    out = []
    for s in random_positions(RULES, 40, seed=21):
        opp_hidden = any(p.hand for i, p in enumerate(s.players) if i != s.decider)
        if opp_hidden:
            out.append(s)
    return out[:12]


def test_twins_differ_but_look_the_same() -> None:
    rng = random.Random(5)
    for s in _positions():
        t = hidden_twin(s, s.decider, rng)
        assert RULES.view(s, s.decider) == RULES.view(t, s.decider)
        assert t != s
        other = 1 - s.decider
        assert RULES.view(s, other) != RULES.view(t, other)  # the opponent would notice


@pytest.mark.parametrize("make", [
    lambda: make_bot("random", RULES, 3),
    lambda: GreedyBot(RULES, 3),
    lambda: MCTSBot(RULES, 3, "tiny", budget=TINY),
], ids=["random", "greedy", "mcts"])
def test_same_view_same_decision(make) -> None:
    rng = random.Random(8)
    for s in _positions():
        seat = s.decider
        t = hidden_twin(s, seat, rng)
        legal = RULES.legal_actions(s)
        assert RULES.legal_actions(t) == legal
        a = make().choose(RULES.view(s, seat), legal)
        b = make().choose(RULES.view(t, seat), legal)
        assert a == b


def test_hints_do_not_depend_on_hidden_cards() -> None:
    rng = random.Random(13)
    for s in _positions()[:6]:
        seat = s.decider
        t = hidden_twin(s, seat, rng)
        legal = RULES.legal_actions(s)
        for lang in ("ru", "en"):
            ha = hint(RULES, RULES.view(s, seat), legal, seat, lang, budget=TINY, seed=2)
            hb = hint(RULES, RULES.view(t, seat), legal, seat, lang, budget=TINY, seed=2)
            assert ha == hb

