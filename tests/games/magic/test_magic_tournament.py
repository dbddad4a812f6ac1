"""Tournaments of `magic`: greedy beats random, seats rotate among three, and the solo mode
reports the Shade (the seat the rules play)."""

from __future__ import annotations

import pytest

from core.bots.tournament import play_game, run_tournament
from tui.cli import main


def test_greedy_beats_random_with_rotated_seats() -> None:
    r = run_tournament("magic", ["greedy", "random"], games=4, seed=5)
    data = r.to_json()
    assert data["games"] == 4 and data["errors"] == 0
    assert [b["bot"] for b in data["bots"]] == ["greedy", "random"]
    greedy, rand = data["bots"]
    assert greedy["wins"] + rand["wins"] == 4
    assert greedy["wins"] >= 3  # seeded, so this cannot flicker; it fails if greedy regresses
    lo, hi = greedy["ci95"]
    assert lo <= greedy["win_rate"] <= hi
    assert [rec.seats for rec in r.records] == [[0, 1], [1, 0], [0, 1], [1, 0]]
    assert data["mean_rounds"] > 1 and data["mean_actions"] > 10
    assert greedy["ms_per_decision"] > 0


def test_three_players_rotate_through_every_seat() -> None:
    r = run_tournament("magic", ["random", "random", "greedy"], games=3, seed=2, players=3)
    assert r.errors == 0
    assert sorted(tuple(rec.seats) for rec in r.records) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert sum(b["wins"] for b in r.to_json()["bots"]) == pytest.approx(3)


def test_solo_reports_the_shade() -> None:
    r = run_tournament("magic", ["greedy"], games=3, seed=1, options={"solo": True})
    data = r.to_json()
    assert data["errors"] == 0 and data["options"]["solo"] is True
    assert [b["bot"] for b in data["bots"]] == ["greedy", "shade"]
    assert data["bots"][0]["wins"] + data["bots"][1]["wins"] == 3
    assert data["bots"][1]["ms_per_decision"] is None


def test_a_solo_game_has_one_bot() -> None:
    with pytest.raises(ValueError):
        run_tournament("magic", ["random"] * 2, games=1, seed=0, options={"solo": True})


def test_table_for_a_solo_game_lists_the_shade(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "magic", "--bots", "greedy", "--solo", "--games", "2",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "shade" in out and "games: 2, errors: 0" in out


def test_greedy_finishes_a_solo_game_that_once_looped() -> None:
    """Regression: greedy's look-ahead ran through the Shade's automatic turns into later
    rounds, and the bot learned to sleep forever against a Scary Shade."""
    rec = play_game("magic", ["greedy"], 340, 2024, 2, {"variant": "standard", "solo": True})
    assert not rec.error and rec.winners and rec.rounds < 50
