"""A table whose deal waits for its people (docs/network.md, "Everyone's randomness"): the
server has committed to its secret; each person who sits down sends 256 random bits
(`Hello.nonce`), and once every person's seat has sent them the table is dealt from the
secret and all of them (fair.game_seed) and becomes a Table, everyone seated so far moved to
it. Until then a client is sent `welcome` (not dealt) and `seats` as people come and go; a
move or an undo is refused. Imports no Textual."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from core import games
from core.engine import journal as J
from core.net import fair
from core.net import protocol as P
from core.net.table import Conn, Refusal, Table, seat_of

if TYPE_CHECKING:
    from core.engine.protocol import Options
    from core.net.server import Server


class Seating:
    """The server's table before its deal: who sat down, and the randomness each sent."""

    over = False
    finished = False

    def __init__(self, server: Server, table_id: str, game: str, seats: list[J.Seat],
                 options: Options, undo: str, secret: bytes, tokens: list[bytes | None],
                 path: Path) -> None:
        self.server = server
        self.id = table_id
        self.game = game
        self.seats = seats
        self.options = options
        self.undo = undo
        self.secret = secret
        self.commitment = fair.commitment(secret)
        self.tokens = tokens
        self.file = path  # the journal it will have
        desc = games.get(game)
        self.kinds = [s.kind for s in seats]
        self.names = [desc.automaton_name(s.kind, "en") if s.kind not in ("human", "bot")
                      else s.name or f"{i + 1}" for i, s in enumerate(seats)]
        self.conns: dict[int, Conn] = {}
        self.watchers: set[Conn] = set()
        self.nonces: dict[int, str] = {}
        self.free: set[int] = set()
        self.table: Table | None = None  # once dealt
        self.lock = asyncio.Lock()

    def free_seats(self) -> list[int]:
        return [i for i, t in enumerate(self.tokens) if t is not None]

    def seat_of(self, token: str) -> int | None:
        return seat_of(self.tokens, token)

    def waiting_for(self) -> list[int]:
        return [i for i in self.free_seats() if i not in self.nonces]

    def seat_infos(self) -> list[P.SeatInfo]:
        return [P.SeatInfo(c.name if (c := self.conns.get(i)) is not None and c.name else self.names[i],
                           kind, connected=c is not None) for i, kind in enumerate(self.kinds)]

    def info(self) -> P.TableInfo:
        return P.TableInfo(self.id, self.game, self.seat_infos(), 0, False, sorted(self.free))

    # --- seating -------------------------------------------------------------------------

    async def join(self, conn: Conn, seat: int | None, nonce: str = "", token: str = "") -> None:
        async with self.lock:
            if self.table is not None:  # dealt meanwhile: the table seats it
                await self.table.join(conn, seat)
                return
            if seat is not None:
                if not fair.valid_nonce(nonce):
                    raise Refusal("nonce", close=True)
                old = self.conns.get(seat)
                if old is not None and old is not conn:
                    old.table = None
                    self.server.refuse(old, Refusal("replaced", close=True))
                self.conns[seat] = conn
                self.nonces[seat] = nonce  # a player back before the deal: its latest counts
                self.free.discard(seat)
            else:
                self.watchers.add(conn)
            conn.table, conn.seat = self, seat  # type: ignore[assignment]
            self.server.send(conn, P.encode(P.Welcome(
                P.PROTOCOL, self.id, self.game, seat, self.seat_infos(), dict(self.options),
                self.commitment, token, dealt=False)))
            if self.waiting_for():
                self._tell_seats()
                return
            await self._deal()

    async def claim(self, conn: Conn, seat: int, nonce: str = "") -> None:
        token = self.tokens[seat] if 0 <= seat < len(self.tokens) else None
        if seat not in self.free or token is None:
            raise Refusal("taken", seat=seat + 1)
        await self.join(conn, seat, nonce, token.hex())

    def _tell_seats(self) -> None:
        msg = P.encode(P.Seats(self.seat_infos()))
        for conn in [*self.conns.values(), *self.watchers]:
            self.server.send(conn, msg)

    async def leave(self, conn: Conn) -> None:
        async with self.lock:
            if self.table is not None:
                await self.table.leave(conn)
                return
            if conn.seat is None:
                self.watchers.discard(conn)
            elif self.conns.get(conn.seat) is conn:
                del self.conns[conn.seat]  # its randomness stays: it was sent
            self._tell_seats()

    async def _deal(self) -> None:
        """Every person has sat down: deal from the secret and their randomness (the journal
        and keys written in a thread), and seat everyone at the table it becomes."""
        nonces = [self.nonces.get(i, "") for i in range(len(self.seats))]
        loop = asyncio.get_running_loop()
        table = await loop.run_in_executor(self.server.pool, lambda: self.server._prepare(
            self.game, self.seats, self.options, secret=self.secret, table_id=self.id,
            undo=self.undo, nonces=nonces, path=self.file))
        self.table = table
        self.server.tables[self.id] = table
        for seat, conn in self.conns.items():
            table._join(conn, seat)
        for conn in self.watchers:
            table._join(conn, None)
        table.kick()

    # --- what waits for the deal ---------------------------------------------------------

    async def act(self, conn: Conn, msg: P.Act | P.Undo | P.Answer) -> None:
        raise Refusal("not_dealt")

    ask_undo = answer_undo = act

    def kick(self) -> None:
        pass

    def close(self) -> None:
        pass
