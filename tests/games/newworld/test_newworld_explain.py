"""Refusals in `newworld`: the ruling that forbids the move, in both languages, and the
position untouched."""

from __future__ import annotations

import msgspec
import pytest

from core.engine.protocol import IllegalAction
from core.games.newworld.rules import RULES
from tests.games.newworld.nw_play import position

enc = msgspec.msgpack.Encoder()

FEED = {"step": "feed", "habitats": [{"card": 1}, {"card": 11, "red": 0}], "players": [
    {"hand": [41, 18], "animals": [
        {"id": 1, "red": 2, "properties": ["carnivorous"]},
        {"id": 2, "properties": ["transformation", "piracy"]},
        {"id": 3, "shelter": True},
    ]},
    {"animals": [{"id": 5, "properties": ["big"]}, {"id": 6, "red": 1}]},
]}


@pytest.mark.parametrize(("text", "rule", "words"), [
    ("feed c2 h1u", "NW§6.1", "Savannas"),
    ("feed c1 h1l", "NW5", "fed"),
    ("feed c2 h11", "NW§4.2", "no red"),
    ("feed c5 h1u", "NW§3.5", "not your animal"),
    ("feed c2 h9", "NW§6.1", "no open habitat"),
    ("shelter c3 h1l", "NW§4.4", "shelter already"),
    ("shelter c2 h1u", "NW§4.4", "no shelter"),
    ("attack c1 c5", "NW§4.5", "fed"),
    ("attack c2 c5", "NW§4.5", "Carnivorous"),
    ("pirate c2 c6", "NW26", "fed"),
    ("transform c2 17 18a", "NW27", "must differ"),
    ("transform c2 61 42b", "NW§4.7", "not in your hand"),
    ("end", "NW§3.5", "after a main"),
    ("pass", "NW6", "obligatory"),
    ("defend none", "NW§3.5", "not the choice"),
])
def test_feeding_refusals(text: str, rule: str, words: str) -> None:
    s = position(**FEED)
    before = enc.encode(s)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(s, RULES.parse_action(text))
    assert info.value.rule_id == rule, info.value.message
    assert words in info.value.message, info.value.message
    assert enc.encode(s) == before
    ru = RULES.explain(s, RULES.parse_action(text), "ru")
    assert ru is not None and ru.rule_id == rule and ru.message != info.value.message


@pytest.mark.parametrize(("text", "rule"), [
    ("add 9a c1", "NW§5.1"),      # Паразит on one's own animal
    ("add 41a c5", "NW§5.1"),     # a property on another player's animal
    ("add 37a c1", "NW§5.1"),     # a paired side on one animal
    ("pair 41a c1 c2", "NW§5.1"),  # a single side on two
    ("add 1b c2", "NW§5.1"),      # a second Хищное
    ("create 99", "NW§3.3"),      # not in the hand
    ("mutate new", "NW§7.4"),     # not this scenario
    ("feed c1 h11", "NW§3.3"),    # not this phase
])
def test_development_refusals(text: str, rule: str) -> None:
    s = position(players=[
        {"hand": [9, 41, 37, 1], "animals": [{"id": 1}, {"id": 2, "properties": ["carnivorous"]}]},
        {"hand": [3], "animals": [{"id": 5}]},
    ])
    with pytest.raises(IllegalAction) as info:
        RULES.apply(s, RULES.parse_action(text))
    assert info.value.rule_id == rule, info.value.message
    assert "{" not in info.value.message


def test_prompts_in_both_languages() -> None:
    s = position(**FEED)
    for lang in ("ru", "en"):
        assert "obligatory" in RULES.prompt(s, "en") and RULES.prompt(s, lang)


# Refusals that cited a neighbouring rule (issue #20's audit): each now cites the rule that
# forbids the move.
@pytest.mark.parametrize(("changes", "text", "rule", "words"), [
    # a second additional action in one turn: §3.5 F3 (one per turn), not §4.7 (once per card)
    ({"extra_done": True}, "transform c2 17 18a", "NW§3.5", "additional action"),
    ({"extra_done": True}, "pirate c2 c6", "NW§3.5", "additional action"),
    # passing after acting: §3.5 F3 (pass only when nothing was done), not NW8
    ({"main_done": True}, "pass", "NW§3.5", "cannot pass"),
    # a rotated Пиратство: §4.7 (each card once per feeding phase), not NW9's count per turn
    ({"rotated_piracy": True}, "pirate c2 c6", "NW§4.7", "once per phase"),
    # a hungry Симбиоз dependent as a pirate: §4.7 names the condition, not NW30 (direction)
    ({"dependent_pirate": True}, "pirate c2 c6", "NW§4.7", "protector is hungry"),
])
def test_the_rule_that_forbids_the_move(changes: dict, text: str, rule: str, words: str) -> None:
    pos = msgspec.json.decode(msgspec.json.encode(FEED))
    pos["extra_done"] = changes.get("extra_done", False)
    pos["main_done"] = changes.get("main_done", False)
    me = pos["players"][0]["animals"]
    if changes.get("rotated_piracy"):
        me[1]["rotated"] = ["piracy"]
    if changes.get("dependent_pirate"):
        pos["pairs"] = [{"property": "symbiosis", "a": 3, "b": 2}]
    s = position(**pos)
    for lang in ("en", "ru"):
        why = RULES.explain(s, RULES.parse_action(text), lang)
        assert why is not None and why.rule_id == rule, why
    assert words in RULES.explain(s, RULES.parse_action(text), "en").message
