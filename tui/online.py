"""A table held by a server, behind the same interface as `tui.controller.GameController`, so
the table, help, log and end screens know no difference (#24, docs/network.md).

`RemoteController` keeps what the server sends (core.net.client.TableClient, in the app's
own event loop): the seat's view, its legal moves, the log narrated for it, who is connected.
A move is sent with the sequence number of the position it was made at; until the server's
update for it arrives, the seat is not asked again. When the game ends, the server's journal
(checked against the commitment and replayed, core/net/fair.py) is kept in the saves folder
and becomes the session the end screen, the replay and the statistics read.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core import games
from core.engine import journal as J
from core.engine.protocol import Action, Decision, Event, IllegalAction, Outcome
from core.net.client import TableClient
from core.seat_names import in_lang
from core.textdata import capitalized
from tui.controller import PUBLIC, LogLine
from tui.games import plugin
from tui.i18n import text

if TYPE_CHECKING:
    from core.bots.base import Bot
    from core.engine.session import GameSession
    from core.net import protocol as P
    from tui.controller import BotJob


class RemoteSession:
    """What screens read of a session, for a table a server holds: the header (no seed: the
    deal is the server's secret until the end), the seat's view; no journal of its own."""

    writer = None

    def __init__(self, ctl: RemoteController) -> None:
        self.ctl = ctl

    @property
    def header(self) -> J.Header:
        w = self.ctl.client.welcome
        assert w is not None
        seats = [J.Seat(s.name, s.kind) for s in w.seats]
        return J.Header(J.FORMAT, J.VERSION, w.game, 0, seats, dict(w.options))

    def view(self, seat: int | None) -> object:
        return self.ctl.view()

    def save_as(self, path: str) -> None:
        raise OSError(text("online.no_save", self.ctl.lang))

    def close(self) -> None:
        pass


class RemoteController:
    """GameController's interface over a TableClient."""

    def __init__(self, client: TableClient, lang: str, saves_dir: Path) -> None:
        self.client = client
        self.lang = lang
        self.saves_dir = saves_dir
        w = client.welcome
        assert w is not None and client.rules is not None
        self.rules = client.rules
        self.ui = plugin(w.game)
        self.open_info = not games.get(w.game).hidden_information
        self.session: RemoteSession | GameSession = RemoteSession(self)
        self.kinds = [s.kind for s in w.seats]
        self.humans = [i for i, k in enumerate(self.kinds) if k == "human"]
        self.bots: dict[int, Bot[Any]] = {}  # none: the server plays its bots
        self.warnings: list[str] = []
        self.perspective = w.seat
        self.token = 0
        self.log: list[LogLine] = []
        self._told: list[P.LogLine] | None = None  # the client's log `log` was taken from, line by line
        self.in_flight = -1  # the seq a move was sent at, until the update for it comes
        self.finished: GameSession | None = None  # the journal's session once the game is over and checked
        self.undone = 0  # undos the server made (a full log after the first): asked, not played
        self._updates: tuple[int, P.Update | None] = (0, None)
        self.listeners: list[Callable[[], None]] = []
        self._view: tuple[int, object] = (-1, None)
        self._legal: tuple[int, list[Action]] = (-1, [])
        self._refused = 0
        self._sending: asyncio.Future[None] | None = None  # the last send, kept till it is done
        self.hosting = False  # this app holds the table's server (`evo host`): leaving closes it
        self._take()
        client.on_change = self._changed

    # --- news from the server -------------------------------------------------------------

    def _changed(self) -> None:
        c = self.client
        if c.seq > self.in_flight or len(c.refusals) > self._refused:
            self.in_flight = -1  # the move was made, or refused: the seat decides again
        u = c.update
        if u is not None and u is not self._updates[1]:
            if u.full and self._updates[0]:
                self.undone += 1  # the log was told again after the join: moves were taken back
            self._updates = (self._updates[0] + 1, u)
        self._take()
        if c.verdict is not None and self.finished is None:
            self.finished = self._keep_journal()
        for listener in list(self.listeners):
            listener()

    def _take(self, again: bool = False) -> None:
        """The client's news: the log lines since the last update are appended (a long game's
        update costs its own lines, as a local move does); a full log (a join, an undo) or
        `again` tells the whole log anew, in a new list."""
        self.token += 1
        told = self.client.log
        if again or told is not self._told or len(told) < len(self.log):
            self._told, self.log = told, []
        self.log.extend(LogLine(x.text, x.seat, x.note) for x in told[len(self.log):])

    def new_refusals(self) -> list[str]:
        """The server's refusals since the last call, in the player's words."""
        out = [r.message for r in self.client.refusals[self._refused:]]
        self._refused = len(self.client.refusals)
        return out

    def _keep_journal(self) -> GameSession | None:
        """The finished game's journal, kept in the saves folder, as a session (None if it
        does not load: the check has said why)."""
        from core.engine.journal import JournalError
        from core.engine.session import GameSession

        end, w = self.client.end, self.client.welcome
        assert end is not None and w is not None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.saves_dir / f"{w.game}-online-{stamp}-{w.table}.jsonl"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(end.journal, encoding="utf-8")
            session, _ = GameSession.load(path, writable=False)
        except (OSError, JournalError):
            return None
        self.session = session
        return session

    # --- who is who -------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        return self.client.seat

    hotseat = False
    bots_only = False

    def names(self) -> list[str]:
        return [in_lang(s.name, self.lang) for s in self.client.seats]

    def pending(self) -> Decision | None:
        if self.finished is not None:
            return self.finished.pending()
        u = self.client.update
        return None if u is None or u.pending is None else Decision(u.pending, "")

    def outcome(self) -> Outcome | None:
        return None if self.finished is None else self.finished.outcome()

    def is_human_turn(self) -> bool:
        p = self.pending()
        return p is not None and self.kinds[p.seat] == "human"

    def is_bot_turn(self) -> bool:
        return False  # the server plays its bots

    def needs_handover(self) -> int | None:
        return None

    def confirm_handover(self, seat: int) -> None:
        pass

    def viewer(self) -> int | None:
        return PUBLIC if self.seat is None else self.seat

    def bottom_seat(self) -> int:
        return 0 if self.seat is None else self.seat

    def view(self) -> object:
        if self._view[0] != self.client.seq:
            self._view = (self.client.seq, self.client.view())
        return self._view[1]

    def my_decision(self) -> bool:
        return self.in_flight < 0 and self.client.my_turn() and self.finished is None

    def round_number(self) -> int:
        return 0  # no round summaries online yet: the log tells the round

    # --- playing ----------------------------------------------------------------------------

    def legal(self) -> list[Action]:
        u = self.client.update
        if u is None or not self.my_decision():
            return []
        if self._legal[0] != u.seq:
            self._legal = (u.seq, [self.rules.parse_action(x) for x in u.legal])
        return self._legal[1]

    def act(self, action: Action) -> list[Event]:
        """Send a move; the server's update makes it (or its refusal comes back)."""
        if not self.my_decision():
            raise IllegalAction("", text("online.wait", self.lang))
        self.in_flight = self.client.seq
        self.token += 1
        self._sending = asyncio.ensure_future(self.client.act(self.rules.format_action(action)))
        return []

    def explain(self, action: Action) -> IllegalAction | None:
        return None  # the server says why, when it refuses

    def bot_job(self) -> None:
        return None

    def play_bot(self, job: BotJob, action: Action) -> bool:
        return False

    # --- undo and redo by consent (docs/network.md, "Undo and redo") ----------------------

    def undo_others(self) -> list[str]:
        """The people an undo asked now would ask to agree."""
        u = self.client.update
        return [] if u is None else [self.names()[s] for s in u.undo_asks]

    def undo_refusal(self) -> str | None:
        """Why this seat cannot ask to take moves back now, or None."""
        return self._refusal("undo")

    def _refusal(self, kind: str) -> str | None:
        """Why this seat cannot ask for an undo or a redo (`kind`) now, or None: an open request
        of either kind is told as it stands; else the server's word on what it could take."""
        from core.net.words import say

        def sentence(key: str) -> str:  # the server's words follow "refused: …"; here they begin one
            return capitalized(say(key, self.lang))

        u = self.client.update
        if self.seat is None or u is None:
            return sentence("refused.watching")
        if self.finished is not None or self.client.closed:
            return sentence("refused.game_over")
        if u.undo is not None:
            return self._undo_line(u.undo)
        back, why = (u.undo_back, u.undo_why) if kind == "undo" else (u.redo_back, u.redo_why)
        return None if back > 0 else sentence(f"refused.{why or kind + '_nothing'}")

    def undo(self) -> int:
        """Ask to take the moves back: the server asks the others and makes it (or says no)."""
        if self.undo_refusal() is None:
            self._sending = asyncio.ensure_future(self.client.ask_undo())
        return 0

    def undo_request(self) -> P.UndoRequest | None:
        return self.client.undo_request

    def asked_to_undo(self) -> bool:
        return self.client.asked_to_undo() and self.finished is None

    def my_undo_request(self) -> bool:
        r = self.client.undo_request
        return r is not None and r.by == self.seat

    def answer_undo(self, yes: bool) -> None:
        self._sending = asyncio.ensure_future(self.client.answer_undo(yes))

    def undo_left(self) -> int:
        """Whole seconds until the open request lapses, counted down since it was told."""
        r = self.client.undo_request
        return 0 if r is None else max(0, int(r.left - (time.monotonic() - self.client.updated_at)))

    def _undo_line(self, r: P.UndoRequest) -> str:
        names, lang = self.names(), self.lang
        kind = "redo" if r.redo else "undo"
        waiting = ", ".join(names[s] for s in r.asked if s not in r.agreed)
        left = text("online.undo_left", lang, k=self.undo_left())
        if r.by == self.seat:
            return text(f"online.{kind}_mine", lang, k=r.moves, names=waiting) + left
        if self.asked_to_undo():
            return text(f"online.{kind}_asks_you", lang, name=names[r.by], k=r.moves) + left
        return text(f"online.{kind}_asked", lang, name=names[r.by], k=r.moves, names=waiting) + left

    def undo_prompt(self) -> tuple[str, str] | None:
        """While a request is open: what it asks, and the keys that answer it (markup)."""
        r = self.client.undo_request
        if r is None or self.finished is not None:
            return None
        keys = text("online.undo_keys_asked", self.lang) if self.asked_to_undo() else \
            text("online.undo_keys_mine", self.lang) if r.by == self.seat else ""
        return self._undo_line(r), keys

    def redo_others(self) -> list[str]:
        """The people a redo asked now would ask to agree."""
        u = self.client.update
        return [] if u is None else [self.names()[s] for s in u.redo_asks]

    def redo_refusal(self) -> str | None:
        """Why this seat cannot ask to put back the moves the last undo took back, or None."""
        return self._refusal("redo")

    def can_redo(self) -> bool:
        return self.redo_refusal() is None

    def redo(self) -> int:
        """Ask to put the moves back: the server asks the others and makes it (or says no)."""
        if self.redo_refusal() is None:
            self._sending = asyncio.ensure_future(self.client.ask_redo())
        return 0

    def rebuild_log(self) -> None:
        self._take(again=True)

    def set_lang(self, lang: str) -> None:
        self.lang = lang  # the server narrates in the language given when joining

    def close(self) -> None:
        self.token += 1
        self.listeners.clear()
        self._sending = asyncio.ensure_future(self.client.close())

    def played_entries(self) -> list[J.Entry]:
        s = self.finished
        return [] if s is None else [s.entries[0], *s.moves_on_line()]

    # --- what the online table shows --------------------------------------------------------

    def status(self) -> str:
        """Who is connected, whose turn it is, how long a dropped seat has left, in one line."""
        c, lang = self.client, self.lang
        w = c.welcome
        assert w is not None
        if c.closed and self.finished is None:  # first, whatever the width: the rest is stale
            return text("online.lost", lang)
        parts = []
        left_since = time.monotonic() - c.seats_at
        for i, s in enumerate(c.seats):
            mark = "●" if s.connected or s.kind != "human" else "○"
            if s.stand_in:
                what = text("online.stand_in", lang)
            elif s.drop_left >= 0:
                what = text("online.drop_left", lang, k=max(0, int(s.drop_left - left_since)))
            else:
                what = ""
            me = text("online.me", lang) if i == self.seat else ""
            parts.append(f"{mark} {in_lang(s.name, lang)}{me}{' (' + what + ')' if what else ''}")
        if c.update is None:
            turn = text("online.not_dealt", lang)
        elif self.finished is not None or (c.update is not None and c.update.pending is None):
            turn = text("online.over", lang)
        elif c.undo_request is not None:
            turn = text("online.redo_waiting" if c.undo_request.redo else "online.undo_waiting", lang)
        elif self.my_decision() or self.in_flight >= 0:
            turn = text("online.your_turn", lang)
        else:
            p = self.pending()
            turn = text("online.waiting", lang, name=self.names()[p.seat]) if p is not None else ""
        role = text("online.watching", lang) if self.seat is None else ""
        return f"{role}{' · '.join(parts)} — {turn}"

    def lost(self) -> bool:
        """The connection is gone before the game's end: nothing more comes or goes."""
        return self.client.closed and self.finished is None

    def leaving_question(self) -> str | None:
        """What leaving the table now would do, asked before the app quits; None where it
        changes nothing (the game is over, or the connection gone)."""
        if self.client.closed or self.finished is not None:
            return None
        return text("online.leave_host" if self.hosting else "online.leave_seat", self.lang)

    def end_note(self) -> str:
        v = self.client.verdict
        if v is None:
            return ""
        if v.ok and v.mixed:
            return text("online.verified_mixed", self.lang, k=v.moves, n=v.mixed,
                        own=text("online.yours_too", self.lang) if v.own else "")
        if v.ok:
            return text("online.verified", self.lang, k=v.moves)
        return text("online.not_verified", self.lang, problem=v.problem)
