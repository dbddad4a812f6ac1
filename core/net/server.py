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
import os
import secrets
import ssl
import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from core import games
from core.bots.base import check_spec
from core.engine import journal as J
from core.engine.protocol import Options
from core.engine.session import GameSession, SessionError
from core.net import fair
from core.net import protocol as P
from core.net.keys import read_keys, write_keys
from core.net.seating import Seating
from core.net.table import MAX_REFUSED, PUBLIC, Conn, Refusal, Table, new_token
from core.net.words import say
from core.seat_names import default_name
from core.textdata import printable

__all__ = ["PUBLIC", "Refusal", "Server", "Table", "game_seats", "parse_seats"]

HELLO_WAIT_S = 15.0  # a connection that says nothing this long is closed
TRANSPORT_MAX = 4 * P.MAX_CLIENT_FRAME  # websockets closes (1009) above this; we refuse above the limit
MAX_NAME = 40  # characters of a name a client gives
MAX_BUFFERED = 64 * 1024 * 1024  # bytes waiting for a client that does not read: then it is dropped
SYNC_THREADS = 8  # journals fsync'd at once (a batch of tables' moves is split among them)

T = TypeVar("T", bound="Table | Seating")  # a table a server holds: dealt, or waiting for its people


class Server:
    """Tables by id, and the WebSocket handler that seats clients at them."""

    def __init__(self, saves_dir: str | os.PathLike[str], drop_after: float = 120.0,
                 max_tables: int = 1000, durable: bool = True,
                 warn: Callable[[str], None] | None = None) -> None:
        self.saves_dir = Path(saves_dir)
        self.drop_after = drop_after
        self.max_tables = max_tables
        self.durable = durable
        self.tables: dict[str, Table | Seating] = {}
        self._warn = warn
        self.ws: WsServer | None = None
        self.pool = ThreadPoolExecutor(SYNC_THREADS, thread_name_prefix="evo-journal")
        self._syncing: list[tuple[J.JournalWriter, asyncio.Future[None]]] = []  # journals to fsync next
        self._tasks: set[asyncio.Future[None]] = set()  # tasks nobody awaits, kept till done

    def warn(self, text: str) -> None:
        if self._warn is not None:
            self._warn(text)
        else:
            print(f"evo serve: {text}", file=sys.stderr)

    # --- tables --------------------------------------------------------------------------

    def open_table(self, game: str, seats: list[J.Seat], options: Options | None = None, *,
                   secret: bytes | None = None, table_id: str | None = None,
                   position: object = None, undo: str = "learning", mix: bool = False) -> Table | Seating:
        """A new table dealt from a fresh 256-bit secret; raises SessionError for bad options
        or seats (one line). `mix`: dealt only once every person sat down, from their
        randomness too (a Seating until then)."""
        if mix:
            return self._add(self._seating(game, seats, options or {}, undo, secret, table_id))
        return self._add(self._prepare(game, seats, options, secret=secret, table_id=table_id,
                                       position=position, undo=undo))

    def _seating(self, game: str, seats: list[J.Seat], options: Options, undo: str,
                 secret: bytes | None = None, table_id: str | None = None) -> Seating:
        """A table whose deal waits for its people. Its seats and options are tried on a game
        in memory first, so what the deal would refuse is refused now, in the same words."""
        if len(self.tables) >= self.max_tables:
            raise Refusal("full")
        GameSession.new(game, seats=seats, options=options, seed=0, undo=undo).close()
        table_id = table_id or secrets.token_urlsafe(6)
        tokens = [new_token() if s.kind == "human" else None for s in seats]
        return Seating(self, table_id, game, seats, options, undo,
                       fair.new_secret() if secret is None else secret, tokens,
                       self.journal_path(game, table_id))

    def journal_path(self, game: str, table_id: str) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        return self.saves_dir / f"{game}-net-{stamp}-{table_id}.jsonl"

    def _prepare(self, game: str, seats: list[J.Seat], options: Options | None = None, *,
                 secret: bytes | None = None, table_id: str | None = None,
                 position: object = None, undo: str = "learning", nonces: list[str] | None = None,
                 path: Path | None = None) -> Table:
        """open_table's work (and a Seating's deal: its id, `nonces` and `path`), the journal
        and keys written (and fsync'd): in a thread when a client asks, so the loop does not
        wait for the disk."""
        if len(self.tables) >= self.max_tables and table_id not in self.tables:
            raise Refusal("full")
        secret = fair.new_secret() if secret is None else secret
        table_id = table_id or secrets.token_urlsafe(6)
        self.saves_dir.mkdir(parents=True, exist_ok=True)
        path = path or self.journal_path(game, table_id)
        seed = fair.game_seed(secret, nonces or ())
        session = GameSession.new(game, seats=seats, options=options, seed=seed, path=path,
                                  durable=self.durable, position=position, undo=undo)
        assert session.writer is not None
        session.writer.durable = False  # each move is fsync'd by the server, in a batch (synced)
        seating = self.tables.get(table_id)
        tokens = seating.tokens if isinstance(seating, Seating) else \
            [new_token() if s.kind == "human" else None for s in seats]
        write_keys(path, table_id, secret, tokens, nonces or [])
        return Table(self, table_id, session, secret, tokens, nonces)

    def resume_table(self, path: str | os.PathLike[str]) -> Table:
        """Reopen a table from its journal (and its keys beside it, when it was opened online:
        the same id, secret and tokens, so its players reconnect). JournalError if the save
        does not load; without keys, new tokens and no commitment."""
        session, _ = GameSession.load(path, durable=False)  # fsync'd by the server (synced)
        keys = read_keys(Path(path))
        if keys is None:
            table_id = secrets.token_urlsafe(6)
            tokens = [new_token() if s.kind == "human" else None for s in session.header.seats]
            return self._add(Table(self, table_id, session, None, tokens))
        table_id, secret, tokens, nonces = keys
        return self._add(Table(self, table_id, session, secret, tokens, nonces))

    def _add(self, table: T) -> T:
        if len(self.tables) >= self.max_tables:
            table.close()
            raise Refusal("full")
        self.tables[table.id] = table
        return table

    def close(self) -> None:
        for t in self.tables.values():
            t.close()
        self.pool.shutdown(wait=True)

    def spawn(self, coro: Awaitable[None]) -> None:
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

    async def handler(self, ws: ServerConnection) -> None:
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
        if isinstance(msg, (P.Act, P.Undo, P.Redo, P.Answer)):
            if conn.table is None:
                raise Refusal("hello_first")
            if isinstance(msg, P.Act):
                await conn.table.act(conn, msg)
                conn.refund()  # a move the table waited for costs no rate: only floods are limited
            elif isinstance(msg, (P.Undo, P.Redo)):
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
            await table.claim(conn, msg.seat, msg.nonce)
            return
        await table.join(conn, seat, msg.nonce)

    async def _create(self, conn: Conn, msg: P.Create) -> None:
        conn.hello = True
        if not games.exists(msg.game):
            raise Refusal("options", why=f"no game '{printable(msg.game)[:40]}'")
        try:
            seats = game_seats(msg.game, parse_seats(msg.seats, msg.names), dict(msg.options))
            loop = asyncio.get_running_loop()
            options = dict(msg.options)
            table = self._add(await loop.run_in_executor(self.pool, lambda: self._seating(
                msg.game, seats, options, msg.undo) if msg.mix else self._prepare(
                msg.game, seats, options, undo=msg.undo)))
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
        # a name nobody typed reads in each reader's language (core/seat_names.py)
        name = (names[i] if names and i < len(names) else "") or \
            default_name("bot" if spec.startswith("bot") else "player", i + 1, "en")
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


def _sync_all(writers: list[J.JournalWriter]) -> list[str]:
    """fsync each journal (in a thread of the server's pool); the problems, in words."""
    problems = []
    for w in writers:
        try:
            w.sync()
        except (OSError, ValueError) as exc:  # ValueError: the table closed meanwhile
            problems.append(f"{w.path.name}: {exc}")
    return problems


def game_seats(game: str, seats: list[J.Seat], options: Options) -> list[J.Seat]:
    """The seats as the game has them: those its rules play (by the descriptor, for these
    options) become theirs whatever was asked for them. OptionsError for options the game
    refuses."""
    desc = games.get(game)
    n = len(seats)
    automated = desc.automated(desc.normalize(dict(options), n), n)
    return [J.Seat("", kind=automated[i]) if i in automated else s for i, s in enumerate(seats)]
