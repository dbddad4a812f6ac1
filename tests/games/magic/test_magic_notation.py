"""The text notation of `magic` actions: format/parse round trip and parse errors (contract 2)."""

from __future__ import annotations

import pytest

from core.engine.protocol import NotationError
from core.games.magic import actions as A
from core.games.magic.notation import format_action, parse_action
from core.games.magic.rules import RULES

EXAMPLES = [
    (A.KEEP, "keep"),
    (A.SWAP, "swap"),
    (A.PASS, "pass"),
    (A.Create(17), "create 17"),
    (A.Add(17, "A", 3), "add 17A c3"),
    (A.Add(64, "B", 12), "add 64B c12"),
    (A.Activate(5), "activate c5"),
    (A.Metamorph(4, "keen_eyed"), "metamorph c4 keen_eyed"),
    (A.Scare(2), "scare c2"),
    (A.Rouse(7), "rouse c7"),
    (A.Gift(8), "gift c8"),
    (A.Gain("lower"), "gain lower"),
    (A.Gain("upper"), "gain upper"),
    (A.TRANSMUTE, "transmute"),
    (A.AttackWith(2, ("vampire",)), "attack c2 vampire"),
    (A.AttackWith(3, ("fire_breathing", "vampire", "sleep_inducing")),
     "attack c3 fire_breathing,vampire,sleep_inducing"),
    (A.SLEEP, "sleep"),
    (A.VORACIOUS, "voracious"),
    (A.Molt(38), "molt 38"),
    (A.Burn(27), "burn 27"),
]


def test_every_action_kind_has_an_example() -> None:
    kinds = {type(a) for a, _ in EXAMPLES}
    assert kinds == set(A.Action.__args__)


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_round_trip(action: object, text: str) -> None:
    assert format_action(action) == text
    assert parse_action(text) == action
    assert RULES.parse_action(RULES.format_action(action)) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("KEEP", A.KEEP),
        ("  add 17a   C3 ", A.Add(17, "A", 3)),
        ("attack c2 Fire-breathing,Вампир", A.AttackWith(2, ("fire_breathing", "vampire"))),
        ("metamorph c4 Каменная_шкура", A.Metamorph(4, "stone_hide")),
        ("metamorph c4 stone-hide", A.Metamorph(4, "stone_hide")),
        ("metamorph c4 Keen-eyed", A.Metamorph(4, "keen_eyed")),
        ("gain UPPER", A.Gain("upper")),
        ("attack c2 ,", A.AttackWith(2, ())),
    ],
)
def test_lenient_parsing(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "dance", "keep now", "create", "create x", "create 1 2", "create -3",
        "add 17 c3", "add 17C c3", "add A c3", "add xA c3", "add 17A 3", "add 17A",
        "activate 5", "activate c", "activate cx", "metamorph c4", "metamorph c4 wings",
        "scare", "rouse 2", "gift c2 c3", "gain", "gain middle", "attack c2",
        "attack c2 stone_hide", "attack c2 vampire,wings", "attack 2 vampire", "molt",
        "molt card", "burn", "burn c2", "sleep c1", "transmute c1", "voracious 1",
    ],
)
def test_parse_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_error_messages_say_what_is_wrong() -> None:
    with pytest.raises(NotationError, match="unknown action 'dance'"):
        parse_action("dance")
    with pytest.raises(NotationError, match="'stone_hide' is not an attacking property"):
        parse_action("attack c2 stone_hide")
    with pytest.raises(NotationError, match="unknown property 'wings'"):
        parse_action("metamorph c1 wings")
    with pytest.raises(NotationError, match="expected a creature like c3, got '5'"):
        parse_action("activate 5")
