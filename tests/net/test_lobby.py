"""A server's tables (docs/network.md, "Open tables"): `create` opens one (open: its people's
seats free for anyone who lists them), `list` shows them, a free seat is taken with `hello`
and its token comes back to the one who took it alone; and the app's Play online screen over
it: the list, taking a seat, watching, hosting a table from the new-game form."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.net import protocol as P
from core.net.client import NetError, TableClient, create_table, list_tables, play, table_url
from core.net.server import Server
from tests.net.helpers import by_chance, run, started, stop
from tests.piloting import screen_text, settle

GAME = games.ids()[0]


def test_an_open_tables_free_seats_are_taken_once(tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        base = f"ws://127.0.0.1:{server.port}"
        closed = await create_table(base, P.Create(P.PROTOCOL, GAME, ["human", "human"]))
        created = await create_table(base + "/anything", P.Create(
            P.PROTOCOL, GAME, ["human", "human", "bot:random"], names=["Ann", "Bob", "Cy"], open=True))
        assert [bool(t) for t in created.tokens] == [True, True, False]
        listed = {t.table: t for t in await list_tables(base)}
        assert listed[created.table].free == [0, 1] and listed[closed.table].free == []
        url = table_url(base, created.table)
        bob = TableClient(url, name="Bob", claim=1)
        await bob.connect()
        assert bob.seat == 1 and bob.token == created.tokens[1]  # its token, to come back with
        again = TableClient(url, claim=1)
        with pytest.raises(NetError, match="seat 2 is not free"):
            await again.connect()
        nobody = TableClient(table_url(base, closed.table), claim=0)
        with pytest.raises(NetError, match="not free"):
            await nobody.connect()
        ann = TableClient(url, created.tokens[0])  # by token: the seat is no longer free either
        await ann.connect()
        assert (await list_tables(base))[-1].free == []
        await bob.close()
        back = TableClient(url, bob.token)
        await back.connect()
        assert back.seat == 1
        await asyncio.gather(play(ann, by_chance(1)), play(back, by_chance(2)))
        for c in (ann, back):
            assert await c.wait(lambda c=c: c.verdict is not None, 60)
            assert c.verdict is not None and c.verdict.ok
        await stop(server, ann, back)
    run(body)


@pytest.mark.parametrize("game", games.ids())
def test_create_gives_the_seats_the_rules_play_to_the_rules(game: str, tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        desc = games.get(game)
        n = desc.seats[2]
        created = await create_table(f"ws://127.0.0.1:{server.port}",
                                     P.Create(P.PROTOCOL, game, ["human"] * n, undo="strict"))
        table = server.tables[created.table]
        automated = desc.automated(desc.normalize({}, n), n)
        assert [k for i, k in enumerate(table.kinds) if i in automated] == list(automated.values())
        assert [bool(t) for t in created.tokens] == [i not in automated for i in range(n)]
        assert table.session.header.undo == "strict"
        with pytest.raises(NetError, match="not opened"):
            await create_table(f"ws://127.0.0.1:{server.port}",
                               P.Create(P.PROTOCOL, game, ["human"] * n, undo="sometimes"))
        await stop(server)
    run(body)


def _at_table(app: Any) -> bool:
    from tui.screens.online import OnlineTableScreen

    return isinstance(app.screen, OnlineTableScreen) and app.screen.view is not None


async def _lobby(app: Any, pilot: Any, server_url: str) -> Any:
    from tui.screens.lobby import OnlineScreen

    await app.push_screen(OnlineScreen(server_url))
    await settle(pilot, lambda: isinstance(app.screen, OnlineScreen) and bool(app.screen.tables), 20)
    return app.screen


async def _ann_at_an_open_table(tmp_path: Path) -> tuple[Server, str, TableClient, str]:
    """A server with one open table of two, Ann at her seat and Bob's free: the server, its
    address, Ann's client and the table's id."""
    server = await started(tmp_path)
    base = f"ws://127.0.0.1:{server.port}"
    created = await create_table(base, P.Create(P.PROTOCOL, GAME, ["human", "human"],
                                                names=["Ann", "Bob"], open=True))
    ann = TableClient(table_url(base, created.table), created.tokens[0])
    await ann.connect()
    return server, base, ann, created.table


async def test_the_app_lists_a_servers_tables_and_takes_a_free_seat(tmp_path: Path,
                                                                    make_app: Callable[..., Any]) -> None:
    server, base, ann, table = await _ann_at_an_open_table(tmp_path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _lobby(app, pilot, base)
        shown = screen_text(app)
        assert "● Ann" in shown and "○ seat 2 free" in shown and "0 moves" in shown
        await pilot.press("enter")
        await settle(pilot, lambda: _at_table(app), 20)
        assert app.screen.remote.seat == 1
        await settle(pilot, lambda: "Bob (you)" in screen_text(app), 10)
        told = [n.message for n in app._notifications]
        assert any("To come back to this seat: evo join" in m for m in told), told  # its token
        assert server.tables[table].conns.keys() == {0, 1}
    await stop(server, ann)


async def test_the_app_watches_a_table(tmp_path: Path, make_app: Callable[..., Any]) -> None:
    server = await started(tmp_path)
    base = f"ws://127.0.0.1:{server.port}"
    await create_table(base, P.Create(P.PROTOCOL, GAME, ["human", "bot:random"]))
    app = make_app(lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await _lobby(app, pilot, base)
        assert "(бот)" in screen_text(app)
        await pilot.press("w")
        await settle(pilot, lambda: _at_table(app), 20)
        assert app.screen.remote.seat is None and "вы смотрите" in screen_text(app)
    await stop(server)


async def test_the_app_hosts_a_table_on_a_server(tmp_path: Path, make_app: Callable[..., Any]) -> None:
    from tui.screens.lobby import HostScreen
    server = await started(tmp_path)
    base = f"ws://127.0.0.1:{server.port}"
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        from tui.screens.lobby import OnlineScreen

        await app.push_screen(OnlineScreen(base))
        await settle(pilot, lambda: isinstance(app.screen, OnlineScreen), 10)
        await pilot.press("ctrl+n")
        await settle(pilot, lambda: isinstance(app.screen, HostScreen), 10)
        assert "A new table on" in screen_text(app) and "Seed" not in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: _at_table(app), 20)
        (table,) = server.tables.values()
        assert table.session.header.game == app.screen.remote.client.welcome.game
        assert 0 in table.conns and app.screen.remote.seat == 0
        assert table.free == set(table.free_seats()) - {0}
    await stop(server)


async def test_the_app_joins_by_address_and_shows_who_is_away(tmp_path: Path,
                                                               make_app: Callable[..., Any]) -> None:
    """The address form (a wrong address says why, on the form), then the table's line: who is
    connected, whose turn, and how long a dropped seat has before a bot plays it."""
    from tui.screens.online import JoinScreen

    server = await started(tmp_path, drop_after=60)
    base = f"ws://127.0.0.1:{server.port}"
    created = await create_table(base, P.Create(P.PROTOCOL, GAME, ["human", "human"], names=["Ann", "Bob"]))
    bob = TableClient(table_url(base, created.table), created.tokens[1])
    await bob.connect()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _lobby(app, pilot, base)
        await pilot.press("ctrl+o")
        await settle(pilot, lambda: isinstance(app.screen, JoinScreen), 10)
        app.screen.query_one("#join-url").value = base + "/nope"
        await pilot.press("enter")
        await settle(pilot, lambda: "no table" in screen_text(app), 10)
        app.screen.query_one("#join-url").value = table_url(base, created.table)
        app.screen.query_one("#join-token").value = created.tokens[0]
        await pilot.press("enter")
        await settle(pilot, lambda: _at_table(app), 20)
        assert "● Ann (you) · ● Bob" in screen_text(app)
        await bob.close()
        await settle(pilot, lambda: "○ Bob (bot in" in screen_text(app), 10)
        assert "bot in 6" in screen_text(app) or "bot in 5" in screen_text(app)  # of 60 s
    await stop(server)


async def test_the_lobby_remembers_the_server_and_the_name(tmp_path: Path,
                                                           make_app: Callable[..., Any]) -> None:
    """The server a lobby reached and the name typed there are kept with the settings: the next
    run's lobby opens on them (and lists that server's tables at once)."""
    from textual.widgets import Input

    from tui.screens.lobby import OnlineScreen
    from tui.settings import load_settings

    server, base, ann, table = await _ann_at_an_open_table(tmp_path)
    first = make_app()
    async with first.run_test(size=(80, 24)) as pilot:
        assert first.settings.server == ""  # nothing remembered yet: the lobby offers the default
        lobby = await _lobby(first, pilot, base)
        lobby.query_one("#online-name", Input).value = "Zoe"
        await pilot.press("enter")
        await settle(pilot, lambda: _at_table(first), 20)
        assert "Zoe (you)" in screen_text(first)
    kept = load_settings(tmp_path / "config")
    assert (kept.server, kept.player_name) == (base, "Zoe")
    again = make_app()
    again.settings = kept
    async with again.run_test(size=(80, 24)) as pilot:
        await again.push_screen(OnlineScreen())
        await settle(pilot, lambda: isinstance(again.screen, OnlineScreen) and bool(again.screen.tables), 20)
        lobby = again.screen
        assert lobby.query_one("#online-server", Input).value == base
        assert lobby.query_one("#online-name", Input).value == "Zoe"
        assert table in lobby.tables
    await stop(server, ann)
