"""core/datafile.py: a TOML data file's parsed tree is kept beside it and used while the file is
unchanged; a changed file, a damaged cache or `python -B` fall back to parsing."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

import pytest

from core.datafile import cache_path, read_tables, read_toml, table
from core.textdata import TextTable

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


TABLES = ('[a]\nb = { ru = "б", en = "b" }\n[c.d]\ne = { ru = "е", en = "e" }\n'
          '[f]\ng = { ru = "ж", en = "g" }\n')


@pytest.mark.parametrize("kept", [False, True])
def test_tables_read_as_the_file_parses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        kept: bool) -> None:
    """Kept or parsed, each top-level table decodes to what TOML parses, in its order."""
    monkeypatch.setattr(sys, "dont_write_bytecode", not kept)
    path = tmp_path / "texts.toml"
    path.write_text(TABLES, encoding="utf-8")
    read_toml(path)
    assert cache_path(path).is_file() == kept
    tables = read_tables(path)
    assert {name: table(value) for name, value in tables.items()} == tomllib.loads(TABLES)
    assert list(tables) == ["a", "c", "f"]


def test_a_changed_or_damaged_file_is_read_again_by_tables(tmp_path: Path,
                                                           writes_cache: None) -> None:
    path = tmp_path / "texts.toml"
    path.write_text(TABLES, encoding="utf-8")
    read_toml(path)
    path.write_text(TABLES + 'h = { ru = "з", en = "h" }\n', encoding="utf-8")
    assert table(read_tables(path)["f"])["h"] == {"ru": "з", "en": "h"}
    cache_path(path).write_bytes(b"\x92\x01\x02")  # msgpack, but not what is kept
    assert table(read_tables(path)["a"]) == tomllib.loads(TABLES)["a"]


def test_a_text_table_reads_the_tables_asked_for(tmp_path: Path, writes_cache: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A text is found by its table alone; every text, in the file's order, reads them all."""
    path = tmp_path / "texts.toml"
    path.write_text(TABLES, encoding="utf-8")
    read_toml(path)
    import core.textdata

    decoded: list[str] = []

    def noted(value: object) -> object:
        found = table(value)
        decoded.append(next(iter(found)))
        return found

    monkeypatch.setattr(core.textdata, "table", noted)
    texts = TextTable(path)
    assert texts.get("c.d.e", "ru") == "е"
    assert texts.leaf("c.x") is None and texts.leaf("x.y") is None
    assert decoded == ["d"]  # the table `c` alone
    with pytest.raises(KeyError):
        texts.get("f.x", "en")
    assert list(texts.texts) == ["a.b", "c.d.e", "f.g"] == texts.keys()
    bad = tmp_path / "bad.toml"
    bad.write_text(TABLES + "[z]\nk = 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"z\.k must have"):
        TextTable(bad).keys()
