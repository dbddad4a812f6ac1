"""The `northstar` notation (docs/notation.md): every kind of action round-trips, species are a
seat letter and a number, traits one word; text that is no action is refused."""

from __future__ import annotations

import pytest

from core.engine.protocol import NotationError
from core.games.northstar import actions as A
from core.games.northstar.rules import RULES
from core.games.northstar.state import species_label, species_uid

EXAMPLES = {
    "food 17": A.ChooseFood(17),
    "trait 17 A1": A.Place(17, species_uid(0, 1)),
    "species 17 left": A.NewSpecies(17, True),
    "species 17 right": A.NewSpecies(17, False),
    "body 17 B2": A.Grow(17, species_uid(1, 2), "body"),
    "pop 17 F12": A.Grow(17, species_uid(5, 12), "pop"),
    "drop A1 17": A.Drop(species_uid(0, 1), 17),
    "end": A.END,
    "effect C3 fertile": A.Order(species_uid(2, 3), "NS_FERTILE"),
    "eat A1": A.Eat(species_uid(0, 1)),
    "attack A1 B2": A.Attack(species_uid(0, 1), species_uid(1, 2)),
    "intel 123 A2": A.Smart(123, species_uid(0, 2)),
    "intel 123 off warning": A.Smart(123, 0, "NS_WARNING_CALL"),
    "intel 124 off herding": A.Smart(124, 0, "NS_DEF_HERDING"),
}


@pytest.mark.parametrize("text", sorted(EXAMPLES))
def test_examples_round_trip(text: str) -> None:
    action = RULES.parse_action(text)
    assert action == EXAMPLES[text]
    assert RULES.format_action(action) == text


def test_parsing_is_case_insensitive() -> None:
    assert RULES.parse_action("ATTACK a1 b2") == EXAMPLES["attack A1 B2"]
    assert RULES.parse_action("Intel 123 OFF Warning") == EXAMPLES["intel 123 off warning"]
    assert species_label(species_uid(3, 7)) == "D7"


@pytest.mark.parametrize("text", [
    "food", "food x", "food 1 2", "trait 17", "trait 17 G1", "trait 17 A0", "trait 17 A",
    "species 17 middle", "attack A1", "intel 17 off wings", "effect A1", "eat 3", "end now",
    "drop 17 A1", "body 17 A²", "food ٣", "pop 17 A99999",
])
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_action(text)
