"""Tables over the wire (contract 11), for every game, on 127.0.0.1: whole games of scripted
people and bots that every client verifies, reconnecting, a dropped seat played by a bot and
taken back, a stale move refused once, and what a spectator is shown."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
import pytest

from core import games
from core.engine.verify import verify
from core.net import protocol as P
from core.net.client import TableClient, play
from core.net.server import PUBLIC
from tests.net.helpers import by_chance, run, seated, started, stop, table_seats, url

GAMES = games.ids()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_verifies_at_every_client(game: str, tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        table = server.open_table(game, table_seats(game))
        table.kick()
        people = await seated(server, table)
        watcher = TableClient(url(server, table), keep_frames=True)
        await watcher.connect()
        made = await asyncio.gather(*(play(c, by_chance(i)) for i, c in enumerate(people)),
                                    play(watcher, by_chance(9)))
        everyone = [*people, watcher]
        for c in everyone:
            assert await c.wait(lambda c=c: c.verdict is not None, 60)
            assert c.verdict is not None and c.verdict.ok, c.verdict
            assert not c.refusals
        assert sum(made) == sum(1 for e in table.session.entries if e.kind == "move"
                                and table.kinds[e.seat] == "human")
        # every view the spectator was sent before the end is the public view of its position
        shown = [m for m in map(P.decode_server, watcher.frames)
                 if isinstance(m, P.Update) and m.pending is not None]
        assert shown
        s = table.session
        for m in shown:
            public = s.rules.view(s.state_after_entry(m.seq - 1), PUBLIC)
            assert bytes(m.view) == msgspec.json.encode(public)
        assert table.session.file is not None and verify(table.session.file).ok
        await stop(server, *everyone)
    run(body)


@pytest.mark.parametrize("game", GAMES)
def test_a_client_that_reconnects_gets_its_exact_position_back(game: str, tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        table = server.open_table(game, table_seats(game))
        table.kick()
        people = await seated(server, table)
        first = people[0]
        others = [asyncio.ensure_future(play(c, by_chance(5 + i))) for i, c in enumerate(people[1:])]
        await play(first, by_chance(1), moves=3)
        await asyncio.sleep(0)
        seen, log, seq = bytes(first.update.view), list(first.log), first.seq  # type: ignore[union-attr]
        await first.close()
        again = TableClient(url(server, table), first.token)
        await again.connect()
        if table.over or again.seq == seq:  # nobody moved meanwhile: the same position and log
            assert again.seq == seq and bytes(again.update.view) == seen  # type: ignore[union-attr]
            assert [x for x in again.log if not x.note] == [x for x in log if not x.note]
        assert bytes(again.update.view) == msgspec.json.encode(table.session.view(again.seat))  # type: ignore[union-attr]
        assert again.seats[again.seat].connected  # type: ignore[index]
        await play(again, by_chance(2))
        await asyncio.gather(*others)
        assert await again.wait(lambda: again.verdict is not None, 60)
        assert again.verdict is not None and again.verdict.ok, again.verdict
        await stop(server, again, *people[1:])
    run(body)


def test_a_dropped_seat_is_played_by_a_bot_and_taken_back(tmp_path: Path) -> None:
    game = GAMES[0]

    async def body() -> None:
        server = await started(tmp_path, drop_after=0.2)
        table = server.open_table(game, table_seats(game))
        table.kick()
        people = await seated(server, table)
        gone, stay = people[0], people[1:]
        seat = gone.seat
        await gone.close()
        assert stay, "two people at the table"
        watcher = stay[0]
        assert await watcher.wait(lambda: watcher.seats[seat].drop_left >= 0, 10)  # type: ignore[index]
        assert await watcher.wait(lambda: watcher.seats[seat].stand_in, 10)  # type: ignore[index]
        moves = [asyncio.ensure_future(play(c, by_chance(3), moves=6)) for c in stay]
        # the bot plays the dropped seat whenever it is to decide
        assert await watcher.wait(lambda: any(e.kind == "move" and e.seat == seat
                                              for e in table.session.entries), 30)
        await asyncio.gather(*moves)
        back = TableClient(url(server, table), gone.token)
        await back.connect()
        assert not back.seats[seat].stand_in and back.seats[seat].connected  # type: ignore[index]
        notes = [x.text for x in back.log if x.note]
        assert any("bot plays" in t for t in notes) and "is back" in notes[-1], notes
        await asyncio.gather(play(back, by_chance(4)), *(play(c, by_chance(5)) for c in stay))
        assert await back.wait(lambda: back.verdict is not None, 60)
        assert back.verdict is not None and back.verdict.ok
        await stop(server, back, *stay)
    run(body)


def test_a_stale_move_is_refused_once_and_made_once(tmp_path: Path) -> None:
    game = GAMES[0]

    async def body() -> None:
        server = await started(tmp_path)
        table = server.open_table(game, table_seats(game, bots="bot:random"))
        table.kick()
        people = await seated(server, table)
        for _ in range(200):  # a person is to decide once the bots have moved (bounded)
            if any(c.my_turn() for c in people):
                break
            await asyncio.sleep(0.05)
        mover = next(c for c in people if c.my_turn())
        seq, move = mover.seq, mover.update.legal[0]  # type: ignore[union-attr]
        before = len(table.session.entries)
        await mover.send(P.Act(seq, move))
        await mover.send(P.Act(seq, move))  # sent twice: the second is stale
        assert await mover.wait(lambda: len(mover.refusals) >= 1, 10)
        await asyncio.sleep(0.2)
        assert [r.code for r in mover.refusals] == ["stale"]
        assert mover.refusals[0].seq is not None and mover.refusals[0].seq > seq
        made = [e for e in table.session.entries[before:] if e.kind == "move" and e.seat == mover.seat]
        assert len(made) >= 1 and table.session.entries[before].seat == mover.seat
        assert table.rules.format_action(table.session.entries[before].action) == move
        await stop(server, *people)
    run(body)


@pytest.mark.parametrize("game", GAMES)
def test_seats_and_refusals_reach_only_the_client_concerned(game: str, tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        table = server.open_table(game, table_seats(game))
        table.kick()
        people = await seated(server, table)
        bad = TableClient(url(server, table), "00" * 16)
        with pytest.raises(Exception, match="token opens no seat"):
            await bad.connect()
        watcher = TableClient(url(server, table))
        await watcher.connect()
        await watcher.act("anything")
        assert await watcher.wait(lambda: bool(watcher.refusals), 10)
        assert watcher.refusals[-1].code == "watching"
        idle = next(c for c in people if not c.my_turn())
        await idle.act(table.rules.format_action(table.session.legal_actions()[0]))
        assert await idle.wait(lambda: bool(idle.refusals), 10)
        assert idle.refusals[-1].code in ("not_your_turn", "stale")
        for c in people:
            if c is not idle:
                assert not c.refusals
        await stop(server, watcher, *people)
    run(body)


def test_a_table_reopened_from_its_journal_takes_its_players_back(tmp_path: Path) -> None:
    game = GAMES[0]

    async def body() -> None:
        server = await started(tmp_path)
        table = server.open_table(game, table_seats(game))
        table.kick()
        people = await seated(server, table)
        playing = [asyncio.ensure_future(play(c, by_chance(i))) for i, c in enumerate(people)]
        for _ in range(400):  # a few moves in (bounded), the host stops
            if len(table.session.entries) > 6:
                break
            await asyncio.sleep(0.01)
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        path, tid, committed = table.session.file, table.id, table.commitment
        seen = {c.seat: msgspec.json.encode(table.session.view(c.seat)) for c in people}
        await stop(server, *people)  # the host stops mid-game
        assert path is not None
        server = await started(tmp_path)
        again = server.resume_table(path)
        assert (again.id, again.commitment) == (tid, committed)
        again.kick()
        back = await seated(server, again)
        if not again.bots:  # no bot moved meanwhile: each is shown where it stopped
            assert {c.seat: bytes(c.update.view) for c in back} == seen  # type: ignore[union-attr]
        await asyncio.gather(*(play(c, by_chance(i + 7)) for i, c in enumerate(back)))
        for c in back:
            assert await c.wait(lambda c=c: c.verdict is not None, 60)
            assert c.verdict is not None and c.verdict.ok, c.verdict
        await stop(server, *back)
    run(body)
