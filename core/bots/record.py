"""A tournament's games kept as they finish (`evo tournament --record FILE`), one JSON line
each, so that a long run — a ladder's rung with expert is hours of a core — can stop and go on
later, here or on another machine: the games already in the file are not played again, and
since each game's seeds come from the tournament's seed and the game's index, the others play
as they would have in one run.

A line names its tournament (game, bots, seats, options, seed), so one file holds a whole
ladder's steps. One writer at a time (an advisory lock); a torn last line, left by a run killed
while writing it, is dropped; any other line that is not a game of a tournament is named with
its problem, and the file is left as it was.
"""

from __future__ import annotations

import os
import re
from typing import Any

import msgspec

from core.bots.texts import Worded
from core.engine.journal import try_lock


class Line(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One finished game of a tournament (`tournament.GameRecord` and its tournament's key)."""

    game: str
    bots: list[str]  # the tournament's bot specs, in entry order
    players: int
    options: dict[str, Any]
    seed: int
    index: int
    seats: list[int]
    winners: list[int]
    rounds: int
    actions: int
    turns: int
    think: list[float]  # seconds deciding, per entry
    decisions: list[int]
    times: list[list[int]]  # milliseconds of each decision, per entry
    error: str = ""

    def key(self) -> tuple[str, tuple[str, ...], int, bytes, int]:
        """The tournament the game belongs to (`tournament_key`)."""
        return tournament_key(self.game, self.bots, self.players, self.options, self.seed)


class RecordError(Worded):
    """The record file cannot be used; `key` and `params` word it (core/bots/texts.toml)."""


_decode = msgspec.json.Decoder(Line).decode
_encode = msgspec.json.Encoder().encode


def _where(message: str) -> str:
    """The field msgspec's message names: `$.index`, `$.seats`, or `$` for the line."""
    path = message.rpartition(" - at ")[2].strip("`") if " - at " in message else "$"
    field = re.search(r"field `([^`]+)`", message)
    return f"{path}.{field.group(1)}" if field else path


def tournament_key(game: str, bots: list[str], players: int, options: dict[str, Any],
                   seed: int) -> tuple[str, tuple[str, ...], int, bytes, int]:
    """What a line must match to be a game of this tournament (options as JSON would keep them)."""
    return game, tuple(bots), players, _encode(options), seed


class Record:
    """The record file, read and locked for appending: `with Record(path) as record: ...`."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        self._new = not os.path.exists(self.path)  # removed again if the run writes nothing
        try:
            self._f = open(self.path, "a+b")  # noqa: SIM115 (held open for the whole run)
        except OSError as exc:
            raise RecordError(f"{self.path}: {exc.strerror}", "record.unwritable",
                              path=self.path, why=exc.strerror or "") from None
        try:
            if not try_lock(self._f.fileno()):
                raise RecordError(f"{self.path}: another run is writing it", "record.busy",
                                  path=self.path)
            self._games = self._read()
        except BaseException:
            self._f.close()
            raise

    def _read(self) -> dict[tuple[Any, ...], dict[int, Line]]:
        self._f.seek(0)
        data = self._f.read()
        lines = data.split(b"\n")
        torn = lines.pop()  # b"" when the file ends with a newline, as every whole line does
        games: dict[tuple[Any, ...], dict[int, Line]] = {}
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            try:
                line = _decode(raw)
            except msgspec.ValidationError as exc:
                raise RecordError(f"{self.path}:{number}: not a game of a tournament ({exc})",
                                  "record.not_a_game", path=self.path, line=number,
                                  where=_where(str(exc))) from None
            except msgspec.DecodeError:
                raise RecordError(f"{self.path}:{number}: not a JSON line", "record.not_json",
                                  path=self.path, line=number) from None
            self._take(games, line, number)
        if torn:
            try:
                line = _decode(torn)
            except msgspec.MsgspecError:  # a run killed while writing it: played again
                self._f.truncate(len(data) - len(torn))
            else:  # a whole line without its newline (written by hand): kept, and ended
                self._take(games, line, len(lines) + 1)
                self._f.write(b"\n")
                self._f.flush()
        return games

    def _take(self, games: dict[tuple[Any, ...], dict[int, Line]], line: Line,
              number: int) -> None:
        key = line.key()
        if line.index in games.setdefault(key, {}):
            raise RecordError(f"{self.path}:{number}: game {line.index} of this tournament is "
                              "recorded twice", "record.twice", path=self.path, line=number,
                              index=line.index)
        games[key][line.index] = line

    def done(self, key: tuple[Any, ...]) -> dict[int, Line]:
        """The games of the tournament `key` already recorded, by index."""
        return dict(self._games.get(key, {}))

    def add(self, line: Line) -> None:
        """Append a finished game, on disk before the next one starts."""
        try:
            self._f.write(_encode(line) + b"\n")  # (appended: the file is open to append)
            self._f.flush()
            os.fsync(self._f.fileno())
        except OSError as exc:
            raise RecordError(f"{self.path}: {exc.strerror}", "record.unwritable",
                              path=self.path, why=exc.strerror or "") from None
        self._games.setdefault(line.key(), {})[line.index] = line

    def close(self) -> None:
        """Drops the lock; a file this run made and wrote nothing to (a refused tournament)
        is removed, as if never asked for."""
        self._f.close()
        if self._new and not self._games:
            os.remove(self.path)

    def __enter__(self) -> Record:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
