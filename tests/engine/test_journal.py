"""Damaged and foreign saves (contract 4): a clear one-line error naming file and line, or
recovery of a torn tail with a warning — never a traceback, never a partial game. Every
registered game is checked; events that do not fit a game's state are in tests/games/<g>/."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

import msgspec
import pytest

from core import games
from core.engine import journal as J
from core.engine.session import GameSession

enc = msgspec.msgpack.Encoder()


def played(game: str, path: Path, moves: int = 40, seed: int = 3) -> GameSession:
    session = GameSession.new(game, seats=games.get(game).seats[2], seed=seed, path=path,
                              durable=False)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.pending() is None:
            break
        acts = session.legal_actions()
        session.act(acts[rng.randrange(len(acts))])
    assert len(session.entries) > 10, "too short a game to damage"
    session.close()
    return session


def relined(obj: dict) -> bytes:
    """A JSON object as a journal line with a valid checksum (a deliberate, well-formed edit)."""
    body = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()
    crc = zlib.crc32(body) & 0xFFFFFFFF
    return body[:-1] + b',"crc":"%08x"}\n' % crc


def unline(raw: bytes) -> dict:
    obj = json.loads(raw)
    obj.pop("crc")
    return obj


@pytest.fixture(params=games.ids())
def save(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, GameSession]:
    path = tmp_path / "game.evo"
    return path, played(request.param, path)


def load_error(path: Path) -> J.JournalError:
    with pytest.raises(J.JournalError) as info:
        GameSession.load(path, writable=False)
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    return info.value


def test_round_trip(save: tuple[Path, GameSession]) -> None:
    path, session = save
    loaded, warnings = GameSession.load(path, writable=False)
    assert warnings == []
    assert enc.encode(loaded.state) == enc.encode(session.state)
    assert len(loaded.entries) == len(session.entries)


def test_truncated_at_every_byte_of_the_last_line(save: tuple[Path, GameSession]) -> None:
    path, session = save
    data = path.read_bytes()
    start = data.rstrip(b"\n").rfind(b"\n") + 1  # the last line starts here
    before_last = GameSession.load(path, writable=False)[0].state_of(session.line[-2])
    for cut in range(start, len(data)):
        path.write_bytes(data[:cut])
        loaded, warnings = GameSession.load(path, writable=False)
        if cut == start:
            assert warnings == []  # a clean cut between lines
        elif cut == len(data) - 1:
            assert warnings == [] and len(loaded.entries) == len(session.entries)
            continue  # the whole line without its newline is intact
        else:
            assert len(warnings) == 1 and "cut short" in warnings[0]
        assert enc.encode(loaded.state) == enc.encode(before_last)


def test_torn_tail_is_cut_before_appending(save: tuple[Path, GameSession]) -> None:
    path, session = save
    data = path.read_bytes()
    path.write_bytes(data[:-7])
    loaded, warnings = GameSession.load(path)
    assert warnings
    loaded.act(loaded.legal_actions()[0])
    loaded.close()
    again, warnings = GameSession.load(path, writable=False)
    assert warnings == [] and len(again.entries) == len(session.entries)


def test_random_byte_flips_never_crash(save: tuple[Path, GameSession]) -> None:
    path, _ = save
    data = path.read_bytes()
    rng = random.Random(11)
    outcomes = {"error": 0, "recovered": 0}
    for _ in range(300):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(damaged))
            damaged[i] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(damaged))
        try:
            _, warnings = GameSession.load(path, writable=False)
        except J.JournalError as exc:
            assert "\n" not in str(exc)
            outcomes["error"] += 1
        else:
            assert warnings, "a damaged file loaded without complaint"
            outcomes["recovered"] += 1  # only damage inside the unterminated last line
    assert outcomes["error"] > 250


def test_unknown_event_tag(save: tuple[Path, GameSession]) -> None:
    path, _ = save
    lines = path.read_bytes().splitlines(keepends=True)
    obj = unline(lines[5])
    obj["events"][0]["t"] = "teleport"
    lines[5] = relined(obj)
    path.write_bytes(b"".join(lines))
    err = load_error(path)
    assert err.line == 6 and "teleport" in err.problem


def test_wrong_types(save: tuple[Path, GameSession]) -> None:
    path, _ = save
    lines = path.read_bytes().splitlines(keepends=True)
    obj = unline(lines[3])
    obj["seat"] = "zero"
    lines[3] = relined(obj)
    path.write_bytes(b"".join(lines))
    err = load_error(path)
    assert err.line == 4 and "int" in err.problem


def test_entries_out_of_order(save: tuple[Path, GameSession]) -> None:
    path, _ = save
    lines = path.read_bytes().splitlines(keepends=True)
    lines[4], lines[5] = lines[5], lines[4]
    path.write_bytes(b"".join(lines))
    err = load_error(path)
    assert err.line == 5 and "out of order" in err.problem


def test_edited_line_fails_its_checksum(save: tuple[Path, GameSession]) -> None:
    path, _ = save
    data = path.read_bytes()
    text = data.replace(b'"seat":1', b'"seat":0', 1)
    assert text != data
    path.write_bytes(text)
    err = load_error(path)
    assert "checksum" in err.problem


def test_future_format_version(save: tuple[Path, GameSession]) -> None:
    path, _ = save
    lines = path.read_bytes().splitlines(keepends=True)
    header = unline(lines[0])
    header["version"] = 9
    lines[0] = relined(header)
    path.write_bytes(b"".join(lines))
    err = load_error(path)
    assert err.line == 1 and "newer" in err.problem


def test_unknown_game_and_foreign_files(tmp_path: Path) -> None:
    path = tmp_path / "x.evo"
    path.write_bytes(relined({"format": "evo-journal", "version": 1, "game": "chess", "seed": 1,
                              "seats": [{"name": "a"}]}))
    assert "unknown game 'chess'" in load_error(path).problem
    path.write_bytes(relined({"format": "other", "version": 1}))
    assert "not an Evo save" in load_error(path).problem
    path.write_text('{"format": "evo-journal"}\n')
    assert "not an Evo save" in load_error(path).problem
    path.write_bytes(b"")
    assert "empty" in load_error(path).problem
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    assert load_error(path).line == 1


def test_ten_megabytes_of_garbage(tmp_path: Path) -> None:
    path = tmp_path / "garbage.evo"
    rng = random.Random(5)
    path.write_bytes(rng.randbytes(10 * 2**20))
    assert load_error(path).line == 1


def test_file_over_the_size_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.evo"
    path.write_bytes(b"x" * 2048)
    monkeypatch.setattr(J, "SIZE_CAP", 1024)
    err = load_error(path)
    assert err.line == 0 and "limit" in err.problem


def test_missing_file(tmp_path: Path) -> None:
    assert "cannot read" in load_error(tmp_path / "nope.evo").problem


def test_undo_entry_that_does_not_match(save: tuple[Path, GameSession]) -> None:
    path, session = save
    bad = J.entry_type(session.rules)(seq=len(session.entries), kind="undo", seat=0, moves=[1])
    with open(path, "ab") as f:
        f.write(J.encode_line(bad))
    err = load_error(path)
    assert "undo" in err.problem and err.line == len(session.entries) + 2


def test_save_as_is_atomic_and_complete(save: tuple[Path, GameSession], tmp_path: Path) -> None:
    path, _ = save
    loaded, _ = GameSession.load(path)
    copy = tmp_path / "sub" / "copy.evo"
    loaded.save_as(copy)
    loaded.act(loaded.legal_actions()[0])  # goes on in the new file
    loaded.close()
    again, warnings = GameSession.load(copy, writable=False)
    assert warnings == [] and enc.encode(again.state) == enc.encode(loaded.state)
    assert not [p for p in copy.parent.iterdir() if p.name.endswith(".tmp")]
    assert len(path.read_bytes().splitlines()) == len(copy.read_bytes().splitlines()) - 1
