"""`evo tournament --ladder` (issue #26): each level against the one below, seat-rotated, with
a verdict only the interval allows; a co-operative game shows each level's team win rate."""

from __future__ import annotations

import json

import pytest

from core.bots.ladder import RUNGS, format_ladder, run_ladder
from tui.cli import main


def test_a_stronger_level_is_called_stronger() -> None:
    steps = run_ladder("magic", 12, seed=1, rungs=("random", "greedy"))
    assert [(s.upper, s.lower) for s in steps] == [("greedy", "random")]
    step = steps[0]
    assert step.games == 12 and step.result.errors == 0
    assert step.rate >= 0.9 and step.verdict() == "stronger"  # greedy beats random (docs/bots.md)
    table = format_ladder(steps, "ru")
    assert "сильнее" in table and "greedy" in table and "random" in table


def test_a_cooperative_game_shows_each_level_alone() -> None:
    steps = run_ladder("gravity", 2, seed=1, players=2, rungs=("random", "greedy"))
    assert [(s.upper, s.lower) for s in steps] == [("random", ""), ("greedy", "")]
    assert all(s.verdict() == "" and s.games == 2 for s in steps)
    assert "против" not in format_ladder(steps, "ru")


def test_the_ladder_climbs_every_level() -> None:
    assert RUNGS == ("greedy", "mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert")


@pytest.mark.parametrize("args", [["--ladder", "--bots", "greedy"], []])
def test_ladder_or_bots_one_of_them(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "tournament", "magic", *args]) == 2
    assert "--ladder" in capsys.readouterr().err


def test_json_of_a_ladder_of_chosen_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "magic", "--ladder", "--levels", "random,greedy", "--games", "2",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["upper"] == "greedy" and data[0]["games"] == 2 and "tournament" in data[0]
    assert main(["--lang", "en", "tournament", "magic", "--ladder", "--levels", "greedy"]) == 2
    assert main(["--lang", "en", "tournament", "magic", "--ladder", "--levels", "greedy,mcts:x"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "evo: --levels needs at least two levels, e.g. --levels greedy,mcts:easy"
    assert "unknown level 'x'" in err[1] and "Traceback" not in "".join(err)
    assert main(["--lang", "ru", "tournament", "magic", "--ladder", "--levels", "greedy,mcts:x"]) == 2
    assert capsys.readouterr().err.strip() == (
        "evo: у бота «mcts» нет уровня «x» (уровни: easy, normal, hard, expert)")
