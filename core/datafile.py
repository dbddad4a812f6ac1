"""Reading the TOML data files (texts, cards, boards), parsed once and kept.

Parsing TOML is most of what a short command does at start (a dozen files, some 40 KB each),
so each file's parsed tree is kept beside it, msgspec-encoded, in `__pycache__/` (as Python
keeps its bytecode), and used while the file's size and modification time are those it was
made from. Where the folder cannot be written (an installed copy) or bytecode is not to be
written (`python -B`, PYTHONDONTWRITEBYTECODE), the file is simply parsed each time.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any

import msgspec

_FORMAT = 1  # bump when what is kept changes
_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder()
# What is kept, its top-level tables left encoded (`read_tables`)
_tables_decoder = msgspec.msgpack.Decoder(tuple[list[Any], dict[str, msgspec.Raw]])


def cache_path(path: Path) -> Path:
    return path.parent / "__pycache__" / f"{path.name}.msgpack"


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed contents of the TOML file `path` (OSError, tomllib.TOMLDecodeError as
    `tomllib.load` raises them)."""
    stat = os.stat(path)
    stamp = [_FORMAT, stat.st_size, stat.st_mtime_ns]
    kept = cache_path(path)
    try:
        stored = _decoder.decode(kept.read_bytes())
        if isinstance(stored, list) and len(stored) == 2 and stored[0] == stamp:
            return stored[1]
    except (OSError, msgspec.DecodeError):
        pass
    import tomllib

    with open(path, "rb") as f:
        data = tomllib.load(f)
    if not sys.dont_write_bytecode:
        _keep(kept, stamp, data)
    return data


def read_tables(path: Path) -> dict[str, Any]:
    """`read_toml`, each top-level value of a kept file left encoded (a `msgspec.Raw`) for
    `table` to decode when it is first wanted: a command that reads a text or two of a large
    text file decodes their table alone."""
    stat = os.stat(path)
    try:
        stored = _tables_decoder.decode(cache_path(path).read_bytes())
        if stored[0] == [_FORMAT, stat.st_size, stat.st_mtime_ns]:
            return stored[1]
    except (OSError, msgspec.DecodeError):
        pass
    return read_toml(path)


def table(value: Any) -> Any:
    """A top-level value as `read_tables` gave it, decoded."""
    return _decoder.decode(value) if isinstance(value, msgspec.Raw) else value


def _keep(kept: Path, stamp: list[int], data: dict[str, Any]) -> None:
    """Store the parsed tree when it reads back the same (TOML's dates and times may not)."""
    blob = _encoder.encode([stamp, data])
    if _decoder.decode(blob)[1] != data:
        return
    temp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
    try:
        kept.parent.mkdir(exist_ok=True)
        temp.write_bytes(blob)
        os.replace(temp, kept)  # whole or not at all: another process may be reading it
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()
