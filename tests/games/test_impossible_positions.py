"""Impossible positions of every game — from a scenario file or hand-edited into a save behind a
good checksum — are refused in one line with the line they are on (the position schema in each
game's scenario.py, the invariants in its invariants.py). Each game's cases are data in
tests/games/<game>/impossible.py: its BASE position, the changes to it that a scenario check
refuses (SCENARIOS) and the edits to a save's position that loading refuses (SAVES), each with
words the refusal must hold."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

from tests.engine.fuzzing import position_save_refused, scenario_refused

GAMES = ["classic", "magic", "newworld", "northstar"]
CASES = {game: importlib.import_module(f"tests.games.{game}.impossible") for game in GAMES}


def _params(kind: str) -> list[Any]:
    """One case a parameter, its id the game and the words the refusal must hold."""
    return [pytest.param(game, case, says, id=f"{game}: {says}")
            for game, module in CASES.items() for case, says in getattr(module, kind)]


@pytest.mark.parametrize(("game", "change", "says"), _params("SCENARIOS"))
def test_impossible_scenario_positions(tmp_path: Path, game: str, change: dict[str, Any],
                                       says: str) -> None:
    message = scenario_refused(tmp_path, game, {**CASES[game].BASE, **change})
    assert says in message, message


@pytest.mark.parametrize(("game", "edit", "says"), _params("SAVES"))
def test_impossible_positions_in_a_save(tmp_path: Path, game: str, edit: Any, says: str) -> None:
    assert says in position_save_refused(tmp_path, game, edit)
