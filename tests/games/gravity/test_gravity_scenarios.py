"""The `gravity` scenario files (run by tests/conformance/test_scenarios.py): every ruling
G1..G64 has a file of its own, and the files cite only rulings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.engine.scenario import load_scenario
from tests.playing import rulings

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))
RULINGS = [f"G{i}" for i in range(1, 65)]


def test_the_rulings_are_g1_to_g64() -> None:
    assert list(rulings("gravity")) == RULINGS


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_cites_rulings(path: Path) -> None:
    sc = load_scenario(path)
    assert sc.game == "gravity"
    assert sc.rulings and all(re.fullmatch(r"G\d+", r) for r in sc.rulings), sc.rulings


def test_every_ruling_has_its_own_scenario() -> None:
    cited = {r for p in FILES for r in load_scenario(p).rulings}
    missing = [r for r in RULINGS if r not in cited]
    assert not missing, f"rulings without a scenario: {missing}"
    for i in range(1, 65):
        own = [p for p in FILES if p.name.startswith(f"g{i:02d}_")]
        assert own, f"no scenario file named g{i:02d}_*.toml"
        assert all(f"G{i}" in load_scenario(p).rulings for p in own), f"g{i:02d}_* must cite G{i}"
    unknown = cited - set(RULINGS)
    assert not unknown, f"scenarios cite unknown rulings {sorted(unknown)}"
