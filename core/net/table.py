"""A table of the server (core/net/server.py): one game, its session (the only writer of its
journal), its secret, its seats' tokens, who is connected, the bots that play, the log as
each seat is told it, and the requests to take moves back (core/net/consent.py). Also the
connection and the refusal the server and its tables share. Imports no Textual."""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from core.bots.base import BotSpecError, make_bot
from core.engine.protocol import PUBLIC, IllegalAction
from core.engine.session import GameSession
from core.net import consent, fair
from core.net import protocol as P
from core.net.words import say
from core.seat_names import in_lang
from core.textdata import printable

if TYPE_CHECKING:
    from pathlib import Path

    from websockets.asyncio.server import ServerConnection

    from core.engine.protocol import Action, Decision, Event
    from core.net.server import Server

STAND_IN_BOT = "greedy"  # plays a seat whose player did not come back in time
RATE_BURST = 40  # frames a client may send at once
RATE_PER_S = 20.0  # and on average per second after that
MAX_REFUSED = 200  # a connection refused this often is closed (a flood, a broken client)


def new_token() -> bytes:
    return secrets.token_bytes(16)  # 128 bits


def bot_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 1_000_003 + seat * 7919) % 2**31


def seat_of(tokens: list[bytes | None], token: str) -> int | None:
    """The seat a token opens (every seat's token compared in constant time)."""
    try:
        given = bytes.fromhex(token)
    except ValueError:
        given = b""
    found = None
    for i, t in enumerate(tokens):
        if t is not None and hmac.compare_digest(given, t):
            found = i
    return found


class Refusal(Exception):
    def __init__(self, code: str, seq: int | None = None, close: bool = False, **args: object) -> None:
        super().__init__(code)
        self.code, self.seq, self.close, self.args_ = code, seq, close, args


@dataclass(eq=False)  # a connection is itself: hashed and compared by identity
class Conn:
    ws: ServerConnection
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
                 tokens: list[bytes | None], nonces: list[str] | None = None) -> None:
        self.server = server
        self.id = table_id
        self.session = session
        self.game = session.header.game
        self.rules = session.rules
        self.secret = secret
        self.commitment = fair.commitment(secret) if secret is not None else ""
        self.tokens = tokens
        self.nonces = nonces or []  # the players' randomness the deal was made with (fair.py)
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
        # (undo or redo, seat) -> the position its last such request failed at
        self.refused_at: dict[tuple[str, int], int] = {}
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
    def file(self) -> Path | None:
        return self.session.file

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

    def _log(self, conn: Conn, start: int, seats: list[P.SeatInfo],
             alike: dict[tuple[int, int, str], str | None] | None = None) -> list[P.LogLine]:
        """The log narrated for the connection's seat from item `start` on. `alike`: one
        broadcast's texts that every viewer is told the same (their rule never asked who the
        viewer is), by (entry, event, language): narrated once for all the seats."""
        viewer = self.viewer(conn)
        lang = conn.lang
        names = [in_lang(x.name, lang) for x in seats]  # "Player 2" is «Игрок 2» to a Russian client
        alike = {} if alike is None else alike
        told = getattr(self.rules, "narrate_told", None) or self._told
        lines: list[P.LogLine] = []
        for item in self.items[start:]:
            if isinstance(item, Note):
                lines.append(P.LogLine(say(f"note.{item.key}", lang, name=names[item.seat],
                                           k=item.k), item.seat, note=True))
                continue
            events = self.session.entries[item].events
            for i, (ev, about) in enumerate(zip(events, self.about[item], strict=True)):
                key = (item, i, lang)
                if key in alike:
                    text = alike[key]
                else:
                    text, looked = told(ev, viewer, lang, names)
                    if not looked:
                        alike[key] = text
                if text:
                    lines.append(P.LogLine(text, about))
        return lines

    def _told(self, event: Event, viewer: int | None, lang: str,
              names: list[str]) -> tuple[str | None, bool]:
        """For a ruleset without `narrate_told`: its text, taken to depend on the viewer."""
        return self.rules.narrate(event, viewer, lang, names), True

    def update_for(self, conn: Conn, full: bool = False, shared: dict[Any, Any] | None = None) -> bytes:
        """The connection's update. `shared` is one broadcast's memo: what every connection's
        update reads alike (the seats, who decides, what a request to take moves back is told
        from), and what spectators (and a seat's connections, were there several) are sent alike."""
        s = self.session
        memo: dict[Any, Any] = {} if shared is None else shared
        table = memo.get("table")
        if table is None:
            table = memo["table"] = self._now()
        seats, pend, seq, request, asking = table
        viewer = self.viewer(conn)
        view = memo.get(("view", viewer))
        if view is None:
            view = memo[("view", viewer)] = msgspec.Raw(msgspec.json.encode(s.view(viewer)))
        start = 0 if full else conn.logged
        log = memo.get(("log", viewer, conn.lang, start))
        if log is None:
            log = memo[("log", viewer, conn.lang, start)] = self._log(
                conn, start, seats, memo.setdefault("alike", {}))
        mine = pend is not None and conn.seat == pend.seat
        why, back, asks = self.undo_check(conn.seat, asking=asking)
        redo_why, redo_back, redo_asks = self.undo_check(conn.seat, redo=True, asking=asking)
        msg = P.Update(
            seq=seq,
            view=view,
            seats=seats,
            log=log,
            full=full,
            pending=None if pend is None else pend.seat,
            legal=[self.rules.format_action(a) for a in s.legal_actions()] if mine else [],
            prompt=self.rules.prompt(s.state, conn.lang) if mine else "",
            undo=request,
            undo_back=back,
            undo_why=why,
            undo_asks=asks,
            redo_back=redo_back,
            redo_why="" if redo_why == "redo_nothing" else redo_why,  # nothing to put back: said by 0
            redo_asks=redo_asks,
        )
        conn.logged = len(self.items)
        return P.encode(msg)

    def _now(self) -> tuple[list[P.SeatInfo], Decision | None, int, P.UndoRequest | None,
                            tuple[bool, set[int]]]:
        """What every update of one broadcast reads alike: the seats, the pending decision, the
        position, the open request, and what a request would be checked against (the game
        over, the people at the table)."""
        pend = self.session.pending()
        return (self.seat_infos(), pend, len(self.session.entries),
                None if self.request is None else self.request.info(),
                (pend is None, {s for s in self.conns if s not in self.stand_in}))

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
        return P.encode(P.End(self.secret.hex() if self.secret is not None else "", journal,
                              self.nonces))

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

    # --- seats ---------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        return seat_of(self.tokens, token)

    async def join(self, conn: Conn, seat: int | None, nonce: str = "") -> None:
        async with self.lock:  # not while a move is being written
            self._join(conn, seat)

    async def claim(self, conn: Conn, seat: int, nonce: str = "") -> None:
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
            self._close_request("left", seat)
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

    async def make(self, seat: int, action: Action) -> None:
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

    # --- undo and redo by consent (core/net/consent.py) -----------------------------------

    def undo_check(self, seat: int | None, redo: bool = False,
                   asking: tuple[bool, set[int]] | None = None) -> tuple[str, int, list[int]]:
        """Whether `seat` may ask to take moves back (`redo`: to put back those the last undo
        took) now: ("", moves, seats to ask) or (a refusal's code, 0, []); nothing for a
        spectator. `asking`: (the game is over, the people at the table), if known."""
        if seat is None:
            return "", 0, []
        if redo and not self.session.redo_stack:  # on every update: nothing to put back
            return "redo_nothing", 0, []
        check = consent.redo_refusal if redo else consent.refusal
        over, present = asking or (self.over, {s for s in self.conns if s not in self.stand_in})
        return check(self.session, self.kinds, seat, over=over,
                     open_request=self.request is not None,
                     refused_here=self.refused_at.get(("redo" if redo else "undo", seat))
                     == len(self.session.entries),
                     present=present)

    async def ask_undo(self, conn: Conn, msg: P.Undo | P.Redo) -> None:
        """A request to take moves back (`Undo`) or put them back (`Redo`): made at once when
        it asks nobody, else opened until the people it asks answer."""
        redo = isinstance(msg, P.Redo)
        async with self.lock:
            now = len(self.session.entries)
            if conn.seat is None:
                raise Refusal("watching")
            if msg.seq != now:
                raise Refusal("stale", seq=now, got=msg.seq, now=now)
            why, n, asks = self.undo_check(conn.seat, redo)
            if why:
                raise Refusal(why)
            assert conn.seat is not None
            if not asks:  # only its own and bots' moves: nobody to ask
                await (self._redo if redo else self._undo)(conn.seat, n)
                return
            req = consent.Request(now, conn.seat, n, asks, time.monotonic() + consent.UNDO_WAIT_S,
                                  redo=redo)
            self.items.append(Note(f"{req.kind}_asked", conn.seat, n))
            loop = asyncio.get_running_loop()
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
                    self._close_request("withdrawn", seat)
                return
            if not msg.yes:
                self._close_request("no", seat)
                return
            req.agreed.add(seat)
            self.items.append(Note(f"{req.kind}_yes", seat))
            if req.waiting_for():
                self.broadcast()
                return
            req.cancel()
            self.request = None
            await (self._redo if req.redo else self._undo)(req.by, req.moves)
        self.kick()

    async def _lapse(self, req: consent.Request) -> None:
        async with self.lock:
            if self.request is req:
                self._close_request("lapsed", req.by, int(consent.UNDO_WAIT_S))
        self.kick()

    def _close_request(self, what: str, seat: int, k: int = 0) -> None:
        """The open request ends without being made (the caller holds the lock): said in the
        log (`what`: no, withdrawn, lapsed, left), and its asker may not ask the same again at
        this position."""
        req = self.request
        assert req is not None
        req.cancel()
        self.request = None
        self.refused_at[(req.kind, req.by)] = len(self.session.entries)
        self.items.append(Note(f"{req.kind}_{what}", seat, k))
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

    async def _redo(self, by: int, n: int) -> None:
        """Put back the moves the last undo took (journaled as a redo entry, fsync'd): they
        come back into the log, told like any move, so the update is not a full one."""
        for seq in self.session.redo(n):
            self.items.append(seq)
            self._attributed(seq)
        self.items.append(Note("redone", by, n))
        await self.server.synced(self.session)
        self.broadcast()

    def close(self) -> None:
        if self.request is not None:
            self.request.cancel()
        for _, timer in self.away.values():
            timer.cancel()
        if self._bots_task is not None:
            self._bots_task.cancel()
        self.session.close()
