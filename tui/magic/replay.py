"""The replay of a `magic` game: the seat rows, the energy source and the viewer's hand."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from core.engine.session import GameSession
from tui.i18n import text
from tui.magic.widgets import EnergySource, HandRow, Rows, SeatRow, SourceLine, StatusLine
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog


class MagicReplayScreen(ReplayScreen):
    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        n = len(session.header.seats)
        self.rows = {seat: SeatRow(seat) for seat in range(n)}
        self.hand = HandRow()

    def compose_status(self) -> ComposeResult:
        yield StatusLine(id="status")

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Rows(id="rows"):
                yield from (self.rows[s] for s in self._order())
            with Vertical(id="side"):
                yield EnergySource(id="source")
                yield EventLog(id="log")
        yield SourceLine(id="source-line")
        yield self.hand

    def _bottom(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def _order(self) -> list[int]:
        n = len(self.rows)
        b = self._bottom()
        return [(b + k) % n for k in range(1, n)] + [b]

    def show_board(self, view: Any, names: list[str]) -> None:
        lang = self.lang
        kinds = [s.kind for s in self.session.header.seats]
        self.query_one(StatusLine).show(view, names, lang)
        bottom = self._bottom()
        for row in self.rows.values():
            row.show(view, names, kinds, False, lang)
        hand = view.players[bottom].hand
        title = text("table.hand_title", lang, name=names[bottom], k=view.players[bottom].hand_size)
        self.hand.show(hand, lang, title)
        self.query_one(EnergySource).show(view, lang)
        self.query_one(SourceLine).show(view, lang)

    def viewer_changed(self) -> None:
        box = self.query_one("#rows")
        for k, seat in enumerate(self._order()):
            row = self.rows[seat]
            if list(box.children).index(row) != k:
                box.move_child(row, before=k)
