"""The stars a player earned in lessons, kept in the app's config folder (platformdirs) and
written at once, atomically, whenever they change. A damaged file counts as no progress."""

import os
from pathlib import Path

import msgspec

PROGRESS_FILE = "lessons.json"


class Progress(msgspec.Struct, forbid_unknown_fields=False):
    stars: dict[str, int] = msgspec.field(default_factory=dict)  # lesson id -> best stars, 1..3


def stars_for(wrong_tries: int, hinted: bool) -> int:
    """Three stars for a lesson solved at the first try without a hint; each try that missed
    and the use of hints cost one; finishing earns at least one."""
    return max(1, 3 - wrong_tries - (1 if hinted else 0))


class ProgressFile:
    def __init__(self, folder: Path) -> None:
        self.path = folder / PROGRESS_FILE
        self.data = self._read()

    def _read(self) -> Progress:
        try:
            data = msgspec.json.decode(self.path.read_bytes(), type=Progress)
        except (OSError, msgspec.DecodeError):
            return Progress()
        data.stars = {k: v for k, v in data.stars.items() if 1 <= v <= 3}
        return data

    def stars(self, lesson_id: str) -> int:
        return self.data.stars.get(lesson_id, 0)

    def record(self, lesson_id: str, stars: int) -> None:
        """Keep the best stars of a lesson, saved at once."""
        if stars > self.stars(lesson_id):
            self.data.stars[lesson_id] = stars
            self._write()

    def reset(self) -> None:
        self.data = Progress()
        self._write()

    def _write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_bytes(msgspec.json.encode(self.data))
        os.replace(tmp, self.path)


__all__ = ["ProgressFile", "stars_for"]
