"""The messages of network play (docs/network.md): every one round-trips, and a client's
frame that is too big, not JSON, of an unknown type or with wrong fields is refused by code."""

from __future__ import annotations

import msgspec
import pytest

from core.net import protocol as P

CLIENT = [P.Hello(P.PROTOCOL, "ab" * 16, "Ann", "ru"), P.Act(3, "create 5"), P.Undo(7),
          P.Hello(P.PROTOCOL, "", "Bob", "en", 2, "ef" * 32),
          P.Create(P.PROTOCOL, "g", ["human"], undo="strict", open=True, mix=True),
          P.Answer(7, False), P.Redo(8),
          P.Create(P.PROTOCOL, "g", ["human", "bot:greedy"], {"x": 1}, ["A", "B"]),
          P.ListTables(P.PROTOCOL)]
SERVER = [P.Welcome(P.PROTOCOL, "t1", "g", 0, [P.SeatInfo("A")], {}, "00" * 32),
          P.Welcome(P.PROTOCOL, "t1", "g", 1, [P.SeatInfo("A")], {}, "00" * 32, "ab" * 16, dealt=False),
          P.End("00", "{}\n", ["cd" * 32, ""]),
          P.Update(4, msgspec.Raw(b'{"a":1}'), [P.SeatInfo("A", connected=True)],
                   [P.LogLine("x", 0)], True, 0, ["end"], "Choose"),
          P.Update(9, msgspec.Raw(b'{}'), [], undo=P.UndoRequest(9, 1, 3, [0, 2], [2], 25),
                   undo_back=0, undo_why="undo_open"),
          P.Update(9, msgspec.Raw(b'{}'), [], undo=P.UndoRequest(9, 1, 2, [0], [], 5, redo=True),
                   redo_back=0, redo_why="redo_absent", redo_asks=[]),
          P.Update(10, msgspec.Raw(b'{}'), [], redo_back=3, redo_asks=[1]),
          P.Seats([P.SeatInfo("A", drop_left=3)]), P.End("00", "{}\n"),
          P.Refused("stale", "old", 4), P.Created("t1", ["", "ab"], "cd"),
          P.Tables([P.TableInfo("t1", "g", [], 3, True)])]


@pytest.mark.parametrize("msg", CLIENT, ids=lambda m: type(m).__name__)
def test_client_messages_round_trip(msg: object) -> None:
    assert P.decode_client(P.encode(msg)) == msg


@pytest.mark.parametrize("msg", SERVER, ids=lambda m: type(m).__name__)
def test_server_messages_round_trip(msg: object) -> None:
    back = P.decode_server(P.encode(msg))
    assert P.encode(back) == P.encode(msg)


@pytest.mark.parametrize(("frame", "code"), [
    (b'{"t":"zap"}', "unknown"),
    (b'{"t":"update","seq":1}', "unknown"),  # a server's message is not a client's
    (b'{"seq":1}', "malformed"),
    (b"[1, 2]", "malformed"),
    (b"\xff\xfe", "malformed"),
    (b'{"t":"act","seq":"1","action":"x"}', "malformed"),
    (b'{"t":"act","seq":1,"action":"x","more":1}', "malformed"),
    (b'{"t":"act","seq":1', "malformed"),
    (b'{"t":"act","seq":1,"action":"' + b"x" * P.MAX_CLIENT_FRAME + b'"}', "too_big"),
])
def test_bad_frames_are_refused_by_code(frame: bytes, code: str) -> None:
    with pytest.raises(P.FrameError) as caught:
        P.decode_client(frame)
    assert caught.value.code == code
    assert str(caught.value)


def test_a_frame_at_the_limit_is_read() -> None:
    head, tail = b'{"t":"act","seq":1,"action":"', b'"}'
    frame = head + b"x" * (P.MAX_CLIENT_FRAME - len(head) - len(tail)) + tail
    assert len(frame) == P.MAX_CLIENT_FRAME
    assert isinstance(P.decode_client(frame), P.Act)
