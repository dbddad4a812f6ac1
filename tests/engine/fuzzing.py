"""Shared parts of the fuzz suite (test_fuzz_saves.py, test_fuzz_scenarios.py, test_fuzz_cli.py):
real saves and scenario files of every registered game to damage, hostile values, a way to
re-checksum a hand-edited journal line, and the `evo` command run in-process with its output
captured on strict UTF-8 streams.

CI runs few examples per test (the derandomized profile of tests/conftest.py); a campaign runs
many more with `EVO_FUZZ_EXAMPLES=2000` (and `HYPOTHESIS_PROFILE=campaign` for fresh random
examples on every run). Nothing here names a game."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import random
import stat
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings

from core import games
from core.engine import journal as J
from core.engine.scenario import load_scenario, start_session
from core.engine.session import GameSession
from tests.playing import game_tests

GAME_IDS = games.ids()
CAMPAIGN = int(os.environ.get("EVO_FUZZ_EXAMPLES", "0") or 0)


def fuzz(examples: int) -> settings:
    """Hypothesis settings for a fuzz test: `examples` in CI, the campaign's count otherwise."""
    return settings(max_examples=CAMPAIGN or examples, deadline=None,
                    suppress_health_check=list(HealthCheck))


# --- hostile values ---------------------------------------------------------------------------

HOSTILE_INTS = [-1, 0, 1, 2, 3, 4, 5, 9, 99, 999, -(2**31), 2**31, 2**63 - 1, -(2**63)]
HOSTILE_STRS = ["", "bogus", "²", "٣", "-1", "0", "1e9", "\x00", "\x1b[2J", "é" * 3, "x" * 300,
                "c999", "L99", " ", "none"]
HOSTILE_VALUES: list[Any] = [*HOSTILE_INTS, *HOSTILE_STRS, None, True, False, 1.5, [], {},
                             [1, 2], ["bogus"], {"t": "bogus"}, {"x": 1}]


# --- journal lines ----------------------------------------------------------------------------

def relined(obj: Any) -> bytes:
    """A JSON value as a journal line with a *valid* checksum (journal.encode_line): a
    deliberate, well-formed edit that reaches the checks of meaning behind the checksum. Numbers
    beyond 64 bits (which msgspec does not encode) go through json with the same layout."""
    if isinstance(obj, dict):
        try:
            return J.encode_line(obj)
        except (OverflowError, TypeError, UnicodeEncodeError):
            pass
    body = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass")
    if not body.endswith(b"}"):
        return body + b"\n"  # not an object: no place for a checksum
    import zlib

    return body[:-1] + b',"crc":"%08x"}\n' % (zlib.crc32(body) & 0xFFFFFFFF)


def unline(raw: bytes) -> Any:
    """A journal line's JSON object without its checksum."""
    obj = json.loads(raw)
    obj.pop("crc", None)
    return obj


def split_lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def paths_in(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON value (the root excluded), containers included."""
    out: list[tuple[Any, ...]] = []
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in items:
        out.append((*prefix, k))
        out.extend(paths_in(v, (*prefix, k)))
    return out


def get_at(obj: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def mutate(obj: Any, path: tuple[Any, ...], how: str, value: Any, rng: random.Random) -> None:
    """Change `obj` in place at `path`: replace, delete, duplicate, add a key, nudge a number."""
    parent, key = get_at(obj, path[:-1]), path[-1]
    old = parent[key]
    if how == "replace":
        parent[key] = value
    elif how == "delete":
        del parent[key]
    elif how == "nudge" and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + rng.choice([-2, -1, 1, 2, 100])
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(old)))
    elif how == "add" and isinstance(old, dict):
        old[rng.choice(["bogus", "x", "t", "seat", "events"])] = value
    elif how == "append" and isinstance(old, list):
        old.append(value if not old or rng.random() < 0.5 else json.loads(json.dumps(rng.choice(old))))
    elif how == "shuffle" and isinstance(old, list):
        rng.shuffle(old)
    else:
        parent[key] = value


MUTATIONS = ["replace", "replace", "delete", "nudge", "duplicate", "add", "append", "shuffle"]


# --- real saves ---------------------------------------------------------------------------------

def _play(session: GameSession, rng: random.Random, moves: int, jumps: bool = True) -> None:
    """Random legal moves, with undos, redos and branches along the way (`jumps`)."""
    for _ in range(moves):
        if session.pending() is None:
            break
        r = rng.random() if jumps else 1.0
        if r < 0.08 and session.can_undo():
            session.undo(rng.randint(1, min(3, len(session.line))))
        elif r < 0.14 and session.can_redo():
            session.redo(rng.randint(1, len(session.redo_stack)))
        else:
            legal = session.legal_actions()
            session.act(legal[rng.randrange(len(legal))])


def scenario_files(game_id: str | None = None) -> list[Path]:
    ids = [game_id] if game_id else GAME_IDS
    return [p for g in ids for p in sorted((game_tests(g) / "scenarios").glob("*.toml"))]


SAVE_KINDS = ("played", "position", "finished")


@cache
def real_save(game_id: str, kind: str, seed: int = 7) -> bytes:
    """The bytes of a real journal of `game_id`: `played` (a few dozen random moves with undo,
    redo and a branch, ending with an undo of two moves, the game going on), `position` (a
    game started from one of its scenario files: a setup holding a whole position) or
    `finished` (random play to the end, no undo)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.evo"
        if kind == "position":
            files = scenario_files(game_id)
            session = start_session(load_scenario(files[seed % len(files)]), path)
            _play(session, rng, 25)
        else:
            n = games.get(game_id).seats[2]
            for tries in range(20):  # a `played` game is still going (it has moves to make)
                session = GameSession.new(game_id, seats=n, seed=seed + tries, path=path,
                                          durable=False)
                _play(session, rng, 40 if kind == "played" else 100_000, jumps=kind == "played")
                if kind != "played" or session.pending() is not None:
                    break
                session.close()
            if kind == "played" and session.can_undo(2):  # ends with an undo: redo has work
                session.undo(2)
        session.close()
        return path.read_bytes()


# --- checks -------------------------------------------------------------------------------------

def one_line(text: str) -> bool:
    return bool(text) and "\n" not in text.rstrip("\n")


def assert_journal_error(exc: J.JournalError, path: Path | str) -> None:
    """A refused save: one line naming the file (and the line, when the content is at fault)."""
    message = str(exc)
    assert "\n" not in message, message
    assert message.startswith(str(path)), message
    if exc.kind not in ("unreadable", "busy", "changed", "unwritable"):
        assert exc.line >= 1 and message.startswith(f"{path}:{exc.line}: "), message


def digest(root: Path) -> dict[str, Any]:
    """What is in a folder, byte for byte (FIFOs and other specials by kind only, unopened)."""
    out: dict[str, Any] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in sorted(dirnames + filenames):
            p = Path(dirpath) / name
            st = p.lstat()
            rel = os.fsencode(p.relative_to(root)).hex()
            if stat.S_ISREG(st.st_mode):
                out[rel] = (st.st_mode, hashlib.sha256(p.read_bytes()).hexdigest())
            else:
                out[rel] = (stat.S_IFMT(st.st_mode), stat.S_IMODE(st.st_mode))
    return out


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """`evo ARGV` in-process, its stdout and stderr on strict UTF-8 streams (as a terminal with a
    UTF-8 locale: a name that is not UTF-8 must not crash it). It must return an exit code,
    never raise; the environment is restored after it."""
    from tui.cli import main

    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n")
    environ = dict(os.environ)
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(list(argv))
    finally:
        sys.stdout, sys.stderr = old
        os.environ.clear()
        os.environ.update(environ)
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8"))  # type: ignore[attr-defined]
    return code, texts[0], texts[1]


def assert_clean_exit(argv: list[str], code: Any, out: str, err: str) -> None:
    """Exit 0, 1 or 2; no traceback; an error (exit 2) is one line on stderr."""
    shown = f"argv={argv!r} code={code!r}\nstdout: {out[-2000:]}\nstderr: {err[-2000:]}"
    assert code in (0, 1, 2), shown
    assert "Traceback" not in out and "Traceback" not in err, shown
    assert "internal error" not in err, shown
    if code == 2:
        problems = [ln for ln in err.splitlines() if not ln.startswith(("warning:", "note:"))]
        assert len(problems) == 1 and problems[0].strip(), shown


@contextlib.contextmanager
def unchanged_unless_ok(root: Path, argv: list[str]) -> Any:
    """Run a command in the block (it yields a holder for its exit code): a command that exits
    non-zero must leave every file under `root` byte for byte as it was."""
    before = digest(root)
    holder: dict[str, Any] = {}
    yield holder
    if holder.get("code") != 0:
        assert digest(root) == before, f"argv={argv!r} exited {holder.get('code')} and changed files"


# --- scenario files ---------------------------------------------------------------------------

def toml_value(x: Any) -> str:
    """A value in TOML (inline tables and arrays, on one line)."""
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float):
        return "nan" if x != x else ("inf" if x > 0 else "-inf") if x in (float("inf"), float("-inf")) \
            else repr(x)
    if isinstance(x, str):
        return json.dumps(x, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(x, list):
        return "[" + ", ".join(toml_value(v) for v in x) + "]"
    if isinstance(x, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in x.items()) + " }"
    return x.isoformat()  # dates and times, as tomllib gives them


def toml_dump(data: dict[str, Any]) -> str:
    """A TOML document: one top-level key per line (tables inline)."""
    return "".join(f"{json.dumps(str(k))} = {toml_value(v)}\n" for k, v in data.items())


TOML_HOSTILE: list[Any] = [v for v in HOSTILE_VALUES  # TOML has no null, and 64-bit integers
                           if v is not None and (not isinstance(v, int) or -(2**63) <= v < 2**63)]
TOML_HOSTILE += [2**70, float("nan"), float("inf"), -0.0, [[1]], [{"id": 1}], {"id": "bogus"}]


@cache
def position_values(game_id: str) -> dict[str, tuple[Any, ...]]:
    """Every value each key of a position takes in the game's scenario files (list members
    under their list's key): the pool of plausible edits — a step for a step, a card for a card."""
    import tomllib

    pools: dict[str, set[str]] = {}

    def walk(obj: Any, key: str) -> None:
        if isinstance(obj, dict):
            for k, v in obj.items():
                walk(v, str(k))
        elif isinstance(obj, list):
            for v in obj:
                walk(v, key)
        else:
            pools.setdefault(key, set()).add(json.dumps(obj))

    for path in scenario_files(game_id):
        walk(tomllib.loads(path.read_text(encoding="utf-8")).get("position", {}), "")
    return {k: tuple(json.loads(v) for v in sorted(vs)) for k, vs in pools.items()}


def key_of(path: tuple[Any, ...]) -> str:
    """The name a value goes by: its key, or its list's key."""
    for k in reversed(path):
        if isinstance(k, str):
            return k
    return ""


# --- impossible positions, for the games' own tests ------------------------------------------

def scenario_refused(folder: Path, game_id: str, position: dict[str, Any]) -> str:
    """`evo scenario FILE --check` on a scenario of `game_id` with this `[position]`: it must be
    refused as a bad position — exit 2, one line naming the file and the `[position]` line,
    the file untouched. Returns the message."""
    path = folder / "position.toml"
    path.write_text(f'title = "an impossible position"\ngame = "{game_id}"\n\n'
                    f"position = {toml_value(position)}\n", encoding="utf-8")
    before = digest(folder)
    argv = ["--lang", "en", "scenario", str(path), "--check"]
    code, out, err = run_cli(argv)
    assert_clean_exit(argv, code, out, err)
    assert code == 2 and f"{path}:4: bad position: " in err, (position, code, out, err)
    assert digest(folder) == before
    return err.strip()


def position_save_refused(folder: Path, game_id: str, edit: Any, scenario: int = 7) -> str:
    """A save of `game_id` started from a scenario's position, the position edited by
    `edit(state_dict)` behind a good checksum: loading refuses it naming line 2 (the setup),
    and `verify`, `legal`, `show` and `replay --text` exit 2 with that line. Returns the problem."""
    lines = split_lines(real_save(game_id, "position", scenario))
    obj = unline(lines[1])
    edit(obj["events"][0]["state"])
    lines[1] = relined(obj)
    path = folder / "position.evo"
    path.write_bytes(b"".join(lines))
    try:
        GameSession.load(path, writable=False)
    except J.JournalError as exc:
        assert exc.line == 2 and "\n" not in str(exc), str(exc)
        problem = exc.problem
    else:
        raise AssertionError("an impossible position loaded")
    before = digest(folder)
    for argv in (["verify", str(path)], ["legal", str(path)], ["show", str(path)],
                 ["replay", str(path), "--text"]):
        code, out, err = run_cli(argv)
        assert_clean_exit(argv, code, out, err)
        assert code == 2 and f"{path}:2: " in err, (argv, code, err)
    assert digest(folder) == before
    return problem
