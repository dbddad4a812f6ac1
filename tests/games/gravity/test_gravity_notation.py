"""The `gravity` notation: every action kind round-trips; aliases parse; bad text is refused."""

from __future__ import annotations

import pytest

from core.engine.protocol import NotationError
from core.games.gravity import actions as A
from core.games.gravity.rules import RULES

EXAMPLES = {
    "pass": A.PASS, "rest": A.REST, "place": A.PLACE, "draw": A.DRAW, "roll": A.ROLL,
    "alarm": A.ALARM, "play 0-4": A.Play("0-4"), "play 3-1 L07": A.Play("3-1", 7),
    "play tp L21": A.Play("tp", 21), "pull L03 support": A.Pull(3, "support"),
    "pull L12 distrust": A.Pull(12, "distrust"), "skip L04": A.Skip(4), "fight M2": A.Fight("M2"),
    "reroll s2 c1": A.Reroll(2, 0, 1), "reroll m3": A.Reroll(0, 3, 0),
    "push L22 support": A.Push(22, "support"), "take 2-2": A.Take("2-2"),
    "uncurse C03,C11": A.Uncurse(("C03", "C11")), "wendy L03 L04": A.MoveDie(3, 4),
    "soos mabel C05": A.Lift("mabel", "C05"), "monster M7": A.ChooseMonster("M7"),
    "teleport L09": A.Teleport(9), "discard tp": A.Discard("tp"), "retreat L01": A.Retreat(1),
    "remove L12": A.RemoveDie(12), "flip L10": A.Flip(10),
}


def test_every_action_kind_has_an_example() -> None:
    assert {type(a) for a in EXAMPLES.values()} == set(A.Action.__args__)


@pytest.mark.parametrize(("text", "action"), list(EXAMPLES.items()))
def test_round_trip(text: str, action: object) -> None:
    assert RULES.format_action(action) == text
    assert RULES.parse_action(text) == action


@pytest.mark.parametrize(("text", "action"), [
    ("PLAY 3-1 l7", A.Play("3-1", 7)), ("play teleport 21", A.Play("tp", 21)),
    ("fight gremloblin", A.Fight("M1")), ("fight Gideon-Bot", A.Fight("M9")),
    ("monster Птеродактиль", A.ChooseMonster("M7")), ("uncurse c11,C03", A.Uncurse(("C03", "C11"))),
    ("reroll c1 s2", A.Reroll(2, 0, 1)), ("discard Телепорт", A.Discard("tp")),
])
def test_aliases(text: str, action: object) -> None:
    assert RULES.parse_action(text) == action


@pytest.mark.parametrize("text", [
    "", "jump", "play", "play 5-5 L01", "play 2-2 L24", "play 2-2 L07 L08", "pull L03",
    "pull L03 trust", "fight bill", "reroll x1", "reroll s", "uncurse C19", "soos ford C01",
    "wendy L03", "rest now", "monster", "push 0 support", "reroll s1 s2", "reroll s1 m1 c1 s1",
])
def test_bad_text(text: str) -> None:
    with pytest.raises(NotationError):
        RULES.parse_action(text)
