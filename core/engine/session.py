"""GameSession: a game's log, its current line of play, snapshots, undo/redo and seeking.

The journal is append-only (contract 3). Moves form a tree: every move entry continues the
position ("node") it was made in, and node 0 is the setup. An undo entry takes moves back
off the current line, a redo entry puts undone moves back, and a new move after an undo
starts a branch; nothing is rewritten, so replays show the undone moves too.

States are rebuilt from snapshots taken every `SNAPSHOT_EVERY` moves along a line, so undo,
redo and seek fold at most that many entries, whatever the length of the log.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import msgspec

from core.engine import journal as J
from core.engine import registry
from core.engine.protocol import Action, AnyRuleset, Decision, Event, IllegalAction, Outcome
from core.engine.rng import fresh_seed, seed_problem
from core.textdata import printable

SNAPSHOT_EVERY = 32
UNDO_MODES = ("learning", "strict")


# Why undo is not available: a code for the app to translate, and the English for the CLI.
UNDO_REFUSALS = {
    "nothing": "nothing to undo",
    "too_far": "not that many moves to undo",
    "strict_over": "strict undo: the game is over",
    "strict_other": "strict undo: another player has acted since",
    "strict_revealed": "strict undo: that move revealed hidden information",
    "no_redo": "nothing to redo",
    "redo_too_far": "not that many moves to redo",
}


class UndoRefused(Exception):
    """Undo or redo is not available; `code` is a key of UNDO_REFUSALS."""

    def __init__(self, code: str) -> None:
        super().__init__(UNDO_REFUSALS[code])
        self.code = code


class SessionError(ValueError):
    """A problem with the session's inputs (options, seats), as one line."""


def default_seats(n: int, lang: str = "en") -> list[J.Seat]:
    label = "Игрок" if lang == "ru" else "Player"
    return [J.Seat(f"{label} {i + 1}") for i in range(n)]


class GameSession:
    def __init__(self, rules: AnyRuleset, header: J.Header, entries: list[J.Entry],
                 writer: J.JournalWriter | None = None) -> None:
        self.rules = rules
        self.header = header
        self.entry_type = J.entry_type(rules)
        self.entries: list[J.Entry] = []
        self.writer = writer
        self.line: list[int] = []  # the move seqs in effect, oldest first
        self.redo_stack: list[int] = []  # undone moves, the next to redo last
        self.parent: dict[int, int] = {}  # move seq -> the node it was made in
        self.node_after: list[int] = []  # per entry: the node the game stands at after it
        self._snaps: dict[int, object] = {}
        self._source: J.Journal | None = None  # the journal this session was loaded from
        # The game's state, opaque here: only the session's ruleset reads it.
        self.state: object = None
        for e in entries:
            self._take(e)

    # --- creation ------------------------------------------------------------------------

    @classmethod
    def new(cls, game: str, *, seats: Sequence[J.Seat] | int = 2, options: dict[str, Any] | None = None,
            seed: int | None = None, undo: str = "learning", path: str | os.PathLike[str] | None = None,
            durable: bool = True, position: object = None) -> GameSession:
        """A new game; with `path`, journaled there (the file is created atomically)."""
        rules = registry.load(game)
        seat_list = default_seats(seats) if isinstance(seats, int) else list(seats)
        if undo not in UNDO_MODES:
            raise SessionError(f"unknown undo mode '{undo}' (learning or strict)")
        kinds = ("human", "bot", *registry.get(game).automata)
        for seat in seat_list:
            if seat.kind not in kinds:
                raise SessionError(f"a seat of kind '{seat.kind}' (known: {', '.join(kinds)})")
            if _not_utf8(seat.name + seat.bot):
                raise SessionError("a seat name holds bytes that are not UTF-8 text")
        opts = rules.normalize_options(dict(options or {}), len(seat_list))
        seed = fresh_seed() if seed is None else seed
        why = seed_problem(seed)
        if why is not None:
            raise SessionError(f"the seed {why}")
        header = J.make_header(game, seed, seat_list, opts, undo)
        if position is None:
            events = rules.setup(opts, seed, len(seat_list))
        else:
            events = [rules.position_event(position)]
        setup = rules_entry(rules, seq=0, kind="setup", events=events)
        try:
            session = cls(rules, header, [setup])  # checks the position before any file is made
        except _EntryError as exc:
            raise SessionError(exc.problem) from None
        if path is not None:
            session.writer = J.create_journal(path, header, [setup], durable)
        return session

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, writable: bool = True,
             durable: bool = True) -> tuple[GameSession, list[str]]:
        """Load a journal; raises JournalError (one line) if it cannot be trusted.

        Besides reading every line and folding every event, loading checks what is cheap to
        check against the rules: the setup is what the header's seed and options give, each
        move comes from the seat that was to decide and each undo or redo names it, the
        position the save ends in is possible, and the moves folded since the line's newest
        snapshot, and the journal's last move, are made again from their actions and give
        the recorded events (at most SNAPSHOT_EVERY moves: a command that writes never
        appends to a save whose last move does not replay). `evo verify` replays them all."""
        jr = J.read_journal(path)
        rules = registry.load(jr.header.game)
        try:
            _check_setup(rules, jr.header, jr.entries[0])
            session = cls(rules, jr.header, jr.entries)
            if len(jr.entries) > 1:  # where the save stands must be a position the game can be in
                session._check_position(jr.entries[-1].seq + 2)
            session._check_recent_moves()
        except _EntryError as exc:
            line, problem = _first_bad_entry(rules, jr.header, jr.entries, exc)
            raise J.JournalError(path, line, problem) from None
        session._source = jr
        if writable:
            session.resume_journal(durable)
        return session, jr.warnings

    def resume_journal(self, durable: bool = True) -> None:
        """Start appending to the file this session was loaded from (a torn tail is cut off)."""
        if self._source is None:
            raise SessionError("this session was not loaded from a file")
        if self.writer is None:
            self.writer = J.reopen_for_append(self._source, durable)

    @property
    def file(self) -> Path | None:
        """The file this game is journaled to, or was read from (None: in memory only)."""
        if self.writer is not None:
            return Path(self.writer.path)
        return Path(self._source.path) if self._source is not None else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    # --- folding the log -----------------------------------------------------------------

    def _fold(self, state: object, events: Sequence[Event]) -> object:
        evolve = self.rules.evolve
        for ev in events:
            state = evolve(state, ev)
        return state

    def _take(self, e: J.Entry, state_after: object = None) -> None:
        """Take one entry (read from disk, or just made) into the session.

        For a move just played, `state_after` is its result, so its events are not folded twice.
        """
        line_no = e.seq + 2  # line 1 is the header
        try:
            if e.kind == "setup":
                if self.entries:
                    raise _EntryError(line_no, "a second setup entry")
                self.state = self._fold(None, e.events)
                self._check_position(line_no)
                self._snaps[0] = self.rules.clone(self.state)
            elif e.kind == "move":
                pend = self.rules.pending(self.state)
                if pend is None:
                    raise _EntryError(line_no, "a move after the end of the game")
                if pend.seat != e.seat:
                    raise _EntryError(line_no, f"a move by {self.seat_word(e.seat)} when "
                                               f"{self.seat_word(pend.seat)} was to decide")
                self.parent[e.seq] = self.node
                if state_after is None:
                    state_after = self._fold(self.state, e.events)
                self.state = state_after
                self._check_decider(line_no)
                self._push(e.seq)
                self.redo_stack.clear()
            elif e.kind == "undo":
                self._check_asker(e, line_no)
                if list(e.moves) != self.line[::-1][: len(e.moves)]:
                    raise _EntryError(line_no, f"undo of moves {list(e.moves)}, which are not the "
                                               "last on the line")
                del self.line[len(self.line) - len(e.moves):]
                self.redo_stack.extend(e.moves)
                self.state = self.state_of(self.node)
            else:  # redo
                self._check_asker(e, line_no)
                if list(e.moves) != self.redo_stack[::-1][: len(e.moves)]:
                    raise _EntryError(line_no, f"redo of moves {list(e.moves)} that were not undone last")
                for m in e.moves:
                    self.redo_stack.pop()
                    self.state = self._fold(self.state, self.entries[m].events)
                    self._push(m)
        except _EntryError:
            raise
        except Exception as exc:  # an event that does not fit: a damaged or foreign log
            raise _EntryError(line_no, f"the events do not fit the game ({J._reason(exc)})") from None
        self.entries.append(e)
        self.node_after.append(self.node)

    def seat_word(self, seat: object) -> str:
        """A seat of the file (counted from 0) in an error, as people count seats (from 1)."""
        n = len(self.header.seats)
        if isinstance(seat, int) and 0 <= seat < n:
            return f"seat {seat + 1}"
        shown = repr(seat) if len(repr(seat)) <= 24 else repr(seat)[:21] + "…"
        return f"seat {shown} of the file, which does not exist (the file numbers its {n} " \
               f"seats 0..{n - 1})"

    def _check_decider(self, line_no: int, state: object = None) -> None:
        pend = self.rules.pending(self.state if state is None else state)
        if pend is not None and not 0 <= pend.seat < len(self.header.seats):
            raise _EntryError(line_no, f"the game waits for {self.seat_word(pend.seat)}")

    def _check_asker(self, e: J.Entry, line_no: int) -> None:
        """An undo or redo names the seat that was to decide when it was asked for (none once
        the game is over), as `_log_jump` records it."""
        pend = self.rules.pending(self.state)
        want = None if pend is None else pend.seat
        if e.seat != want:
            said = "no seat" if e.seat is None else self.seat_word(e.seat)
            was = "the game was over" if want is None else f"{self.seat_word(want)} was to decide"
            raise _EntryError(line_no, f"`seat`: an {e.kind} asked for by {said} when {was}")

    def _replayed(self, e: J.Entry, state: object) -> object:
        """The position after move entry `e` made again from its action in `state` (which is
        left as it was); _EntryError naming its line if the action is not legal there or
        does not give the recorded events (they were edited, emptied or swapped)."""
        rules = self.rules
        line_no = e.seq + 2
        assert e.action is not None  # a move entry: its shape was checked when it was read
        try:
            rules.validate(state, e.action)
            work = rules.clone(state)
            events = rules.resolve(work, e.action)
        except IllegalAction as exc:
            raise _EntryError(line_no, f"the recorded action is illegal there: {exc}") from None
        except Exception as exc:  # a position the rules trip over: not one they made
            raise _EntryError(line_no, f"the move cannot be made again ({J._reason(exc)})") from None
        if list(events) != list(e.events):
            raise _EntryError(line_no, "the recorded events are not what the move gives: "
                                       + first_difference(list(e.events), list(events)))
        return work

    def _check_recent_moves(self) -> None:
        """Make again the moves folded since the line's newest snapshot (fewer than
        SNAPSHOT_EVERY) and the journal's last move, wherever it is: their recorded events
        must be what their actions give. O(SNAPSHOT_EVERY) whatever the length of the log."""
        line = self.line
        k = len(line)
        while k and line[k - 1] not in self._snaps:
            k -= 1
        state = self.rules.clone(self._snaps[line[k - 1] if k else 0])
        for seq in line[k:]:
            state = self._replayed(self.entries[seq], state)
        last = next((e for e in reversed(self.entries) if e.kind == "move"), None)
        if last is not None and last.seq not in line[k:]:
            self._replayed(last, self.state_of(self.parent[last.seq]))

    def _check_position(self, line_no: int, state: object = None) -> None:
        """A setup must give a position the rules can play: every field of its type, as many
        seats as the header's, a decision for an existing seat, a position the game itself
        finds possible (its invariants: cards, steps, references, counts), and
        every seat's view, the legal actions and the outcome computable. A hand-edited position
        with a bogus card or step fails here, with the line, instead of later in a screen or
        in the middle of a move. A loaded save's last position is checked the same way."""
        rules = self.rules
        state = self.state if state is None else state
        try:  # a position built in code (a scenario) was never decoded: its types are unchecked
            msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=rules.state_type)
        except (msgspec.ValidationError, msgspec.DecodeError, OverflowError, TypeError) as exc:
            raise _EntryError(line_no, f"the position is malformed ({J._reason(exc)})") from None
        n = len(self.header.seats)
        if rules.seat_count(state) != n:
            raise _EntryError(line_no, f"the position has {rules.seat_count(state)} seats, "
                                       f"the header {n}")
        self._check_decider(line_no, state)
        try:
            registry.get(self.header.game).check_position(state)
        except ValueError as exc:
            raise _EntryError(line_no, f"an impossible position: {J._reason(exc)}") from None
        except Exception as exc:  # an invariant that trips over the position: impossible too
            raise _EntryError(line_no, f"an impossible position ({J._reason(exc)})") from None
        try:
            for seat in (None, *range(n)):
                rules.view(state, seat)
            outcome = rules.outcome(state)
            pend = rules.pending(state)
            if pend is not None:
                legal = rules.legal_actions(state)
                for action in legal:
                    rules.format_action(action)
                rules.prompt(state, "en")
        except Exception as exc:
            raise _EntryError(line_no, f"the position cannot be played ({J._reason(exc)})") from None
        if pend is None and outcome is None:
            raise _EntryError(line_no, "no one is to decide, yet the game has no result")
        if pend is not None and not legal:
            raise _EntryError(line_no, f"seat {pend.seat} must decide {pend.kind} but has no "
                                       "legal choice")

    def _push(self, seq: int) -> None:
        self.line.append(seq)
        if len(self.line) % SNAPSHOT_EVERY == 0 and seq not in self._snaps:
            self._snaps[seq] = self.rules.clone(self.state)

    @property
    def node(self) -> int:
        """The position the game stands at: the last move in effect, or 0 for the setup."""
        return self.line[-1] if self.line else 0

    def state_of(self, node: int) -> object:
        """A fresh copy of the state at a node (after that move), from the nearest snapshot."""
        path = []
        n = node
        while n not in self._snaps:
            path.append(n)
            n = self.parent[n]
        state = self.rules.clone(self._snaps[n])
        for m in reversed(path):
            state = self._fold(state, self.entries[m].events)
        return state

    def moves_to(self, node: int) -> int:
        """How many moves in effect lead from the setup to a node."""
        k = 0
        while node != 0:
            node = self.parent[node]
            k += 1
        return k

    def state_after_entry(self, index: int) -> object:
        """The position after journal entry `index` (for replays: undone moves included)."""
        return self.state_of(self.node_after[index])

    # --- playing -------------------------------------------------------------------------

    def pending(self) -> Decision | None:
        return self.rules.pending(self.state)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def view(self, seat: int | None) -> Any:  # the game's own view type
        return self.rules.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def act(self, action: Action | str) -> list[Event]:
        """Play an action for the seat to decide; an illegal one raises and changes nothing.

        Legality is checked on the live state, whose legal actions the caller has usually
        just listed (the rules cache them per state), then the move is resolved on a copy
        that replaces the state only when everything succeeded."""
        if isinstance(action, str):
            action = self.rules.parse_action(action)
        pend = self.rules.pending(self.state)
        self.rules.validate(self.state, action)  # raises IllegalAction: nothing changed
        work = self.rules.clone(self.state)
        events = self.rules.resolve(work, action)
        assert pend is not None
        entry = rules_entry(self.rules, seq=len(self.entries), kind="move", seat=pend.seat,
                            action=action, events=events)
        self._write(entry)
        self._take(entry, work)
        return events

    def _write(self, entry: J.Entry) -> None:
        if self.writer is not None:
            self.writer.append(entry)

    # --- undo and redo (contract 7) ------------------------------------------------------

    def undo_refusal(self, n: int = 1) -> str | None:
        """Why `n` moves cannot be undone now (a key of UNDO_REFUSALS), or None if they can."""
        if n < 1 or len(self.line) < n:
            return "nothing" if not self.line else "too_far"
        if self.header.undo == "learning":
            return None
        pend = self.rules.pending(self.state)
        if pend is None:
            return "strict_over"
        for seq in self.line[len(self.line) - n:]:
            e = self.entries[seq]
            if e.seat != pend.seat:
                return "strict_other"
            if any(self.rules.reveals(ev) for ev in e.events):
                return "strict_revealed"
        return None

    def can_undo(self, n: int = 1) -> bool:
        return self.undo_refusal(n) is None

    def redo_refusal(self, n: int = 1) -> str | None:
        """Why `n` moves cannot be redone now (a key of UNDO_REFUSALS), or None if they can."""
        if n < 1 or not self.redo_stack:
            return "no_redo"
        return "redo_too_far" if n > len(self.redo_stack) else None

    def can_redo(self, n: int = 1) -> bool:
        return self.redo_refusal(n) is None

    def undo(self, n: int = 1) -> list[int]:
        why = self.undo_refusal(n)
        if why is not None:
            raise UndoRefused(why)
        return self._log_jump("undo", self.line[::-1][:n])

    def redo(self, n: int = 1) -> list[int]:
        why = self.redo_refusal(n)
        if why is not None:
            raise UndoRefused(why)
        return self._log_jump("redo", self.redo_stack[::-1][:n])

    def _log_jump(self, kind: str, moves: list[int]) -> list[int]:
        pend = self.rules.pending(self.state)
        entry = rules_entry(self.rules, seq=len(self.entries), kind=kind,
                            seat=pend.seat if pend else None, moves=moves)
        self._write(entry)
        self._take(entry)
        return moves

    # --- saving --------------------------------------------------------------------------

    def save_as(self, path: str | os.PathLike[str], durable: bool = True) -> None:
        """Write the whole journal to `path` atomically and continue journaling there."""
        own = self.writer.path if self.writer is not None else None
        writer = J.create_journal(path, self.header, self.entries, durable, own=own)
        self.close()
        self.writer = writer

    def moves_on_line(self) -> list[J.Entry]:
        return [self.entries[m] for m in self.line]

    def seat_names(self, lang: str = "en") -> list[str]:
        game = registry.get(self.header.game)
        names = []
        for i, seat in enumerate(self.header.seats):
            if seat.kind not in ("human", "bot"):  # a seat the rules play, e.g. the Shade
                names.append(game.automaton_name(seat.kind, lang))
            else:
                names.append(printable(seat.name) or f"{i + 1}")
        return names


class Salvage(msgspec.Struct, frozen=True):
    """What `salvage` kept of a damaged save, and where it wrote it."""

    path: str
    kept: int  # entries kept (the setup included)
    dropped: int  # lines from the first bad one to the end


def salvage(path: str | os.PathLike[str]) -> Salvage:
    """Keep the longest sound prefix of a save as a new file beside it (the original is never
    touched): every line up to the first one that cannot be read or does not fit the game,
    or is a move that does not replay.
    Raises JournalError when there is nothing to keep (no sound header and setup) or nothing
    to repair."""
    p = Path(path)
    data = J.read_bytes(p)
    lines = [ln for ln in data.split(b"\n")]
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise J.JournalError(p, 1, "the file is empty: nothing to keep", "unrepairable")
    header, rules = J._read_header(p, lines[0], False)
    decoder = msgspec.json.Decoder(J.entry_type(rules))
    session: GameSession | None = None
    kept = 0
    for i, raw in enumerate(lines[1:], start=2):
        try:
            entry = cast(J.Entry, decoder.decode(J._checked_body(raw)))
            if entry.seq != kept:
                raise ValueError("out of order")
            J._check_entry_shape(p, i, entry)
            if session is None:
                _check_setup(rules, header, entry)
                session = GameSession(rules, header, [entry])
            else:  # every move kept is made again: the copy's last move must replay to load
                session._take(entry, session._replayed(entry, session.state)
                              if entry.kind == "move" else None)
        except (ValueError, msgspec.DecodeError, J.JournalError, _EntryError):
            break
        kept += 1
    if session is None:
        raise J.JournalError(p, 2, "the setup line is damaged: nothing to keep", "unrepairable")
    while kept > 1:  # a copy that loads: the position it ends in must be sound too
        try:
            session._check_position(kept + 1, session.state_after_entry(kept - 1))
        except _EntryError:
            kept -= 1
            continue
        break
    dropped = len(lines) - 1 - kept
    if dropped == 0:
        raise J.JournalError(p, 0, "the save is sound: nothing to repair", "sound")
    out = _free_name(p, "repaired")
    J.create_journal(out, header, session.entries[:kept]).close()  # not one that failed a check
    return Salvage(str(out), kept, dropped)


def _free_name(p: Path, word: str) -> Path:
    """`name.<word>.ext`, or `name.<word>-2.ext`, … : a name no file has yet."""
    for k in range(1, 1000):
        tag = word if k == 1 else f"{word}-{k}"
        candidate = p.with_name(f"{p.stem}.{tag}{p.suffix}")
        if not candidate.exists():
            return candidate
    raise J.JournalError(p, 0, "no free name for the repaired copy", "unwritable")


def _not_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: bytes of a name that were not UTF-8
        return True
    return False


def first_difference(want: list[Event], got: list[Event]) -> str:
    """Where recorded events (`want`) and the events the rules give (`got`) first differ."""
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        if w != g:
            return f"event {i}: recorded {msgspec.json.encode(w).decode()[:160]}, " \
                   f"replay gives {msgspec.json.encode(g).decode()[:160]}"
    return f"recorded {len(want)} events ({_tags(want)}), replay gives {len(got)} ({_tags(got)})"


def _tags(events: list[Event]) -> list[object]:
    return [type(e).__struct_config__.tag for e in events]


def _check_setup(rules: AnyRuleset, header: J.Header, setup: J.Entry) -> None:
    """The setup entry must be what the header's options and seed give (one setup: cheap).
    A game started from a prepared position is checked by the game's invariants instead.
    When the setup is sound for the seed it was made with, the header's seed is the edit."""
    events = list(setup.events)
    if rules.position_of(events) is not None:
        return
    n = len(header.seats)

    def made(seed: int) -> list[Event] | None:
        try:
            return list(rules.setup(dict(header.options), seed, n))
        except Exception:  # options or a seed the game cannot set up from: a damaged header
            return None

    got = made(header.seed)
    if got == events:
        return
    try:
        own = getattr(_fold(rules, events), "seed", None)  # games keep their seed in the state
    except Exception:  # events that do not fold: the constructor names what is wrong
        return
    if isinstance(own, int) and own != header.seed and made(own) == events:
        raise _EntryError(1, f"bad header: `seed`: {header.seed} is not the seed this game was "
                             f"set up with (line 2)")
    if got is None:
        raise _EntryError(1, "bad header: the game cannot be set up from its options and seed")
    raise _EntryError(2, "the setup is not what the header's seed and options give: "
                         + first_difference(events, got))


def _fold(rules: AnyRuleset, events: list[Event]) -> object:
    state = None
    for ev in events:
        state = rules.evolve(state, ev)
    return state


def _first_bad_entry(rules: AnyRuleset, header: J.Header, entries: list[J.Entry],
                     exc: _EntryError) -> tuple[int, str]:
    """Where the damage behind `exc` lies: a move before its line whose recorded events are
    not what its action gives (an emptied or edited move can fold and only trip a later
    line), found by making the moves again from the setup; else `exc`'s own line. Run only
    for a save that is refused anyway, so it may cost a replay."""
    if exc.line <= 2:
        return exc.line, exc.problem
    try:
        replay = GameSession(rules, header, entries[:1])
        for e in entries[1:exc.line - 2]:
            replay._take(e, replay._replayed(e, replay.state) if e.kind == "move" else None)
    except _EntryError as earlier:
        if earlier.line < exc.line:
            return earlier.line, earlier.problem
    except Exception:  # the setup itself does not hold: `exc` says what was found
        pass
    return exc.line, exc.problem


class _EntryError(Exception):
    def __init__(self, line: int, problem: str) -> None:
        super().__init__(problem)
        self.line, self.problem = line, problem


def rules_entry(rules: AnyRuleset, **fields: object) -> J.Entry:
    return cast(J.Entry, J.entry_type(rules)(**fields))


__all__ = ["GameSession", "IllegalAction", "SessionError", "UndoRefused", "default_seats"]
