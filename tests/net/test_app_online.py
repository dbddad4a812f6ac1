"""The app at a table a server holds: joined through `start=("online", …)` as `evo join` does,
the same table screen with the connection's line on top, moves sent through the screen's own
`submit`, and the end screen saying that the deal and every move were checked."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.engine import journal as J
from core.net.server import Server
from tests.piloting import screen_text, settle

GAMES = games.ids()
FEW = 4  # moves the app makes at every game's table


def _shortest() -> str:
    """The game whose seeded random game is shortest: the one the app plays to its end (a
    whole game through the screen costs seconds per hundred moves)."""
    from core.engine.session import GameSession

    lengths = {}
    for game in GAMES:
        s = GameSession.new(game, seats=_seats(game), seed=3)
        rng = random.Random(3)
        n = 0
        while s.pending() is not None and n < 5000:
            legal = s.legal_actions()
            s.act(legal[rng.randrange(len(legal))])
            n += 1
        lengths[game] = n
    return min(lengths, key=lengths.__getitem__)


def _seats(game: str) -> list[J.Seat]:
    n = games.get(game).seats[2]
    automated = games.get(game).automated(games.get(game).normalize({}, n), n)
    return [J.Seat("", kind=automated[i]) if i in automated else
            J.Seat("Ann") if i == 0 else J.Seat(f"Bot {i}", "bot", "random") for i in range(n)]


@pytest.mark.parametrize("game", GAMES)
async def test_the_app_sits_at_an_online_table_of_every_game(game: str, tmp_path: Path,
                                                             make_app: Callable[..., Any]) -> None:
    await _play(game, tmp_path, make_app, FEW)


async def test_the_app_plays_an_online_table_to_a_checked_end(tmp_path: Path,
                                                              make_app: Callable[..., Any]) -> None:
    await _play(_shortest(), tmp_path, make_app, None)


async def _seated(game: str, tmp_path: Path, make_app: Callable[..., Any]) -> tuple[Server, Any, Any]:
    """A server on 127.0.0.1 holding `game`'s table, dealt, and the app joining it at seat 0."""
    server = Server(tmp_path / "server", durable=False)
    await server.start("127.0.0.1", 0)
    table = server.open_table(game, _seats(game))
    token = table.tokens[0]
    assert token is not None
    table.kick()
    app = make_app(start=("online", (f"ws://127.0.0.1:{server.port}/{table.id}", token.hex(), "Ann")))
    return server, table, app


async def _play(game: str, tmp_path: Path, make_app: Callable[..., Any], moves: int | None) -> None:
    """Join `game`'s table in the app and make `moves` moves through the table screen (None:
    to the end, whose screen must say the deal and every move were checked)."""
    from tui.screens.end import EndScreen
    from tui.screens.online import OnlineTableScreen

    server, table, app = await _seated(game, tmp_path, make_app)
    rng = random.Random(3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, OnlineTableScreen) and app.screen.view is not None,
                     20)
        assert "Ann (you)" in screen_text(app)
        made = 0
        for _ in range(20_000):  # moves and waits, bounded; the game ends long before
            screen = app.screen
            if isinstance(screen, EndScreen) or made == moves:
                break
            if isinstance(screen, OnlineTableScreen) and screen.ctl.my_decision():
                legal = screen.legal()
                seq = table.session.entries[-1].seq
                screen.submit(legal[rng.randrange(len(legal))])
                made += 1
                assert not screen.ctl.my_decision(), "asked again before the server answered"
                await settle(pilot, lambda s=seq: table.session.entries[-1].seq > s, 20)
            await pilot.pause(0.002)
        if moves is None:
            await settle(pilot, lambda: isinstance(app.screen, EndScreen), 60)
            assert "Checked: the deal is the one committed" in screen_text(app)
            saved = list((tmp_path / "saves").glob(f"{game}-online-*.jsonl"))
            assert len(saved) == 1
        else:
            assert made == moves or isinstance(app.screen, EndScreen)
            moved = [e for e in table.session.entries if e.kind == "move" and e.seat == 0]
            assert len(moved) == made
    assert server.ws is not None
    server.ws.close()
    server.close()


async def test_a_lost_table_is_said_first_and_leaving_a_live_one_is_asked(
        tmp_path: Path, make_app: Callable[..., Any]) -> None:
    """Ctrl+Q at a live table asks first (the seat waits for its player); once the server has
    gone, the line on top says so before anything else (a seat's countdown is stale by then),
    a move says so too — not "waiting for" oneself — and Ctrl+Q quits without asking."""
    from tui.screens.dialogs import ConfirmScreen
    from tui.screens.online import OnlineTableScreen

    server, _table, app = await _seated("classic", tmp_path, make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, OnlineTableScreen) and app.screen.view is not None,
                     20)
        screen = app.screen
        await pilot.press("ctrl+q")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Your seat waits for you" in screen_text(app)
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is screen)
        assert server.ws is not None
        server.ws.close()
        server.close()
        await settle(pilot, lambda: screen.remote.lost(), 20)
        top = screen_text(app).splitlines()[0]
        assert top.strip().startswith("✗ The connection to the table is lost"), top
        screen._not_your_turn()
        assert "connection to the table is lost" in screen.message[0]
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)


async def test_names_nobody_typed_read_in_each_clients_language(tmp_path: Path) -> None:
    """A table whose seats are "Player 1" and "Bot 2" (its host's English): a Russian client's
    log says «Игрок 1» and «Бот 2», an English client's "Player 1" and "Bot 2"."""
    from core.net.client import TableClient

    server = Server(tmp_path / "server", durable=False)
    await server.start("127.0.0.1", 0)
    table = server.open_table("classic", [J.Seat("Player 1"), J.Seat("Bot 2", "bot", "random")])
    token = table.tokens[0]
    assert token is not None
    url = f"ws://127.0.0.1:{server.port}/{table.id}"
    ru = TableClient(url, token.hex(), lang="ru")
    await ru.connect()
    table.kick()
    assert await ru.wait(lambda: ru.update is not None and len(ru.log) > 2, 10)
    told = " ".join(line.text for line in ru.log)
    assert "Бот 2" in told and "Bot 2" not in told, told
    en = TableClient(url, lang="en")  # a spectator
    await en.connect()
    assert await en.wait(lambda: len(en.log) > 2, 10)
    assert "Bot 2" in " ".join(line.text for line in en.log)
    await ru.close()
    await en.close()
    assert server.ws is not None
    server.ws.close()
    server.close()
