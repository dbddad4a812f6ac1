"""The `magic` scenario files (run by tests/conformance/test_scenarios.py): well formed,
showing every one of the 21 properties and the Shade's procedure step by step. (That every
ruling MC-R1 … MC-R52 is cited by a scenario or a test is checked for every game by
tests/conformance/test_rulings.py.)
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from core.engine.scenario import load_scenario
from core.games.magic.data import DATA_DIR, cards
from tests.playing import rulings

MAGIC = sorted((Path(__file__).resolve().parent / "scenarios").glob("*.toml"))
RULING_COUNT = 52
RULE_ID = re.compile(r"^MC(-R\d+|§\d+(\.\d+)*)$")


def scenario_rulings() -> set[str]:
    out: set[str] = set()
    for path in MAGIC:
        out.update(load_scenario(path).rulings)
    return out


def test_the_rulings_are_r1_to_r52() -> None:
    assert list(rulings("magic")) == [f"MC-R{n}" for n in range(1, RULING_COUNT + 1)]


def property_ids() -> set[str]:
    with open(DATA_DIR / "properties.toml", "rb") as f:
        return set(tomllib.load(f))


def position_properties(pos: dict[str, Any]) -> set[str]:
    out = set(pos.get("copied", []))
    for player in pos.get("players", []):
        for creature in player.get("creatures", []):
            for prop in creature.get("properties", []):
                if prop[:-1].isdigit() and prop[-1] in "AB":
                    out.add(cards()[int(prop[:-1])][0 if prop[-1] == "A" else 1])
                else:
                    out.add(prop)
    return out


def test_scenario_files_are_well_formed() -> None:
    assert len(MAGIC) >= 60
    for path in MAGIC:
        sc = load_scenario(path)
        assert sc.game == "magic", path.name
        assert sc.title and sc.title != path.stem, path.name
        assert sc.rulings, path.name
        assert sc.steps, path.name
        for rule in sc.rulings:
            assert RULE_ID.match(rule), f"{path.name}: {rule}"
            if rule.startswith("MC-R"):
                assert 1 <= int(rule[4:]) <= RULING_COUNT, f"{path.name}: {rule}"
        assert position_properties(sc.position) <= property_ids(), path.name


def test_every_property_is_in_a_scenario() -> None:
    seen: set[str] = set()
    for path in MAGIC:
        seen |= position_properties(load_scenario(path).position)
    assert len(property_ids()) == 21
    assert sorted(property_ids() - seen) == []


def test_every_solo_ruling_has_a_scenario() -> None:
    """The Shade's procedure (MC-R39 … MC-R50, R38 aside) is shown step by step in scenarios."""
    listed = scenario_rulings()
    solo = {f"MC-R{n}" for n in range(39, 51)} - {"MC-R50"}
    assert sorted(solo - listed) == []
