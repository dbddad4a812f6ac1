"""`explain`: why an action is refused, with the ruling it cites (spec §3.4, §4, §5).

Every refusal text under `[illegal…]` in data/texts.toml is reached by one case below, and
`apply` refuses the same action with the same ruling without changing the state.

RULINGS = ["MC-R16", "MC-R17", "MC-R18", "MC-R21", "MC-R23", "MC-R26", "MC-R27", "MC-R28",
           "MC-R29", "MC-R30", "MC-R31", "MC-R33", "MC-R52"]
"""

from __future__ import annotations

import tomllib
from typing import Any

import msgspec
import pytest

from core.engine.protocol import IllegalAction
from core.games.magic import actions as A
from core.games.magic import legal
from core.games.magic.data import DATA_DIR
from core.games.magic.rules import RULES
from core.games.magic.scenario import SCENARIO
from core.games.magic.state import MagicState

RULINGS = ["MC-R16", "MC-R17", "MC-R18", "MC-R21", "MC-R23", "MC-R26", "MC-R27", "MC-R28",
           "MC-R29", "MC-R30", "MC-R31", "MC-R33", "MC-R52"]


def two(p0: list[dict], p1: list[dict] | None = None, hand: list[int] | None = None,
        **pos: Any) -> MagicState:
    players = [{"hand": hand or [], "creatures": p0}, {"creatures": p1 or [{"id": 9}]}]
    return SCENARIO.state({"players": players, **pos})


def acting(props: list[str], others: list[dict] | None = None, energy: int = 1,
           step: str = "action", **pos: Any) -> MagicState:
    """c1 of seat 0 is the active creature; `others` belong to seat 1."""
    return two([{"id": 1, "energy": energy, "properties": props}], others, step=step, active=1,
               **pos)


# key -> (position, action, ruling)
CASES: dict[str, tuple[Any, Any, str]] = {
    "illegal.over": (lambda: two([{"id": 1}], step="over", winner=0), A.SLEEP, "MC-R52"),
    "illegal.no_decision": (lambda: two([{"id": 1}], step=""), A.KEEP, "MC§3.2"),
    "illegal.wrong_step": (lambda: two([{"id": 1}], step="create", hand=[40]), A.SLEEP, "MC§3.4"),
    "illegal.not_in_hand": (lambda: two([{"id": 1}], step="create", hand=[40]), A.Create(41),
                            "MC§3.4"),
    "illegal.no_creature": (lambda: two([{"id": 1}], step="add", hand=[40]), A.Add(40, "A", 7),
                            "MC§3.4"),
    "illegal.not_own": (lambda: two([{"id": 1}], step="add", hand=[40]), A.Add(40, "A", 9),
                        "MC§3.4"),
    "illegal.duplicate": (lambda: two([{"id": 1, "properties": ["thorny"]}], step="add",
                                      hand=[40]), A.Add(40, "A", 1), "MC§3.4"),
    "illegal.asleep": (lambda: two([{"id": 1}, {"id": 2, "asleep": True}], step="activate"),
                       A.Activate(2), "MC§3.4"),
    "illegal.lacks": (lambda: acting(["scary"], [{"id": 2, "properties": ["vampire"]}],
                                     step="effects"), A.Gift(2), "MC-R26"),
    "illegal.used": (lambda: acting(["scary", "metamorph"],
                                    [{"id": 2, "properties": ["vampire", "flying"]}],
                                    step="effects", used=["scary"]), A.Scare(2), "MC-R26"),
    "illegal.copy_self": (lambda: acting(["metamorph", "flying"], [{"id": 2, "properties": ["aquatic"]}],
                                         step="effects"), A.Metamorph(1, "flying"), "MC-R27"),
    "illegal.copy_missing": (lambda: acting(["metamorph"], [{"id": 2, "properties": ["aquatic"]}],
                                            step="effects"), A.Metamorph(2, "flying"), "MC-R27"),
    "illegal.copy_has": (lambda: acting(["metamorph", "aquatic"],
                                        [{"id": 2, "properties": ["aquatic", "flying"]}],
                                        step="effects"), A.Metamorph(2, "aquatic"), "MC-R27"),
    "illegal.full": (lambda: acting([], energy=4), A.Gain("lower"), "MC§4.1"),
    "illegal.lower_empty": (lambda: acting([], lower=0), A.Gain("lower"), "MC§4.1"),
    "illegal.upper_empty": (lambda: acting(["flying"], source="storm_crag", upper=0),
                            A.Gain("upper"), "MC§4.1"),
    "illegal.upper_key": (lambda: acting([], source="storm_crag"), A.Gain("upper"), "MC§4.1"),
    "illegal.transmute": (lambda: acting(["tiny"], energy=2), A.TRANSMUTE, "MC-R23"),
    "illegal.no_attacking": (lambda: acting(["flying"]), A.AttackWith(9, ("vampire",)), "MC-R17"),
    "illegal.attack_empty": (lambda: acting(["vampire"]), A.AttackWith(9, ()), "MC-R18"),
    "illegal.attack_repeat": (lambda: acting(["vampire"]), A.AttackWith(9, ("vampire", "vampire")),
                              "MC-R18"),
    "illegal.voracious": (lambda: acting(["voracious"], step="voracious", lower=0), A.VORACIOUS,
                          "MC-R30"),
    "illegal.molt": (lambda: acting(["38B", "40A"], step="molt"), A.Molt(38), "MC-R29"),
    "illegal.burn": (lambda: acting(["fire_breathing"], [{"id": 2, "properties": ["41B"]}],
                                    step="burn", attack={"target": 2, "props": ["fire_breathing"]}),
                     A.Burn(40), "MC-R21"),
    "illegal.generic": (lambda: acting([]), A.Gain("middle"), "MC§4.1"),
    "illegal.target.self": (lambda: acting(["vampire"]), A.AttackWith(1, ("vampire",)), "MC-R16"),
    "illegal.target.invisible": (lambda: acting(["vampire"], [{"id": 2, "properties": ["invisible"]}]),
                                 A.AttackWith(2, ("vampire",)), "MC-R16"),
    "illegal.target.ghostly_target": (lambda: acting(["vampire"], [{"id": 2, "properties": ["ghostly"]}]),
                                      A.AttackWith(2, ("vampire",)), "MC-R16"),
    "illegal.target.ghostly_attacker": (lambda: acting(["vampire", "ghostly"], [{"id": 2}]),
                                        A.AttackWith(2, ("vampire",)), "MC-R16"),
    "illegal.scare.self": (lambda: acting(["scary", "vampire"], [{"id": 2, "properties": ["vampire"]}],
                                          step="effects"), A.Scare(1), "MC-R31"),
    "illegal.scare.asleep": (lambda: acting(["scary"], [{"id": 2, "properties": ["vampire"]},
                                                        {"id": 3, "asleep": True, "properties": ["vampire"]}],
                                            step="effects"), A.Scare(3), "MC-R31"),
    "illegal.scare.harmless": (lambda: acting(["scary"], [{"id": 2, "properties": ["vampire"]}, {"id": 3}],
                                              step="effects"), A.Scare(3), "MC-R31"),
    "illegal.scare.unscarable": (
        lambda: acting(["scary"], [{"id": 2, "properties": ["vampire"]},
                                   {"id": 3, "properties": ["sleepless", "vampire"]}], step="effects"),
        A.Scare(3), "MC-R31"),
    "illegal.rouse.self": (lambda: acting(["pesky"], [{"id": 2, "asleep": True}], step="effects"),
                           A.Rouse(1), "MC-R28"),
    "illegal.rouse.awake": (lambda: acting(["pesky"], [{"id": 2, "asleep": True}, {"id": 3}],
                                           step="effects"), A.Rouse(3), "MC-R28"),
    "illegal.rouse.roused": (lambda: acting(["pesky"], [{"id": 2, "asleep": True},
                                                        {"id": 3, "asleep": True, "roused": True}],
                                            step="effects"), A.Rouse(3), "MC-R28"),
    "illegal.gift.self": (lambda: two([{"id": 1, "energy": 2, "properties": ["giving"]}, {"id": 2}],
                                      step="effects", active=1), A.Gift(1), "MC-R33"),
    "illegal.gift.foreign": (lambda: two([{"id": 1, "energy": 2, "properties": ["giving"]}, {"id": 2}],
                                         step="effects", active=1), A.Gift(9), "MC-R33"),
    "illegal.gift.empty": (lambda: two([{"id": 1, "energy": 0, "properties": ["giving", "metamorph"]},
                                        {"id": 2}], [{"id": 9, "properties": ["flying"]}],
                                       step="effects", active=1), A.Gift(2), "MC-R33"),
    "illegal.gift.full": (lambda: two([{"id": 1, "energy": 2, "properties": ["giving"]}, {"id": 2},
                                       {"id": 3, "energy": 4}], step="effects", active=1),
                          A.Gift(3), "MC-R33"),
}


def refusal_keys() -> set[str]:
    with open(DATA_DIR / "texts.toml", "rb") as f:
        table = tomllib.load(f)["illegal"]
    out: set[str] = set()

    def walk(prefix: str, node: dict) -> None:
        for k, v in node.items():
            if set(v) == {"ru", "en"}:
                out.add(f"{prefix}.{k}")
            else:
                walk(f"{prefix}.{k}", v)

    walk("illegal", table)
    return out


def test_every_refusal_text_is_reached() -> None:
    assert set(CASES) == refusal_keys()


@pytest.mark.parametrize("key", sorted(CASES))
def test_refusal(key: str) -> None:
    make, action, rule = CASES[key]
    s = make()
    assert action not in RULES.legal_actions(s)
    got_rule, got_key, _ = legal._reason(s, action)
    assert (got_rule, got_key) == (rule, key)
    for lang in ("en", "ru"):
        why = RULES.explain(s, action, lang)
        assert isinstance(why, IllegalAction)
        assert why.rule_id == rule
        assert why.message and "{" not in why.message
    before = msgspec.msgpack.encode(s)
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(s, action)
    assert exc.value.rule_id == rule
    assert msgspec.msgpack.encode(s) == before


def test_explain_names_the_creature_and_property() -> None:
    s = CASES["illegal.target.invisible"][0]()
    why = RULES.explain(s, A.AttackWith(2, ("vampire",)), "en")
    assert why is not None
    assert why.message == "c2 is Invisible: only a Keen-eyed attacker can target it."
    s = CASES["illegal.duplicate"][0]()
    why = RULES.explain(s, A.Add(40, "A", 1), "ru")
    assert why is not None
    assert "Колючее" in why.message and "c1" in why.message


def test_add_with_a_bad_half_is_not_a_missing_creature() -> None:
    s = two([{"id": 1}], step="add", hand=[40])
    assert legal._reason(s, A.Add(40, "C", 1))[:2] == ("MC§3.4", "illegal.generic")
    assert legal._reason(s, A.Add(40, "A", 7))[:2] == ("MC§3.4", "illegal.no_creature")


def test_explain_of_a_legal_action_is_none() -> None:
    s = acting(["vampire"], [{"id": 2, "energy": 1}])
    for action in RULES.legal_actions(s):
        assert RULES.explain(s, action) is None


def test_voracious_is_legal_only_with_a_lower_token() -> None:
    """MC-R30: the second token needs a token on the lower part and a free cell."""
    assert RULES.legal_actions(acting(["voracious"], step="voracious", lower=1)) == [A.VORACIOUS, A.PASS]
    assert RULES.legal_actions(acting(["voracious"], step="voracious", lower=0)) == [A.PASS]
    assert RULES.legal_actions(acting(["voracious"], step="voracious", energy=4)) == [A.PASS]


def test_transmuting_too_early_cites_the_rule_of_the_creature() -> None:
    """§4.2 forbids it; MC-R23 only where Маленькое's exception is the rule in question (it
    used to be cited for every creature)."""
    plain = acting(["flying"], energy=3)
    assert legal._reason(plain, A.TRANSMUTE)[:2] == ("MC§4.2", "illegal.transmute")
    tiny = acting(["tiny"], energy=2)
    assert legal._reason(tiny, A.TRANSMUTE)[:2] == ("MC-R23", "illegal.transmute")
