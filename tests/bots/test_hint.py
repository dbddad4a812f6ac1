"""Hints for a human seat in every registered game: top moves, shares, values, and a reason
in both languages — the game's own reason (`reason.<key>` of its texts) when it has one; moves
said in the same words make one line, so the top three lines are three different moves."""

from __future__ import annotations

import pytest

from core.bots.heuristics import heuristics_for, informed
from core.bots.hint import hint, say_move
from tests.bots.helpers import TINY
from tests.playing import Config, all_configurations, decisions

CONFIGS = all_configurations(seat_counts=False)


def _positions(config: Config, count: int, every: int = 4) -> list[object]:
    rules = config.rules
    out = []
    for s in decisions(config, 33, every=every):
        if rules.pending(s).seat not in config.automated and len(rules.legal_actions(s)) > 1:
            out.append(rules.clone(s))
        if len(out) == count:
            break
    assert out
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_top_three_legal_moves_with_shares(config: Config) -> None:
    rules = config.rules
    for s in _positions(config, 4):
        seat = rules.pending(s).seat
        legal = rules.legal_actions(s)
        view = rules.view(s, seat)
        hints = hint(rules, view, legal, seat, "en", budget=TINY)
        said = {say_move(rules, view, a, "en") for a in legal}
        assert 1 <= len(hints) <= 3 and len(hints) == min(3, len(said))
        assert len({h.reason for h in hints}) == len(hints) or not informed(rules)  # one line each
        assert all(h.action in legal for h in hints)
        shares = [h.share for h in hints]
        assert shares == sorted(shares, reverse=True)
        assert 0 < sum(shares) <= 1 + 1e-9
        assert all(h.notation == rules.format_action(h.action) for h in hints)
        assert all(0.0 <= h.value <= 1.0 for h in hints)
        assert all(h.reason and "{" not in h.reason and "\n" not in h.reason for h in hints)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_forced_move_hint_and_another_seats_view(config: Config) -> None:
    rules = config.rules
    s = _positions(config, 1)[0]
    seat = rules.pending(s).seat
    legal = rules.legal_actions(s)[:1]
    (only,) = hint(rules, rules.view(s, seat), legal, seat, "ru", budget=TINY)
    assert only.action == legal[0] and only.share == 1.0 and only.reason
    assert 0.0 <= only.value <= 1.0
    if config.seats > 1:
        other = (seat + 1) % config.seats
        with pytest.raises(ValueError):
            hint(rules, rules.view(s, other), rules.legal_actions(s), seat, budget=TINY)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_every_legal_action_has_a_written_reason(config: Config) -> None:
    """A game with its own heuristics has a reason text for every move it can suggest, in
    both languages, with every placeholder filled."""
    rules, game = config.rules, config.game
    if not informed(rules):
        pytest.skip(f"{game.id} has no heuristics of its own: hints give the generic reason")
    h = heuristics_for(rules)
    keys = set()
    for s in _positions(config, 40, every=2):
        view = rules.view(s, rules.pending(s).seat)
        for a in rules.legal_actions(s):
            key, args = h.reason(view, a, "en")
            assert f"reason.{key}" in game.texts.texts, key
            keys.add(key)
            for lang in ("ru", "en"):
                line = game.text(f"reason.{key}", lang, **args)
                assert line and "{" not in line and "\n" not in line
    assert len(keys) > 1
