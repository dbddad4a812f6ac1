"""A `magic` save whose events do not fit the game (contract 4): the loader names the line."""

from __future__ import annotations

from pathlib import Path

from tests.engine.test_journal import load_error, played, relined, unline


def test_events_that_do_not_fit(tmp_path: Path) -> None:
    path = tmp_path / "game.evo"
    played("magic", path)
    lines = path.read_bytes().splitlines(keepends=True)
    for i in range(len(lines) - 1, 2, -1):
        obj = unline(lines[i])
        draws = [e for e in obj.get("events", []) if e["t"] == "gain"]
        if draws:
            draws[0]["creature"] = 999
            lines[i] = relined(obj)
            break
    else:
        raise AssertionError("the seeded game should gain energy")
    path.write_bytes(b"".join(lines))
    err = load_error(path)
    assert err.line == i + 1 and "c999" in err.problem
