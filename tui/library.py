"""The saves the app knows of beyond its saves folder, kept in the config folder.

A game lives in one file at a time. "Save as" copies its journal to a new file and goes on
writing there, so the old file (usually the autosave in the saves folder) then holds an earlier
moment of the same game: Continue and Load must follow the new file, wherever it is, and no
longer offer the old one. The app remembers:
- `files`: saves it opened or saved outside the saves folder (Load and Continue list them);
- `moved`: old file -> the file its game went on in after a Save as (the old one is left out
  while the new one exists; opening the old one on purpose makes it a game of its own again).
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

LIBRARY_FILE = "library.json"
KEEP = 64  # outside files remembered, newest first


class Library(msgspec.Struct, forbid_unknown_fields=False):
    files: list[str] = msgspec.field(default_factory=list)
    moved: dict[str, str] = msgspec.field(default_factory=dict)


def _key(path: str | os.PathLike[str]) -> str:
    return str(Path(path).expanduser().resolve())


class SavesLibrary:
    """The library of one config folder; every change is written at once (atomically)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LIBRARY_FILE
        self.data = self._read()

    def _read(self) -> Library:
        try:
            return msgspec.json.decode(self.path.read_bytes(), type=Library)
        except (OSError, msgspec.DecodeError, msgspec.ValidationError):
            return Library()  # not worth a crash: a lost list only hides outside saves

    def _write(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(LIBRARY_FILE + ".tmp")
            tmp.write_bytes(msgspec.json.encode(self.data))
            os.replace(tmp, self.path)
        except OSError:
            pass  # the games themselves are safe in their journals; only the list is not kept

    def remember(self, path: str | os.PathLike[str], saves_dir: Path) -> None:
        """A save the app opened or wrote: kept in the list when it lies outside the folder;
        opened on purpose, it is no longer a file whose game moved on."""
        key = _key(path)
        changed = self.data.moved.pop(key, None) is not None
        if Path(key).parent != Path(_key(saves_dir)):
            if key in self.data.files:
                self.data.files.remove(key)
            self.data.files.insert(0, key)
            del self.data.files[KEEP:]
            changed = True
        if changed:
            self._write()

    def moved(self, old: str | os.PathLike[str], new: str | os.PathLike[str], saves_dir: Path) -> None:
        """After a Save as: the game of `old` goes on in `new`."""
        old_key, new_key = _key(old), _key(new)
        if old_key == new_key:
            return
        self.data.moved = {o: (new_key if n == old_key else n) for o, n in self.data.moved.items()}
        self.data.moved[old_key] = new_key
        self.data.moved.pop(new_key, None)
        self.remember(new_key, saves_dir)  # writes
        self._write()

    def superseded(self, path: Path) -> bool:
        """Whether `path` holds an earlier moment of a game that goes on in another file."""
        new = self.data.moved.get(_key(path))
        return new is not None and Path(new).is_file()

    def outside_files(self) -> list[Path]:
        return [Path(p) for p in self.data.files if Path(p).is_file()]
