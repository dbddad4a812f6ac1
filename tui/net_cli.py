"""`evo serve`, `evo host` and `evo join`: network play from the command line (#24,
docs/network.md). Imported only by those commands (contract 10: `evo legal` loads no network
code), and Textual only when a table is opened in the app."""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli import OK, REFUSED, UserError, _game_options, _lang, _seat_count, _text, save_problem, say

if TYPE_CHECKING:
    from ssl import SSLContext

    from core.engine.journal import Seat
    from core.engine.protocol import Options
    from core.net.client import TableClient
    from core.net.seating import Seating
    from core.net.server import Server, Table

EVERYWHERE = ("0.0.0.0", "::", "")


def _saves(args: argparse.Namespace) -> Path:
    from tui.saves import default_saves_dir

    return default_saves_dir(args.saves_dir) / "online"


def _public_host(bind: str) -> str:
    """The host name others reach this server by, for the join lines."""
    return socket.gethostname() if bind in EVERYWHERE else bind


def _warn_bind(bind: str, lang: str) -> None:
    if not bind.startswith("127.") and bind not in ("localhost", "::1"):  # 0.0.0.0 included
        print(say(lang, "net_bind_wide", bind=bind), file=sys.stderr)


def _server(args: argparse.Namespace) -> Server:
    from core.net.server import Server

    if args.drop_after < 0:
        raise UserError(say(_lang(args), "net_drop_after"))
    return Server(_saves(args), drop_after=float(args.drop_after))


def _tls(args: argparse.Namespace) -> SSLContext | None:
    """The server's TLS context from --cert and --key (None without them)."""
    lang = _lang(args)
    if not args.cert and not args.key:
        return None
    if not args.cert or not args.key:
        raise UserError(say(lang, "net_tls_pair"))
    from core.net.tls import TlsError, server_context

    try:
        return server_context(args.cert, args.key)
    except TlsError as exc:
        raise UserError(say(lang, "net_tls", why=_text(str(exc)))) from None


def _scheme(args: argparse.Namespace) -> str:
    return "wss" if args.cert else "ws"


async def _start(server: Server, args: argparse.Namespace, tls: SSLContext | None) -> None:
    lang = _lang(args)
    try:
        await server.start(args.bind, args.port, tls)
    except OSError as exc:
        raise UserError(say(lang, "net_cannot_listen", bind=args.bind, port=args.port,
                            why=exc.strerror or exc)) from None
    _warn_bind(args.bind, lang)


def cmd_serve(args: argparse.Namespace) -> int:
    lang = _lang(args)
    tls = _tls(args)
    server = _server(args)

    async def serving() -> None:
        await _start(server, args, tls)
        url = f"{_scheme(args)}://{_public_host(args.bind)}:{server.port}/"
        print(say(lang, "net_serving", url=url), flush=True)
        await asyncio.Future()  # until Ctrl-C

    try:
        asyncio.run(serving())
    finally:
        server.close()
    return OK


def _host_seats(args: argparse.Namespace) -> tuple[list[Seat], Options]:
    """The journal's seats from --seats (or every seat a person's), and the game's options."""
    from core import games
    from core.bots.base import BotSpecError
    from core.engine.journal import Seat
    from core.engine.protocol import OptionsError
    from core.net.server import parse_seats
    from core.seat_names import default_name

    lang = _lang(args)
    options = _game_options(args)
    game = games.get(args.game)
    if args.seats:
        specs = [s.strip() for s in args.seats.split(",")]
        if args.players is not None and args.players != len(specs):
            raise UserError(say(lang, "net_seats_count", k=len(specs), players=args.players))
        args.players = len(specs)
    n = _seat_count(args, options)
    specs = [s.strip() for s in args.seats.split(",")] if args.seats else ["human"] * n
    try:
        automated = game.automated(game.normalize(options, n), n)
    except OptionsError as exc:
        raise UserError(str(exc)) from None
    names = [default_name("bot" if spec.startswith("bot") else "player", i + 1, lang)
             for i, spec in enumerate(specs)]
    try:
        seats = parse_seats(specs, names)
    except BotSpecError as exc:
        raise UserError(say(lang, "net_bad_seats", why=exc.said(lang))) from None
    except ValueError as exc:
        raise UserError(say(lang, "net_bad_seats", why=_text(str(exc)))) from None
    return [Seat("", kind=automated[i]) if i in automated else s for i, s in enumerate(seats)], options


def cmd_host(args: argparse.Namespace) -> int:
    from core.engine.journal import JournalError
    from core.engine.protocol import OptionsError
    from core.engine.session import SessionError

    lang = _lang(args)
    if args.resume and args.game:
        raise UserError(say(lang, "net_resume_or_game"))
    if not args.resume and not args.game:
        raise UserError(say(lang, "net_game_needed"))
    tls = _tls(args)
    server = _server(args)
    try:
        if args.resume:
            table: Table | Seating = server.resume_table(args.resume)
        else:
            seats, options = _host_seats(args)
            # dealt once everyone has sat down, from their randomness too (docs/network.md)
            table = server.open_table(args.game, seats, options, mix=True)
    except (JournalError, SessionError, OptionsError) as exc:
        raise UserError(save_problem(exc, lang)) from None

    free = table.free_seats()
    own = None if args.headless or not free else free[0]  # the host's own seat, in the app

    async def opened() -> list[str]:
        """Listen, and say where the table is and how the others join it."""
        await _start(server, args, tls)
        url = f"{_scheme(args)}://{_public_host(args.bind)}:{server.port}/{table.id}"
        lines = [say(lang, "net_table", game=table.game, url=url,
                     commitment=table.commitment or "—")]
        lines += [say(lang, "net_join", seat=seat + 1, name=table.names[seat], url=url,
                      token=_token(table, seat))
                  for seat in free if seat != own]
        lines.append(say(lang, "net_journal", file=table.file))
        print("\n".join(lines), flush=True)
        table.kick()
        return lines

    async def until_over() -> None:
        while not server.tables[table.id].finished:  # bounded by the game, or Ctrl-C stops the host
            await asyncio.sleep(0.5)
        await asyncio.sleep(2.0)  # the end and the journal reach every client

    if own is None:
        async def hosting() -> int:
            await opened()
            await until_over()
            print(say(lang, "net_over", file=server.tables[table.id].file))
            return OK

        try:
            return asyncio.run(hosting())
        finally:
            server.close()
    return _host_in_app(server, table, own, opened, args)


def _token(table: Table | Seating, seat: int) -> str:
    """The token that joins free seat `seat`."""
    token = table.tokens[seat]
    assert token is not None  # a free seat's
    return token.hex()


def _host_in_app(server: Server, table: Table | Seating, own: int, opened: Callable[[], Awaitable[list[str]]],
                 args: argparse.Namespace) -> int:
    """The server in a thread of its own, the host at its seat in the app (the join lines are
    printed before the app starts, and shown in it)."""
    import threading

    ready: list[list[str]] = []
    stop = threading.Event()
    failed: list[BaseException] = []

    def serving() -> None:
        async def run() -> None:
            try:
                ready.append(await opened())
            except BaseException as exc:  # the port is taken: said once the app would start
                failed.append(exc)
                return
            finally:
                started.set()
            while not stop.is_set():  # until the app closes
                await asyncio.sleep(0.2)

        asyncio.run(run())

    started = threading.Event()
    thread = threading.Thread(target=serving, name="evo-host", daemon=True)
    thread.start()
    started.wait(30)
    try:
        if failed:
            raise failed[0]
        from tui.app import run_online

        host = "127.0.0.1" if args.bind in EVERYWHERE else args.bind
        url = f"{_scheme(args)}://{host}:{server.port}/{table.id}"
        # its own server's certificate, trusted whatever name the app reaches it by
        run_online(url, _token(table, own), "", lang=args.lang, saves_dir=args.saves_dir,
                   notes=ready[0][1:-1] if ready else [], ca=args.cert, pinned=True, hosting=True)
    finally:
        stop.set()
        thread.join(10)
        server.close()
    return OK


def cmd_join(args: argparse.Namespace) -> int:
    lang = _lang(args)
    if not args.bot:
        from tui.app import run_online

        run_online(args.url, args.token or "", _text(args.name or ""), lang=args.lang,
                   saves_dir=args.saves_dir, ca=args.ca)
        return OK
    import gc

    from core.bots.base import BotSpecError, check_spec

    gc.enable()  # a whole game, headless (the app turns the collector on itself)

    try:
        check_spec(args.bot)
    except BotSpecError as exc:
        raise UserError(exc.said(lang)) from None
    return asyncio.run(_join_with_bot(args.url, args.token or "", _text(args.name or ""), args.bot, lang,
                                      args.ca))


async def _join_with_bot(url: str, token: str, name: str, spec: str, lang: str,
                         ca: str | None = None) -> int:
    """Play a seat with a bot until the game ends, then check the deal and every move."""
    from core.bots.base import make_bot
    from core.net.client import NetError, TableClient, play

    client = TableClient(url, token, name, lang, ca=ca)
    try:
        await client.connect()
    except NetError as exc:
        raise UserError(say(lang, "net_cannot_join", why=_text(str(exc)))) from None
    rules = client.rules
    assert rules is not None, "a table joined has its game"
    bot = make_bot(spec, rules, 1)

    def choose(c: TableClient) -> str:
        legal = [rules.parse_action(x) for x in c.update.legal]  # type: ignore[union-attr]
        return rules.format_action(bot.choose(c.view(), legal))

    try:
        await play(client, choose, timeout=24 * 3600)
        await client.wait(lambda: client.verdict is not None or client.closed, 600)
    except NetError as exc:
        raise UserError(say(lang, "net_cannot_join", why=_text(str(exc)))) from None
    finally:
        await client.close()
    return _said_verdict(client, lang)


def _said_verdict(client: TableClient, lang: str) -> int:
    v = client.verdict
    if v is None:
        print(say(lang, "net_lost"))
        return REFUSED
    if v.ok:
        print(say(lang, "net_verified", k=v.moves))
        return OK
    print(say(lang, "net_not_verified", problem=_text(v.problem)))
    return REFUSED
