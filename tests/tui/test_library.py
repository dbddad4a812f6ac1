"""The app's memory of saves outside its folder and of games moved by Save as (tui/library.py)."""

from __future__ import annotations

from pathlib import Path

from tests.piloting import new_game
from tui.library import LIBRARY_FILE, SavesLibrary
from tui.saves import in_progress, save_files


def _save(path: Path) -> Path:
    new_game("magic", path=path).close()
    return path


def test_outside_saves_are_listed_and_moved_ones_are_not(tmp_path: Path) -> None:
    saves, config, outside = tmp_path / "saves", tmp_path / "config", tmp_path / "mine"
    saves.mkdir()
    outside.mkdir()
    auto = _save(saves / "magic-1.jsonl")
    lib = SavesLibrary(config)
    assert [p for p, _ in save_files(saves, library=lib)] == [auto]
    first = _save(outside / "a.evo")
    lib.moved(auto, first, saves)
    second = _save(outside / "b.evo")
    lib.moved(first, second, saves)  # moved twice: the first move points at the latest file
    again = SavesLibrary(config)  # read back from disk
    assert [p for p, _ in save_files(saves, library=again)] == [second]
    assert again.data.moved[str(auto.resolve())] == str(second.resolve())
    second.unlink()  # the file it moved to is gone: the older ones are offered again
    assert {p for p, _ in save_files(saves, library=again)} == {auto, first}
    again.remember(auto, saves)  # opened on purpose: a game of its own again
    assert str(auto.resolve()) not in again.data.moved
    assert {i.path for i in in_progress(saves, library=again)} == {auto, first}


def test_a_damaged_library_is_an_empty_one(tmp_path: Path) -> None:
    (tmp_path / LIBRARY_FILE).write_bytes(b'{"files": 7, "moved": [')
    lib = SavesLibrary(tmp_path)
    assert lib.data.files == [] and lib.data.moved == {}
    lib.remember(tmp_path / "elsewhere" / "x.evo", tmp_path / "saves")
    assert SavesLibrary(tmp_path).data.files == [str((tmp_path / "elsewhere" / "x.evo").resolve())]
