"""Fuzzing saves (contract 4: loading never trusts the file), for every registered game.

Real journals — random games with undos, redos and branches, games started from a scenario's
position, finished games — are damaged every way a disk, a crash or a person editing by hand
could: random bytes, truncations, flipped/inserted/deleted bytes, lines deleted, duplicated or
swapped, and edits of a line's JSON re-checksummed (`fuzzing.relined`) so that they reach the
checks of meaning behind the checksum. Whatever comes of it, loading either works or raises
one `JournalError` line naming the file and the line; `legal`, `show`, `replay --text`,
`verify` and `repair` on it exit 0, 1 or 2 with no traceback and change nothing but what
`repair` writes beside it; and what `repair` keeps loads. Edits that are impossible by meaning
(an `await` for a seat that does not exist, a position holding an unknown value, events taken
out of a move, doubled, emptied or another move's, a gap in the seqs) are caught: by loading, or
by `verify`; an undo or redo naming a seat other than the one to decide, a header seed out of
range or not the game's, and a last move that does not replay are refused by every command,
naming the line, with nothing written."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import games
from core.engine import journal as J
from core.engine.session import GameSession
from core.engine.verify import verify
from tests.engine.fuzzing import (
    GAME_IDS,
    HOSTILE_VALUES,
    MUTATIONS,
    SAVE_KINDS,
    assert_clean_exit,
    assert_journal_error,
    digest,
    fuzz,
    get_at,
    mutate,
    paths_in,
    real_save,
    relined,
    run_cli,
    split_lines,
    unline,
)

BASES = [(g, k) for g in GAME_IDS for k in SAVE_KINDS]
BASE_IDS = [f"{g}-{k}" for g, k in BASES]
per_game = pytest.mark.parametrize("game", GAME_IDS)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-saves")


def loads(path: Path) -> GameSession | None:
    """Load a save: the session, or None when it was refused with a good one-line error."""
    try:
        session, warnings = GameSession.load(path, writable=False)
    except J.JournalError as exc:
        assert_journal_error(exc, path)
        return None
    assert all("\n" not in w and w.startswith(f"{path}:") for w in warnings), warnings
    return session


def check_file(folder: Path, data: bytes, thorough: bool = True) -> GameSession | None:
    """Write `data` as a save and check everything a player could do with it (see the top)."""
    path = folder / "fuzzed.evo"
    for old in folder.iterdir():
        old.unlink()
    path.write_bytes(data)
    session = loads(path)
    before = digest(folder)
    commands: list[list[str]] = [["legal", str(path)], ["verify", str(path)]]
    if session is not None and thorough:
        seats = len(session.header.seats)
        commands += [["show", str(path)], ["show", str(path), "--all", "--json"],
                     ["show", str(path), "--seat", str(seats)], ["replay", str(path), "--text"],
                     ["replay", str(path), "--text", "--seat", "1"]]
    for argv in commands:
        argv = ["--lang", random.choice(["en", "ru"]), *argv]
        code, out, err = run_cli(argv)
        assert_clean_exit(argv, code, out, err)
        if session is None:
            assert code == 2 and str(path) in err, (argv, err)
        elif argv[2] != "verify":
            assert code == 0, (argv, code, out, err)
        assert digest(folder) == before, f"{argv} changed a file"
    if session is not None:
        result = verify(path)  # never raises on a loadable save
        assert result.ok or result.problem
    code, out, err = run_cli(["repair", str(path)])
    assert_clean_exit(["repair"], code, out, err)
    assert path.read_bytes() == data, "repair changed the save itself"
    repaired = [p for p in folder.iterdir() if p != path]
    if code == 0:
        assert len(repaired) == 1
        _, warnings = GameSession.load(repaired[0], writable=False)
        assert not warnings
    else:
        assert not repaired
    return session


# --- bytes ------------------------------------------------------------------------------------


@per_game
@fuzz(10)
@given(data=st.binary(max_size=3000), prefix=st.booleans())
def test_random_bytes(folder: Path, game: str, data: bytes, prefix: bool) -> None:
    """Any bytes at all; with `prefix`, after a real header (the game is known, the rest not)."""
    if prefix:
        data = split_lines(real_save(game, "played"))[0] + data
    check_file(folder, data)


@per_game
@fuzz(10)
@given(kind=st.sampled_from(SAVE_KINDS), cut=st.floats(0, 1))
def test_truncated(folder: Path, game: str, kind: str, cut: float) -> None:
    data = real_save(game, kind)
    session = check_file(folder, data[: int(len(data) * cut)], thorough=False)
    if cut > 0.05 and session is None:
        pass  # a cut in the header or the setup: refused in one line (checked above)


@per_game
@fuzz(12)
@given(kind=st.sampled_from(SAVE_KINDS),
       edits=st.lists(st.tuples(st.floats(0, 1), st.sampled_from(["flip", "insert", "delete", "set"]),
                                st.integers(0, 255)), min_size=1, max_size=4))
def test_byte_damage(folder: Path, game: str, kind: str, edits: list[tuple[float, str, int]]) -> None:
    data = bytearray(real_save(game, kind))
    for where, how, byte in edits:
        i = min(int(where * len(data)), len(data) - 1)
        if how == "flip":
            data[i] ^= 1 << (byte % 8)
        elif how == "insert":
            data.insert(i, byte)
        elif how == "delete":
            del data[i]
        else:
            data[i] = byte
    check_file(folder, bytes(data), thorough=False)


@per_game
@fuzz(10)
@given(kind=st.sampled_from(SAVE_KINDS),
       edits=st.lists(st.tuples(st.sampled_from(["delete", "duplicate", "swap", "move", "blank"]),
                                st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=3))
def test_line_edits(folder: Path, game: str, kind: str, edits: list[tuple[str, float, float]]) -> None:
    """Whole lines (each with its good checksum) deleted, doubled, swapped or moved."""
    lines = split_lines(real_save(game, kind))
    for how, a, b in edits:
        i, j = int(a * (len(lines) - 1)), int(b * (len(lines) - 1))
        if how == "delete" and len(lines) > 1:
            del lines[i]
        elif how == "duplicate":
            lines.insert(i, lines[i])
        elif how == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif how == "move":
            lines.insert(j, lines.pop(i))
        elif how == "blank":
            lines.insert(i, b"\n")
    check_file(folder, b"".join(lines), thorough=False)


# --- edits behind a good checksum -------------------------------------------------------------


@per_game
@fuzz(25)
@given(kind=st.sampled_from(SAVE_KINDS), line=st.floats(0, 1), where=st.floats(0, 1),
       how=st.sampled_from(MUTATIONS), value=st.sampled_from(HOSTILE_VALUES),
       seed=st.integers(0, 2**16), setup=st.booleans())
def test_field_edits_with_good_checksums(folder: Path, game: str, kind: str, line: float,
                                         where: float, how: str, value: Any, seed: int,
                                         setup: bool) -> None:
    """One value anywhere in a line replaced by a hostile one, deleted, doubled, nudged …, the
    line re-checksummed. With `setup`, the edit is in the header or setup line (the position)."""
    lines = split_lines(real_save(game, kind))
    i = int(line * 1.99) if setup else int(line * (len(lines) - 1))
    obj = unline(lines[i])
    paths = paths_in(obj)
    path = paths[min(int(where * len(paths)), len(paths) - 1)]
    mutate(obj, path, how, value, random.Random(seed))
    lines[i] = relined(obj)
    check_file(folder, b"".join(lines), thorough=True)


def _events(obj: dict[str, Any]) -> list[Any]:
    return obj.get("events", [])


@per_game
@fuzz(8)
@given(kind=st.sampled_from(SAVE_KINDS), seat=st.sampled_from([-1, 4, 5, 9, 99, 2**31]),
       which=st.floats(0, 1))
def test_await_for_a_seat_that_does_not_exist(folder: Path, game: str, kind: str, seat: int,
                                              which: float) -> None:
    lines = split_lines(real_save(game, kind))
    seats = len(unline(lines[0])["seats"])
    if seat == 4:
        seat = seats  # one past the last
    found = [(i, k) for i, raw in enumerate(lines[2:], 2)
             for k, ev in enumerate(_events(unline(raw))) if ev.get("t") == "await"]
    if not found:
        return
    i, k = found[int(which * (len(found) - 1))]
    obj = unline(lines[i])
    obj["events"][k]["seat"] = seat
    lines[i] = relined(obj)
    path = folder / "fuzzed.evo"
    path.write_bytes(b"".join(lines))
    with pytest.raises(J.JournalError) as info:
        GameSession.load(path, writable=False)
    assert_journal_error(info.value, path)
    check_file(folder, b"".join(lines), thorough=False)


@per_game
@fuzz(15)
@given(which=st.floats(0, 1),
       how=st.sampled_from(["bogus", "append bogus", "wrong type"]),
       scenario=st.integers(0, 40))
def test_position_with_an_unknown_value_is_refused(folder: Path, game: str, which: float, how: str,
                                                   scenario: int) -> None:
    """A starting position (a scenario's setup) whose every string is a step, a card, a curse,
    a result, a variant, an id …: one of them made "bogus" (or a list of them given a bogus
    member) is refused when the save is loaded, naming the setup line."""
    if not games.get(game).position_invariants:
        pytest.skip(f"{game} lists no invariants of a position")
    lines = split_lines(real_save(game, "position", scenario))
    obj = unline(lines[1])
    state = obj["events"][0]["state"]
    targets = [p for p in paths_in(state)
               if (how == "bogus" and isinstance(get_at(state, p), str) and get_at(state, p))
               or (how == "append bogus" and isinstance(get_at(state, p), list)
                   and any(isinstance(x, str) for x in get_at(state, p)))
               or (how == "wrong type" and not isinstance(get_at(state, p), str | list | dict))]
    if not targets:
        return
    p = targets[int(which * (len(targets) - 1))]
    if how == "bogus":
        mutate(state, p, "replace", "bogus", random.Random(0))
    elif how == "append bogus":
        get_at(state, p).append("bogus")
    else:
        mutate(state, p, "replace", "bogus", random.Random(0))
    lines[1] = relined(obj)
    path = folder / "fuzzed.evo"
    path.write_bytes(b"".join(lines))
    with pytest.raises(J.JournalError) as info:
        GameSession.load(path, writable=False)
    assert_journal_error(info.value, path)
    assert info.value.line == 2, str(info.value)
    check_file(folder, b"".join(lines), thorough=False)


@per_game
@fuzz(12)
@given(kind=st.sampled_from(SAVE_KINDS), which=st.floats(0, 1), event=st.floats(0, 1),
       how=st.sampled_from(["remove", "duplicate", "remove all", "swap"]))
def test_events_removed_or_doubled_are_caught(folder: Path, game: str, kind: str, which: float,
                                              event: float, how: str) -> None:
    """A move whose events were taken out, doubled or reordered (re-checksummed) does not load,
    or `verify` names it: the recorded events are not what the action gives."""
    lines = split_lines(real_save(game, kind))
    moves = [i for i, raw in enumerate(lines[2:], 2) if unline(raw).get("kind") == "move"]
    i = moves[int(which * (len(moves) - 1))]
    obj = unline(lines[i])
    evs = obj["events"]
    k = int(event * (len(evs) - 1))
    if how == "remove":
        del evs[k]
    elif how == "duplicate":
        evs.insert(k, evs[k])
    elif how == "remove all":
        evs.clear()
    else:
        if len(evs) < 2 or evs[0] == evs[-1]:
            return
        evs[0], evs[-1] = evs[-1], evs[0]
    lines[i] = relined(obj)
    path = folder / "fuzzed.evo"
    path.write_bytes(b"".join(lines))
    try:
        GameSession.load(path, writable=False)
    except J.JournalError as exc:
        assert_journal_error(exc, path)
    else:
        result = verify(path)
        assert not result.ok and result.mismatch_seq is not None and result.mismatch_seq <= obj["seq"]
        code, out, _ = run_cli(["verify", str(path)])
        assert code == 1 and "mismatch at seq" in out
    check_file(folder, b"".join(lines), thorough=False)


@per_game
@fuzz(6)
@given(kind=st.sampled_from(SAVE_KINDS), which=st.floats(0, 1), gap=st.sampled_from([1, 2, -1, 10**6]))
def test_seq_gaps(folder: Path, game: str, kind: str, which: float, gap: int) -> None:
    """Entries renumbered from one on (each line re-checksummed): refused at that line."""
    lines = split_lines(real_save(game, kind))
    start = 2 + int(which * (len(lines) - 3))
    for i in range(start, len(lines)):
        obj = unline(lines[i])
        obj["seq"] += gap
        lines[i] = relined(obj)
    path = folder / "fuzzed.evo"
    path.write_bytes(b"".join(lines))
    with pytest.raises(J.JournalError) as info:
        GameSession.load(path, writable=False)
    assert_journal_error(info.value, path)
    assert info.value.line == start + 1


@pytest.mark.parametrize("base", BASES, ids=BASE_IDS)
def test_each_real_save_is_sound(folder: Path, base: tuple[str, str]) -> None:
    """The saves the fuzz starts from load and verify (so what it finds is the damage's)."""
    path = folder / "sound.evo"
    path.write_bytes(real_save(*base))
    assert loads(path) is not None
    assert verify(path).ok
    path.unlink()



# --- what an entry claims, against the rules (issue #27) ------------------------------------

WRITING = ("act", "undo", "redo")


def _a_legal_move(data: bytes, folder: Path) -> str:
    """A move in notation that is legal where the undamaged save stands (or "pass")."""
    path = folder / "sound.evo"
    path.write_bytes(data)
    session, _ = GameSession.load(path, writable=False)
    legal = session.legal_actions() if session.pending() is not None else []
    path.unlink()
    return session.rules.format_action(legal[0]) if legal else "pass"


def every_command_refuses(folder: Path, path: Path, line: int, move: str) -> None:
    """Every command on the save — the reading ones and the writing ones — exits 2 with one
    line naming `path:line`, and no file changes."""
    before = digest(folder)
    for argv in (["legal", str(path)], ["show", str(path)], ["verify", str(path)],
                 ["replay", str(path), "--text"], ["act", str(path), move], ["undo", str(path)],
                 ["redo", str(path)]):
        code, out, err = run_cli(argv)
        assert_clean_exit(argv, code, out, err)
        assert code == 2 and f"{path}:{line}: " in err, (argv, code, out, err)
        assert digest(folder) == before, f"{argv} changed a file"


def _moves(lines: list[bytes]) -> list[int]:
    return [i for i, raw in enumerate(lines[2:], 2) if unline(raw).get("kind") == "move"]


@per_game
@fuzz(14)
@given(kind=st.sampled_from(SAVE_KINDS), which=st.floats(0, 1), other=st.floats(0, 1),
       how=st.sampled_from(["emptied", "another's", "emptied last", "another's last"]))
def test_a_move_whose_events_were_replaced_is_never_written_to(folder: Path, game: str, kind: str,
                                                              which: float, other: float,
                                                              how: str) -> None:
    """A move's events emptied, or replaced by another move's (re-checksummed). The last move of
    the journal, and any move folded since the line's newest snapshot, is made again when the
    save is loaded: every command refuses it naming its line. Elsewhere the edit is refused at
    its line when it trips the fold, and `verify` names its seq when it does not; a command
    that writes never writes behind a last move that does not replay."""
    data = real_save(game, kind)
    lines = split_lines(data)
    moves = _moves(lines)
    i = moves[-1] if how.endswith("last") else moves[int(which * (len(moves) - 1))]
    obj = unline(lines[i])
    if how.startswith("emptied"):
        obj["events"] = []
    else:
        donor = unline(lines[moves[int(other * (len(moves) - 1))]])["events"]
        if donor == obj["events"]:
            return
        obj["events"] = donor
    lines[i] = relined(obj)
    path = folder / "fuzzed.evo"
    for old in folder.iterdir():
        old.unlink()
    path.write_bytes(b"".join(lines))
    move = _a_legal_move(data, folder)
    try:
        GameSession.load(path, writable=False)
    except J.JournalError as exc:
        assert_journal_error(exc, path)
        assert exc.line == i + 1, (str(exc), i + 1)
        every_command_refuses(folder, path, i + 1, move)
        return
    assert i != moves[-1], "the journal's last move was not made again"
    result = verify(path)
    assert not result.ok and result.mismatch_seq == obj["seq"], (result, obj["seq"])
    for command in WRITING:  # they may write: the damage is older than what they check
        argv = [command, str(path)] + ([move] if command == "act" else [])
        code, out, err = run_cli(argv)
        assert_clean_exit(argv, code, out, err)
    assert verify(path).mismatch_seq == obj["seq"]


@per_game
@fuzz(10)
@given(kind=st.sampled_from(["played", "position"]), which=st.floats(0, 1),
       seat=st.sampled_from(["none", "other", "past", 99, -1, 2**63, 2**70]))
def test_an_undo_or_redo_naming_another_seat_is_refused(folder: Path, game: str, kind: str,
                                                        which: float, seat: Any) -> None:
    """An undo or redo names the seat that was to decide when it was asked for: a seat that
    does not exist, another seat, or none while the game goes on is refused at that line."""
    data = real_save(game, kind)
    lines = split_lines(data)
    jumps = [i for i, raw in enumerate(lines[2:], 2) if unline(raw).get("kind") in ("undo", "redo")]
    if not jumps:
        return
    i = jumps[int(which * (len(jumps) - 1))]
    obj = unline(lines[i])
    seats = len(unline(lines[0])["seats"])
    was = obj.get("seat")
    if seat == "none":
        if was is None:
            return
        obj.pop("seat")
    elif seat == "other":
        if seats < 2 or was is None:
            return
        obj["seat"] = (was + 1) % seats
    else:
        obj["seat"] = seats if seat == "past" else seat
    lines[i] = relined(obj)
    for old in folder.iterdir():
        old.unlink()
    path = folder / "fuzzed.evo"
    path.write_bytes(b"".join(lines))
    with pytest.raises(J.JournalError) as info:
        GameSession.load(path, writable=False)
    assert_journal_error(info.value, path)
    assert info.value.line == i + 1 and "`seat`" in info.value.problem, str(info.value)
    every_command_refuses(folder, path, i + 1, _a_legal_move(data, folder))


@per_game
@fuzz(10)
@given(kind=st.sampled_from(SAVE_KINDS),
       seed=st.sampled_from([-1, -(2**63), 2**63, 2**64, 2**70, "7", 1.5, None, True, "other"]))
def test_a_header_seed_out_of_range_or_not_the_games_is_refused(folder: Path, game: str, kind: str,
                                                               seed: Any) -> None:
    """The header's seed is 0..2⁶³−1 (docs/save-format.md), and it is the seed the setup was
    made with (a game started from a prepared position carries its own): otherwise every
    command refuses the save naming line 1 and the field."""
    data = real_save(game, kind)
    lines = split_lines(data)
    obj = unline(lines[0])
    if seed == "other":
        if kind == "position":
            return
        seed = obj["seed"] + 1
    obj["seed"] = seed
    lines[0] = relined(obj)
    for old in folder.iterdir():
        old.unlink()
    path = folder / "fuzzed.evo"
    path.write_bytes(b"".join(lines))
    with pytest.raises(J.JournalError) as info:
        GameSession.load(path, writable=False)
    assert_journal_error(info.value, path)
    assert info.value.line == 1 and "seed" in info.value.problem, str(info.value)
    every_command_refuses(folder, path, 1, _a_legal_move(data, folder))
