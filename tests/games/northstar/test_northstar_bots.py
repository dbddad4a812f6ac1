"""Bot heuristics for `northstar`: hint reasons in the player's words, a sanity match, and all-bot
tables of four and six that play to the end (evaluation and policy: tests/bots/test_heuristics.py)."""

from __future__ import annotations

import pytest

from core.bots import make_bot
from core.bots.heuristics import heuristics_for
from core.bots.hint import hint
from core.bots.tournament import run_tournament
from core.games.northstar import GAME
from core.games.northstar.rules import RULES
from tests.bots.helpers import TINY, new_game, random_positions

SETUPS = [(2, {}), (3, {"short": True}), (5, {})]


def _positions(count: int, seed: int) -> list[object]:
    out: list[object] = []
    for i, (seats, options) in enumerate(SETUPS):
        out += random_positions(RULES, count, seed=seed + i, seats=seats, options=options, every=3)
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_legal_action_has_a_written_reason(lang: str) -> None:
    h = heuristics_for(RULES)
    keys = set()
    for s in _positions(30, 5):
        view = RULES.view(s, s.decider)
        for a in RULES.legal_actions(s):
            key, args = h.reason(view, a, lang)
            assert f"reason.{key}" in GAME.texts.texts, key
            keys.add(key)
            line = GAME.text(f"reason.{key}", lang, **args)
            assert line and "{" not in line and "\n" not in line
    assert {"new_species", "body", "pop", "end_play", "eat", "attack"} <= keys


def test_hints_name_no_hidden_card() -> None:
    """Reasons name species, traits and the seat's own cards, never a card another seat holds."""
    for s in _positions(3, 9):
        seat = s.decider
        view = RULES.view(s, seat)
        hidden = {c for i, p in enumerate(s.players) if i != seat for c in p.hand}
        for h in hint(RULES, view, RULES.legal_actions(s), seat, "en", budget=TINY):
            assert not any(f" {c} " in f" {h.reason} " for c in hidden), h.reason


def test_greedy_beats_random() -> None:
    result = run_tournament("northstar", ["greedy", "random"], games=8, seed=3)
    wins = [0, 0]
    for r in result.records:
        assert not r.error
        for w in r.winners:
            wins[w] += 1
    assert wins[0] >= 6, wins


@pytest.mark.parametrize(("seats", "options"), [(4, {}), (6, {"short": True})])
def test_all_bot_tables_play_to_the_end(seats: int, options: dict[str, object]) -> None:
    s = new_game(RULES, 21, seats, options)
    bots = [make_bot("greedy" if i % 2 else "mcts", RULES, i) for i in range(seats)]
    bots = [b if i % 2 else _tiny(i) for i, b in enumerate(bots)]
    moves = 0
    while (d := RULES.pending(s)) is not None:
        legal = RULES.legal_actions(s)
        action = bots[d.seat].choose(RULES.view(s, d.seat), legal)
        assert action in legal
        RULES.apply(s, action)
        moves += 1
        assert moves < 5000
    assert RULES.outcome(s) is not None


def _tiny(seed: int) -> object:
    from core.bots.mcts import MCTSBot

    return MCTSBot(RULES, seed, "tiny", budget=TINY)
