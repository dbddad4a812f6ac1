"""A client of a table server: the table as one seat sees it, kept up to date from the
server's messages, its moves sent with the sequence number they were made at, and the check
of the deal at the end (core/net/fair.py). Imports no Textual: the app, `evo join --bot`,
the tests and `evo bench --net` all use it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from core import games
from core.net import fair
from core.net import protocol as P

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

    from core.engine.protocol import AnyRuleset


class NetError(Exception):
    """A table that cannot be joined or was lost: one line for the player."""


class TableClient:
    """One connection to one table. `changed` is set whenever a message arrived; `frames`
    keeps every frame received when `keep_frames` (the hidden-information tests compare them)."""

    def __init__(self, url: str, token: str = "", name: str = "", lang: str = "en",
                 keep_frames: bool = False, on_change: Callable[[], None] | None = None,
                 ca: str | None = None, pinned: bool = False, claim: int | None = None) -> None:
        self.url, self.token, self.name, self.lang = url, token, name, lang
        self.claim = claim  # with no token: the free seat of an open table to take
        self.nonce = fair.new_nonce()  # this player's randomness, for a table not dealt yet
        self.contributed = False  # it sat down before the deal: its randomness is in it
        self.ca, self.pinned = ca, pinned  # wss://: the certificate file to trust (tls.py)
        self.keep_frames = keep_frames
        self.frames: list[str | bytes] = []
        self.on_change = on_change
        self.ws: ClientConnection | None = None
        self.welcome: P.Welcome | None = None
        self.rules: AnyRuleset | None = None
        self.update: P.Update | None = None
        self.seats: list[P.SeatInfo] = []
        self.seats_at = 0.0  # monotonic time the seats were last told (drop timers count from it)
        self.updated_at = 0.0  # and the last update (an open request's time left counts from it)
        self.log: list[P.LogLine] = []
        self.refusals: list[P.Refused] = []
        self.end: P.End | None = None
        self.verdict: fair.Verdict | None = None
        self.closed = False
        self.news = 0  # messages taken so far: waiting for "anything new" compares it
        self.changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    # --- connecting ----------------------------------------------------------------------

    async def connect(self, timeout: float = 10.0) -> None:
        """Connect, say hello and wait for the table (NetError if refused or unreachable)."""
        from core.net.tls import client_context

        try:
            tls = client_context(self.url, self.ca, self.pinned)
            self.ws = await asyncio.wait_for(
                connect(self.url, max_size=P.MAX_SERVER_FRAME, compression=None, open_timeout=timeout,
                        ssl=tls), timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise NetError(f"cannot reach {self.url}: {exc}") from None
        except Exception as exc:  # an invalid URI or handshake: websockets' own errors
            raise NetError(f"cannot reach {self.url}: {exc}") from None
        await self.send(P.Hello(P.PROTOCOL, self.token, self.name, self.lang,
                                None if self.token else self.claim, self.nonce))
        self._reader = asyncio.ensure_future(self._read())
        await self.wait(lambda: self.update is not None or self.closed or self.waiting(), timeout)
        if self.update is None and not self.waiting():
            why = self.refusals[-1].message if self.refusals else "the server closed the connection"
            raise NetError(why)

    async def send(self, msg: P.ClientMsg) -> None:
        assert self.ws is not None, "connected"
        await self.ws.send(P.encode(msg).decode("utf-8"))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 5)
            except (TimeoutError, asyncio.CancelledError):
                self._reader.cancel()

    async def _read(self) -> None:
        ws = self.ws
        assert ws is not None, "connected"
        try:
            async for frame in ws:
                if self.keep_frames:
                    self.frames.append(frame)
                msg = P.decode_server(frame)
                self._take(msg)
                if isinstance(msg, P.End):  # replaying the journal takes a while: not on the loop
                    self.verdict = await asyncio.to_thread(self.check)
                self._changed()
        except ConnectionClosed:
            pass
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            self.refusals.append(P.Refused("malformed", f"the server sent a bad message: {exc}"))
        finally:
            self.closed = True
            self._changed()

    def _changed(self) -> None:
        self.changed.set()
        if self.on_change is not None:
            self.on_change()

    def _take(self, msg: P.ServerMsg) -> None:
        self.news += 1
        if isinstance(msg, P.Welcome):
            if not msg.dealt and msg.seat is not None:
                self.contributed = True  # seated before the deal, with self.nonce
            self.welcome = msg
            if msg.token:  # a free seat taken: its token, to come back with
                self.token = msg.token
            self.rules = games.load(msg.game)
            self._seats(msg.seats)
        elif isinstance(msg, P.Update):
            self.update = msg
            self.updated_at = time.monotonic()
            self._seats(msg.seats)
            if msg.full:
                self.log = list(msg.log)
            else:
                self.log.extend(msg.log)
        elif isinstance(msg, P.Seats):
            self._seats(msg.seats)
        elif isinstance(msg, P.Refused):
            self.refusals.append(msg)
        elif isinstance(msg, P.End):
            self.end = msg

    def _seats(self, seats: list[P.SeatInfo]) -> None:
        self.seats = list(seats)
        self.seats_at = time.monotonic()

    async def wait(self, done: Callable[[], bool], timeout: float) -> bool:
        """Wait until `done()` holds (True) or `timeout` seconds passed (False)."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.changed.clear()
            if done():
                return True
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return done()
        return True

    # --- the table as this seat sees it --------------------------------------------------

    def waiting(self) -> bool:
        """Seated at a table whose deal waits for the others to sit down."""
        return self.update is None and self.welcome is not None and not self.welcome.dealt \
            and not self.closed

    @property
    def seat(self) -> int | None:
        return None if self.welcome is None else self.welcome.seat

    @property
    def seq(self) -> int:
        return -1 if self.update is None else self.update.seq

    def view(self) -> object:
        assert self.update is not None and self.rules is not None
        return msgspec.json.decode(self.update.view, type=self.rules.view_type)

    def my_turn(self) -> bool:
        """This seat is to decide now (nobody is while a request to take moves back is open)."""
        u = self.update
        return u is not None and u.pending is not None and u.pending == self.seat and bool(u.legal) \
            and u.undo is None

    @property
    def undo_request(self) -> P.UndoRequest | None:
        return None if self.update is None else self.update.undo

    def asked_to_undo(self) -> bool:
        """An open request to take moves back (or put them back) waits for this seat's answer."""
        r = self.undo_request
        return r is not None and self.seat in r.asked and self.seat not in r.agreed

    def over(self) -> bool:
        return self.update is not None and self.update.pending is None

    async def act(self, notation: str) -> None:
        await self.send(P.Act(self.seq, notation))

    async def ask_undo(self) -> None:
        """Ask to take back this seat's last move and what came after it (the server asks the
        people whose moves that takes back)."""
        await self.send(P.Undo(self.seq))

    async def ask_redo(self) -> None:
        """Ask to put back the moves the last undo took back (this seat's among them; the
        server asks the other people whose moves they are)."""
        await self.send(P.Redo(self.seq))

    async def answer_undo(self, yes: bool) -> None:
        """Agree or not to the open request, to take moves back or to put them back (the
        asker's no withdraws it)."""
        r = self.undo_request
        if r is not None:
            await self.send(P.Answer(r.seq, yes))

    # --- the end -------------------------------------------------------------------------

    def check(self) -> fair.Verdict:
        """The deal and every move checked (fair.check_table) against what this client saw."""
        assert self.end is not None and self.welcome is not None and self.update is not None
        viewer = self.seat  # a spectator is shown the whole table once the game is over
        return fair.check_table(self.welcome.commitment, self.end.secret, self.end.journal,
                                viewer, bytes(self.update.view), self.end.nonces,
                                self.nonce if self.contributed else "")


async def _ask(url: str, msg: P.ClientMsg, ca: str | None, timeout: float) -> P.ServerMsg:
    """One question to a server's root (`create`, `list`) and its answer (NetError if none)."""
    from core.net.tls import client_context

    root = url.split("://", 1)
    if len(root) != 2 or root[0] not in ("ws", "wss"):
        raise NetError(f"not a server's address (ws://HOST:PORT or wss://…): {url}")
    address = f"{root[0]}://{root[1].split('/', 1)[0]}/"
    try:
        async with asyncio.timeout(timeout):
            async with connect(address, max_size=P.MAX_SERVER_FRAME, compression=None,
                               ssl=client_context(address, ca)) as ws:
                await ws.send(P.encode(msg).decode("utf-8"))
                answer = P.decode_server(await ws.recv())
    except (OSError, TimeoutError, ValueError) as exc:
        raise NetError(f"cannot reach {address}: {exc}") from None
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise NetError(f"the server sent a bad message: {exc}") from None
    except Exception as exc:  # websockets' own errors: an invalid address, a refused handshake
        raise NetError(f"cannot reach {address}: {exc}") from None
    if isinstance(answer, P.Refused):
        raise NetError(answer.message)
    return answer


async def list_tables(url: str, ca: str | None = None, timeout: float = 10.0) -> list[P.TableInfo]:
    """The tables a server holds (`url`: the server's address; a table's path is ignored)."""
    answer = await _ask(url, P.ListTables(P.PROTOCOL), ca, timeout)
    if not isinstance(answer, P.Tables):
        raise NetError("the server did not list its tables")
    return answer.tables


async def create_table(url: str, msg: P.Create, ca: str | None = None, timeout: float = 30.0) -> P.Created:
    """Open a table on a server: its id and the seats' tokens (NetError, in the server's words
    and the hello's language, if refused)."""
    answer = await _ask(url, msg, ca, timeout)
    if not isinstance(answer, P.Created):
        raise NetError("the server did not open the table")
    return answer


def table_url(server_url: str, table: str) -> str:
    """A table's address on the server at `server_url` (its path, if any, replaced)."""
    scheme, rest = server_url.split("://", 1)
    return f"{scheme}://{rest.split('/', 1)[0]}/{table}"


async def play(client: TableClient, choose: Callable[[TableClient], str], moves: int = 100_000,
               timeout: float = 60.0, agree: bool | None = None) -> int:
    """Play the client's seat until the game ends: `choose` names a move whenever it is this
    seat's turn; a request to take moves back that asks this seat is answered `agree` (None:
    not at all, it lapses). Bounded: at most `moves` moves, and `timeout` seconds without
    news. Returns the moves made."""
    made = 0
    last_seq = -2
    answered = -1
    while made < moves and not client.closed:
        if client.end is not None:
            break
        if client.my_turn() and client.seq != last_seq:
            last_seq = client.seq
            await client.act(choose(client))
            made += 1
        r = client.undo_request
        if agree is not None and r is not None and client.asked_to_undo() and answered != r.seq:
            answered = r.seq
            await client.answer_undo(agree)
        seen, refused = client.news, len(client.refusals)
        if not await client.wait(lambda s=seen: client.news != s  # type: ignore[misc]
                                 or client.end is not None or client.closed, timeout):
            raise NetError(f"no news from the table for {timeout:.0f} s")
        new = client.refusals[refused:]
        if new and new[-1].code in ("stale", "illegal", "not_your_turn", "rate", "undo_open") \
                and client.seq == last_seq:
            if new[-1].code == "rate":
                await asyncio.sleep(1.0)
            last_seq = -2  # refused: decide again on the position as it stands
    return made
