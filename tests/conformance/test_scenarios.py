"""Every scenario file of every registered game (`tests/games/<g>/scenarios/*.toml`, see
docs/scenarios.md) runs, once, through the engine's runner; each is about its own game,
cites the game's rulings and checks something."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import games
from core.engine.descriptor import GameDescriptor
from core.engine.scenario import load_scenario, run_scenario
from tests.playing import cites_a_ruling, game_tests

FILES = [(g.id, p) for g in games.descriptors()
         for p in sorted((game_tests(g.id) / "scenarios").glob("*.toml"))]


@pytest.mark.parametrize(("game_id", "path"), FILES, ids=[f"{g}/{p.stem}" for g, p in FILES])
def test_scenario(game_id: str, path: Path) -> None:
    sc = load_scenario(path)
    game = games.get(game_id)
    assert sc.game == game_id, "a game's scenarios are about that game"
    assert sc.title and sc.title != path.stem
    assert sc.rulings, "a scenario cites the rulings it shows"
    assert all(cites_a_ruling(game, r) for r in sc.rulings), sc.rulings
    assert sc.steps and any(step.checks() for step in sc.steps), "the scenario checks nothing"
    run_scenario(sc)


@pytest.mark.parametrize("game", games.descriptors(), ids=games.ids())
def test_a_game_with_a_scenario_adapter_has_scenarios(game: GameDescriptor) -> None:
    assert (game.scenarios is not None) == any(g == game.id for g, _ in FILES)
