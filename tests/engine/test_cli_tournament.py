"""`evo tournament` for every registered game: the JSON object, the table and usage errors.
Each game's own reports (a solo seat, a team) are tested in tests/games/<g>/."""

from __future__ import annotations

import json

import pytest

from core import games
from core.engine.descriptor import GameDescriptor
from tui.cli import main

GAMES = games.descriptors()
IDS = [g.id for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_json_has_the_promised_fields(game: GameDescriptor, capsys: pytest.CaptureFixture[str]) -> None:
    bots = ["greedy", "random"][: game.seats[2]]
    assert main(["tournament", game.id, "--bots", ",".join(bots), "--games", "4",
                 "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["errors"] == 0 and data["game"] == game.id
    assert [b["bot"] for b in data["bots"]] == bots
    for b in data["bots"]:
        lo, hi = b["ci95"]
        assert 0.0 <= lo <= b["win_rate"] <= hi <= 1.0


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_table(game: GameDescriptor, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    bots = ",".join(["random"] * min(2, game.seats[2]))
    assert main(["tournament", game.id, "--bots", bots, "--games", "2", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "95%" in out and ("партий" if lang == "ru" else "games") in out


def _usage_cases() -> list[tuple[list[str], str]]:
    high = GAMES[0].seats[1]
    return [
        (["--bots", "wizard"], "unknown bot 'wizard'"),
        (["--bots", "greedy,random", "--games", "0"], "--games must be at least 1"),
        (["--bots", "greedy,random", "--jobs", "0"], "--jobs must be at least 1"),
        (["--bots", ",".join(["greedy"] * (high + 1)), "--players", str(high)],
         f"{high + 1} bots for {high} seats"),
        (["--bots", " , "], "--bots needs at least one bot"),
    ]


@pytest.mark.parametrize(("argv", "message"), _usage_cases())
def test_usage_errors_are_one_line(argv: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", GAMES[0].id, *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "chess", "--bots", "greedy"]) == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err
