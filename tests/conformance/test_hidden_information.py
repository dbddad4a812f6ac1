"""Contract 6 for every registered game: a seat's view is all it knows.

Resampling what a seat cannot see (`determinize` of its view) leaves its view, and its legal
actions when it decides, unchanged; bots given the views of two such worlds answer alike.
Whether a game hides anything from one seat that another knows must agree with its
descriptor's `hidden_information`, both in views and in narration.
"""

from __future__ import annotations

import random

import pytest

from core.bots import make_bot
from core.bots.mcts import MCTSBot
from tests.bots.helpers import TINY
from tests.playing import Config, all_configurations, encode, random_moves, sample

CONFIGS = all_configurations()
POSITIONS = 60  # sampled decisions per set-up
BOT_POSITIONS = 8  # of which the bots are asked at this many (a search costs)


def _bots(config: Config, seed: int) -> list[object]:
    rules = config.rules
    return [make_bot("random", rules, seed), make_bot("greedy", rules, seed),
            MCTSBot(rules, seed, "tiny", budget=TINY)]


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_resampling_what_a_seat_cannot_see_keeps_its_view(config: Config) -> None:
    rules = config.rules
    private = False  # some seat knows something another seat does not
    asked = 0
    for i, state in enumerate(sample(config, POSITIONS, seed=51, every=5)):
        pending = rules.pending(state)
        for seat in range(config.seats):
            view = rules.view(state, seat)
            seen = encode(view)
            w1 = rules.determinize(view, random.Random(1))
            w2 = rules.determinize(rules.view(state, seat), random.Random(2))
            assert encode(view) == seen, "determinize changed the view it was given"
            for w in (w1, w2):
                assert encode(rules.view(w, seat)) == seen, "the sample contradicts the view"
            for other in range(config.seats):
                if other != seat and encode(rules.view(w1, other)) != encode(rules.view(state, other)):
                    private = True
            if seat != pending.seat:
                continue
            legal = rules.legal_actions(state)
            assert rules.legal_actions(w1) == legal and rules.legal_actions(w2) == legal
            if seat in config.automated or asked >= BOT_POSITIONS or len(legal) < 2:
                continue
            asked += 1
            for b1, b2 in zip(_bots(config, i), _bots(config, i), strict=True):
                a1 = b1.choose(rules.view(w1, seat), legal)  # type: ignore[attr-defined]
                a2 = b2.choose(rules.view(w2, seat), legal)  # type: ignore[attr-defined]
                assert a1 == a2, (b1.spec, rules.format_action(a1), rules.format_action(a2))  # type: ignore[attr-defined]
    assert asked or len(config.automated) == config.seats, "no bot was asked"
    assert private == config.game.hidden_information, \
        "the views disagree with the descriptor's hidden_information"


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_narration_for_every_seat(config: Config) -> None:
    """Every event is narrated (or not) alike to every viewer, in words without placeholders;
    only a game with hidden information tells some seat less than the omniscient viewer."""
    rules = config.rules
    seed = 61
    log = list(rules.setup(dict(config.options), seed, config.seats))
    state = config.fresh(seed)
    log += [ev for _, _, events in random_moves(rules, state, random.Random(seed)) for ev in events]
    names = [f"Seat{i}" for i in range(config.seats)]
    redacted = False
    narrated = 0
    for ev in log:
        for lang in ("ru", "en"):
            told = rules.narrate(ev, None, lang, names)
            for viewer in range(config.seats):
                text = rules.narrate(ev, viewer, lang, names)
                assert (text is None) == (told is None), type(ev).__name__
                if text is None:
                    continue
                assert isinstance(text, str) and text.strip(), type(ev).__name__
                assert "{" not in text and "}" not in text, text
                redacted |= text != told
            narrated += told is not None
    assert narrated, "nothing was narrated"
    assert redacted == config.game.hidden_information, \
        "narration disagrees with the descriptor's hidden_information"


@pytest.mark.parametrize("game", sorted({c.game.id for c in CONFIGS}))
def test_what_chance_dealt_is_among_what_is_revealed(game: str) -> None:
    """`by_chance` (the review's luck) picks out of the revealing events those whose content a
    draw, a die or a shuffle dealt: a game's `CHANCE` names only revealing events, and a whole
    random game deals something by chance (a `CHANCE` that left the deals out finds none)."""
    config = next(c for c in CONFIGS if c.game.id == game)
    rules = config.rules
    assert set(rules.chance or ()) <= set(rules.revealing)
    state = config.fresh(5)
    dealt = 0
    for _, _, events in random_moves(rules, state, random.Random(5)):
        for ev in events:
            if rules.by_chance(ev):
                assert rules.reveals(ev), ev
                dealt += 1
    assert dealt, "a whole game with no draw, die or shuffle"
