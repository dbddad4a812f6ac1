"""Everyone's randomness in the deal (docs/network.md): a table that mixes waits for its
people, each of whom sends 256 random bits; it is dealt once all have, from the server's
committed secret and all of them; every client then checks that its own bits are in the deal
and that the seed is the one secret and bits give. Until the deal nothing can be played."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.engine import journal as J
from core.net import fair
from core.net import protocol as P
from core.net.client import NetError, TableClient, list_tables, play
from core.net.seating import Seating
from core.net.table import Table
from tests.net.helpers import by_chance, run, started, stop, table_seats, url

GAME = games.ids()[0]
SECRET = bytes(range(32))


def _tokens(table: Seating) -> list[str]:
    return [t.hex() for t in table.tokens if t is not None]


@pytest.mark.parametrize("game", games.ids())
def test_the_deal_waits_for_everyone_and_is_made_from_their_randomness(game: str,
                                                                        tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        seating = server.open_table(game, table_seats(game), mix=True)
        assert isinstance(seating, Seating) and seating.commitment == fair.commitment(seating.secret)
        first, *rest = [TableClient(url(server, seating), t) for t in _tokens(seating)]
        watcher = TableClient(url(server, seating))
        await watcher.connect()
        await first.connect()
        assert first.waiting() and first.update is None and first.welcome is not None
        assert first.welcome.commitment == seating.commitment
        await first.act("anything")
        assert await first.wait(lambda: bool(first.refusals), 10)
        assert first.refusals[-1].code == "not_dealt"
        (listed,) = await list_tables(f"ws://127.0.0.1:{server.port}")
        assert listed.moves == 0 and listed.seats[first.seat].connected  # type: ignore[index]
        for c in rest:
            await c.connect()
        people = [first, *rest]
        for c in (*people, watcher):
            assert await c.wait(lambda c=c: c.update is not None, 10)
        table = server.tables[seating.id]
        assert isinstance(table, Table) and table.session.file == seating.file
        nonces = [next((c.nonce for c in people if c.seat == i), "") for i in range(len(table.kinds))]
        assert table.session.header.seed == fair.game_seed(seating.secret, nonces)
        await asyncio.gather(*(play(c, by_chance(i)) for i, c in enumerate(people)),
                             play(watcher, by_chance(9)))
        for c in people:
            assert await c.wait(lambda c=c: c.verdict is not None, 60)
            assert c.verdict is not None and c.verdict.ok and c.verdict.own, c.verdict
            assert c.verdict.mixed == len(people)
            assert c.end is not None and c.end.nonces == nonces
        assert await watcher.wait(lambda: watcher.verdict is not None, 60)
        assert watcher.verdict is not None and watcher.verdict.ok and not watcher.verdict.own
        await stop(server, watcher, *people)
    run(body)


def test_the_same_secret_deals_another_game_for_other_randomness(tmp_path: Path) -> None:
    async def seed(folder: str, nonce: str | None) -> int:
        server = await started(tmp_path / folder)
        seating = server.open_table(GAME, [J.Seat("Ann"), J.Seat("Bot", "bot", "random")],
                                    secret=SECRET, table_id="t", mix=True)
        ann = TableClient(url(server, seating), _tokens(seating)[0])
        if nonce is not None:
            ann.nonce = nonce
        await ann.connect()
        assert await ann.wait(lambda: ann.update is not None, 10)
        table = server.tables["t"]
        assert isinstance(table, Table)
        await stop(server, ann)
        return table.session.header.seed

    async def body() -> None:
        a, b = await seed("a", "11" * 32), await seed("b", "11" * 32)
        c = await seed("c", None)  # fresh randomness
        assert a == b == fair.game_seed(SECRET, ["11" * 32, ""]) and c != a
    run(body)


def test_sitting_down_again_before_the_deal_and_a_bad_nonce(tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        seating = server.open_table(GAME, [J.Seat("Ann"), J.Seat("Bob")], mix=True)
        ann_token, bob_token = _tokens(seating)
        bad = TableClient(url(server, seating), ann_token)
        bad.nonce = "zz"
        with pytest.raises(NetError, match="randomness"):
            await bad.connect()
        early = TableClient(url(server, seating), ann_token)
        await early.connect()
        await early.close()
        ann = TableClient(url(server, seating), ann_token)  # back before the deal: its bits count
        await ann.connect()
        bob = TableClient(url(server, seating), bob_token)
        await bob.connect()
        await asyncio.gather(play(ann, by_chance(1)), play(bob, by_chance(2)))
        for c in (ann, bob):
            assert await c.wait(lambda c=c: c.verdict is not None, 60)
            assert c.verdict is not None and c.verdict.ok and c.verdict.own, c.verdict
        await stop(server, ann, bob)
    run(body)


def test_a_deal_without_a_clients_randomness_fails_its_check(tmp_path: Path) -> None:
    """What a client checks, against a server that left its bits out."""
    async def body() -> None:
        server = await started(tmp_path)
        seating = server.open_table(GAME, [J.Seat("Ann"), J.Seat("Bot", "bot", "random")], mix=True)
        ann = TableClient(url(server, seating), _tokens(seating)[0])
        await ann.connect()
        await play(ann, by_chance(1))
        assert await ann.wait(lambda: ann.end is not None and ann.verdict is not None, 60)
        assert ann.verdict is not None and ann.verdict.ok
        end = ann.end
        assert end is not None and ann.welcome is not None and ann.update is not None
        view = bytes(ann.update.view)
        other = fair.check_table(ann.welcome.commitment, end.secret, end.journal, ann.seat, view,
                                 end.nonces, fair.new_nonce())
        assert not other.ok and "randomness this client sent" in other.problem
        swapped = fair.check_table(ann.welcome.commitment, end.secret, end.journal, ann.seat, view,
                                   [fair.new_nonce(), ""], "")
        assert not swapped.ok and "seed" in swapped.problem
        await stop(server, ann)
    run(body)


def test_a_mixed_table_reopened_from_its_journal_still_checks(tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        seating = server.open_table(GAME, [J.Seat("Ann"), J.Seat("Bob")], mix=True)
        tokens = _tokens(seating)
        people = [TableClient(url(server, seating), t) for t in tokens]
        for c in people:
            await c.connect()
        playing = [asyncio.ensure_future(play(c, by_chance(i))) for i, c in enumerate(people)]
        for _ in range(400):  # a few moves in (bounded), the host stops
            table = server.tables[seating.id]
            if isinstance(table, Table) and len(table.session.entries) > 4:
                break
            await asyncio.sleep(0.01)
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        assert isinstance(table, Table) and table.session.file is not None
        path = table.session.file
        await stop(server, *people)
        server = await started(tmp_path)
        again = server.resume_table(path)
        assert again.nonces == table.nonces and len([n for n in again.nonces if n]) == 2
        back = [TableClient(url(server, again), t) for t in tokens]
        for c in back:
            await c.connect()
        await asyncio.gather(*(play(c, by_chance(i + 5)) for i, c in enumerate(back)))
        for c in back:
            assert await c.wait(lambda c=c: c.verdict is not None, 60)
            assert c.verdict is not None and c.verdict.ok and c.verdict.mixed == 2, c.verdict
        await stop(server, *back)
    run(body)


def test_create_can_ask_for_a_mixed_deal(tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        from core.net.client import create_table

        created = await create_table(f"ws://127.0.0.1:{server.port}",
                                     P.Create(P.PROTOCOL, GAME, ["human", "bot:random"], mix=True))
        assert isinstance(server.tables[created.table], Seating)
        await stop(server)
    run(body)


async def test_the_app_waits_for_the_deal_then_opens_the_table(tmp_path: Path, make_app: Any) -> None:
    """In the app: seated at a table not dealt yet, a screen says who has sat down and why it
    waits; once the last person sits down the table opens, and at its end the check says the
    deal was made with everyone's randomness, the player's own included."""
    from tests.piloting import screen_text, settle
    from tui.screens.end import EndScreen
    from tui.screens.online import OnlineTableScreen, WaitingScreen

    server = await started(tmp_path)
    seating = server.open_table(GAME, [J.Seat("Ann"), J.Seat("Bob")], mix=True)
    ann, bob_token = _tokens(seating)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_online(url(server, seating), ann, "Ann")
        await settle(pilot, lambda: isinstance(app.screen, WaitingScreen), 20)
        shown = screen_text(app)
        assert "Waiting for everyone to sit down" in shown and "● Ann (you) · ○ Bob" in shown
        bob = TableClient(url(server, seating), bob_token)
        await bob.connect()
        await settle(pilot, lambda: isinstance(app.screen, OnlineTableScreen)
                     and app.screen.view is not None, 20)
        bob_plays = asyncio.ensure_future(play(bob, by_chance(2)))
        rng = random.Random(1)
        for _ in range(5000):  # bounded: the game ends long before
            screen = app.screen
            if isinstance(screen, EndScreen):
                break
            if isinstance(screen, OnlineTableScreen) and screen.ctl.my_decision():
                legal = screen.legal()
                screen.submit(legal[rng.randrange(len(legal))])
            await pilot.pause(0.005)
        await settle(pilot, lambda: isinstance(app.screen, EndScreen), 60)
        await settle(pilot, lambda: "randomness (yours included)" in screen_text(app), 30)
        await bob_plays
    await stop(server, bob)
