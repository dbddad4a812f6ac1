"""Every `gravity` scenario file runs, and every ruling G1..G64 has one of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.engine.scenario import load_scenario, run_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "gravity"
FILES = sorted(SCENARIOS.glob("*.toml"))
RULINGS = [f"G{i}" for i in range(1, 65)]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    sc = load_scenario(path)
    assert sc.game == "gravity"
    assert sc.rulings and all(re.fullmatch(r"G\d+", r) for r in sc.rulings), sc.rulings
    assert any("expect" in s or "legal" in s or "illegal" in s or "legal_has" in s
               for s in sc.steps), f"{path.name} checks nothing"
    run_scenario(sc)


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
