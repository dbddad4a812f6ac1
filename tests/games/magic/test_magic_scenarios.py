"""Every scenario file under tests/scenarios/, one test case each, and the coverage of the rules.

Coverage: the rulings listed by the `magic` scenario files, together with the ruling ids cited
by the other tests/core/test_magic_*.py modules, must include every MC-R1 … MC-R52, and the
creatures of the scenario positions must show every one of the 21 properties.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from core.engine.scenario import load_scenario, run_scenario
from core.games.magic.data import DATA_DIR, cards

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.toml"))
MAGIC = sorted((ROOT / "tests" / "scenarios" / "magic").glob("*.toml"))
RULING_COUNT = 52
CITE = re.compile(r"\bMC-R(\d+)\b")
RULE_ID = re.compile(r"^MC-(R\d+|§\d+(\.\d+)*)$")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    run_scenario(load_scenario(path))


# --- coverage ---------------------------------------------------------------------------

def all_rulings() -> set[str]:
    return {f"MC-R{n}" for n in range(1, RULING_COUNT + 1)}


def missing_rulings(listed: set[str], cited: set[str]) -> list[str]:
    """The rulings neither listed by a scenario nor cited by a test, in numeric order."""
    gone = all_rulings() - listed - cited
    return sorted(gone, key=lambda r: int(r[4:]))


def scenario_rulings() -> set[str]:
    out: set[str] = set()
    for path in MAGIC:
        out.update(load_scenario(path).rulings)
    return out


def cited_rulings() -> set[str]:
    out: set[str] = set()
    for path in sorted((ROOT / "tests" / "core").glob("test_magic_*.py")):
        if path.name == Path(__file__).name:
            continue
        out.update(f"MC-R{n}" for n in CITE.findall(path.read_text(encoding="utf-8")))
    return out


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


def test_every_ruling_is_covered() -> None:
    assert missing_rulings(scenario_rulings(), cited_rulings()) == []


def test_coverage_check_detects_a_gap() -> None:
    listed = all_rulings() - {"MC-R7", "MC-R40"}
    assert missing_rulings(listed, {"MC-R40"}) == ["MC-R7"]
    assert missing_rulings(set(), set()) == [f"MC-R{n}" for n in range(1, RULING_COUNT + 1)]


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
