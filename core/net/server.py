"""The table server (contract 11, docs/network.md): the only writer of each table's journal.

One asyncio process holds many tables. A client connects to `ws://HOST:PORT/TABLE`, says
`Hello` with its seat's token (or none, to watch) and is sent the table as its seat sees it;
its `Act`s carry the sequence number of the position they were made at, and only a move for
the current position by the seat to decide is made. Every frame a client sends is checked
(size, JSON, type, fields, rate) and a bad one is answered with a `Refused` to that client
alone. Imports no Textual.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import secrets
import ssl
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from core import games
from core.bots.base import BotSpecError, check_spec, make_bot
from core.engine import journal as J
from core.engine.protocol import IllegalAction
from core.engine.session import GameSession, SessionError
from core.net import consent, fair
from core.net import protocol as P
from core.net.words import say
from core.textdata import printable

PUBLIC = -1  # the viewer a spectator is until the game ends: public information only
STAND_IN_BOT = "greedy"  # plays a seat whose player did not come back in time
RATE_BURST = 40  # frames a client may send at once
RATE_PER_S = 20.0  # and on average per second after that
MAX_REFUSED = 200  # a connection refused this often is closed (a flood, a broken client)
HELLO_WAIT_S = 15.0  # a connection that says nothing this long is closed
TRANSPORT_MAX = 4 * P.MAX_CLIENT_FRAME  # websockets closes (1009) above this; we refuse above the limit
MAX_NAME = 40  # characters of a name a client gives
MAX_BUFFERED = 64 * 1024 * 1024  # bytes waiting for a client that does not read: then it is dropped
SYNC_THREADS = 8  # journals fsync'd at once (a batch of tables' moves is split among them)


def new_token() -> bytes:
    return secrets.token_bytes(16)  # 128 bits


def bot_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 1_000_003 + seat * 7919) % 2**31


class Refusal(Exception):
    def __init__(self, code: str, seq: int | None = None, close: bool = False, **args: Any) -> None:
        super().__init__(code)
        self.code, self.seq, self.close, self.args_ = code, seq, close, args


@dataclass(eq=False)  # a connection is itself: hashed and compared by identity
class Conn:
    ws: Any
    lang: str = "en"
    table: Table | None = None
    seat: int | None = None  # None: watching (or not at a table)
    name: str = ""
    tokens: float = RATE_BURST
    stamp: float = field(default_factory=time.monotonic)
    refused: int = 0
    logged: int = 0  # log items already sent
    hello: bool = False
    closed: bool = False

    def take(self) -> bool:
        """One frame from the rate bucket; False when the client sends too fast."""
        now = time.monotonic()
        self.tokens = min(RATE_BURST, self.tokens + (now - self.stamp) * RATE_PER_S)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refund(self) -> None:
        self.tokens = min(RATE_BURST, self.tokens + 1)


@dataclass(frozen=True)
class Note:
    """A line of the table's own in the log: a seat dropped, a bot took it, its player is back,
    a request to take moves back and its answers."""

    key: str
    seat: int
    k: int = 0  # seconds, or moves


class Table:
    """One game: its session (the only writer of its journal), its secret, its seats' tokens,
    who is connected, and the bots that play (bot seats, and dropped seats after a while)."""

    def __init__(self, server: Server, table_id: str, session: GameSession, secret: bytes | None,
                 tokens: list[bytes | None]) -> None:
        self.server = server
        self.id = table_id
        self.session = session
        self.rules = session.rules
        self.secret = secret
        self.commitment = fair.commitment(secret) if secret is not None else ""
        self.tokens = tokens
        seats = session.header.seats
        self.names = session.seat_names("en")
        self.kinds = [s.kind for s in seats]
        self.bots: dict[int, Any] = {i: self._bot(s.bot or "random", i)
                                     for i, s in enumerate(seats) if s.kind == "bot"}
        self.conns: dict[int, Conn] = {}
        self.watchers: set[Conn] = set()
        self.away: dict[int, tuple[float, asyncio.TimerHandle]] = {}  # seat -> (deadline, timer)
        self.stand_in: dict[int, Any] = {}  # dropped seats a bot plays now
        # The log: the journal entries in effect (by seq: the setup, the moves on the line) and
        # the table's notes, in the order they happened.
        self.items: list[int | Note] = [0, *session.line]
        self._attribute = self.rules.log_attribution()
        self.about: dict[int, list[int | None]] = {}
        self._attribute_all()
        self.request: consent.Request | None = None  # an open request to take moves back
        self.refused_at: dict[int, int] = {}  # seat -> the position its last request failed at
        self.free: set[int] = set()  # an open table's seats nobody has taken yet (Hello.seat)
        self._bots_task: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()  # one move at a time; nothing reads the session meanwhile
        self.finished = self.over

    def _attributed(self, seq: int) -> None:
        self.about[seq] = [self._attribute(ev) for ev in self.session.entries[seq].events]

    def _attribute_all(self) -> None:
        """Whom each narrated event is about: the rules tell it from the events in order."""
        self._attribute = self.rules.log_attribution()
        self.about = {}
        for item in self.items:
            if not isinstance(item, Note):
                self._attributed(item)

    def _bot(self, spec: str, seat: int) -> Any:
        try:
            return make_bot(spec, self.rules, bot_seed(self.session.header.seed, seat))
        except BotSpecError:
            return make_bot("random", self.rules, bot_seed(self.session.header.seed, seat))

    @property
    def over(self) -> bool:
        return self.session.pending() is None

    def free_seats(self) -> list[int]:
        return [i for i, t in enumerate(self.tokens) if t is not None]

    # --- what a connection is sent -------------------------------------------------------

    def seat_infos(self) -> list[P.SeatInfo]:
        now = time.monotonic()
        out = []
        for i, kind in enumerate(self.kinds):
            conn = self.conns.get(i)
            away = self.away.get(i)
            out.append(P.SeatInfo(conn.name if conn is not None and conn.name else self.names[i], kind,
                                  connected=conn is not None, stand_in=i in self.stand_in,
                                  drop_left=-1 if away is None else max(0, int(away[0] - now + 0.999))))
        return out

    def viewer(self, conn: Conn) -> int | None:
        if conn.seat is not None:
            return conn.seat
        return None if self.over else PUBLIC

    def _log(self, conn: Conn, start: int, seats: list[P.SeatInfo]) -> list[P.LogLine]:
        """The log narrated for the connection's seat from item `start` on."""
        viewer = self.viewer(conn)
        names = [x.name for x in seats]
        lines: list[P.LogLine] = []
        for item in self.items[start:]:
            if isinstance(item, Note):
                lines.append(P.LogLine(say(f"note.{item.key}", conn.lang, name=names[item.seat],
                                           k=item.k), item.seat, note=True))
                continue
            events = self.session.entries[item].events
            for ev, about in zip(events, self.about[item], strict=True):
                text = self.rules.narrate(ev, viewer, conn.lang, names)
                if text:
                    lines.append(P.LogLine(text, about))
        return lines

    def update_for(self, conn: Conn, full: bool = False, shared: dict[Any, Any] | None = None) -> bytes:
        """The connection's update. `shared` is one broadcast's memo: the seats, and what
        spectators (and a seat's connections, were there several) are all sent alike."""
        s = self.session
        memo: dict[Any, Any] = {} if shared is None else shared
        if "seats" not in memo:
            memo["seats"] = self.seat_infos()
        seats = memo["seats"]
        viewer = self.viewer(conn)
        view = memo.get(("view", viewer))
        if view is None:
            view = memo[("view", viewer)] = msgspec.Raw(msgspec.json.encode(s.view(viewer)))
        start = 0 if full else conn.logged
        log = memo.get(("log", viewer, conn.lang, start))
        if log is None:
            log = memo[("log", viewer, conn.lang, start)] = self._log(conn, start, seats)
        pend = s.pending()
        mine = pend is not None and conn.seat == pend.seat
        why, back, asks = self.undo_check(conn.seat)
        msg = P.Update(
            seq=len(s.entries),
            view=view,
            seats=seats,
            log=log,
            full=full,
            pending=None if pend is None else pend.seat,
            legal=[self.rules.format_action(a) for a in s.legal_actions()] if mine else [],
            prompt=self.rules.prompt(s.state, conn.lang) if mine else "",
            undo=None if self.request is None else self.request.info(),
            undo_back=back,
            undo_why=why,
            undo_asks=asks,
        )
        conn.logged = len(self.items)
        return P.encode(msg)

    def welcome_for(self, conn: Conn, token: str = "") -> bytes:
        h = self.session.header
        return P.encode(P.Welcome(P.PROTOCOL, self.id, h.game, conn.seat, self.seat_infos(),
                                  dict(h.options), self.commitment, token))

    def info(self) -> P.TableInfo:
        return P.TableInfo(self.id, self.session.header.game, self.seat_infos(), len(self.session.line),
                           self.over, sorted(self.free))

    def end_message(self) -> bytes:
        path = self.session.file
        journal = path.read_text(encoding="utf-8") if path is not None else ""
        return P.encode(P.End(self.secret.hex() if self.secret is not None else "", journal))

    def everyone(self) -> list[Conn]:
        return [*self.conns.values(), *self.watchers]

    def broadcast(self, full: bool = False) -> None:
        """Send every connection its update (and the end of the game, when it came); `full`:
        the whole log, which changed other than by growing (an undo)."""
        end = None
        if self.over and not self.finished:
            self.finished = True
            end = self.end_message()
        shared: dict[Any, Any] = {}
        for conn in self.everyone():
            self.server.send(conn, self.update_for(conn, full=full, shared=shared))
            if end is not None:
                self.server.send(conn, end)

    def send_seats(self) -> None:
        msg = P.encode(P.Seats(self.seat_infos()))
        for conn in self.everyone():
            self.server.send(conn, msg)

    # --- seats ---------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens (every seat's token compared in constant time)."""
        try:
            given = bytes.fromhex(token)
        except ValueError:
            given = b""
        found = None
        for i, t in enumerate(self.tokens):
            if t is not None and hmac.compare_digest(given, t):
                found = i
        return found

    async def join(self, conn: Conn, seat: int | None) -> None:
        async with self.lock:  # not while a move is being written
            self._join(conn, seat)

    async def claim(self, conn: Conn, seat: int) -> None:
        """Seat a client that asked for a free seat of an open table; its token goes to it alone."""
        async with self.lock:
            token = self.tokens[seat] if 0 <= seat < len(self.tokens) else None
            if seat not in self.free or token is None:
                raise Refusal("taken", seat=seat + 1)
            self._join(conn, seat, token.hex())

    def _join(self, conn: Conn, seat: int | None, token: str = "") -> None:
        conn.table, conn.seat = self, seat
        self.free.discard(seat)
        if seat is None:
            self.watchers.add(conn)
        else:
            old = self.conns.get(seat)
            self.conns[seat] = conn
            if old is not None and old is not conn:
                old.table = None
                self.server.refuse(old, Refusal("replaced", close=True))
            back = seat in self.away or seat in self.stand_in
            if seat in self.away:
                self.away.pop(seat)[1].cancel()
            if self.stand_in.pop(seat, None) is not None or back:
                self.items.append(Note("back", seat))
        self.server.send(conn, self.welcome_for(conn, token))
        self.server.send(conn, self.update_for(conn, full=True))
        if self.finished:
            self.server.send(conn, self.end_message())
        if seat is not None:
            self.broadcast_except(conn)

    def broadcast_except(self, skip: Conn) -> None:
        shared: dict[Any, Any] = {}
        for conn in self.everyone():
            if conn is not skip:
                self.server.send(conn, self.update_for(conn, shared=shared))

    async def leave(self, conn: Conn) -> None:
        async with self.lock:
            self._leave(conn)

    def _leave(self, conn: Conn) -> None:
        if conn.seat is None:
            self.watchers.discard(conn)
            return
        if self.conns.get(conn.seat) is not conn:
            return  # replaced by a newer connection meanwhile
        del self.conns[conn.seat]
        seat = conn.seat
        req = self.request
        if req is not None and (seat == req.by or seat in req.asked):
            self._close_request("undo_left", seat)
        if not self.over:
            delay = self.server.drop_after
            loop = asyncio.get_running_loop()
            timer = loop.call_later(delay, lambda: asyncio.ensure_future(self._take_over(seat)))
            self.away[seat] = (time.monotonic() + delay, timer)
            self.items.append(Note("away", seat, int(delay)))
            self.broadcast()

    async def _take_over(self, seat: int) -> None:
        """The dropped player did not come back in time: a bot plays the seat until they do."""
        async with self.lock:
            self._stand_in(seat)
        self.kick()

    def _stand_in(self, seat: int) -> None:
        if seat not in self.away or self.over:
            return
        del self.away[seat]
        self.stand_in[seat] = self._bot(STAND_IN_BOT, seat)
        self.items.append(Note("stand_in", seat))
        self.broadcast()

    # --- moves ---------------------------------------------------------------------------

    async def act(self, conn: Conn, msg: P.Act) -> None:
        async with self.lock:
            await self._act(conn, msg)
        self.kick()

    async def _act(self, conn: Conn, msg: P.Act) -> None:
        s = self.session
        if conn.seat is None:
            raise Refusal("watching")
        if self.over:
            raise Refusal("game_over")
        now = len(s.entries)
        if msg.seq != now:  # made at another position: refused, never applied twice
            raise Refusal("stale", seq=now, got=msg.seq, now=now)
        if self.request is not None:
            raise Refusal("undo_open")
        pend = s.pending()
        if pend is None or pend.seat != conn.seat or conn.seat in self.stand_in:
            raise Refusal("not_your_turn")
        try:
            action = self.rules.parse_action(msg.action)
        except Exception as exc:  # the notation's own one-line error
            raise Refusal("illegal", why=printable(str(exc))[:300]) from None
        await self.make(conn.seat, action)
        self.broadcast()

    async def make(self, seat: int, action: Any) -> None:
        """Journal and make a move (IllegalAction: a Refusal; nothing changed). The entry is
        written at once and fsync'd with other tables' in a batch off the loop (Syncer): no
        table waits for another's disk, and nobody is told of a move before it is on disk.
        The caller holds the table's lock."""
        try:
            self.session.act(action)
        except IllegalAction as exc:
            raise Refusal("illegal", why=printable(str(exc))[:300]) from None
        self.items.append(len(self.session.entries) - 1)
        self._attributed(len(self.session.entries) - 1)
        await self.server.synced(self.session)

    def kick(self) -> None:
        """Let the bots play while a seat they play is to decide."""
        pend = self.session.pending()
        if pend is None or self._bot_for(pend.seat) is None or self.request is not None:
            return
        if self._bots_task is None or self._bots_task.done():
            self._bots_task = asyncio.ensure_future(self._play_bots())

    def _bot_for(self, seat: int) -> Any:
        return self.bots.get(seat) or self.stand_in.get(seat)

    async def _play_bots(self) -> None:
        s = self.session
        while True:
            pend = s.pending()
            bot = None if pend is None else self._bot_for(pend.seat)
            if pend is None or bot is None or self.request is not None:
                return  # nothing moves while a request to take moves back is open
            seq = len(s.entries)
            view, legal = s.view(pend.seat), s.legal_actions()
            action = await asyncio.to_thread(bot.choose, view, legal)
            async with self.lock:
                if len(s.entries) != seq or self._bot_for(pend.seat) is not bot or self.request:
                    continue  # the player came back meanwhile, or an undo was asked for
                try:
                    await self.make(pend.seat, action)
                except Refusal:
                    self.server.warn(f"table {self.id}: a bot's move was refused")
                    return
                self.broadcast()

    # --- undo by consent (core/net/consent.py) --------------------------------------------

    def undo_check(self, seat: int | None) -> tuple[str, int, list[int]]:
        """Whether `seat` may ask to take moves back now: ("", moves, seats to ask) or
        (a refusal's code, 0, []); nothing for a spectator."""
        if seat is None:
            return "", 0, []
        present = {s for s in self.conns if s not in self.stand_in}
        return consent.refusal(self.session, self.kinds, seat, over=self.over,
                               open_request=self.request is not None,
                               refused_here=seat is not None and
                               self.refused_at.get(seat) == len(self.session.entries),
                               present=present)

    async def ask_undo(self, conn: Conn, msg: P.Undo) -> None:
        async with self.lock:
            now = len(self.session.entries)
            if conn.seat is None:
                raise Refusal("watching")
            if msg.seq != now:
                raise Refusal("stale", seq=now, got=msg.seq, now=now)
            why, n, asks = self.undo_check(conn.seat)
            if why:
                raise Refusal(why)
            assert conn.seat is not None
            if not asks:  # only its own and bots' moves: nobody to ask
                await self._undo(conn.seat, n)
                return
            self.items.append(Note("undo_asked", conn.seat, n))
            loop = asyncio.get_running_loop()
            req = consent.Request(now, conn.seat, n, asks, time.monotonic() + consent.UNDO_WAIT_S)
            req.timer = loop.call_later(consent.UNDO_WAIT_S,
                                        lambda: self.server.spawn(self._lapse(req)))
            self.request = req
            self.broadcast()

    async def answer_undo(self, conn: Conn, msg: P.Answer) -> None:
        async with self.lock:
            req = self.request
            seat = conn.seat
            if req is None or seat is None or msg.seq != req.seq or \
                    (seat != req.by and seat not in req.waiting_for()):
                raise Refusal("undo_none")
            if seat == req.by:  # the asker's answer: yes changes nothing, no withdraws
                if not msg.yes:
                    self._close_request("undo_withdrawn", seat)
                return
            if not msg.yes:
                self._close_request("undo_no", seat)
                return
            req.agreed.add(seat)
            self.items.append(Note("undo_yes", seat))
            if req.waiting_for():
                self.broadcast()
                return
            req.cancel()
            self.request = None
            await self._undo(req.by, req.moves)
        self.kick()

    async def _lapse(self, req: consent.Request) -> None:
        async with self.lock:
            if self.request is req:
                self._close_request("undo_lapsed", req.by, int(consent.UNDO_WAIT_S))
        self.kick()

    def _close_request(self, key: str, seat: int, k: int = 0) -> None:
        """The open request ends without an undo (the caller holds the lock): said in the log,
        and its asker may not ask again at this position."""
        req = self.request
        assert req is not None
        req.cancel()
        self.request = None
        self.refused_at[req.by] = len(self.session.entries)
        self.items.append(Note(key, seat, k))
        self.broadcast()
        self.kick()

    async def _undo(self, by: int, n: int) -> None:
        """Take the moves back (journaled as an undo entry, fsync'd) and tell everyone the
        table and the log as they are now: the moves taken back leave the log."""
        self.session.undo(n)
        on_line = set(self.session.line)
        self.items = [x for x in self.items if isinstance(x, Note) or x == 0 or x in on_line]
        self._attribute_all()
        self.items.append(Note("undone", by, n))
        await self.server.synced(self.session)
        self.broadcast(full=True)

    def close(self) -> None:
        if self.request is not None:
            self.request.cancel()
        for _, timer in self.away.values():
            timer.cancel()
        if self._bots_task is not None:
            self._bots_task.cancel()
        self.session.close()


class Server:
    """Tables by id, and the WebSocket handler that seats clients at them."""

    def __init__(self, saves_dir: str | os.PathLike[str], drop_after: float = 120.0,
                 max_tables: int = 1000, durable: bool = True,
                 warn: Any = None) -> None:
        self.saves_dir = Path(saves_dir)
        self.drop_after = drop_after
        self.max_tables = max_tables
        self.durable = durable
        self.tables: dict[str, Table] = {}
        self._warn = warn
        self.ws: WsServer | None = None
        self.pool = ThreadPoolExecutor(SYNC_THREADS, thread_name_prefix="evo-journal")
        self._syncing: list[tuple[Any, asyncio.Future[None]]] = []  # journals to fsync next
        self._tasks: set[asyncio.Task[Any]] = set()  # tasks nobody awaits, kept till done

    def warn(self, text: str) -> None:
        if self._warn is not None:
            self._warn(text)
        else:
            print(f"evo serve: {text}", file=sys.stderr)

    # --- tables --------------------------------------------------------------------------

    def open_table(self, game: str, seats: list[J.Seat], options: dict[str, Any] | None = None, *,
                   secret: bytes | None = None, table_id: str | None = None,
                   position: Any = None) -> Table:
        """A new table dealt from a fresh 256-bit secret; raises SessionError for bad options
        or seats (one line)."""
        return self._add(self._prepare(game, seats, options, secret=secret, table_id=table_id,
                                       position=position))

    def _prepare(self, game: str, seats: list[J.Seat], options: dict[str, Any] | None = None, *,
                 secret: bytes | None = None, table_id: str | None = None,
                 position: Any = None, undo: str = "learning") -> Table:
        """open_table's work, the journal and keys written (and fsync'd): in a thread when a
        client asks, so the loop does not wait for the disk."""
        if len(self.tables) >= self.max_tables:
            raise Refusal("full")
        secret = fair.new_secret() if secret is None else secret
        table_id = table_id or secrets.token_urlsafe(6)
        self.saves_dir.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        path = self.saves_dir / f"{game}-net-{stamp}-{table_id}.jsonl"
        session = GameSession.new(game, seats=seats, options=options, seed=fair.game_seed(secret),
                                  path=path, durable=self.durable, position=position, undo=undo)
        assert session.writer is not None
        session.writer.durable = False  # each move is fsync'd by the server, in a batch (synced)
        tokens = [new_token() if s.kind == "human" else None for s in seats]
        _write_keys(path, table_id, secret, tokens)
        return Table(self, table_id, session, secret, tokens)

    def resume_table(self, path: str | os.PathLike[str]) -> Table:
        """Reopen a table from its journal (and its keys beside it, when it was opened online:
        the same id, secret and tokens, so its players reconnect). JournalError if the save
        does not load; without keys, new tokens and no commitment."""
        session, _ = GameSession.load(path, durable=False)  # fsync'd by the server (synced)
        keys = _read_keys(Path(path))
        if keys is None:
            table_id = secrets.token_urlsafe(6)
            tokens = [new_token() if s.kind == "human" else None for s in session.header.seats]
            return self._add(Table(self, table_id, session, None, tokens))
        table_id, secret, tokens = keys
        return self._add(Table(self, table_id, session, secret, tokens))

    def _add(self, table: Table) -> Table:
        if len(self.tables) >= self.max_tables:
            table.close()
            raise Refusal("full")
        self.tables[table.id] = table
        return table

    def close(self) -> None:
        for t in self.tables.values():
            t.close()
        self.pool.shutdown(wait=True)

    def spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- the journals on disk -------------------------------------------------------------

    async def synced(self, session: GameSession) -> None:
        """Wait until what the session's journal was given is on disk (nothing to wait for on a
        server that is not durable). Group commit: the journals of every table that moved
        meanwhile are fsync'd together in a few threads, one batch at a time, so a move costs
        the loop no thread hop of its own and a table waits for no other's disk."""
        if not self.durable or session.writer is None:
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._syncing.append((session.writer, done))
        if not self._sync_running:
            self._sync_running = True
            self.spawn(self._sync_batches())
        await done

    _sync_running = False

    async def _sync_batches(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._syncing:
                batch, self._syncing = self._syncing, []
                writers = list({id(w): w for w, _ in batch}.values())
                k = min(SYNC_THREADS, len(writers))
                failed = await asyncio.gather(*(loop.run_in_executor(self.pool, _sync_all, writers[i::k])
                                                for i in range(k)))
                for problem in (p for group in failed for p in group):
                    self.warn(f"a journal was not synced to disk: {problem}")
                for _, done in batch:
                    if not done.done():
                        done.set_result(None)
        finally:
            self._sync_running = False

    # --- the connection ------------------------------------------------------------------

    async def start(self, bind: str = "127.0.0.1", port: int = P.DEFAULT_PORT,
                    tls: ssl.SSLContext | None = None) -> WsServer:
        """Listen (`tls`: wss://, core/net/tls.py)."""
        # a refused client's unread frames stop the server reading its close: wait briefly
        self.ws = await serve(self.handler, bind, port, max_size=TRANSPORT_MAX, ssl=tls,
                              max_queue=16, compression=None, close_timeout=2)
        return self.ws

    @property
    def port(self) -> int:
        assert self.ws is not None
        return int(next(iter(self.ws.sockets)).getsockname()[1])

    def send(self, conn: Conn, data: bytes) -> None:
        """Write a message (a text frame of UTF-8 JSON) to the connection now: no task and no
        queue per message, the transport buffers what the socket does not take at once. A
        client that reads nothing while MAX_BUFFERED bytes wait for it is dropped, so no
        table ever waits for one client. Frames go out in the order they were sent."""
        if conn.closed:
            return
        ws = conn.ws
        if ws.protocol.state is not State.OPEN:
            conn.closed = True
            return
        if ws.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.hang_up(conn, 1008, "too slow")
            return
        ws.protocol.send_text(data)  # websockets' sans-I/O protocol frames it ...
        for chunk in ws.protocol.data_to_send():  # ... and the transport writes or buffers it
            if chunk:
                ws.transport.write(chunk)

    def hang_up(self, conn: Conn, code: int = 1008, reason: str = "refused") -> None:
        """Close the connection after what was sent to it; its handler then ends."""
        if not conn.closed:
            conn.closed = True
            self.spawn(conn.ws.close(code, reason))

    def refuse(self, conn: Conn, r: Refusal) -> None:
        conn.refused += 1
        text = say(f"refused.{r.code}", conn.lang, **r.args_)
        self.send(conn, P.encode(P.Refused(r.code, text, r.seq)))
        if r.close or conn.refused >= MAX_REFUSED:
            self.hang_up(conn)

    async def handler(self, ws: Any) -> None:
        conn = Conn(ws)
        path = ws.request.path if ws.request is not None else "/"
        table_id = path.strip("/").split("?")[0]
        try:
            while not conn.closed:
                try:
                    wait = None if conn.hello else HELLO_WAIT_S
                    frame = await asyncio.wait_for(ws.recv(), wait)
                except TimeoutError:
                    self.refuse(conn, Refusal("hello_first", close=True))
                    break
                try:
                    await self._frame(conn, table_id, frame)
                except Refusal as r:
                    self.refuse(conn, r)
        except ConnectionClosed:
            pass
        except Exception as exc:  # a bug must not end the server: the client is dropped
            self.warn(f"a connection failed: {type(exc).__name__}: {str(exc)[:200]}")
        finally:  # returning closes the connection, after what was sent to it
            if conn.table is not None:
                await conn.table.leave(conn)
            conn.closed = True

    async def _frame(self, conn: Conn, table_id: str, frame: str | bytes) -> None:
        if not conn.take():
            raise Refusal("rate")
        try:
            msg = P.decode_client(frame)
        except P.FrameError as exc:
            if exc.code == "too_big":
                raise Refusal("too_big", limit=P.MAX_CLIENT_FRAME) from None
            if exc.code == "unknown":
                raise Refusal("unknown") from None
            raise Refusal("malformed", why=str(exc)) from None
        if isinstance(msg, (P.Act, P.Undo, P.Answer)):
            if conn.table is None:
                raise Refusal("hello_first")
            if isinstance(msg, P.Act):
                await conn.table.act(conn, msg)
                conn.refund()  # a move the table waited for costs no rate: only floods are limited
            elif isinstance(msg, P.Undo):
                await conn.table.ask_undo(conn, msg)
                conn.table.kick()
            else:
                await conn.table.answer_undo(conn, msg)
            return
        if getattr(msg, "v", P.PROTOCOL) != P.PROTOCOL:
            raise Refusal("version", close=True, got=msg.v, want=P.PROTOCOL)
        if isinstance(msg, P.Hello):
            await self._hello(conn, table_id, msg)
        elif isinstance(msg, P.Create):
            await self._create(conn, msg)
        else:
            conn.hello = True
            self.send(conn, P.encode(P.Tables([t.info() for t in self.tables.values()])))

    async def _hello(self, conn: Conn, table_id: str, msg: P.Hello) -> None:
        if conn.table is not None:
            raise Refusal("already")
        conn.lang = "ru" if msg.lang == "ru" else "en"
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("no_table", close=True, table=printable(table_id)[:40])
        seat = None
        if msg.token:
            seat = table.seat_of(msg.token)
            if seat is None:
                raise Refusal("token", close=True)
        conn.hello = True
        conn.name = printable(msg.name).strip()[:MAX_NAME]
        if seat is None and msg.seat is not None:
            await table.claim(conn, msg.seat)
            return
        await table.join(conn, seat)

    async def _create(self, conn: Conn, msg: P.Create) -> None:
        conn.hello = True
        if not games.exists(msg.game):
            raise Refusal("options", why=f"no game '{printable(msg.game)[:40]}'")
        try:
            seats = game_seats(msg.game, parse_seats(msg.seats, msg.names), dict(msg.options))
            loop = asyncio.get_running_loop()
            table = self._add(await loop.run_in_executor(self.pool, lambda: self._prepare(
                msg.game, seats, dict(msg.options), undo=msg.undo)))
        except Refusal:
            raise
        except (SessionError, ValueError) as exc:
            raise Refusal("options", why=printable(str(exc))[:300]) from None
        except Exception as exc:  # options a game cannot set up from
            raise Refusal("options", why=f"{type(exc).__name__}: {printable(str(exc))[:200]}") from None
        table.kick()
        if msg.open:
            table.free = set(table.free_seats())
        self.send(conn, P.encode(P.Created(table.id, [t.hex() if t else "" for t in table.tokens],
                                           table.commitment)))


def parse_seats(specs: list[str], names: list[str] | None = None) -> list[J.Seat]:
    """`human`, `bot`, `bot:greedy`, `bot:mcts:hard` … as journal seats; ValueError if not
    (BotSpecError for an unknown bot)."""
    if not 1 <= len(specs) <= 8:
        raise ValueError("a table has 1 to 8 seats")
    out = []
    for i, spec in enumerate(specs):
        name = (names[i] if names and i < len(names) else "") or f"Player {i + 1}"
        name = printable(name)[:MAX_NAME]
        if spec == "human":
            out.append(J.Seat(name))
        elif spec == "bot" or spec.startswith("bot:"):
            bot = spec[4:] or "greedy"
            check_spec(bot)  # BotSpecError (a ValueError) says which bots there are
            out.append(J.Seat(name, "bot", bot))
        else:
            raise ValueError(f"a seat is 'human' or 'bot:KIND', not '{printable(spec)[:40]}'")
    return out


def _sync_all(writers: list[Any]) -> list[str]:
    """fsync each journal (in a thread of the server's pool); the problems, in words."""
    problems = []
    for w in writers:
        try:
            w.sync()
        except (OSError, ValueError) as exc:  # ValueError: the table closed meanwhile
            problems.append(f"{w.path.name}: {exc}")
    return problems


def game_seats(game: str, seats: list[J.Seat], options: dict[str, Any]) -> list[J.Seat]:
    """The seats as the game has them: those its rules play (by the descriptor, for these
    options) become theirs whatever was asked for them. OptionsError for options the game
    refuses."""
    desc = games.get(game)
    n = len(seats)
    automated = desc.automated(desc.normalize(dict(options), n), n)
    return [J.Seat("", kind=automated[i]) if i in automated else s for i, s in enumerate(seats)]


def keys_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".keys")


def _write_keys(journal: Path, table_id: str, secret: bytes, tokens: list[bytes | None]) -> None:
    """The table's id, secret and tokens beside its journal (readable by its owner alone), so
    `evo host --resume` reopens it with the same commitment and its players reconnect."""
    data = json.dumps({"table": table_id, "secret": secret.hex(),
                       "tokens": [t.hex() if t else "" for t in tokens]})
    path = keys_path(journal)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _read_keys(journal: Path) -> tuple[str, bytes, list[bytes | None]] | None:
    path = keys_path(journal)
    try:
        data = json.loads(path.read_text(encoding="utf-8")[:4096])
        tokens = [bytes.fromhex(t) if t else None for t in data["tokens"]]
        return str(data["table"]), bytes.fromhex(data["secret"]), tokens
    except (OSError, ValueError, KeyError, TypeError):
        return None
