"""`evo tournament`: the table, the JSON object, co-operative games and usage errors."""

from __future__ import annotations

import json

import pytest

from tui.cli import main


def test_json_has_the_promised_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "magic", "--bots", "greedy,random", "--games", "4",
                 "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["errors"] == 0
    assert [b["bot"] for b in data["bots"]] == ["greedy", "random"]
    for b in data["bots"]:
        lo, hi = b["ci95"]
        assert 0.0 <= lo <= b["win_rate"] <= hi <= 1.0


def test_table_for_a_solo_game_lists_the_shade(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "magic", "--bots", "greedy", "--solo", "--games", "2",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "shade" in out and "games: 2, errors: 0" in out


def test_gravity_reports_the_team(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "gravity", "--bots", "greedy", "--games", "3",
                 "--difficulty", "easy", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "команда победила в" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--bots", "wizard"], "unknown bot 'wizard'"),
    (["--bots", "greedy,random", "--games", "0"], "--games must be at least 1"),
    (["--bots", "greedy,random", "--jobs", "0"], "--jobs must be at least 1"),
    (["--bots", "greedy,greedy,greedy", "--players", "2"], "3 bots for 2 seats"),
    (["--bots", " , "], "--bots needs at least one bot"),
])
def test_usage_errors_are_one_line(argv: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "magic", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "chess", "--bots", "greedy"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
