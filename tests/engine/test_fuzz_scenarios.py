"""Fuzzing scenario files (docs/scenarios.md), for every registered game with scenarios.

Each game's own scenario files (tests/games/<g>/scenarios/) are damaged — random bytes,
truncations, flipped bytes, and edits of their TOML: any value replaced by a hostile one (a
bogus string, a negative or huge number, a float, a table where a list goes …), deleted,
doubled — and then read the way `evo scenario FILE --check` reads them. It either runs, or
fails in one line `file:line: problem`: a file that cannot be used (unreadable, not TOML, a
key unknown or of the wrong type, a position the game cannot be in) exits 2, a failed
expectation exits 1; never a traceback, never a changed file. A position that is accepted must
be playable: random legal moves from it, journaled, verify and load again. A position in
which any string is made "bogus" is refused."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import games
from core.engine.scenario import (
    ScenarioError,
    ScenarioFileError,
    load_scenario,
    run_scenario,
    start_session,
)
from core.engine.session import GameSession
from core.engine.verify import verify
from tests.engine.fuzzing import (
    MUTATIONS,
    TOML_HOSTILE,
    _play,
    assert_clean_exit,
    digest,
    fuzz,
    get_at,
    key_of,
    mutate,
    paths_in,
    position_values,
    run_cli,
    scenario_files,
    toml_dump,
)

GAMES = [g for g in games.ids() if scenario_files(g)]
per_game = pytest.mark.parametrize("game", GAMES)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-scenarios")


def one_scenario_line(message: str, path: Path) -> None:
    assert "\n" not in message, message
    assert message.startswith(str(path)), message


def check_scenario(folder: Path, data: bytes, play: bool = True) -> str:
    """Write `data` as a scenario file and check it (see the top); returns how it went:
    "ok", "failed" (an expectation) or "refused" (the file)."""
    for old in folder.iterdir():
        old.unlink()
    path = folder / "fuzzed.toml"
    path.write_bytes(data)
    before = digest(folder)
    outcome = "ok"
    try:
        sc = load_scenario(path)
        run_scenario(sc)
    except ScenarioFileError as exc:
        one_scenario_line(str(exc), path)
        outcome = "refused"
    except ScenarioError as exc:
        one_scenario_line(str(exc), path)
        outcome = "failed"
    argv = ["--lang", random.choice(["en", "ru"]), "scenario", str(path), "--check"]
    code, out, err = run_cli(argv)
    assert_clean_exit(argv, code, out, err)
    assert code == {"ok": 0, "failed": 1, "refused": 2}[outcome], (outcome, code, out, err)
    assert digest(folder) == before, "scenario --check changed a file"
    if outcome != "refused" and play:
        played_from(folder, sc)
    return outcome


def played_from(folder: Path, sc: Any) -> None:
    """An accepted position is one the game can be played from: random legal moves (with undo
    and redo), journaled; the journal loads, verifies, and every reading command works on it."""
    save = folder / "from-scenario.evo"
    try:
        session = start_session(sc, save)
    except ScenarioFileError:  # refused before: run_scenario has failed on this too
        raise AssertionError("start_session refused a position run_scenario accepted") from None
    _play(session, random.Random(len(sc.steps)), 30)
    session.close()
    _, warnings = GameSession.load(save, writable=False)
    assert not warnings
    result = verify(save)
    assert result.ok, result.problem
    for argv in (["legal", str(save)], ["show", str(save), "--all"], ["replay", str(save), "--text"]):
        code, out, err = run_cli(argv)
        assert_clean_exit(argv, code, out, err)
        assert code == 0, (argv, err)
    save.unlink()


def a_file(game: str, index: int) -> Path:
    files = scenario_files(game)
    return files[index % len(files)]


@per_game
@fuzz(10)
@given(data=st.binary(max_size=2000), index=st.integers(0, 10**6), prefix=st.booleans())
def test_random_bytes(folder: Path, game: str, data: bytes, index: int, prefix: bool) -> None:
    """Any bytes; with `prefix`, after the first lines of a real scenario."""
    if prefix:
        data = b"".join(a_file(game, index).read_bytes().splitlines(keepends=True)[:4]) + data
    check_scenario(folder, data, play=False)


@per_game
@fuzz(10)
@given(index=st.integers(0, 10**6), cut=st.floats(0, 1))
def test_truncated(folder: Path, game: str, index: int, cut: float) -> None:
    data = a_file(game, index).read_bytes()
    check_scenario(folder, data[: int(len(data) * cut)])


@per_game
@fuzz(10)
@given(index=st.integers(0, 10**6),
       edits=st.lists(st.tuples(st.floats(0, 1), st.sampled_from(["flip", "insert", "delete"]),
                                st.integers(0, 255)), min_size=1, max_size=3))
def test_byte_damage(folder: Path, game: str, index: int, edits: list[tuple[float, str, int]]) -> None:
    data = bytearray(a_file(game, index).read_bytes())
    for where, how, byte in edits:
        i = min(int(where * len(data)), len(data) - 1)
        if how == "flip":
            data[i] ^= 1 << (byte % 8)
        elif how == "insert":
            data.insert(i, byte)
        else:
            del data[i]
    check_scenario(folder, bytes(data))


@per_game
@fuzz(40)
@given(index=st.integers(0, 10**6), where=st.floats(0, 1), how=st.sampled_from(MUTATIONS),
       value=st.sampled_from(TOML_HOSTILE), seed=st.integers(0, 2**16), position=st.booleans())
def test_value_edits(folder: Path, game: str, index: int, where: float, how: str, value: Any,
                     seed: int, position: bool) -> None:
    """One value of the file — in `[position]` when `position`, else anywhere — replaced by a
    hostile one, deleted, doubled, nudged …"""
    data = tomllib.loads(a_file(game, index).read_text(encoding="utf-8"))
    root = data.get("position", {}) if position else data
    paths = paths_in(root)
    if not paths:
        return
    mutate(root, paths[min(int(where * len(paths)), len(paths) - 1)], how, value, random.Random(seed))
    check_scenario(folder, toml_dump(data).encode("utf-8"))


@per_game
@fuzz(15)
@given(index=st.integers(0, 10**6), where=st.floats(0, 1))
def test_a_bogus_string_in_a_position_is_refused(folder: Path, game: str, index: int,
                                                 where: float) -> None:
    """Every string of a position names something (a step, a card, a property, a curse, a
    location, a stage, a variant …): "bogus" in its place is refused, exit 2."""
    data = tomllib.loads(a_file(game, index).read_text(encoding="utf-8"))
    pos = data.get("position", {})
    paths = [p for p in paths_in(pos) if isinstance(get_at(pos, p), str)]
    if not paths:
        return
    mutate(pos, paths[min(int(where * len(paths)), len(paths) - 1)], "replace", "bogus",
           random.Random(0))
    assert check_scenario(folder, toml_dump(data).encode("utf-8")) == "refused"


def test_the_mini_toml_writer_round_trips() -> None:
    """The fuzz writes its edits back with `toml_dump`: every real scenario reads back the same."""
    for path in scenario_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert tomllib.loads(toml_dump(data)) == data, path


def test_real_scenarios_are_accepted_and_playable(folder: Path) -> None:
    """A few real files through the same checks (so what the fuzz finds is the damage's)."""
    for game in GAMES:
        for path in scenario_files(game)[:2]:
            assert check_scenario(folder, path.read_bytes()) == "ok", path



@per_game
@fuzz(40)
@given(index=st.integers(0, 10**6), edits=st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)),
                                                   min_size=1, max_size=3))
def test_plausible_edits(folder: Path, game: str, index: int, edits: list[tuple[float, float]]) -> None:
    """Values of a position swapped for others the same key takes in another scenario of the
    game (a step for a step, a card for a card, a seat for a seat): positions that look right
    but may not fit together. Each is refused, or runs and can be played from."""
    data = tomllib.loads(a_file(game, index).read_text(encoding="utf-8"))
    pos = data.get("position", {})
    pools = position_values(game)
    for where, pick in edits:
        paths = [p for p in paths_in(pos) if not isinstance(get_at(pos, p), dict | list)
                 and pools.get(key_of(p))]
        if not paths:
            return
        p = paths[min(int(where * len(paths)), len(paths) - 1)]
        pool = pools[key_of(p)]
        mutate(pos, p, "replace", pool[min(int(pick * len(pool)), len(pool) - 1)], random.Random(0))
    check_scenario(folder, toml_dump(data).encode("utf-8"))
