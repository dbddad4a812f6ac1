"""Journal saves: JSON lines written with msgspec (contract 3, docs/save-format.md).

Line 1 is the header; every further line is one entry: the setup, a move, an undo or a
redo. Each line ends with a CRC-32 of the rest of the line, so damage anywhere is found and
named by line. Loading trusts nothing (contract 4): a torn last line is dropped with a
warning; every other defect is a `JournalError` naming the file, the line and the problem.
"""

# No `from __future__ import annotations`: msgspec would compile every annotation string of
# these structs at every start (contract 10: a command's start stays cheap).

import os
import stat
import zlib
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from types import GenericAlias
from typing import TYPE_CHECKING, Any, Literal, Optional, Protocol, cast

import msgspec

import core
from core.engine import registry
from core.engine.rng import seed_problem

if TYPE_CHECKING:
    from core.engine.protocol import Action, AnyRuleset, Event

FORMAT = "evo-journal"
VERSION = 1
SIZE_CAP = 32 * 1024 * 1024  # bytes; a 10 000-move game is far below this
_CRC_PREFIX = b',"crc":"'
_CRC_LEN = len(_CRC_PREFIX) + 8 + 2  # ,"crc":"xxxxxxxx"}


class JournalError(Exception):
    """A save that cannot be loaded; str() is one line naming file, line and problem. `kind`
    sorts the problem for a player (the app says it in their language): unreadable,
    not_a_save, newer, damaged, busy, changed, unwritable, sound, unrepairable."""

    def __init__(self, path: str | os.PathLike[str], line: int, problem: str,
                 kind: str = "damaged") -> None:
        self.path, self.line, self.problem, self.kind = str(path), line, problem, kind
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {problem}")


class SaveBusy(JournalError):
    """Another writer holds the save (contract 9): the app, or an `evo` command writing it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(path, 0, "the game is open in another window (or another evo command "
                                  "is writing it); close it there first", "busy")


try:  # one writer per save: an advisory lock held for as long as the writer is open
    import fcntl

    def try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
except ImportError:  # Windows
    import msvcrt

    def try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True


def is_locked(path: str | os.PathLike[str]) -> bool:
    """Whether another writer holds the save now (a probe: takes and drops the lock)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        return not try_lock(fd)
    finally:
        os.close(fd)  # closing the descriptor drops a lock it took


class Seat(msgspec.Struct, frozen=True, omit_defaults=True):
    name: str
    kind: str = "human"  # human, bot, or a kind of seat the game's rules play (its `automata`)
    bot: str = ""  # bot id and level, e.g. "random" or "mcts:normal"


class Header(msgspec.Struct, frozen=True, omit_defaults=True):
    format: str
    version: int
    game: str
    seed: int
    seats: list[Seat]
    options: dict[str, Any] = {}
    undo: Literal["learning", "strict"] = "learning"
    app_version: str = ""
    created: str = ""


class _Probe(msgspec.Struct):
    """The fields read before the game is known, to give the clearest error first."""

    format: str = ""
    version: int = 0
    game: str = ""


def make_header(game: str, seed: int, seats: list[Seat], options: dict[str, Any],
                undo: str = "learning") -> Header:
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return Header(FORMAT, VERSION, game, seed, seats, options, undo, core.__version__, now)  # type: ignore[arg-type]


class Entry(Protocol):
    """One line of a journal after the header, as `entry_type` makes it for a game."""

    @property
    def seq(self) -> int: ...

    @property
    def kind(self) -> str:
        """setup | move | undo | redo"""
        ...

    @property
    def seat(self) -> int | None: ...

    @property
    def action(self) -> "Action | None": ...

    @property
    def events(self) -> "list[Event]": ...

    @property
    def moves(self) -> list[int]: ...


_ENTRY_TYPES: dict[str, type[msgspec.Struct]] = {}


def entry_type(rules: "AnyRuleset") -> type[msgspec.Struct]:
    """The entry struct of one game: its actions and events are tagged unions."""
    t = _ENTRY_TYPES.get(rules.game_id)
    if t is None:
        t = msgspec.defstruct(
            "Entry",
            [
                ("seq", int),
                ("kind", Literal["setup", "move", "undo", "redo"]),
                ("seat", Optional[int], None),
                ("action", Optional[rules.action_type], None),
                ("events", GenericAlias(list, rules.event_type), []),  # list[…] of a value
                ("moves", list[int], []),
            ],
            omit_defaults=True,
            forbid_unknown_fields=True,
            frozen=True,
        )
        _ENTRY_TYPES[rules.game_id] = t
    return t


_encoder = msgspec.json.Encoder()


def encode_line(obj: Entry | Header) -> bytes:
    body = _encoder.encode(obj)
    crc = zlib.crc32(body) & 0xFFFFFFFF
    return body[:-1] + _CRC_PREFIX + b"%08x" % crc + b'"}\n'


def _checked_body(raw: bytes) -> bytes:
    """The line without its checksum; raises ValueError if the checksum is absent or wrong."""
    if len(raw) < _CRC_LEN or raw[-_CRC_LEN:-10] != _CRC_PREFIX or raw[-2:] != b'"}':
        raise ValueError("no checksum at the end of the line")
    body = raw[:-_CRC_LEN] + b"}"
    if b"%08x" % (zlib.crc32(body) & 0xFFFFFFFF) != raw[-10:-2]:  # exact bytes: 'A' is not 'a'
        raise ValueError("checksum mismatch: the line was damaged or edited")
    return body


def _reason(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


class Journal(msgspec.Struct):
    """A journal read from disk: header, entries, and how much of the file is sound."""

    path: str
    header: Header
    entries: list[Entry]
    warnings: list[str]
    good_bytes: int  # length of the sound prefix; a torn tail lies beyond it
    ends_with_newline: bool
    size: int = 0  # the file's size when read: a writer refuses a file changed since


def read_bytes(p: Path, what: str = "saves") -> bytes:
    """A regular file's bytes, at most SIZE_CAP: a pipe, a device or a folder is refused
    before it is opened (reading one could hang or never end)."""
    try:
        st = p.stat()
    except OSError as exc:
        raise JournalError(p, 0, f"cannot read the file ({exc.strerror or exc})", "unreadable") from None
    except ValueError:  # a NUL in the name: no file can have it
        raise JournalError(p, 0, "not a valid file name", "unreadable") from None
    if not stat.S_ISREG(st.st_mode):
        raise JournalError(p, 0, "not a regular file", "unreadable")
    if st.st_size > SIZE_CAP:
        raise JournalError(p, 0, f"the file is {st.st_size / 2**20:.1f} MiB, over the "
                                 f"{SIZE_CAP // 2**20} MiB limit for {what}", "unreadable")
    try:
        with open(p, "rb") as f:
            data = f.read(SIZE_CAP + 1)
    except OSError as exc:
        raise JournalError(p, 0, f"cannot read the file ({exc.strerror or exc})", "unreadable") from None
    if len(data) > SIZE_CAP:  # it grew while being read
        raise JournalError(p, 0, f"the file is over the {SIZE_CAP // 2**20} MiB limit for {what}",
                           "unreadable")
    return data


def read_journal(path: str | os.PathLike[str]) -> Journal:
    p = Path(path)
    data = read_bytes(p)
    if not data:
        raise JournalError(p, 1, "the file is empty", "unreadable")
    lines = data.split(b"\n")
    torn_candidate = lines[-1] != b""  # the last line has no newline: it may be torn
    if not torn_candidate:
        lines.pop()
    header, rules = _read_header(p, lines[0], torn_candidate and len(lines) == 1)
    entry_t = entry_type(rules)
    decoder = msgspec.json.Decoder(entry_t)
    entries: list[Entry] = []
    warnings: list[str] = []
    offset = len(lines[0]) + 1
    good = offset
    for i, raw in enumerate(lines[1:], start=2):
        last = i == len(lines)
        try:
            body = _checked_body(raw)
            entry = cast(Entry, decoder.decode(body))
        except (ValueError, msgspec.DecodeError) as exc:
            if last and torn_candidate:
                warnings.append(f"{p}:{i}: the last line was cut short (the app or machine "
                                f"stopped while saving); the game is restored to the move before it")
                break
            raise JournalError(p, i, _reason(exc)) from None
        expected = len(entries)
        if entry.seq != expected:
            raise JournalError(p, i, f"entry seq {entry.seq} is out of order (expected {expected})")
        _check_entry_shape(p, i, entry)
        entries.append(entry)
        offset += len(raw) + 1
        good = min(offset, len(data))
    if not entries:
        raise JournalError(p, 2, "the save has no setup entry")
    ends_nl = data.endswith(b"\n") or good < len(data)
    return Journal(str(p), header, entries, warnings, good, ends_nl, len(data))


def _read_header(p: Path, raw: bytes, torn: bool) -> "tuple[Header, AnyRuleset]":
    if torn:
        raise JournalError(p, 1, "the header line is incomplete")
    try:
        body = _checked_body(raw)
        probe = msgspec.json.decode(body, type=_Probe)
    except (ValueError, msgspec.DecodeError) as exc:
        raise JournalError(p, 1, f"not an Evo save ({_reason(exc)})", "not_a_save") from None
    if probe.format != FORMAT:
        raise JournalError(p, 1, f"not an Evo save (format '{probe.format}')", "not_a_save")
    if probe.version > VERSION:
        raise JournalError(p, 1, f"save format version {probe.version} is newer than this "
                                 f"app understands ({VERSION}); update Evo to open it", "newer")
    if probe.version != VERSION:
        raise JournalError(p, 1, f"unknown save format version {probe.version}", "not_a_save")
    try:
        rules = registry.load(probe.game)
    except registry.UnknownGame as exc:
        raise JournalError(p, 1, str(exc), "not_a_save") from None
    try:
        header = msgspec.json.decode(body, type=Header)
    except msgspec.DecodeError as exc:
        raise JournalError(p, 1, f"bad header: {_reason(exc)}") from None
    why = seed_problem(header.seed)
    if why is not None:
        raise JournalError(p, 1, f"bad header: `seed` {why}")
    if not header.seats:
        raise JournalError(p, 1, "bad header: `seats`: no seats")
    game = registry.get(probe.game)
    kinds = ("human", "bot", *game.automata)
    strange = [s.kind for s in header.seats if s.kind not in kinds]
    if strange:
        raise JournalError(p, 1, f"bad header: `seats`: a seat of kind '{strange[0][:40]}' "
                                 f"(known: {', '.join(kinds)})")
    try:
        options = rules.normalize_options(dict(header.options), len(header.seats))
    except ValueError as exc:
        raise JournalError(p, 1, f"bad header: `options`: {exc}") from None
    automated = game.automated(options, len(header.seats))
    for i, seat in enumerate(header.seats):  # a seat the rules play sits where they play it
        if seat.kind in game.automata and automated.get(i) != seat.kind:
            raise JournalError(p, 1, f"bad header: `seats`: seat {i + 1} is of kind "
                                     f"'{seat.kind}', which these options do not seat there")
    return header, rules


def _check_entry_shape(p: Path, line: int, e: Entry) -> None:
    """The fields each kind of entry has, and only those (what they say is checked when the
    entry is taken into the game: `GameSession`)."""
    if (e.kind == "setup") != (e.seq == 0):
        raise JournalError(p, line, "the first entry, and only it, must be the setup")
    if e.kind == "setup" and (e.seat is not None or e.action is not None or e.moves):
        raise JournalError(p, line, "the setup entry has only `events`")
    if e.kind == "move" and (e.action is None or e.seat is None):
        raise JournalError(p, line, "a move entry needs a `seat` and an `action`")
    if e.kind == "move" and e.moves:
        raise JournalError(p, line, "a move entry names no `moves`")
    if e.kind in ("undo", "redo"):
        if not e.moves:
            raise JournalError(p, line, f"an {e.kind} entry must name the `moves` it affects")
        if e.action is not None or e.events:
            raise JournalError(p, line, f"an {e.kind} entry has no `action` and no `events`")


class JournalWriter:
    """Appends entries to a journal: each line flushed and fsync'd when written.

    The writer holds the save's lock from opening to closing (contract 9): a second writer is
    refused with `SaveBusy` and the file is untouched. Opened for a file read earlier, it
    refuses a file that changed since (another writer got there first); a torn tail of that
    read is cut off only when the first entry is written (`repaired` says so)."""

    def __init__(self, path: str | os.PathLike[str], durable: bool = True, *,
                 expect_size: int | None = None, trim: tuple[int, bool] | None = None) -> None:
        self.path = Path(path)
        self.durable = durable
        self.repaired = False
        self._trim = trim  # (sound bytes, whether a newline must follow them)
        try:
            self._f = open(self.path, "ab")  # noqa: SIM115 - held open for the whole game
        except OSError as exc:
            raise JournalError(self.path, 0, f"cannot write the save ({exc.strerror or exc})",
                               "unwritable") from None
        if not try_lock(self._f.fileno()):
            self._f.close()
            raise SaveBusy(self.path)
        if expect_size is not None and os.fstat(self._f.fileno()).st_size != expect_size:
            self._f.close()
            raise JournalError(self.path, 0, "the save changed since it was read (another window "
                                             "or command wrote to it); open it again", "changed")

    def append(self, obj: Entry | Header) -> None:
        if self._trim is not None:
            good, newline = self._trim
            os.ftruncate(self._f.fileno(), good)
            if newline:
                self._f.write(b"\n")
            self._trim = None
            self.repaired = True
        self._f.write(encode_line(obj))
        self._f.flush()
        if self.durable:
            os.fsync(self._f.fileno())

    def sync(self) -> None:
        """fsync what was appended: for a writer made with `durable=False` whose owner syncs
        itself (the table server syncs many tables' journals in one batch, off its loop)."""
        os.fsync(self._f.fileno())

    def close(self) -> None:
        self._f.close()


def create_journal(path: str | os.PathLike[str], header: Header, entries: "Iterable[Entry]",
                   durable: bool = True, *, own: str | os.PathLike[str] | None = None) -> JournalWriter:
    """Write a whole journal atomically (temp file + rename), then open it for appending.

    A save another writer holds is not replaced (`own`: the caller's own save, which it may)."""
    p = Path(path)
    try:
        exists = p.exists()
    except (OSError, ValueError) as exc:  # a name too long, a NUL in it …
        raise JournalError(p, 0, f"cannot write the save ({getattr(exc, 'strerror', None) or exc})",
                           "unwritable") from None
    if exists and not p.is_file():
        raise JournalError(p, 0, "not a regular file", "unwritable")
    if exists and (own is None or not p.samefile(own)) and is_locked(p):
        raise SaveBusy(p)
    for folder in p.parents:  # the nearest folder that exists must be a folder
        if folder.exists() or folder.is_symlink():
            if not folder.is_dir():
                raise JournalError(p, 0, f"cannot write the save ({folder} is not a folder)",
                                   "unwritable")
            break
    import tempfile  # here: a command that only reads a save need not import it

    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    except OSError as exc:
        raise JournalError(p, 0, f"cannot write the save ({exc.strerror or exc})", "unwritable") from None
    except ValueError:  # a NUL in the name
        raise JournalError(p, 0, "cannot write the save (not a valid file name)", "unwritable") from None
    try:
        os.chmod(tmp, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as f:
            f.write(encode_line(header))
            for e in entries:
                f.write(encode_line(e))
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, p)
        if durable:
            _sync_folder(p.parent)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return JournalWriter(p, durable)


def _sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (where the system lets a folder be synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # not supported here (e.g. some network file systems)
    finally:
        os.close(fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def reopen_for_append(journal: Journal, durable: bool = True) -> JournalWriter:
    """Open a loaded journal for appending: locked, refused if it changed since it was read;
    a torn tail is cut off when the first entry is written."""
    torn = journal.good_bytes < journal.size or not journal.ends_with_newline
    trim = (journal.good_bytes, not journal.ends_with_newline) if torn else None
    return JournalWriter(journal.path, durable, expect_size=journal.size, trim=trim)
