"""The app's controller of a table a server holds (tui/online.py) keeps the log as a local
game does: an update appends its own lines, so a long game's update costs what is new in it,
not the whole log; a full log (a join, an undo) and a change of language tell it anew."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from core import games
from core.net import protocol as P
from core.net.client import TableClient

GAME = games.ids()[0]
SEATS = [P.SeatInfo("Ann", connected=True), P.SeatInfo("Bob", connected=True)]


def _update(seq: int, lines: list[P.LogLine], full: bool = False) -> P.Update:
    return P.Update(seq, msgspec.Raw(b"{}"), SEATS, log=lines, full=full, pending=seq % 2)


def _lines(seq: int, k: int) -> list[P.LogLine]:
    return [P.LogLine(f"move {seq}, line {i}", seat=seq % 2) for i in range(k)]


def _hear(client: TableClient, msg: Any) -> None:
    client._take(msg)  # as the client's reader takes a frame from the server
    client._changed()


def test_an_update_costs_its_new_lines_however_long_the_game(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.online
    from tui.controller import LogLine

    made = [0]

    def counted(*args: Any) -> LogLine:
        made[0] += 1
        return LogLine(*args)

    monkeypatch.setattr(tui.online, "LogLine", counted)
    client = TableClient("ws://127.0.0.1:1/t")
    client._take(P.Welcome(P.PROTOCOL, "t", GAME, 0, SEATS, {}, ""))
    client._take(_update(0, _lines(0, 5), full=True))
    ctl = tui.online.RemoteController(client, "en", tmp_path)
    assert made[0] == 5 and len(ctl.log) == 5
    costs = []
    for seq in range(1, 3001):  # a long game: 3 000 moves of 1 to 3 lines each
        before, k = made[0], 1 + seq % 3
        _hear(client, _update(seq, _lines(seq, k)))
        costs.append(made[0] - before == k)
    assert all(costs)  # each update made exactly its own lines, at move 3 000 as at move 1
    assert [x.text for x in ctl.log] == [x.text for x in client.log] and len(ctl.log) == 6005
    assert ctl.log[-1] == LogLine("move 3000, line 0", 0)
    before = made[0]
    _hear(client, P.Seats(SEATS))  # who is connected changed: no line to make
    assert made[0] == before
    kept = ctl.log
    _hear(client, _update(3001, _lines(3001, 4), full=True))  # moves taken back: told anew
    assert made[0] == before + 4 and [x.text for x in ctl.log] == [x.text for x in _lines(3001, 4)]
    assert len(kept) == 6005  # a new list: what a screen held is not changed under it
    before = made[0]
    ctl.set_lang("ru")
    ctl.rebuild_log()
    assert made[0] == before + 4 and len(ctl.log) == 4
