"""`gravity` is co-operative: simulate and tournaments report the team, which wins and loses
together."""

from __future__ import annotations

import pytest

from core.bots.tournament import format_table, run_tournament
from tui.cli import main


def test_simulate_reports_team_wins_for_a_cooperative_game(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--lang", "en", "simulate", "gravity", "--games", "10", "--seed", "2",
                 "--players", "3"])
    out = capsys.readouterr().out
    team = next(line for line in out.splitlines() if "team wins" in line)
    won, total = int(team.split()[2]), int(team.split()[4])
    lost = int(team.split("(")[1].split()[0])
    assert code == 0 and total == 10 and won + lost == 10 and "by seat" not in out


def test_gravity_reports_the_team(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "gravity", "--bots", "greedy", "--games", "3",
                 "--difficulty", "easy", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "команда победила в" in out


def test_a_cooperative_team_wins_and_loses_together() -> None:
    r = run_tournament("gravity", ["greedy", "random"], games=6, seed=4, players=3,
                       options={"difficulty": "easy"})
    data = r.to_json()
    assert data["errors"] == 0 and data["cooperative"] is True
    assert [b["bot"] for b in data["bots"]] == ["greedy", "random"]  # no "rules" entry
    # Specs are dealt round the three seats, rotating game by game.
    assert [rec.seats for rec in r.records[:2]] == [[0, 1, 0], [1, 0, 1]]
    team_wins = sum(1 for rec in r.records if rec.winners)
    assert all(rec.winners in ([], [0, 1]) for rec in r.records)
    assert data["bots"][0]["wins"] == data["bots"][1]["wins"] == team_wins  # not split
    assert data["mean_turns"] > 0
    table = format_table(r, "en")
    assert f"the team won {team_wins} of 6" in table
