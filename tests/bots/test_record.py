"""`evo tournament --record FILE` (issue #26: a ladder's rung with expert is hours of a core):
the games already recorded are not played again and the rest play as in one run; a torn last
line is played again; a damaged line or a file another run writes is refused, the file left
byte for byte as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.bots.ladder import run_ladder
from core.bots.record import Record, RecordError
from core.bots.tournament import TournamentResult, run_tournament
from tui.cli import main

BOTS = ["greedy", "random"]


def _games(r: TournamentResult) -> list[tuple[int, list[int], list[int], int, int]]:
    return [(g.index, g.seats, g.winners, g.actions, g.rounds) for g in r.records]


def _played(line: bytes) -> dict[str, object]:
    """A recorded game less its timings (which differ from run to run)."""
    return {k: v for k, v in json.loads(line).items() if k not in ("think", "times")}


def test_a_recorded_tournament_goes_on_where_it_stopped(tmp_path: Path) -> None:
    whole = run_tournament("magic", BOTS, games=5, seed=11)
    path = tmp_path / "rung.jsonl"
    with Record(path) as record:
        first = run_tournament("magic", BOTS, games=3, seed=11, record=record)
    assert _games(first) == _games(whole)[:3]
    assert len(path.read_bytes().splitlines()) == 3
    played: list[int] = []
    with Record(path) as record:
        rest = run_tournament("magic", BOTS, games=5, seed=11, record=record,
                              progress=lambda done, total: played.append(done))
    assert _games(rest) == _games(whole)
    assert played == [4, 5]  # only the two games not yet recorded were played
    assert [json.loads(x)["index"] for x in path.read_bytes().splitlines()] == [0, 1, 2, 3, 4]
    assert rest.to_json()["bots"][0]["wins"] == whole.to_json()["bots"][0]["wins"]


def test_a_file_holds_each_tournament_apart(tmp_path: Path) -> None:
    """Another seed, other bots, the steps of a ladder: none takes another's games."""
    path = tmp_path / "record.jsonl"
    with Record(path) as record:
        run_tournament("magic", BOTS, games=2, seed=1, record=record)
        other = run_tournament("magic", BOTS, games=2, seed=2, record=record)
        steps = run_ladder("magic", 2, seed=100, rungs=("random", "greedy", "mcts:easy"),
                           record=record)
    assert _games(other) == _games(run_tournament("magic", BOTS, games=2, seed=2))
    assert [s.games for s in steps] == [2, 2]
    assert len(path.read_bytes().splitlines()) == 8
    with Record(path) as record:  # the ladder again: every game taken from the file
        again = run_ladder("magic", 2, seed=100, rungs=("random", "greedy", "mcts:easy"),
                           record=record)
    assert [_games(s.result) for s in again] == [_games(s.result) for s in steps]
    assert len(path.read_bytes().splitlines()) == 8


def test_a_torn_last_line_is_played_again(tmp_path: Path) -> None:
    path = tmp_path / "rung.jsonl"
    with Record(path) as record:
        run_tournament("magic", BOTS, games=3, seed=4, record=record)
    data = path.read_bytes()
    path.write_bytes(data[:-40])  # killed while writing the third game
    with Record(path) as record:
        assert len(record.done(next(iter(record._games)))) == 2
        again = run_tournament("magic", BOTS, games=3, seed=4, record=record)
    assert _games(again) == _games(run_tournament("magic", BOTS, games=3, seed=4))
    assert [_played(x) for x in path.read_bytes().splitlines()] == \
        [_played(x) for x in data.splitlines()]


def test_a_whole_last_line_without_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "rung.jsonl"
    with Record(path) as record:
        run_tournament("magic", BOTS, games=2, seed=4, record=record)
    data = path.read_bytes()
    path.write_bytes(data.rstrip(b"\n"))
    with Record(path) as record:
        assert sorted(record.done(next(iter(record._games)))) == [0, 1]
    assert path.read_bytes() == data


@pytest.mark.parametrize(("damage", "problem"), [
    (b"{not json\n", "line 2: not a JSON line"),
    (b'{"game": "magic"}\n', "line 2: not a game of a tournament (at $.bots)"),
    (b'{"game": "magic", "index": "one"}\n', "line 2: not a game of a tournament"),
])
def test_a_damaged_line_is_named_and_the_file_left_as_it_was(
        tmp_path: Path, damage: bytes, problem: str) -> None:
    path = tmp_path / "rung.jsonl"
    with Record(path) as record:
        run_tournament("magic", BOTS, games=2, seed=4, record=record)
    lines = path.read_bytes().splitlines(keepends=True)
    data = lines[0] + damage + lines[1]
    path.write_bytes(data)
    with pytest.raises(RecordError) as caught:
        Record(path)
    assert problem in caught.value.said("en")
    assert "файл оставлен как был" in caught.value.said("ru")
    assert path.read_bytes() == data


def test_a_game_recorded_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rung.jsonl"
    with Record(path) as record:
        run_tournament("magic", BOTS, games=2, seed=4, record=record)
    data = path.read_bytes()
    path.write_bytes(data + data.splitlines(keepends=True)[0])
    with pytest.raises(RecordError, match="game 0 of this tournament is recorded twice"):
        Record(path)
    assert path.read_bytes() == data + data.splitlines(keepends=True)[0]


def test_one_run_writes_a_record_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "rung.jsonl"
    with Record(path):
        with pytest.raises(RecordError) as caught:
            Record(path)
        assert caught.value.key == "record.busy"
    with Record(path):  # free again once the first is closed
        pass


def test_the_command_records_and_refuses_in_the_players_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ladder.jsonl"
    args = ["tournament", "magic", "--ladder", "--levels", "random,greedy", "--games", "2",
            "--json", "--record", str(path)]
    assert main(["--lang", "en", *args]) == 0
    out, err = capsys.readouterr()
    first = json.loads(out)
    assert "taken from" not in err
    assert main(["--lang", "ru", *args]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)[0]["wins"] == first[0]["wins"]
    assert f"из {path} взято 2 партии, уже сыгранных раньше; сыграно сейчас: 0" in err
    assert len(path.read_bytes().splitlines()) == 2
    path.write_bytes(path.read_bytes() + b"oops\n")
    data = path.read_bytes()
    assert main(["--lang", "ru", *args]) == 2
    err = capsys.readouterr().err
    assert "строка 3: это не строка JSON" in err and "Traceback" not in err
    assert main(["--lang", "en", "tournament", "magic", "--bots", "greedy,random", "--games",
                 "1", "--record", str(path)]) == 2
    assert "line 3: not a JSON line" in capsys.readouterr().err
    assert path.read_bytes() == data


def test_a_refused_tournament_leaves_no_record_file(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.jsonl"
    assert main(["--lang", "en", "tournament", "magic", "--bots", "greedy,wizard", "--games", "1",
                 "--record", str(path)]) == 2
    assert "unknown bot 'wizard'" in capsys.readouterr().err
    assert not path.exists()
    (tmp_path / "old.jsonl").write_bytes(b"")
    with Record(tmp_path / "old.jsonl"):
        pass
    assert (tmp_path / "old.jsonl").exists()  # a file the run did not make is kept
