"""`evo bench`: every figure present, bot figures included (tiny budgets keep it quick)."""

from __future__ import annotations

import json

import pytest

from core import games
from tests.bots.helpers import tiny_levels
from tui.cli import main


@pytest.fixture(autouse=True)
def tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny_levels(monkeypatch)


@pytest.mark.parametrize("game", games.ids())
def test_json_figures(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", game, "--quick", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == game
    assert data["actions_per_second"] > 0 and data["games_per_second"] > 0
    # the median span's rate, between the worst and the best span's
    assert data["actions_per_second_worst"] <= data["actions_per_second"] \
        <= data["actions_per_second_best"]
    assert data["bots"]["game"] == game
    assert data["bots"]["greedy"]["decisions_per_s"] > 0
    assert set(data["bots"]["mcts"]) == {"easy", "normal", "hard", "expert"}


def test_table_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--quick", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "actions_per_second" in out and "решений в секунду" in out
    assert out.count("mcts:") == 4


def test_without_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--quick", "--no-bots", "--json"]) == 0
    assert "bots" not in json.loads(capsys.readouterr().out)


def test_app_figures(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from core.bots import ladder
    from tui import bench_app
    from tui.games import playable

    game = playable()[-1]  # a game with a table in the app (not every game has one yet)
    real = bench_app.app_figures
    monkeypatch.setattr(bench_app, "app_figures", lambda games, presses, runs, decisions:
                        real(games, presses=4, runs=1, decisions=2))
    monkeypatch.setattr(ladder, "RUNGS", ("greedy", "mcts:easy"))  # the quick ones
    assert main(["bench", "--app", "--game", game, "--json"]) == 0  # only the game named
    data = json.loads(capsys.readouterr().out)
    assert {k.split("_")[-2] for k in data if k.startswith("keypress_ms")} == {game}
    assert data["first_frame_s"]["best"] > 0
    # start-up figures beside their floors, measured in the same run, with the ratio
    assert data["floor_first_frame_s"]["median"] > 0 and data["floor_cli_ms"]["median"] > 0
    assert data["first_frame_s"]["ratio"] > 0
    assert {k for k in data if k.startswith("cli_ms_")} == \
        {f"cli_ms_{game}_{command}" for command in bench_app.CLI_COMMANDS}
    assert all(data[f"cli_ms_{game}_{command}"]["ratio"] > 0 for command in bench_app.CLI_COMMANDS)
    for size in ("120x40", "80x24"):
        for what in ("keypress_ms", "replay_step_ms", "replay_round_ms"):
            figures = data[f"{what}_{game}_{size}"]
            assert figures["repaints"] >= 1 and 0 < figures["median"] <= figures["max"]
    # a bot's move at the table: two decisions of each level, timed to their frames
    for level in ("greedy", "easy"):
        figures = data[f"bot_ms_{game}_{level}_120x40"]
        assert figures["repaints"] == 2 and 0 < figures["cpu_median"] <= figures["median"] * 2
