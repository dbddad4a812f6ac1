"""Fuzzing the `evo` command line: random argument vectors for every headless command, over
every registered game, with hostile values — digits that are not ASCII, huge and negative
numbers, empty strings, unknown options and `--option` junk — and hostile files: folders,
missing files, /dev/null, a FIFO, read-only and unreadable files, damaged and torn saves,
names that are not UTF-8, a path under a file, a folder nobody can write in.

`tui.cli.main(argv)` runs in-process with stdout and stderr on strict UTF-8 streams. It must
return (never raise) 0, 1 or 2, print no traceback, say an error (2) in one line, and a
command that exits non-zero must leave every file as it was; reading commands never change a
file at all. Commands that open the app (`evo`, `replay` without `--text`, `scenario` without
`--check`, `bench --app`) are not run; nor is a real `bench` (tests/engine/test_cli_bench.py)."""

from __future__ import annotations

import os
import shutil
import stat
import sys
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from core import games
from tests.engine.fuzzing import (
    CAMPAIGN,
    GAME_IDS,
    assert_clean_exit,
    digest,
    fuzz,
    real_save,
    run_cli,
    scenario_files,
)

READING = {"legal", "show", "replay", "verify", "scenario"}
COMMANDS = {"new", "legal", "act", "undo", "redo", "show", "replay", "verify", "repair", "simulate",
            "tournament", "bench", "scenario"}

COUNTS = ["0", "1", "2", "3", "4", "5"]
HOSTILE_NUMBERS = ["-1", "-7", "²", "٣", "٠", "1e3", "0x10", "", " 1", "1.5", "abc", "-0", "+2",
                   "1_0", "99999999999999999999", "100000000000000000000", "999999999999"]
SMALL = ["1", "2"]  # --games: no long runs
HOSTILE_SMALL = ["0", "-1", "²", "", "1e3", "abc", "100000000000000000000"]
JUNK = ["", " ", "--", "-", "--bogus", "-x", "--help", "²", "\x1b[2J", "é", "x" * 300, "--lang",
        "--json", "--seat", "=", "--option", "--players", "--out", "--force", "\udcff"]
OPTIONS = ["variant=²", "controllers=-1", "solo=maybe", "=", "x", "variant", "variant=", "bogus=1",
           "seat=1=2", "monsters=M1,M1,M1", "characters=", "first=99", "first=-5", "difficulty=²",
           "monster_order=sideways", "solo=true", "solo=1", " variant = quartet ", "variant=quartet",
           "length=0", "ruleset=v09", "five_players=yes"]
BOTS = ["random", "random,random", "", ",", ",,", "mcts:bogus", "random:x", "bogus", "greedy:easy",
        "random," * 6, "²"]
if CAMPAIGN:
    BOTS += ["greedy", "greedy,random"]


def build_world(root: Path) -> dict[str, list[str]]:
    """The files the fuzz plays with, and its pools of paths."""
    if root.exists():
        for p in root.iterdir():  # a read-only or unreadable file must go too
            if p.is_dir() and not p.is_symlink():
                shutil.rmtree(p)
            else:
                p.unlink()
    root.mkdir(exist_ok=True)
    saves, scenarios = [], []
    for g in GAME_IDS:
        for kind in ("played", "finished"):
            p = root / f"{g}-{kind}.evo"
            p.write_bytes(real_save(g, kind))
            saves.append(str(p))
        files = scenario_files(g)
        if files:
            p = root / f"{g}.toml"
            shutil.copyfile(files[0], p)
            scenarios.append(str(p))
    data = real_save(GAME_IDS[0], "played")
    (root / "damaged.evo").write_bytes(data[:200] + bytes([data[200] ^ 4]) + data[201:])
    (root / "torn.evo").write_bytes(data[:-9])
    (root / "empty.evo").write_bytes(b"")
    (root / "text.toml").write_text("title = [\n")
    (root / "folder").mkdir()
    (root / "file.evo").write_bytes(data)
    os.mkfifo(root / "fifo")
    ro = root / "read-only.evo"
    ro.write_bytes(data)
    ro.chmod(0o444)
    unreadable = root / "unreadable.evo"
    unreadable.write_bytes(data)
    unreadable.chmod(0)
    odd = os.fsencode(root) + b"/\xff\xfe-not-utf8.evo"  # a name that is not UTF-8
    with open(odd, "wb") as f:
        f.write(data)
    odd_text = os.fsdecode(odd)  # as argv gives it: surrogate-escaped
    files = [*saves, str(root / "damaged.evo"), str(root / "torn.evo"), str(root / "empty.evo"),
             str(root / "folder"), str(root / "fifo"), str(ro), str(unreadable), odd_text,
             str(root / "missing.evo"), "", "/dev/null", str(root / "file.evo" / "x.evo"),
             str(root / ("a" * 300)), str(root / "x\x00y.evo"), str(root / "text.toml")]
    outs = [str(root / "new.evo"), str(root / "sub" / "new.evo"), str(root / "file.evo"),
            str(root / "folder"), str(root / "file.evo" / "x.evo"), "/proc/evo-fuzz/x.evo",
            "/dev/null", str(ro), "", odd_text, str(root / ("a" * 300)), str(root / "x\x00y.evo"),
            os.fsdecode(os.fsencode(root) + b"/new-\xff.evo")]
    return {"files": files, "scenarios": [*scenarios, *files], "outs": outs}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[str]]]:
    root = tmp_path_factory.mktemp("fuzz-cli") / "world"
    return root, build_world(root)


def legal_texts(game: str) -> list[str]:
    """Some actions in the game's notation (legal in its played save, or not)."""
    from core.engine.session import GameSession

    out = []
    for kind in ("played", "finished"):
        path = Path(os.environ.get("TMPDIR", "/tmp")) / f"evo-fuzz-{os.getpid()}-{game}-{kind}.evo"
        path.write_bytes(real_save(game, kind))
        try:
            session, _ = GameSession.load(path, writable=False)
            out += [session.rules.format_action(a) for a in session.legal_actions()[:6]]
        finally:
            path.unlink()
    return out


ACTIONS = {g: legal_texts(g) or ["pass"] for g in GAME_IDS}


def game_flags(game: str) -> list[tuple[str, list[str]]]:
    """The game's option flags with values to try: allowed ones and hostile ones."""
    out = []
    for o in games.get(game).options:
        flag = "--" + o.key.replace("_", "-")
        if o.kind == "bool":
            out.append((flag, []))
        else:
            out.append((flag, o.allowed()[:4] or [str(o.default)]))
    return out


class Line:
    """A command line being drawn: the words after its command, and the draws that make them."""

    def __init__(self, draw: st.DrawFn, world: dict[str, list[str]]) -> None:
        self.draw, self.world, self.extras = draw, world, list[str]()
        self.files, self.outs = world["files"], world["outs"]
        self.saves = [f for f in self.files if f.endswith(("-played.evo", "-finished.evo"))]

    def pick(self, xs: list[str]) -> str:
        return self.draw(st.sampled_from(xs))

    def val(self, good: list[str], bad: list[str]) -> str:
        """Mostly a value that works (so the command gets somewhere), else a hostile one."""
        return self.pick(good) if self.draw(st.integers(0, 19)) < 17 or not bad else self.pick(bad)

    def maybe(self, *args: str) -> None:
        if self.draw(st.booleans()):
            self.extras.extend(args)

    def save(self) -> str:
        return self.val(self.saves, self.files)

    def number(self, flag: str) -> None:
        self.maybe(flag, self.val(COUNTS, HOSTILE_NUMBERS))

    def game_options(self, game: str) -> None:
        for flag, values in game_flags(game):
            if self.draw(st.integers(0, 3)) == 0:
                self.extras.extend([flag, self.val(values, ["²", "", "bogus", "-1", "99", "a,b,c"])]
                                   if values else [flag])
        valid = [f"{flag[2:].replace('-', '_')}={v}" for flag, values in game_flags(game)
                 for v in values] or ["x=y"]
        for _ in range(self.draw(st.integers(0, 2))):
            self.extras.extend(["--option", self.val(valid, OPTIONS)])


def new_line(line: Line, game: str, real_game: str) -> list[str]:
    line.number("--players")
    line.number("--seed")
    line.maybe("--undo", line.val(["learning", "strict"], ["bogus", ""]))
    line.maybe("--names", line.pick(["A,B", "", ",,,", "\x1b[31mred\x1b[0m,b", "\udcff,x", "é" * 80,
                                     "a" * 500]))
    line.game_options(real_game)
    if line.draw(st.integers(0, 9)):
        line.extras.extend(["--out", line.val(line.outs[:2], line.outs[2:])])
    line.maybe("--force")
    return ["new", game]


def many_games_line(line: Line, command: str, game: str, real_game: str) -> list[str]:
    """simulate or tournament."""
    if command == "tournament":
        line.maybe("--bots", line.val(BOTS[:2], BOTS[2:]))
    line.number("--seed")
    if command == "tournament":
        line.maybe("--jobs", line.val(["1", *(["2"] if CAMPAIGN else [])],
                                      ["0", "-1", "²", "", "999999999999"]))
    line.number("--players")
    line.maybe("--json")
    line.game_options(real_game)
    return [command, game, "--games"]


def command_line(line: Line, command: str, game: str, real_game: str) -> list[str]:
    """The command's words and its own flags (into `line.extras`)."""
    if command == "new":
        return new_line(line, game, real_game)
    if command in ("legal", "verify", "repair"):
        return [command, line.save()]
    if command == "act":
        return ["act", line.save(), line.val(ACTIONS[real_game],
                                             ["", "pass", "keep", "²", "create 99999", "x" * 5000,
                                              "attack c1", "\x1b[2J", "1" * 40])]
    if command in ("undo", "redo"):
        argv = [command, line.save()]
        line.number("--steps")
        return argv
    if command == "show":
        argv = ["show", line.save()]
        line.number("--seat")
        line.maybe("--all")
        line.maybe("--json")
        return argv
    if command == "replay":
        argv = ["replay", line.save(), "--text"]
        line.number("--seat")
        return argv
    if command in ("simulate", "tournament"):
        games_ = line.val(SMALL, HOSTILE_SMALL)  # drawn before the flags
        return [*many_games_line(line, command, game, real_game), games_]
    if command == "bench":  # only command lines that are refused: a real bench takes seconds
        argv = ["bench", "--game", line.pick(["chess", "", "²", "MAGIC", "--quick"])]
        line.maybe("--quick")
        line.maybe("--no-bots")
        line.maybe("--json")
        return argv
    if command == "scenario":
        scenarios = line.world["scenarios"]
        return ["scenario", line.val(scenarios[:len(GAME_IDS)], scenarios), "--check"]
    return [line.pick(["frobnicate", "", "²", "--bogus", "-h"])]


@st.composite
def argv_for(draw: st.DrawFn, world: dict[str, list[str]]) -> list[str]:
    """A command line: one of the headless commands with random, often hostile, arguments."""
    line = Line(draw, world)
    known = GAME_IDS
    game = line.val(known, ["chess", "", "MAGIC", "²"])
    real_game = game if game in known else known[0]
    command = line.pick(["new", "new", "legal", "act", "act", "undo", "redo", "show", "replay",
                         "verify", "repair", "simulate", "tournament", "bench", "scenario", "junk"])
    argv = command_line(line, command, game, real_game)
    extras = line.extras
    for _ in range(draw(st.integers(0, 2)) if draw(st.integers(0, 5)) == 0 else 0):
        extras.insert(draw(st.integers(0, len(extras))), line.pick(JUNK))
    if draw(st.booleans()):
        argv = ["--lang", line.val(["en", "ru"], ["de", ""]), *argv]
    return [*argv, *extras]


def opens_the_app(argv: list[str]) -> bool:
    """A command line that would open the app (the fuzz's junk may drop --text or --check)."""
    words = [a for a in argv if not a.startswith("-")]
    if "--help" in argv or "-h" in argv:
        return False
    if "replay" in words:
        return "--text" not in argv
    if "scenario" in words:
        return "--check" not in argv
    return "--app" in argv


def run_one(root: Path, pools: dict[str, list[str]], argv: list[str], record: bool = False) -> None:
    if opens_the_app(argv) or (argv and argv[0] == "--lang" and len(argv) <= 2):
        return
    before = digest(root)
    code, out, err = run_cli(argv)
    assert_clean_exit(argv, code, out, err)
    words = [a for a in argv if not a.startswith("-")]
    if record:  # the campaign's figures (--hypothesis-show-statistics)
        event(f"{next((w for w in words if w in COMMANDS), 'other')}: exit {code}")
    changed = digest(root) != before
    if code != 0 or (words and words[0] in READING) or (len(words) > 1 and words[1] in READING):
        assert not changed, f"argv={argv!r} exited {code} and changed files\n{err}"
    if changed:
        build_world(root)


@fuzz(250)
@given(data=st.data())
def test_random_command_lines(world: tuple[Path, dict[str, list[str]]], data: st.DataObject) -> None:
    root, pools = world
    argv = data.draw(argv_for(pools), label="argv")
    run_one(root, pools, argv, record=True)


@pytest.mark.parametrize("command", ["legal", "show", "verify", "repair", "act", "undo", "redo",
                                     "replay", "scenario"])
def test_every_hostile_file_with_every_command(world: tuple[Path, dict[str, list[str]]],
                                               command: str) -> None:
    """No sampling here: each command against each file of the pool, once."""
    root, pools = world
    for path in pools["files"]:
        argv = {"act": ["act", path, "pass"], "replay": ["replay", path, "--text"],
                "scenario": ["scenario", path, "--check"]}.get(command, [command, path])
        run_one(root, pools, argv)


def test_a_strict_utf8_stdout_takes_a_name_that_is_not(world: tuple[Path, dict[str, list[str]]]) -> None:
    """A save whose name is not UTF-8, printed on a strict UTF-8 stream: main() switches its
    streams to backslash escapes, so the name comes out as \\udcff… rather than a crash."""
    root, pools = world
    odd = next(p for p in pools["files"] if "not-utf8" in p)
    code, out, _ = run_cli(["verify", odd])
    assert code == 0 and "\\udcff" in out and "not-utf8" in out
    out_name = os.fsdecode(os.fsencode(root) + b"/\xfe-new.evo")
    code, out, _ = run_cli(["new", GAME_IDS[0], "--out", out_name])
    assert code == 0 and "\\udcfe" in out
    build_world(root)


def test_the_world_is_what_it_says(world: tuple[Path, dict[str, list[str]]]) -> None:
    root, _ = world
    assert stat.S_ISFIFO((root / "fifo").lstat().st_mode)
    assert sys.getfilesystemencoding() == "utf-8" or os.name != "posix"


NOTATION_JUNK = ["", " ", "²", "٣", "-1", "0", "99999999999", "c0", "c-1", "x" * 60, ",", ",,", "=",
                 ":", "L99", "M9", "\x00", "é", "\t"]


@pytest.mark.parametrize("game", GAME_IDS)
@fuzz(60)
@given(data=st.data())
def test_any_text_as_a_move(game: str, data: st.DataObject) -> None:
    """What `evo act` does with its text: the game reads it as a move or says it cannot
    (NotationError, exit 2), and a move it reads is legal or refused with a reason
    (`explain`, exit 1) — whatever the words, in any language."""
    from core.engine.protocol import NotationError
    from core.engine.session import GameSession

    rules = games.get(game).ruleset
    texts = ACTIONS[game]
    words = sorted({w for t in texts for w in t.split()}) or ["pass"]
    base = data.draw(st.sampled_from(texts)).split() or ["pass"]
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(base)))
        word = data.draw(st.sampled_from(words + NOTATION_JUNK))
        how = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        if how == "replace" and i < len(base):
            base[i] = word
        elif how == "delete" and i < len(base) and len(base) > 1:
            del base[i]
        else:
            base.insert(i, word)
    text = data.draw(st.sampled_from([" ", ",", "", "  "])).join(base)
    try:
        action = rules.parse_action(text)
    except NotationError:
        return
    rules.format_action(action)
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"evo-fuzz-{os.getpid()}-{game}.evo"
    path.write_bytes(real_save(game, data.draw(st.sampled_from(["played", "finished", "position"]))))
    try:
        session, _ = GameSession.load(path, writable=False)
    finally:
        path.unlink()
    for lang in ("en", "ru"):
        why = rules.explain(session.state, action, lang)
        assert why is None or (why.rule_id and "\n" not in str(why))
