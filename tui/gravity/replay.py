"""The replay of a `gravity` game: the town map (with the route of a move being shown), the
alarm track, the monster row and monsters, the characters and the log.

The game is open (spec §10): every seat sees the same, so there is no viewer to change.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from core.engine.session import GameSession
from core.games.gravity import events as E
from tui.gravity import describe as D
from tui.gravity.map_widget import LocationPicked, TownMap
from tui.gravity.table import WIDE_H, WIDE_W
from tui.gravity.town import Marks
from tui.gravity.widgets import (
    AlarmTrack,
    CharacterPanel,
    DiceLine,
    GravityStatus,
    MonsterCards,
    MonsterRow,
)
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog
from tui.widgets.repaint import repaint


class GravityReplayScreen(ReplayScreen):
    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.viewer = None  # everyone sees the same; the view ignores the seat
        self.town = TownMap(id="gv-map")
        self.panels = [CharacterPanel(seat) for seat in range(len(session.header.seats))]
        self.cursor: int | None = None

    def narrow(self, width: int, height: int) -> bool:
        return width < WIDE_W or height < WIDE_H

    def may_change_viewer(self) -> bool:
        return False

    def compose_status(self) -> ComposeResult:
        yield GravityStatus(id="gv-status")

    def compose_board(self) -> ComposeResult:
        yield DiceLine(id="gv-dice")
        with Horizontal(id="gv-main"):
            with Vertical(id="gv-left"):
                yield self.town
                yield Static(id="gv-mapinfo")
            with Vertical(id="gv-side"):
                yield AlarmTrack(id="gv-alarm")
                yield MonsterRow(id="gv-row")
                yield MonsterCards(id="gv-monsters")
                yield EventLog(id="log")
        with Horizontal(id="gv-chars"):
            yield from self.panels

    def _route(self) -> tuple[int, ...]:
        """The route walked by the move being shown: its start, then each location entered."""
        ev = self.model.event()
        if not isinstance(ev, E.Moved) or ev.how not in ("walk", "stop") or self.model.index == 0:
            return ()
        before = self.session.rules.view(self.model.state_at(self.model.index - 1), None)
        seat = next((i for i, c in enumerate(before.chars) if c.id == ev.ch), None)
        return (before.chars[seat].loc, *ev.path) if seat is not None else ()

    def show_board(self, view: Any, names: list[str]) -> None:
        lang = self.lang
        small = self.has_class("-narrow")
        self.query_one(GravityStatus).show(view, names, lang, compact=small)
        self.query_one(DiceLine).show(view, lang)
        if not view.chars:
            return
        route = self._route()
        here = view.chars[view.active].loc
        marks = Marks(cursor=self.cursor, route=route, here=here)
        self.town.show(view, marks, lang)
        focus = self.cursor or (route[-1] if route else here)
        repaint(self.query_one("#gv-mapinfo", Static), D.place_line(view, focus, lang))
        if not small:
            self.query_one(AlarmTrack).show(view, lang)
            self.query_one(MonsterRow).show(view, lang)
            self.query_one(MonsterCards).show(view, lang)
            kinds = [s.kind for s in self.session.header.seats]
            for p in self.panels:
                p.show(view, names, kinds, lang)

    def on_location_picked(self, event: LocationPicked) -> None:
        event.stop()
        self.cursor = None if self.cursor == event.loc else event.loc
        self.show()
