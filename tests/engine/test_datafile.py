"""core/datafile.py: a TOML data file's parsed tree is kept beside it and used while the file is
unchanged; a changed file, a damaged cache or `python -B` fall back to parsing."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

import pytest

from core.datafile import cache_path, read_toml

TEXT = '[a]\nb = { ru = "б", en = "b" }\nn = [1, 2.5, true]\n'


@pytest.fixture
def writes_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(tomllib, "load", refuse)


def test_the_parsed_tree_is_kept_and_used(tmp_path: Path, writes_cache: None,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "texts.toml"
    path.write_text(TEXT, encoding="utf-8")
    first = read_toml(path)
    assert first == tomllib.loads(TEXT)
    assert cache_path(path).is_file()
    _no_parsing(monkeypatch)
    assert read_toml(path) == first


def test_a_changed_file_is_parsed_again(tmp_path: Path, writes_cache: None) -> None:
    path = tmp_path / "texts.toml"
    path.write_text(TEXT, encoding="utf-8")
    read_toml(path)
    path.write_text(TEXT + "c = 3\n", encoding="utf-8")
    assert read_toml(path)["a"]["c"] == 3
    stamp = path.stat()
    path.write_text(TEXT.replace("2.5", "7.5"), encoding="utf-8")  # the same size
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000))
    assert read_toml(path)["a"]["n"] == [1, 7.5, True]


def test_a_damaged_cache_is_ignored_and_replaced(tmp_path: Path, writes_cache: None) -> None:
    path = tmp_path / "texts.toml"
    path.write_text(TEXT, encoding="utf-8")
    read_toml(path)
    cache_path(path).write_bytes(b"\xc1 not msgpack")
    assert read_toml(path) == tomllib.loads(TEXT)
    cache_path(path).write_bytes(b"\x92\x01\x02")  # msgpack, but not what is kept
    assert read_toml(path) == tomllib.loads(TEXT)


def test_nothing_is_written_under_python_b(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = tmp_path / "texts.toml"
    path.write_text(TEXT, encoding="utf-8")
    assert read_toml(path) == tomllib.loads(TEXT)
    assert not cache_path(path).parent.exists()


def test_a_folder_that_cannot_be_written_is_no_problem(tmp_path: Path, writes_cache: None) -> None:
    path = tmp_path / "texts.toml"
    path.write_text(TEXT, encoding="utf-8")
    cache_path(path).parent.write_text("a file where the cache folder would be")
    assert read_toml(path) == tomllib.loads(TEXT)


def test_a_bad_file_raises_as_tomllib_does(tmp_path: Path, writes_cache: None) -> None:
    path = tmp_path / "texts.toml"
    path.write_text("a = ", encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError):
        read_toml(path)
    with pytest.raises(OSError):
        read_toml(tmp_path / "missing.toml")
