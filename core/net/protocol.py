"""The messages of network play (docs/network.md): msgspec structs tagged by `t`, one JSON
object per WebSocket text frame.

A client's frames are read with `decode_client`, which refuses (with a `Refused` to that
client alone) a frame over `MAX_CLIENT_FRAME`, one that is not JSON, or one whose `t` or
fields are unknown. Actions travel as their notation (docs/notation.md), so the protocol
names no game; a view travels as the game's own view struct, encoded as JSON.
"""

# No `from __future__ import annotations`: msgspec would compile every annotation string of
# these structs at every start.

from typing import Any, Optional, Union

import msgspec

PROTOCOL = 3  # the version in `Hello` and `Welcome`; a server refuses any other (2: undo, 3: redo)
MAX_CLIENT_FRAME = 64 * 1024  # bytes: a client never needs more (an action is a line)
MAX_SERVER_FRAME = 40 * 1024 * 1024  # bytes: the largest `End` (a 32 MiB journal, escaped)
DEFAULT_PORT = 7777


class _Msg(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, omit_defaults=True):
    pass


# --- client to server ----------------------------------------------------------------------


class Hello(_Msg, tag="hello"):
    """The first frame on a table's path: take a seat with its token, or watch (no token)."""

    v: int
    token: str = ""  # 32 hex digits; "" = watch the table (or take the free seat `seat`)
    name: str = ""  # shown to the others instead of the seat's name
    lang: str = "en"  # the language the log is narrated in
    seat: Optional[int] = None  # with no token: take this free seat of an open table
    nonce: str = ""  # 64 hex digits: this player's randomness, for a table not dealt yet


class Act(_Msg, tag="act"):
    """A move: its notation and the sequence number of the position it was made at (the
    number of journal entries the client had seen, `Update.seq`)."""

    seq: int
    action: str


class Undo(_Msg, tag="undo"):
    """Ask to take back moves: the asker's last move in effect and every move after it, made
    at position `seq`. The people whose moves it takes back are asked (`Answer`)."""

    seq: int


class Redo(_Msg, tag="redo"):
    """Ask to put back the moves the table's last undo took back (the asker's among them),
    made at position `seq`. The other people whose moves it puts back are asked (`Answer`)."""

    seq: int


class Answer(_Msg, tag="answer"):
    """Agree (`yes`) or not to the request to take moves back (or put them back) that was made
    at `seq`; the asker's own `no` withdraws it."""

    seq: int
    yes: bool


class Create(_Msg, tag="create"):
    """Open a table on a dedicated server (`evo serve`): seats as `human` or `bot:SPEC`."""

    v: int
    game: str
    seats: list[str]
    options: dict[str, Any] = {}
    names: list[str] = []
    undo: str = "learning"  # the table's undo mode (learning or strict), as at one keyboard
    open: bool = False  # anyone who lists the tables may take a free seat (`Hello.seat`)
    mix: bool = False  # deal once every person sat down, from their randomness too (`Hello.nonce`)


class ListTables(_Msg, tag="list"):
    v: int


ClientMsg = Union[Hello, Act, Undo, Redo, Answer, Create, ListTables]


# --- server to client ----------------------------------------------------------------------


class SeatInfo(msgspec.Struct, omit_defaults=True):
    name: str
    kind: str = "human"  # human, bot, or a seat the rules play
    connected: bool = False  # a person is at the seat now (bots and rules seats: always False)
    stand_in: bool = False  # a bot plays the seat while its player is away
    drop_left: int = -1  # whole seconds until a bot takes the dropped seat (-1: not dropped)


class LogLine(msgspec.Struct, omit_defaults=True):
    text: str
    seat: Optional[int] = None  # the seat the line is about
    note: bool = False  # the table's note (a drop, a return), not a game event


class UndoRequest(msgspec.Struct, omit_defaults=True):
    """A request to take moves back (or, `redo`, to put back those the last undo took), open
    until every seat asked agrees, one refuses, the asker withdraws it, or `left` seconds
    pass. Nothing moves meanwhile."""

    seq: int  # the position it was asked at: answers name it
    by: int  # the seat that asked
    moves: int  # moves it takes back
    asked: list[int]  # the seats whose moves it takes back, who must agree
    agreed: list[int] = []  # those of them who did
    left: int = 0  # whole seconds until it lapses
    redo: bool = False  # it puts back the moves the last undo took back


class Welcome(_Msg, tag="welcome"):
    v: int
    table: str
    game: str
    seat: Optional[int]  # None: watching
    seats: list[SeatInfo]
    options: dict[str, Any]
    commitment: str  # sha256 of the table's secret seed, hex; "" for a table not opened online
    token: str = ""  # the seat's token, sent to a client that took a free seat: to come back with
    dealt: bool = True  # False: the deal waits for the people to sit down (`seats` tells who did)


class Update(_Msg, tag="update"):
    """The table as one seat sees it after a change: its view, the log lines since the last
    update (all of them when `full`), who decides, and — for that seat alone — its moves."""

    seq: int  # journal entries so far: the number an `Act` made now must carry
    view: msgspec.Raw
    seats: list[SeatInfo]
    log: list[LogLine] = []
    full: bool = False  # `log` replaces the log (a join, a reconnect)
    pending: Optional[int] = None  # the seat to decide; None when the game is over
    legal: list[str] = []  # the receiver's legal moves, when it is to decide
    prompt: str = ""  # the decision in words, for the seat to decide
    undo: Optional[UndoRequest] = None  # the request to take moves back, while one is open
    # For the receiver's seat: the moves an `Undo` sent now would take back (0: it would be
    # refused, `undo_why` says why as a refusal's code) and the seats it would ask.
    undo_back: int = 0
    undo_why: str = ""
    undo_asks: list[int] = []
    # The same for a `Redo` sent now: the moves it would put back (0: none to put back, or it
    # would be refused: `redo_why` is then the refusal's code) and the seats it would ask.
    redo_back: int = 0
    redo_why: str = ""
    redo_asks: list[int] = []


class Seats(_Msg, tag="seats"):
    """Who is connected changed (no move was made)."""

    seats: list[SeatInfo]


class End(_Msg, tag="end"):
    """The game is over: the secret seed and the whole journal, to check both."""

    secret: str  # hex; sha256 of its bytes is the `Welcome.commitment`
    journal: str  # the save, as `evo verify` reads it
    nonces: list[str] = []  # per seat, the randomness its player sent ("" for no person's seat)


class Refused(_Msg, tag="refused"):
    """An error for this client alone; nothing changed on the table."""

    code: str  # malformed, too_big, unknown, version, hello_first, token, no_table, watching,
    # not_your_turn, stale, illegal, rate, game_over, options, full, undo_* (docs/network.md)
    message: str
    seq: Optional[int] = None  # with `stale`: the sequence number now


class TableInfo(msgspec.Struct, omit_defaults=True):
    table: str
    game: str
    seats: list[SeatInfo]
    moves: int = 0
    over: bool = False
    free: list[int] = []  # the seats anyone may take (an open table's, not taken yet)


class Created(_Msg, tag="created"):
    table: str
    tokens: list[str]  # per seat: its token, "" for a seat no person takes
    commitment: str


class Tables(_Msg, tag="tables"):
    tables: list[TableInfo]


ServerMsg = Union[Welcome, Update, Seats, End, Refused, Created, Tables]

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMsg)
_server_decoder = msgspec.json.Decoder(ServerMsg)


def encode(msg: _Msg) -> bytes:
    return _encoder.encode(msg)


class FrameError(Exception):
    """A frame that is refused: `code` and a message for the client that sent it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def decode_client(frame: str | bytes) -> ClientMsg:
    """A client's frame as a message; FrameError for anything else."""
    data = frame.encode("utf-8", "replace") if isinstance(frame, str) else frame
    if len(data) > MAX_CLIENT_FRAME:
        raise FrameError("too_big", f"a message of {len(data)} bytes; the limit is {MAX_CLIENT_FRAME}")
    try:
        return _client_decoder.decode(data)
    except msgspec.ValidationError as exc:
        text = str(exc)
        if text.startswith("Invalid value") and text.endswith("`$.t`"):
            raise FrameError("unknown", f"an unknown message type ({text[:120]}); "
                                        "known: hello, act, undo, redo, answer, create, list") from None
        raise FrameError("malformed", f"a message that does not fit the protocol: {text[:200]}") from None
    except msgspec.DecodeError as exc:
        raise FrameError("malformed", f"a message that is not JSON: {str(exc)[:200]}") from None


def decode_server(frame: str | bytes) -> ServerMsg:
    """A server's frame as a message (msgspec errors propagate: the client reports them)."""
    return _server_decoder.decode(frame.encode() if isinstance(frame, str) else frame)
