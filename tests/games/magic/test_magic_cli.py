"""The headless `evo` commands (docs/cli.md): outputs, exit codes, one-line errors."""

from __future__ import annotations

import json
import re
import zlib
from pathlib import Path

import pytest

from tui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "g.evo"
    code, out, _ = run(capsys, "new", "magic", "--players", "3", "--seed", "12", "--out", str(path),
                       "--names", "Ann,Bob,Cy")
    assert code == 0 and "seed 12" in out
    return path


def test_new_legal_act_show(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "legal", str(game))
    first = out.splitlines()[0]
    assert code == 0 and "swap" in first and out.splitlines()[1:] == ["keep", "swap"]
    code, out, _ = run(capsys, "act", str(game), "keep")
    assert code == 0 and "keeps the hand" in out
    code, out, _ = run(capsys, "show", str(game), "--json")
    data = json.loads(out)
    seat = data["pending"]["seat"]
    assert data["seat"] == seat and data["legal"] == ["keep", "swap"]
    hands = [p["hand"] for p in data["view"]["players"]]
    assert [h is not None for h in hands] == [i == seat for i in range(3)]
    code, out, _ = run(capsys, "show", str(game), "--seat", "0")
    assert code == 0 and "Ann" in out and "Round 1" in out


def test_illegal_action_exits_1_and_leaves_the_file(game: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    before = game.read_bytes()
    code, _, err = run(capsys, "act", str(game), "sleep")
    assert code == 1 and err.startswith("illegal:") and "[MC-§3.4]" in err
    assert err.count("\n") == 1 and game.read_bytes() == before
    code, _, err = run(capsys, "act", str(game), "fly away")
    assert code == 2 and "unknown action" in err and game.read_bytes() == before


def test_undo_redo_and_verify(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for action in ("keep", "keep", "swap"):
        assert run(capsys, "act", str(game), action)[0] == 0
    code, out, _ = run(capsys, "undo", str(game), "--steps", "2")
    assert code == 0 and "3, 2" in out
    assert run(capsys, "redo", str(game))[0] == 0
    code, _, err = run(capsys, "redo", str(game), "--steps", "5")
    assert code == 1 and "nothing to redo" in err
    code, out, _ = run(capsys, "verify", str(game))
    assert code == 0 and "ok" in out
    code, out, _ = run(capsys, "replay", str(game), "--text")
    assert code == 0 and "undo of moves 3, 2" in out and "redo of moves 2" in out


def test_verify_reports_the_first_mismatching_seq(game: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    for action in ("keep", "keep", "keep"):
        run(capsys, "act", str(game), action)
    lines = game.read_bytes().splitlines(keepends=True)
    obj = json.loads(lines[3])  # seq 2
    obj.pop("crc")
    obj["events"][0] = {"t": "swap", "seat": obj["events"][0]["seat"], "count": 5}
    body = json.dumps(obj, separators=(",", ":")).encode()
    lines[3] = body[:-1] + b',"crc":"%08x"}\n' % (zlib.crc32(body) & 0xFFFFFFFF)
    game.write_bytes(b"".join(lines))
    code, out, _ = run(capsys, "verify", str(game))
    assert code == 1 and "seq 2" in out


def test_unreadable_files_give_one_line_and_exit_2(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.evo"
    bad.write_text("hello\n")
    for cmd in ("legal", "show", "verify", "undo"):
        code, out, err = run(capsys, cmd, str(bad))
        assert code == 2 and out == "" and err.count("\n") == 1 and "bad.evo:1" in err
    code, _, err = run(capsys, "show", str(tmp_path / "missing.evo"))
    assert code == 2 and "cannot read" in err


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", "magic", "--players", "5", "--out", str(tmp_path / "x.evo"))
    assert code == 2 and "2 to 4 players" in err and err.count("\n") == 1
    code, _, err = run(capsys, "new", "chess", "--out", str(tmp_path / "y.evo"))
    assert code == 2 and "unknown game" in err
    with pytest.raises(SystemExit) as info:
        main(["frobnicate"])
    assert info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_new_refuses_to_overwrite(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", "magic", "--out", str(game))
    assert code == 2 and "exists" in err


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "magic", "--games", "20", "--seed", "4", "--players", "3",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 20 and data["errors"] == 0
    assert sum(data["wins_by_seat"]) == 20 and len(data["wins_by_seat"]) == 3
    assert data["mean_rounds"] > 1 and data["actions_per_second"] > 0


def test_simulate_reports_team_wins_for_a_cooperative_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "gravity", "--games", "10", "--seed", "2", "--players", "3")
    team = next(line for line in out.splitlines() if "team wins" in line)
    won, total = int(team.split()[2]), int(team.split()[4])
    lost = int(team.split("(")[1].split()[0])
    assert code == 0 and total == 10 and won + lost == 10 and "by seat" not in out


def test_solo_and_quartet_from_the_command_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "magic", "--solo", "--seed", "1", "--out", str(tmp_path / "s.evo"))
    assert code == 0 and "Shade" in out
    code, _, err = run(capsys, "new", "magic", "--players", "4", "--variant", "quartet",
                       "--out", str(tmp_path / "q.evo"))
    assert code == 2 and "Quartet" in err


def test_help_for_the_command_and_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0 and "with 95%" in out
    listed = re.search(r"\{(new,[^}]*)\}", out)
    assert listed is not None
    commands = listed.group(1).split(",")
    assert "tournament" in commands and "simulate" in commands
    for command in commands:
        with pytest.raises(SystemExit) as info:
            main([command, "--help"])
        assert info.value.code == 0 and capsys.readouterr().out.startswith("usage: evo " + command)
