"""Hints in players' words, in every game the app offers: the line for a move that plays a
hand card names that card (two such moves differ in it), in both languages, so the three
lines of a hint are three moves a player can tell apart."""

from __future__ import annotations

import re

import pytest

from core.bots.hint import say_move
from tests.tui.test_offers import positions, stages_of
from tui.games import playable


@pytest.mark.parametrize("game", playable())
def test_a_move_with_a_hand_card_names_the_card(game: str) -> None:
    target = getattr(stages_of(game), "action_target", None)
    if target is None:
        pytest.skip(f"{game}: no move starts from a hand card")
    named = 0
    for _, rules, state in positions(game):
        view = rules.view(state, rules.pending(state).seat)
        for action in rules.legal_actions(state):
            item = target(action) or ""
            if not item.startswith("h:"):
                continue
            for lang in ("en", "ru"):
                line = say_move(rules, view, action, lang)
                assert re.search(rf"(?<!\d){item[2:]}(?!\d)", line), \
                    f"{rules.format_action(action)}: {line!r} names no card"
            named += 1
    assert named >= 20, named
