"""The hostile inputs named in the issue, one by one, for every registered game: each gives one
line, the right exit code (2 for a file or command line that cannot be used, 1 for a refusal),
no traceback, and leaves every file as it was. The fuzz suite (test_fuzz_*.py) looks for more;
each game's own impossible positions are in tests/games/<g>/impossible.py, run by
tests/games/test_impossible_positions.py."""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.engine import journal as J
from tests.engine.fuzzing import assert_clean_exit, digest, real_save, run_cli, scenario_files
from tui.cli import main

GAME_IDS = games.ids()
FIRST = GAME_IDS[0]
ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False


def refused(argv: list[str], folder: Path | None = None, code: int = 2, says: str = "") -> str:
    """Run `evo ARGV`: it must exit `code` with one line on stderr (containing `says`) and, if
    a folder is given, leave it byte for byte as it was."""
    before = digest(folder) if folder else None
    got, out, err = run_cli(argv)
    assert_clean_exit(argv, got, out, err)
    assert got == code, (argv, got, out, err)
    message = err if code == 2 else err or out
    assert message.count("\n") == 1 and says in message, (argv, message)
    if folder is not None:
        assert digest(folder) == before, f"{argv} changed a file"
    return message


# --- evo new --out ------------------------------------------------------------------------------


def test_new_into_a_folder_nobody_may_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    if ROOT:  # root writes anywhere: make the system say no as it would to anyone else
        def no(*args: Any, **kwargs: Any) -> Any:
            raise PermissionError(13, "Permission denied")
        monkeypatch.setattr(tempfile, "mkstemp", no)
    try:
        refused(["new", FIRST, "--out", str(locked / "g.evo")], tmp_path,
                says="cannot write the save (Permission denied)")
    finally:
        locked.chmod(0o755)
    refused(["new", FIRST, "--out", "/proc/evo-no-such/g.evo"], tmp_path, says="cannot write the save")


def test_new_onto_a_folder_even_with_force(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    refused(["new", FIRST, "--out", str(tmp_path / "folder")], tmp_path, says="exists")
    refused(["new", FIRST, "--out", str(tmp_path / "folder"), "--force"], tmp_path,
            says="not a regular file")


def test_new_under_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    refused(["new", FIRST, "--out", str(tmp_path / "file" / "g.evo")], tmp_path,
            says="is not a folder")
    refused(["new", FIRST, "--out", str(tmp_path / "file" / "deeper" / "g.evo")], tmp_path,
            says="is not a folder")


def test_new_with_a_name_too_long_or_a_nul(tmp_path: Path) -> None:
    refused(["new", FIRST, "--out", str(tmp_path / ("a" * 300))], tmp_path, says="cannot write")
    refused(["new", FIRST, "--out", str(tmp_path / "a\x00b")], tmp_path, says="cannot write")


def test_new_with_seat_names_that_are_not_utf8(tmp_path: Path) -> None:
    """Bytes of a name that are not UTF-8 (argv surrogate-escapes them) become U+FFFD."""
    out = tmp_path / "g.evo"
    n = games.get(FIRST).seats[2]
    names = ",".join([os.fsdecode(b"\xff\xfeBob"), "\x1b[2JEve", *["X"] * n])
    code, _, err = run_cli(["new", FIRST, "--names", names, "--out", str(out)])
    assert code == 0, err
    assert J.read_journal(out).header.seats[0].name == "\ufffd\ufffdBob"


# --- act / undo / redo on a save nobody may write ---------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
def test_act_undo_redo_on_a_read_only_save(game: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from core.engine.session import GameSession

    path = tmp_path / "ro.evo"
    path.write_bytes(real_save(game, "played"))
    session, _ = GameSession.load(path, writable=False)
    legal = session.legal_actions()
    path.chmod(0o444)
    if ROOT:
        real_open = open

        def guarded(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
            if "a" in mode or "w" in mode:
                raise PermissionError(13, "Permission denied", str(file))
            return real_open(file, mode, *args, **kwargs)
        monkeypatch.setattr(J, "open", guarded, raising=False)
    try:
        if legal:
            refused(["act", str(path), session.rules.format_action(legal[0])], tmp_path,
                    says="cannot write the save")
        if session.can_undo():
            refused(["undo", str(path)], tmp_path, says="cannot write the save")
        if session.can_redo():
            refused(["redo", str(path)], tmp_path, says="cannot write the save")
    finally:
        path.chmod(0o644)


# --- a name that is not UTF-8 on a strict UTF-8 terminal ------------------------------------------


def test_a_name_that_is_not_utf8_on_a_strict_terminal(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """main() switches stdout and stderr to backslash escapes: a strict stream gets \\udcff."""
    odd = os.fsdecode(os.fsencode(tmp_path) + b"/\xff-save.evo")
    streams = [io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict") for _ in range(2)]
    monkeypatch.setattr(sys, "stdout", streams[0])
    monkeypatch.setattr(sys, "stderr", streams[1])
    assert main(["new", FIRST, "--seed", "1", "--out", odd]) == 0
    assert main(["verify", odd]) == 0
    assert main(["legal", odd + "-missing"]) == 2
    out, err = (s.buffer.getvalue().decode() for s in (s.flush() or s for s in streams))  # type: ignore[attr-defined]
    assert "\\udcff-save.evo: new" in out and "\\udcff-save.evo: ok" in out
    assert "\\udcff-save.evo-missing" in err and err.count("\n") == 1


# --- options and numbers ------------------------------------------------------------------------


HOSTILE_OPTION_VALUES = {"choice": ["²", "", "bogus"], "bool": ["maybe", "²", "2"],
                         "list": ["-1", "²", "bogus,bogus", ",,"], "int": ["²", "-99", "1e3", "x"]}


@pytest.mark.parametrize("game", GAME_IDS)
def test_hostile_option_values(game: str, tmp_path: Path) -> None:
    """`--option variant=²`, `--option controllers=-1`, `--option solo=maybe` and the like,
    for every option of every game: refused in one line naming the option."""
    for o in games.get(game).options:
        for value in HOSTILE_OPTION_VALUES[o.kind]:
            if o.kind == "int" and value == "-99" and o.key == "first":
                continue  # any negative `first` means "at random"
            argv = ["new", game, "--option", f"{o.key}={value}", "--out", str(tmp_path / "g.evo")]
            code, out, err = run_cli(argv)
            assert_clean_exit(argv, code, out, err)
            if code == 0:  # a value the option reads (e.g. a list it filters): still a sound save
                assert run_cli(["verify", str(tmp_path / "g.evo")])[0] == 0
                (tmp_path / "g.evo").unlink()
                continue
            assert o.key in err, (argv, err)
            assert not (tmp_path / "g.evo").exists()


def test_hostile_numbers_and_games(tmp_path: Path) -> None:
    refused(["bench", "--game", "chess"], tmp_path, says="invalid choice: 'chess'")
    refused(["tournament", FIRST, "--bots", "random", "--players", "0"], tmp_path, says="--players")
    refused(["new", FIRST, "--players", "100000000000000000000", "--out", str(tmp_path / "g")],
            tmp_path, says="is too large (at most 12 digits)")
    for n in ("²", "٣", "-1", "1e3", ""):
        refused(["simulate", FIRST, "--games", n], tmp_path)
    path = tmp_path / "g.evo"
    path.write_bytes(real_save(FIRST, "played"))
    for flag in (["show", str(path), "--seat"], ["replay", str(path), "--text", "--seat"],
                 ["undo", str(path), "--steps"]):
        refused([*flag, "²"], tmp_path, says="is not a whole number")
        refused([*flag, "99999999999999999999"], tmp_path, says="is too large")
    refused(["show", str(path), "--seat", "-1"], tmp_path, says="no seat -1")
    refused(["show", str(path), "--seat", "0"], tmp_path, says="no seat 0 (seats are numbered from 1")
    refused(["act", str(path), "pass", "--seat", "0"], tmp_path, says="no seat 0")
    refused(["replay", str(path), "--text", "--seat", "7"], tmp_path, says="no seat 7")
    refused(["undo", str(path), "--steps", "0"], tmp_path, says="--steps must be at least 1")
    refused(["redo", str(path), "--steps", "-3"], tmp_path, says="--steps must be at least 1")


def test_tournament_with_more_jobs_than_games_starts_no_more_workers() -> None:
    from core.bots.tournament import run_tournament

    result = run_tournament(FIRST, ["random"] * games.get(FIRST).seats[2], games=1, seed=1,
                            jobs=10**6, players=games.get(FIRST).seats[2])
    assert len(result.records) == 1


# --- scenario files -------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "says"), [
    (b"title = \"\xff\"\n", ":1: cannot read the scenario (not UTF-8 text)"),
    (b"", ":1: `game` names no game"),
    (b"title = \"t\"\n", "`game` names no game"),
    (b"game = \"\"\n", ":1: `game` names no game"),
    (b"title = \"t\"\ngame = \"chess\"\n", ":2: unknown game 'chess'"),
    (b"game = \"FIRST\"\nseed = \"abc\"\n", ":2: `seed` must be a whole number"),
    (b"game = \"FIRST\"\nseed = 99999999999999999999999\n", ":2: `seed` must be 0.."),
    (b"game = \"FIRST\"\nseed = -1\n", ":2: `seed` must be 0.."),
    (b"game = \"FIRST\"\n[[steps]]\nillegal = \"X1\"\n", ":2: step 1: `illegal` needs the `do`"),
    (b"game = \"FIRST\"\nsteps = 5\n", ":2: `steps` must be a list"),
    (b"game = \"FIRST\"\n[[steps]]\ndo = 5\n", ":2: step 1: `do` must be a string"),
    (b"game = \"FIRST\"\n[[steps]]\nnote = \"a\"\n[[steps]]\nexpect = 5\n",
     ":4: step 2: `expect` must be a table"),
    (b"game = \"FIRST\"\nposition = 5\n", ":2: `position` must be a table"),
    (b"game = \"FIRST\"\nbogus = 1\n", ":2: unknown top-level key(s): bogus"),
    (b"game = \"FIRST\"\ntitle = [\n", ":2: cannot read the scenario"),
    (b"game = \"FIRST\"\n[position]\nbogus = 1\n", ":2: bad position: the position has no key `bogus`"),
])
def test_scenario_files_that_cannot_be_used(tmp_path: Path, text: bytes, says: str) -> None:
    path = tmp_path / "s.toml"
    path.write_bytes(text.replace(b"FIRST", FIRST.encode()))
    message = refused(["scenario", str(path), "--check"], tmp_path)
    assert message.startswith(f"evo: {path}") and says in message, message


def test_scenario_paths_that_are_not_files(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (tmp_path, tmp_path / "missing.toml", Path("/dev/null"), fifo):
        refused(["scenario", str(path), "--check"], tmp_path, says="cannot read the scenario")


def test_a_failed_expectation_exits_1_naming_the_step_line(tmp_path: Path) -> None:
    source = scenario_files(FIRST)[0]
    text = source.read_text(encoding="utf-8") + '\n[[steps]]\nexpect = { "no.such.fact" = 1 }\n'
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    line = text.count("\n") - 1
    _, out, _ = run_cli(["scenario", str(path), "--check"])
    assert f"failed: {path}:{line}: step " in out and "no.such.fact is absent" in out
