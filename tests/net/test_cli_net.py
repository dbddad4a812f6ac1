"""`evo host`, `evo join` and `evo serve` as commands: a table hosted in one process and
played to its end by `evo join --bot` in another, checked by the joining side; a bad command
line gets one line; and a command on a save loads no network code (contract 10)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core import games
from tests.conformance.test_imports import _COMMANDS, ROOT, _new_save, _run
from tui.cli import main

GAME = games.ids()[0]
EVO = [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())"]


def test_a_hosted_table_is_played_to_its_end_and_checked(tmp_path: Path) -> None:
    host = subprocess.Popen([*EVO, "--saves-dir", str(tmp_path), "host", GAME, "--port", "0", "--headless",
                             "--seats", "human,bot:random"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(3)]  # the table, one seat, the journal
        join = next(line for line in lines if "evo join" in line).split("evo join ", 1)[1].split()
        done = subprocess.run([*EVO, "join", *join, "--bot", "random"], cwd=ROOT, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert "checked: the deal is the one committed" in done.stdout
        out, err = host.communicate(timeout=60)
        assert host.returncode == 0, err
        assert "the game is over" in out and not err
    finally:
        host.kill()
        host.wait(timeout=10)
    save = next((tmp_path / "online").glob("*.jsonl"))
    assert main(["verify", str(save)]) == 0


@pytest.mark.parametrize(("argv", "says"), [
    (["host"], "name a game"),
    (["host", GAME, "--seats", "human,alien"], "a seat is 'human' or 'bot:KIND'"),
    (["host", GAME, "--seats", "human,bot:zz"], "unknown bot"),
    (["host", GAME, "--players", "3", "--seats", "human,human"], "--seats names 2 seats"),
    (["host", "--resume", "/nonexistent/x.jsonl"], "x.jsonl"),
    (["join", "nonsense", "--bot", "random"], "cannot join the table"),
    (["join", "ws://127.0.0.1:9/t", "--bot", "zz"], "unknown bot"),
])
def test_bad_network_command_lines_get_one_line(argv: list[str], says: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_commands_on_a_save_load_no_network_code(tmp_path: Path) -> None:
    save = tmp_path / "game.evo"
    _new_save(GAME, save)
    lines = [["legal", str(save)], ["show", str(save)], ["verify", str(save)]]
    out = _run(_COMMANDS, json.dumps(lines))
    assert out["codes"] == [0, 0, 0]
    net = [m for m in out["modules"] if m.split(".")[0] == "websockets"
           or m.startswith(("core.net", "tui.net"))]
    assert not net


def test_bench_net_reports_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """The figures are there and no table failed; their values are for `evo bench`, not here."""
    assert main(["bench", "--net", "--tables", "2", "--moves", "6", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["tables_held"] == 2 and figures["errors"] == 0 and figures["moves"] == 12
    for key in ("round_trip_median_ms", "round_trip_p95_ms", "server_cpu_ms_per_move"):
        assert key in figures
