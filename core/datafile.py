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
