"""The headless `evo` commands (docs/cli.md) for every registered game: outputs, exit codes,
one-line errors, options from the game's schema. Each game's own notation and messages are
tested in tests/games/<g>/."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core import games
from core.engine.descriptor import GameDescriptor
from core.engine.session import GameSession
from tests.playing import Config, cited_as, decisions
from tui.cli import main

GAMES = games.descriptors()
IDS = [g.id for g in GAMES]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one-line message of a command line argparse refuses (exit code 2)."""
    assert main(["--lang", "en", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def new_game(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: GameDescriptor) -> Path:
    path = tmp_path / "g.evo"
    names = ",".join(f"N{i}" for i in range(game.seats[2]))
    code, out, _ = run(capsys, "new", game.id, "--seed", "12", "--out", str(path), "--names", names)
    assert code == 0 and "seed 12" in out
    return path


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_new_legal_act_show(game: GameDescriptor, tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path, capsys, game)
    rules = game.ruleset
    code, out, _ = run(capsys, "legal", str(path))
    header, *legal = out.splitlines()
    assert code == 0 and legal and all(rules.parse_action(t) for t in legal)
    code, out, _ = run(capsys, "show", str(path), "--json")
    data = json.loads(out)
    seat = data["pending"]["seat"]
    assert code == 0 and data["game"] == game.id and data["seat"] == seat and data["legal"] == legal
    assert f"(seat {seat + 1})" in header and f"N{seat}" in header  # --json from 0, words from 1
    assert run(capsys, "act", str(path), legal[-1])[0] == 0
    code, out, _ = run(capsys, "show", str(path), "--seat", "1")
    assert code == 0 and out.strip()
    n = game.seats[2]
    for flag in ("0", str(n + 1)):
        code, _, err = run(capsys, "show", str(path), "--seat", flag)
        assert code == 2 and f"no seat {flag} (seats are numbered from 1: 1..{n})" in err


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_illegal_action_exits_1_and_leaves_the_file(game: GameDescriptor, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path, capsys, game)
    rules = game.ruleset
    legal = run(capsys, "legal", str(path))[1].splitlines()[1:]
    # An action of a later decision of another game is notation, but not legal now.
    later = {rules.format_action(a) for s in decisions(Config(game, game.seats[2]), 3, every=5)
             for a in rules.legal_actions(s)}
    text = sorted(later - set(legal))[0]
    before = path.read_bytes()
    code, _, err = run(capsys, "act", str(path), text)
    cited = re.search(r"\[([^\]]+)\]\n$", err)
    assert code == 1 and err.startswith("illegal:") and err.count("\n") == 1
    assert cited and cited_as(game, cited.group(1)), err
    assert path.read_bytes() == before
    code, _, err = run(capsys, "act", str(path), "fly away with xyzzy")
    assert code == 2 and "cannot read" in err and path.read_bytes() == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_undo_redo_verify_and_replay(game: GameDescriptor, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path, capsys, game)
    rng = random.Random(1)
    for _ in range(3):
        legal = run(capsys, "legal", str(path))[1].splitlines()[1:]
        assert run(capsys, "act", str(path), rng.choice(legal))[0] == 0
    code, out, _ = run(capsys, "undo", str(path), "--steps", "2")
    assert code == 0 and "3, 2" in out
    assert run(capsys, "redo", str(path))[0] == 0
    code, _, err = run(capsys, "redo", str(path), "--steps", "5")
    assert code == 1 and "not that many moves to redo" in err  # one is left, not five
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 0 and "ok" in out
    code, out, _ = run(capsys, "replay", str(path), "--text")
    assert code == 0 and "undo of moves 3, 2" in out and "redo of moves 2" in out


def test_unreadable_files_give_one_line_and_exit_2(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.evo"
    bad.write_text("hello\n")
    for cmd in ("legal", "show", "verify", "undo"):
        code, out, err = run(capsys, cmd, str(bad))
        assert code == 2 and out == "" and err.count("\n") == 1 and "bad.evo:1" in err
    code, _, err = run(capsys, "show", str(tmp_path / "missing.evo"))
    assert code == 2 and "cannot read" in err


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_usage_errors(game: GameDescriptor, tmp_path: Path,
                      capsys: pytest.CaptureFixture[str]) -> None:
    low, high, _ = game.seats
    code, _, err = run(capsys, "new", game.id, "--players", str(high + 1),
                       "--out", str(tmp_path / "x.evo"))
    assert code == 2 and f"{low} to {high} seats" in err and err.count("\n") == 1
    code, _, err = run(capsys, "new", game.id, "--option", "no_such_option=1",
                       "--out", str(tmp_path / "x.evo"))
    assert code == 2 and "unknown option 'no_such_option'" in err and err.count("\n") == 1
    assert not (tmp_path / "x.evo").exists()


def test_unknown_game_and_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "invalid choice: 'chess'" in usage_error(capsys, "new", "chess", "--out", str(tmp_path / "y"))
    assert "frobnicate" in usage_error(capsys, "frobnicate")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_options_come_from_the_schema(game: GameDescriptor, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Every choice option has its flag; a value outside the choices is refused in one line
    that names them; every allowed value the descriptor accepts starts a game."""
    for o in game.options:
        if o.kind != "choice":
            continue
        flag = "--" + o.key.replace("_", "-")
        code, _, err = run(capsys, "new", game.id, flag, "no-such-value", "--out", str(tmp_path / "x"))
        assert code == 2 and err.count("\n") == 1 and all(v in err for v in o.allowed()), err
        for value in o.allowed():
            try:
                game.normalize({o.key: value}, game.seats[2])
            except ValueError:
                continue
            out = tmp_path / f"{o.key}-{value}.evo"
            assert run(capsys, "new", game.id, flag, value, "--seed", "1", "--out", str(out))[0] == 0
            assert run(capsys, "verify", str(out))[0] == 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_new_refuses_to_overwrite(game: GameDescriptor, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path, capsys, game)
    before = path.read_bytes()
    code, _, err = run(capsys, "new", game.id, "--out", str(path))
    assert code == 2 and "exists" in err and path.read_bytes() == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_simulate_json(game: GameDescriptor, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", game.id, "--games", "10", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 10 and data["errors"] == 0
    assert data["players"] == game.seats[2] and len(data["wins_by_seat"]) == game.seats[2]
    assert data["cooperative"] == game.cooperative
    assert data["mean_rounds"] >= 1 and data["actions_per_second"] > 0


def test_help_for_the_command_and_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0  # main returns the code, --help included
    out = capsys.readouterr().out
    assert "with 95%" in out
    listed = re.search(r"\{(new,[^}]*)\}", out)
    assert listed is not None
    commands = listed.group(1).split(",")
    assert "tournament" in commands and "simulate" in commands
    for command in commands:
        assert main([command, "--help"]) == 0
        assert capsys.readouterr().out.startswith("usage: evo " + command)
    for command in ("new", "simulate", "tournament"):  # one sub-command per game
        for game in GAMES:
            assert main([command, game.id, "--help"]) == 0
            out = capsys.readouterr().out
            assert f"options of {game.id}" in out
            assert all("--" + o.key.replace("_", "-") in out for o in game.options)


def typed(seat: int) -> str:
    """A seat (an index, as the journal, the views and `--json` count them) as `--seat` takes
    it and `evo` says it: from 1, as the setup form numbers the players."""
    return str(seat + 1)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_act_and_undo_for_a_seat(game: GameDescriptor, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """`--seat N`: a move meant for a seat is refused (exit 1, the file untouched) when another
    seat is to decide — typing it twice, or two players sending at once, cannot play it for
    whoever decides next — and undo/redo with it take back or restore only that seat's moves."""
    path = new_game(tmp_path, capsys, game)
    n = game.seats[2]
    for _ in range(40):  # play until a move hands the decision to another seat
        seat = json.loads(run(capsys, "show", str(path), "--json")[1])["pending"]["seat"]
        legal = run(capsys, "legal", str(path))[1].splitlines()[1:]
        if n > 1:
            before = path.read_bytes()
            code, _, err = run(capsys, "act", str(path), legal[0], "--seat", typed((seat + 1) % n))
            assert code == 1 and "is not seat" in err and err.count("\n") == 1, err
            assert path.read_bytes() == before
        assert run(capsys, "act", str(path), legal[0], "--seat", typed(seat))[0] == 0
        now = json.loads(run(capsys, "show", str(path), "--json")[1]).get("pending", {}).get("seat")
        if now is not None and now != seat:
            break
    else:
        pytest.skip("the decision never passed to another seat")
    before = path.read_bytes()
    code, _, err = run(capsys, "act", str(path), legal[0], "--seat", typed(seat))  # typed twice
    assert code == 1 and f"is not seat {typed(seat)}'s move" in err and path.read_bytes() == before
    code, _, err = run(capsys, "undo", str(path), "--seat", typed(now))  # not its move
    assert code == 1 and f"made by seat {typed(seat)}, not seat {typed(now)}" in err
    assert path.read_bytes() == before
    assert run(capsys, "undo", str(path), "--seat", typed(seat))[0] == 0
    before = path.read_bytes()
    code, _, err = run(capsys, "redo", str(path), "--seat", typed(now))
    assert code == 1 and path.read_bytes() == before
    assert run(capsys, "redo", str(path), "--seat", typed(seat))[0] == 0
    for flag in ("0", typed(n), "99"):
        code, _, err = run(capsys, "act", str(path), legal[0], "--seat", flag)
        assert code == 2 and f"no seat {flag} (seats are numbered from 1: 1..{n})" in err
        assert err.count("\n") == 1


def test_the_console_script_does_what_main_does(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`evo` is `tui.evo:run`: `main`'s output and exit code, and the save as `act` left it."""
    path = new_game(tmp_path, capsys, games.get("magic"))
    move = run(capsys, "legal", str(path))[1].splitlines()[-1]
    evo = [sys.executable, "-c", "from tui.evo import run; run()", "--lang", "en"]
    for line in (["legal", str(path)], ["act", str(path), "nonsense"], ["legal"],
                 ["act", str(path), move]):
        before = path.read_bytes()
        done = subprocess.run([*evo, *line], capture_output=True, text=True, timeout=60)
        after = path.read_bytes()
        path.write_bytes(before)
        assert (done.returncode, done.stdout, done.stderr) == run(capsys, *line)
        assert after == path.read_bytes()  # the same save (changed by `act` alone)
    assert len(GameSession.load(path, writable=False)[0].entries) == 2


@pytest.mark.parametrize("line, collects", [
    (["simulate", "magic", "--games", "1"], True),  # long runs make garbage: collected
    (["legal", "missing.evo"], False),  # a command on one save leaves the collector as it was
])
def test_long_commands_turn_the_garbage_collector_on(line: list[str], collects: bool,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import gc

    gc.disable()  # as the console script starts a command
    try:
        main(["--lang", "en", *line])
        assert gc.isenabled() is collects
    finally:
        gc.enable()


@pytest.mark.parametrize("game", [g for g in GAMES if g.hidden_information], ids=lambda g: g.id)
def test_replay_text_of_a_game_in_play_keeps_the_bots_cards_hidden(
        game: GameDescriptor, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Contract 6: `replay --text` of an unfinished game tells it as its one person sees it
    (as the app's replay opens), unless `--all` asks for everything."""
    from tests.piloting import seats_for

    path = tmp_path / "g.jsonl"
    session = GameSession.new(game.id, seats=seats_for(game.id, 1, "random", None), seed=5,
                              path=path, durable=False)
    rng = random.Random(2)
    for _ in range(6):
        legal = session.legal_actions()
        session.act(legal[rng.randrange(len(legal))])
    human = next(i for i, s in enumerate(session.header.seats) if s.kind == "human")
    told = run(capsys, "replay", str(path), "--text")[1]
    assert told == run(capsys, "replay", str(path), "--text", "--seat", str(human + 1))[1]
    assert told != run(capsys, "replay", str(path), "--text", "--all")[1]
