"""The headless `evo` commands (docs/cli.md) on `magic`: its notation, refusals and options.
The game-agnostic behaviour is in tests/engine/test_cli.py."""

from __future__ import annotations

import json
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
    code, out, _ = run(capsys, "show", str(game), "--seat", "1")  # Ann, the first player
    assert code == 0 and "Ann" in out and "Round 1" in out


def test_illegal_action_exits_1_and_leaves_the_file(game: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    before = game.read_bytes()
    code, _, err = run(capsys, "act", str(game), "sleep")
    assert code == 1 and err.startswith("illegal:") and "[MC §3.4]" in err
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
    assert code == 1 and "not that many moves to redo" in err  # one is left, not five
    code, out, _ = run(capsys, "verify", str(game))
    assert code == 0 and "ok" in out
    code, out, _ = run(capsys, "replay", str(game), "--text")
    assert code == 0 and "undo of moves 3, 2" in out and "redo of moves 2" in out


def test_an_edited_move_is_named_by_its_line(game: Path,
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
    # A recent move is made again when the save is loaded: every command names its line (4).
    code, _, err = run(capsys, "verify", str(game))
    assert code == 2 and f"{game}:4: the recorded events are not what the move gives" in err


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "magic", "--games", "20", "--seed", "4", "--players", "3",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 20 and data["errors"] == 0
    assert sum(data["wins_by_seat"]) == 20 and len(data["wins_by_seat"]) == 3
    assert data["mean_rounds"] > 1 and data["actions_per_second"] > 0


def test_solo_and_quartet_from_the_command_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "magic", "--solo", "--seed", "1", "--out", str(tmp_path / "s.evo"))
    assert code == 0 and "Shade" in out
    code, _, err = run(capsys, "new", "magic", "--players", "4", "--variant", "quartet",
                       "--out", str(tmp_path / "q.evo"))
    assert code == 2 and "Quartet" in err


def test_player_count_is_checked_before_anything_is_written(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", "magic", "--players", "5", "--out", str(tmp_path / "x.evo"))
    assert code == 2 and "2 to 4 seats" in err and err.count("\n") == 1
    code, _, err = run(capsys, "new", "magic", "--solo", "--players", "3", "--out", str(tmp_path / "x.evo"))
    assert code == 2 and "exactly 2" in err and not (tmp_path / "x.evo").exists()
