"""The bot hints of each game whose heuristics give reasons in the player's words, from the
table below: every legal action's reason is a whole one-line text of the game (among them the
keys a game must show, and none it must not), the reasons name no card in another seat's hand
(animals, habitats, species, traits and the seat's own cards only), and the greedy bot beats
the random one in a short match (the evaluation and policy: test_heuristics.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from core.engine import registry
from tests.bots.helpers import check_hints_hide_hands, greedy_wins, positions_of, written_reasons


@dataclass(frozen=True)
class Hints:
    game: str
    setups: list[tuple[int, dict[str, Any]]]  # (seats, options) the positions come from
    reasons: int  # positions a setup whose reasons are read
    keys: set[str]  # reasons that must show up among them
    hidden: int  # positions a setup whose hints must hide the other hands
    greedy: tuple[int, int]  # greedy wins at least [1] of [0] games against random
    not_keys: set[str] = field(default_factory=set)  # reasons that must not show up


GAMES = [
    # every property played on an animal says what it is for (the bare "add" is a fallback)
    Hints("classic", [(2, {}), (3, {"ruleset": "v09", "personal_food": True}), (4, {"mimicry": "third"})],
          60, {"create", "pass", "take", "end", "add_defence", "add_attack"}, 6, (10, 7), {"add"}),
    Hints("newworld", [(2, {}), (3, {"scenario": "mutations"}), (4, {"unlimited_hand": True}),
                       (2, {"scenario": "cataclysm"})],
          40, {"create", "add", "pass", "feed", "end", "mutate_new"}, 4, (8, 6)),
    Hints("northstar", [(2, {}), (3, {"short": True}), (5, {})],
          30, {"new_species", "body", "pop", "end_play", "eat", "attack"}, 3, (8, 6)),
]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("case", GAMES, ids=[h.game for h in GAMES])
def test_every_legal_action_has_a_written_reason(case: Hints, lang: str) -> None:
    game = registry.get(case.game)
    keys = written_reasons(game.ruleset, game, positions_of(game.ruleset, case.setups, case.reasons, 5),
                           lang)
    assert case.keys <= keys, case.keys - keys
    assert not case.not_keys & keys, case.not_keys & keys


@pytest.mark.parametrize("case", GAMES, ids=[h.game for h in GAMES])
def test_hints_name_no_hidden_card(case: Hints) -> None:
    rules = registry.load(case.game)
    check_hints_hide_hands(rules, positions_of(rules, case.setups, case.hidden, 9))


@pytest.mark.parametrize("case", GAMES, ids=[h.game for h in GAMES])
def test_greedy_beats_random(case: Hints) -> None:
    games, wins = case.greedy
    assert greedy_wins(case.game, games) >= wins
