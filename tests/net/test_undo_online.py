"""Undo and redo online by consent (docs/network.md, "Undo and redo"): a request asks the
people whose moves it takes back (or puts back); all agree and it is made (an undo or redo
entry in the server's journal, the log told again to everyone or grown, the deal still checks
at the end), one refuses or the time runs out and nothing changes; nothing moves while it is
open; every refusal has its code."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core import games
from core.engine import journal as J
from core.engine.verify import verify
from core.net import consent
from core.net import protocol as P
from core.net.client import TableClient, play
from core.net.server import Server, Table
from tests.net.helpers import by_chance, run, seated, started, stop, url

GAME = "magic"  # two people, no seat the rules play


async def _table(tmp: Path, seats: list[J.Seat] | None = None) -> tuple[Server, Table, list[TableClient]]:
    server = await started(tmp)
    table = server.open_table(GAME, seats or [J.Seat("Ann"), J.Seat("Bob")])
    table.kick()
    return server, table, await seated(server, table)


async def _move(people: list[TableClient]) -> TableClient:
    """The seat to decide makes its first legal move; returns it once everyone saw the move."""
    for _ in range(200):
        mover = next((c for c in people if c.my_turn()), None)
        if mover is not None:
            break
        await asyncio.sleep(0.01)
    assert mover is not None and mover.update is not None
    seq = mover.seq
    await mover.act(mover.update.legal[0])
    for c in people:
        assert await c.wait(lambda c=c: c.seq > seq, 10)
    return mover


async def _until_both_moved(people: list[TableClient]) -> tuple[TableClient, TableClient]:
    """Moves until each seat has a move in effect; returns (the one to ask, the other), the
    asker being the one whose last move came first (so the undo takes the other's moves)."""
    last: dict[int, int] = {}
    for _ in range(40):
        mover = await _move(people)
        assert mover.seat is not None
        last[mover.seat] = mover.seq
        if len(last) == 2 and max(last.values()) == mover.seq - 1 and min(last.values()) < mover.seq - 1:
            break
    first = min(last, key=last.__getitem__)
    asker = next(c for c in people if c.seat == first)
    return asker, next(c for c in people if c is not asker)


async def _news(c: TableClient, done: object) -> None:
    assert await c.wait(done, 10)  # type: ignore[arg-type]


async def _played_out(server: Server, table: Table, people: list[TableClient],
                      watcher: TableClient) -> None:
    """Everyone plays on to the end: every client's verdict on the deal is good, the journal
    verifies; then all stop."""
    await asyncio.gather(*(play(c, by_chance(i)) for i, c in enumerate(people)),
                         play(watcher, by_chance(9)))
    for c in (*people, watcher):
        assert await c.wait(lambda c=c: c.verdict is not None, 60)
        assert c.verdict is not None and c.verdict.ok, c.verdict
    assert table.session.file is not None and verify(table.session.file).ok
    await stop(server, watcher, *people)


def test_all_agree_and_the_moves_are_taken_back(tmp_path: Path) -> None:
    async def body() -> None:
        server, table, people = await _table(tmp_path)
        watcher = TableClient(url(server, table))
        await watcher.connect()
        asker, other = await _until_both_moved(people)
        line = list(table.session.line)
        told = len([x for x in watcher.log if not x.note])
        n, asks = consent.reach(table.session, table.kinds, asker.seat)  # type: ignore[arg-type]
        assert n >= 2 and asks == [other.seat]
        assert asker.update.undo_back == n and asker.update.undo_asks == asks  # type: ignore[union-attr]
        await asker.ask_undo()
        for c in (asker, other, watcher):
            await _news(c, lambda c=c: c.undo_request is not None)
        assert other.asked_to_undo() and not asker.asked_to_undo()
        assert not any(c.my_turn() for c in people)  # the table waits for the answers
        assert "asks to take back" in watcher.log[-1].text and watcher.log[-1].note
        await other.answer_undo(True)
        for c in (asker, other, watcher):
            await _news(c, lambda c=c: c.undo_request is None and c.seq > line[-1] + 1)
        assert table.session.line == line[:len(line) - n]
        assert table.session.entries[-1].kind == "undo"
        assert asker.my_turn()  # back at the asker's decision
        for c in (asker, other, watcher):
            assert "taken back" in c.log[-1].text
        # the log was told again: what was taken back left it
        assert len([x for x in watcher.log if not x.note]) < told
        await _played_out(server, table, people, watcher)
    run(body)


@pytest.mark.parametrize("how", ["no", "withdrawn", "lapsed", "left"])
def test_a_request_that_fails_changes_nothing(how: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(consent, "UNDO_WAIT_S", 0.3 if how == "lapsed" else 30.0)

    async def body() -> None:
        server, table, people = await _table(tmp_path)
        asker, other = await _until_both_moved(people)
        entries = len(table.session.entries)
        await asker.ask_undo()
        await _news(other, lambda: other.asked_to_undo())
        to_move = next(c for c in people if c.update.pending == c.seat)  # type: ignore[union-attr]
        await to_move.send(P.Act(to_move.seq, "x"))
        await _news(to_move, lambda: bool(to_move.refusals))
        assert to_move.refusals[-1].code == "undo_open"
        if how == "no":
            await other.answer_undo(False)
        elif how == "withdrawn":
            await asker.answer_undo(False)
        elif how == "left":
            await other.close()
        watching = asker
        await _news(watching, lambda: watching.undo_request is None)
        words = {"no": "does not agree", "withdrawn": "withdrew", "lapsed": "had no answer",
                 "left": "left the table"}[how]
        assert any(words in x.text for x in watching.log[-2:]), watching.log[-2:]
        assert len(table.session.entries) == entries  # nothing taken back, nothing journaled
        if how != "left":
            assert any(c.my_turn() for c in people)  # the game goes on
            await asker.ask_undo()  # not again at the same position
            await _news(asker, lambda: asker.refusals and asker.refusals[-1].code == "undo_again")
        await stop(server, *people)
    run(body)


def test_refusals_of_a_request(tmp_path: Path) -> None:
    async def body() -> None:
        server, table, people = await _table(tmp_path, [J.Seat("Ann"), J.Seat("Bob"), J.Seat("Cy")])
        first = next(c for c in people if c.update.pending == c.seat)  # type: ignore[union-attr]
        idle = next(c for c in people if c is not first)
        await idle.ask_undo()  # no move of its own yet
        await _news(idle, lambda: bool(idle.refusals))
        assert idle.refusals[-1].code == "undo_nothing"
        assert idle.update.undo_back == 0 and idle.update.undo_why == "undo_nothing"  # type: ignore[union-attr]
        asker, other = await _until_both_moved(people)
        await asker.send(P.Undo(asker.seq - 1))
        await _news(asker, lambda: asker.refusals and asker.refusals[-1].code == "stale")
        await other.answer_undo(True)  # no request open: nothing to answer
        await other.send(P.Answer(asker.seq, True))
        await _news(other, lambda: other.refusals and other.refusals[-1].code == "undo_none")
        watcher = TableClient(url(server, table))
        await watcher.connect()
        await watcher.ask_undo()
        await _news(watcher, lambda: bool(watcher.refusals))
        assert watcher.refusals[-1].code == "watching"
        # a player whose move it would take back is away: nobody can say yes for them
        assert other.seat is not None
        await other.close()
        await _news(asker, lambda: not asker.seats[other.seat].connected)  # type: ignore[index]
        assert asker.update.undo_why == "undo_absent"  # type: ignore[union-attr]
        await asker.ask_undo()
        await _news(asker, lambda: asker.refusals and asker.refusals[-1].code == "undo_absent")
        await stop(server, watcher, *[c for c in people if c is not other])
    run(body)


@pytest.mark.parametrize("game", games.ids())
def test_with_only_bots_to_ask_the_undo_is_made_at_once(game: str, tmp_path: Path) -> None:
    """One person among bots (and the seats the rules play): their undo asks nobody."""
    async def body() -> None:
        desc = games.get(game)
        n = max(desc.seats[2], 2) if desc.seats[1] >= 2 else 1
        automated = desc.automated(desc.normalize({}, n), n)
        seats = [J.Seat("", kind=automated[i]) if i in automated else J.Seat("Ann") if i == 0
                 else J.Seat(f"B{i}", "bot", "random") for i in range(n)]
        server = await started(tmp_path)
        table = server.open_table(game, seats)
        table.kick()
        (me,) = await seated(server, table)
        await play(me, by_chance(1), moves=2)
        await _news(me, lambda: me.my_turn() or me.over())
        if me.over():
            await stop(server, me)
            return
        back = me.update.undo_back  # type: ignore[union-attr]
        assert back >= 1 and me.update.undo_asks == []  # type: ignore[union-attr]
        line = list(table.session.line)
        seq = me.seq
        await me.ask_undo()
        await _news(me, lambda: me.seq > seq and me.my_turn())
        assert table.session.line == line[:len(line) - back]
        assert "taken back" in me.log[-1].text and me.undo_request is None
        await play(me, by_chance(2))
        assert await me.wait(lambda: me.verdict is not None, 60)
        assert me.verdict is not None and me.verdict.ok, me.verdict
        await stop(server, me)
    run(body)


# --- redo by consent: the moves the last undo took back, put back --------------------------


def test_all_agree_and_the_moves_taken_back_are_put_back(tmp_path: Path) -> None:
    async def body() -> None:
        server, table, people = await _table(tmp_path)
        watcher = TableClient(url(server, table))
        await watcher.connect()
        asker, other = await _until_both_moved(people)
        line = list(table.session.line)
        told = [x.text for x in watcher.log if not x.note]
        assert all(c.update.redo_back == 0 for c in people)  # type: ignore[union-attr]
        n = asker.update.undo_back  # type: ignore[union-attr]
        seq = asker.seq
        await asker.ask_undo()
        await _news(other, lambda: other.asked_to_undo())
        await other.answer_undo(True)
        for c in (*people, watcher):
            await _news(c, lambda c=c: c.undo_request is None and c.seq > seq)
        assert table.session.line == line[:len(line) - n]
        # either may ask to put them back (a move of each is among them); the other must agree
        for c in people:
            assert c.update.redo_back == n and c.update.redo_asks == [next(  # type: ignore[union-attr]
                d.seat for d in people if d is not c)]
        assert watcher.update.redo_back == 0  # type: ignore[union-attr]
        seq = other.seq
        await other.ask_redo()
        for c in (*people, watcher):
            await _news(c, lambda c=c: c.undo_request is not None)
        r = watcher.undo_request
        assert r is not None and r.redo and r.by == other.seat and r.asked == [asker.seat] and r.moves == n
        assert asker.asked_to_undo() and not any(c.my_turn() for c in people)  # nothing moves
        assert "asks to put back" in watcher.log[-1].text
        await asker.answer_undo(True)
        for c in (*people, watcher):
            await _news(c, lambda c=c: c.undo_request is None and c.seq > seq)
        assert table.session.line == line  # the very moves, back on the line
        assert table.session.entries[-1].kind == "redo"
        for c in (*people, watcher):
            assert "put back" in c.log[-1].text and c.update.redo_back == 0  # type: ignore[union-attr]
        # the moves are told again, after the notes: the log has them as before
        assert [x.text for x in watcher.log if not x.note] == told
        assert not watcher.update.full  # type: ignore[union-attr]  # the log only grew
        await _played_out(server, table, people, watcher)
    run(body)


def test_refusals_of_a_redo(tmp_path: Path) -> None:
    async def body() -> None:
        server, table, people = await _table(tmp_path)
        first = people[0]
        await first.ask_redo()  # nothing was taken back
        await _news(first, lambda: bool(first.refusals))
        assert first.refusals[-1].code == "redo_nothing"
        asker, other = await _until_both_moved(people)
        seq = asker.seq
        await asker.ask_undo()
        await _news(other, lambda: other.asked_to_undo())
        await other.answer_undo(True)
        await _news(asker, lambda: asker.seq > seq and asker.my_turn())
        await _news(other, lambda: other.update.redo_back > 0)  # type: ignore[union-attr]
        await asker.send(P.Redo(asker.seq - 1))
        await _news(asker, lambda: asker.refusals and asker.refusals[-1].code == "stale")
        watcher = TableClient(url(server, table))
        await watcher.connect()
        await watcher.ask_redo()
        await _news(watcher, lambda: bool(watcher.refusals))
        assert watcher.refusals[-1].code == "watching"
        await other.ask_redo()  # refused by the one asked: not again at this position
        await _news(asker, lambda: asker.asked_to_undo())
        await asker.answer_undo(False)
        await _news(other, lambda: other.undo_request is None)
        assert "does not agree to put the moves back" in other.log[-1].text
        assert other.update.redo_why == "redo_again"  # type: ignore[union-attr]
        await other.ask_redo()
        await _news(other, lambda: other.refusals and other.refusals[-1].code == "redo_again")
        # a player whose move it puts back is away: nobody can say yes for them
        await other.close()
        await _news(asker, lambda: not asker.seats[other.seat].connected)  # type: ignore[index]
        assert asker.update.redo_why == "redo_absent"  # type: ignore[union-attr]
        await asker.ask_redo()
        await _news(asker, lambda: asker.refusals and asker.refusals[-1].code == "redo_absent")
        back = TableClient(url(server, table), other.token)
        await back.connect()
        # a move starts a branch: nothing left to put back
        seq = asker.seq
        await asker.act(asker.update.legal[0])  # type: ignore[union-attr]
        for c in (asker, back):
            await _news(c, lambda c=c: c.seq > seq)
            assert c.update.redo_back == 0 and c.update.redo_why == ""  # type: ignore[union-attr]
        await back.ask_redo()
        await _news(back, lambda: back.refusals and back.refusals[-1].code == "redo_nothing")
        await stop(server, watcher, asker, back)
    run(body)


def test_with_only_bots_to_ask_the_redo_is_made_at_once(tmp_path: Path) -> None:
    async def body() -> None:
        server = await started(tmp_path)
        table = server.open_table(GAME, [J.Seat("Ann"), J.Seat("Bo", "bot", "random")])
        table.kick()
        (me,) = await seated(server, table)
        await play(me, by_chance(1), moves=2)
        await _news(me, lambda: me.my_turn())
        line = list(table.session.line)
        n, seq = me.update.undo_back, me.seq  # type: ignore[union-attr]
        await me.ask_undo()
        await _news(me, lambda: me.seq > seq and me.my_turn())
        assert me.update.redo_back == n and me.update.redo_asks == []  # type: ignore[union-attr]
        seq = me.seq
        await me.ask_redo()
        await _news(me, lambda: me.seq > seq and me.my_turn())
        assert table.session.line == line and "put back" in me.log[-1].text
        await play(me, by_chance(2))
        assert await me.wait(lambda: me.verdict is not None, 60)
        assert me.verdict is not None and me.verdict.ok, me.verdict
        await stop(server, me)
    run(body)
