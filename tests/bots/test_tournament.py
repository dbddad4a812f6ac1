"""Tournaments for every registered game: seat rotation, Wilson intervals, the JSON shape, the
table, several processes, errors counted. Each game's own results are in tests/games/<g>/."""

from __future__ import annotations

import pytest

from core import games
from core.bots.stats import wilson
from core.bots.tournament import format_table, play_game, run_tournament
from core.engine.descriptor import GameDescriptor

GAMES = games.descriptors()
IDS = [g.id for g in GAMES]


def two_bots(game: GameDescriptor) -> tuple[list[str], int]:
    """Greedy and random for the game's default seats (co-operative games deal them round)."""
    seats = game.seats[2]
    return ["greedy", "random"][:seats], seats


def test_wilson_matches_known_values() -> None:
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and lo == pytest.approx(0.8389, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_result_has_the_promised_shape(game: GameDescriptor) -> None:
    bots, seats = two_bots(game)
    r = run_tournament(game.id, bots, games=4, seed=5, players=seats)
    data = r.to_json()
    assert data["games"] == 4 and data["errors"] == 0 and data["cooperative"] == game.cooperative
    assert [b["bot"] for b in data["bots"]] == bots
    for b in data["bots"]:
        lo, hi = b["ci95"]
        assert 0.0 <= lo <= b["win_rate"] <= hi <= 1.0
        assert b["ms_p95"] >= 0.0 and b["ms_per_decision"] >= 0.0
    assert len(r.records) == 4 and all(len(rec.seats) == seats for rec in r.records)
    assert {rec.seats[0] for rec in r.records} == set(range(len(bots))), "seats rotate"
    assert data["mean_rounds"] >= 1 and data["mean_actions"] > 0


def test_decision_time_percentile() -> None:
    from core.bots.tournament import GameRecord, TournamentResult

    r = TournamentResult("g", ["a", "b"], 2, {}, 0, 2)
    slow = [0.001 * i for i in range(1, 21)]  # 1..20 ms: the 95th percentile is 19 ms
    r.records = [GameRecord(0, [0, 1], [0], 1, 40, 0, [sum(slow), 0.0], [20, 20],
                            times=[slow, [0.0] * 20])]
    assert r.ms_p95(0) == pytest.approx(19.0) and r.ms_p95(1) == 0.0
    assert r.ms_per_decision(0) == pytest.approx(10.5)
    assert r.to_json()["bots"][0]["ms_p95"] == pytest.approx(19.0)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_several_processes_give_the_same_result(game: GameDescriptor) -> None:
    bots, seats = two_bots(game)
    one = run_tournament(game.id, bots, games=4, seed=9, jobs=1, players=seats)
    two = run_tournament(game.id, bots, games=4, seed=9, jobs=2, players=seats)
    assert [(r.winners, r.actions, r.rounds) for r in one.records] == \
        [(r.winners, r.actions, r.rounds) for r in two.records]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_errors_are_counted_not_raised(game: GameDescriptor, monkeypatch: pytest.MonkeyPatch) -> None:
    from core.bots import base

    class Cheater:
        spec = "random"

        def choose(self, view: object, legal: list[object]) -> object:
            return "no such move"

    monkeypatch.setitem(base.BOT_KINDS, "random", lambda rules, seed, level: Cheater())
    bots, seats = two_bots(game)
    rec = play_game(game.id, ["random", *bots[1:]], 0, 1, seats, game.normalize({}, seats))
    assert rec.error and not rec.winners


def test_bad_arguments() -> None:
    from core.bots import BotSpecError

    game = GAMES[0]
    seats = game.seats[2]
    with pytest.raises(BotSpecError):
        run_tournament(game.id, ["greedy", "wizard"][:seats], games=1, seed=0, players=seats)
    with pytest.raises(ValueError):
        run_tournament(game.id, ["random"] * (seats + 1), games=1, seed=0, players=seats)
    with pytest.raises(ValueError):
        run_tournament(game.id, [], games=1, seed=0, players=seats)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_table(lang: str) -> None:
    game = GAMES[0]
    bots, seats = two_bots(game)
    r = run_tournament(game.id, ["random"] * len(bots), games=2, seed=3, players=seats)
    table = format_table(r, lang)
    assert table.count("random") == len(bots)
    assert ("партий" if lang == "ru" else "games") in table
    assert "95%" in table
