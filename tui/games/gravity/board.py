"""The `gravity` board: the town map beside the alarm track, the monster row, the monsters and
the log, with a panel per character below — on the table and in the replay.

Wide terminals (≥ 110 × 34) show it all. On the table, smaller ones show the map or the
panels, toggled with Tab (the map comes up by itself when a location must be picked); the
replay shows the map alone there. The map cursor moves between locations; the stage says
which of them may be picked and what picking each leads to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity.data import board, game
from core.games.gravity.texts import char_name
from core.games.gravity.view import GravityView
from tui.board import Board, BoardContext, BoardKey, Pick
from tui.games.gravity import describe as D
from tui.games.gravity.map_widget import LocationPicked, TownMap
from tui.games.gravity.stages import Sel, Stage, action_place, build_stage
from tui.games.gravity.town import Marks
from tui.games.gravity.widgets import (
    AlarmTrack,
    CharacterPanel,
    CharacterPicked,
    DiceLine,
    GravityStatus,
    MonsterCards,
    MonsterRow,
    TurnSteps,
)
from tui.i18n import text
from tui.markup import esc
from tui.widgets.event_log import EventLog
from tui.widgets.repaint import repaint

if TYPE_CHECKING:
    from core.bots.hint import Hint

WIDE_W, WIDE_H = 110, 34  # below either, the map and the panels share the screen by turns


def step_toward(here: int, dx: int, dy: int) -> int:
    """The location the cursor goes to from `here` for an arrow key: among those whose direction
    is within about 60° of the arrow's on the board's grid (the map keeps its shape), the nearest,
    the straighter one first on a tie; then the lower number."""
    locs = board().locations
    x0, y0 = locs[here].x, locs[here].y
    best, best_score = here, float("inf")
    for loc, spot in locs.items():
        vx, vy = spot.x - x0, spot.y - y0
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if loc == here or along <= 0 or across > 2 * along:
            continue
        score = (along * along + across * across) * (1 + across / along)
        if score < best_score:
            best, best_score = loc, score
    return best


def _nearest(start: int, places: list[int]) -> int:
    locs = board().locations
    x0, y0 = locs[start].x, locs[start].y
    return min(places, key=lambda p: ((locs[p].x - x0) ** 2 + (locs[p].y - y0) ** 2, p))


class GravityBoard(Board[GravityView, Stage, Sel]):
    SEL = Sel
    STAGES = build_stage
    KEYS: ClassVar[list[BoardKey]] = [BoardKey("tab", "toggle_map", "map_toggle", "Tab")]
    HINT_FOOTER_WIDTH: ClassVar[int] = 100  # the map's key fills the footer at 80 columns
    BENCH_KEYS: ClassVar[tuple[str, ...]] = ("right", "down", "left", "up")

    def __init__(self, ctx: BoardContext, mode: str) -> None:
        super().__init__(ctx, mode)
        self.town = TownMap(id="gv-map")
        self.panels = [CharacterPanel(seat) for seat in range(self.seats)]
        self.small_panels = [CharacterPanel(seat, "char-small") for seat in range(self.seats)]
        self.map_shown = True  # small tables: the map (True) or the panels (False)
        self.cursor: int | None = None  # the map location under the cursor
        self.view: GravityView | None = None
        self.stage: Stage | None = None
        self._asked: tuple[int, Sel | None] | None = None  # the decision the map was last brought up for
        self.status = GravityStatus(id="gv-status")
        self.steps = TurnSteps(id="gv-steps")
        self.dice = DiceLine(id="gv-dice")

    @property
    def shown(self) -> GravityView:
        """The view shown: what a board is asked about once `show` gave it one."""
        assert self.view is not None, "nothing shown yet"
        return self.view

    @property
    def small(self) -> bool:
        return self.narrow_now

    # --- layout ---------------------------------------------------------------------------

    def status_widgets(self) -> list[Widget]:
        if self.mode == "table":
            return [self.status, self.steps, self.dice]
        return [self.status]

    def compose(self) -> ComposeResult:
        table = self.mode == "table"
        if not table:
            yield self.dice
        with Horizontal(id="gv-main"):
            with Vertical(id="gv-left"):
                yield self.town
                yield Static(id="gv-mapinfo")
                if table:
                    with VerticalScroll(id="gv-small"):
                        yield AlarmTrack(id="gv-alarm-line")
                        yield MonsterRow(id="gv-row-line")
                        yield from self.small_panels
                        yield MonsterCards(id="gv-monsters-small")
                        yield EventLog(id="gv-log-small")
            with Vertical(id="gv-side"):
                yield AlarmTrack(id="gv-alarm")
                yield MonsterRow(id="gv-row")
                yield MonsterCards(id="gv-monsters")
                yield EventLog(id="gv-log" if table else "log")
        with Horizontal(id="gv-chars"):
            yield from self.panels

    def narrow(self, width: int, height: int) -> bool:
        return width < WIDE_W or height < WIDE_H

    def fit(self, width: int, height: int) -> dict[str, bool]:
        classes = super().fit(width, height)
        classes["-panels"] = self.mode == "table" and self.small and not self.map_shown
        return classes

    def log_widget(self) -> EventLog:
        if self.mode != "table":
            return self.query_one("#log", EventLog)
        return self.query_one("#gv-log-small" if self.small else "#gv-log", EventLog)

    # --- rendering --------------------------------------------------------------------------

    def show(self, view: GravityView) -> None:
        lang = self.lang
        self.view = view
        names = self.ctx.names
        small = self.small
        self.status.show(view, names, lang, compact=small)
        if self.mode == "table":
            self.steps.show(view, lang, compact=small)
        self.dice.show(view, lang)
        if self.mode != "table":
            if view.chars:
                self._show_replay_map()
            return
        if small:
            self.query_one("#gv-alarm-line", AlarmTrack).show(view, lang, compact=True)
            self.query_one("#gv-row-line", MonsterRow).show(view, lang, compact=True)
            self.query_one("#gv-monsters-small", MonsterCards).show(view, lang)
        else:
            self._show_side(view)

    def _show_side(self, view: GravityView) -> None:
        lang = self.lang
        self.query_one("#gv-alarm", AlarmTrack).show(view, lang)
        self.query_one("#gv-row", MonsterRow).show(view, lang)
        self.query_one("#gv-monsters", MonsterCards).show(view, lang)

    def _show_panels(self) -> None:
        view, lang = self.shown, self.lang
        card = self.stage.card if self.stage is not None else ""
        names, kinds = self.ctx.names, self.ctx.kinds
        for p in self.small_panels if self.small else self.panels:
            p.show(view, names, kinds, lang, card if p.seat == view.decider else "", compact=self.small)

    # --- the replay: the route walked by the move being shown -------------------------------------

    def _replay_route(self) -> tuple[int, ...]:
        """The route walked by the move being shown: its start, then each location entered."""
        model = self.replay
        ev = model.event()
        if not isinstance(ev, E.Moved) or ev.how not in ("walk", "stop") or model.index == 0:
            return ()
        before = model.session.rules.view(model.state_at(model.index - 1), None)
        seat = next((i for i, c in enumerate(before.chars) if c.id == ev.ch), None)
        return (before.chars[seat].loc, *ev.path) if seat is not None else ()

    def _show_replay_map(self) -> None:
        view, lang = self.shown, self.lang
        route = self._replay_route()
        here = view.chars[view.active].loc
        self.town.show(view, Marks(cursor=self.cursor, route=route, here=here), lang)
        focus = self.cursor or (route[-1] if route else here)
        repaint(self.query_one("#gv-mapinfo", Static), D.place_line(view, focus, lang))
        if not self.small:
            self._show_side(view)
            kinds = self.ctx.kinds
            for p in self.panels:
                p.show(view, self.ctx.names, kinds, lang)

    # --- the table: the decision -------------------------------------------------------------

    def items(self) -> dict[str, Widget]:
        """The alarm, the monster row, the monsters and each character, in the layout shown (the
        map itself is one picture: the monsters' list says where they went)."""
        if self.mode != "table":
            return {}
        if self.small:
            items: dict[str, Widget] = {"alarm": self.query_one("#gv-alarm-line"),
                                     "row": self.query_one("#gv-row-line"),
                                     "monsters": self.query_one("#gv-monsters-small")}
            panels = self.small_panels
        else:
            items = {"alarm": self.query_one("#gv-alarm"), "row": self.query_one("#gv-row"),
                     "monsters": self.query_one("#gv-monsters")}
            panels = self.panels
        items.update((f"char-{p.seat}", p) for p in panels)
        return items

    def stage_shown(self, stage: Stage | None) -> None:
        self.stage = stage
        self._place_cursor()
        asked = (self.ctl.token, self.sel)
        if stage is not None and stage.places and asked != self._asked:
            self._asked = asked
            if self.small and not self.map_shown:  # a location must be picked: bring up the map
                self.map_shown = True
                self.post_message(self.Relayout(redraw=False))
        self._show_panels()
        self._show_marks()

    def _place_cursor(self) -> None:
        st, view = self.stage, self.view
        if view is None or not view.chars:
            return
        if st is not None and st.places:
            if self.cursor not in st.places:
                self.cursor = _nearest(st.start or view.chars[view.decider].loc, list(st.places))
        elif st is not None and st.start:
            self.cursor = st.start
        elif self.cursor is None:
            self.cursor = view.chars[view.active].loc

    def _cards_here(self) -> list[str]:
        """The cards that would take the character to the location under the cursor, in the
        action decision (the route drawn is the first distance card's)."""
        st, cur = self.stage, self.cursor
        if st is None or cur is None or cur not in st.places:
            return []
        result = st.places[cur]
        if isinstance(result, A.Play):
            return [result.card]
        if isinstance(result, Sel) and result.dest:  # several cards reach it
            return [a.card for a in self.legal if isinstance(a, A.Play) and a.dest == cur]
        return []

    def _route(self) -> tuple[int, ...]:
        cur = self.cursor
        card = next((c for c in self._cards_here() if c in game().actions
                     and not game().actions[c].teleport and game().actions[c].distance), "")
        return D.route(self.shown, self.shown.decider, card, cur) if card and cur else ()

    def _show_marks(self) -> None:
        view, st = self.view, self.stage
        if view is None or not view.chars:
            return
        marks = Marks(cursor=self.cursor, targets=frozenset(st.places) if st else frozenset(),
                      route=self._route(), here=view.chars[view.active].loc,
                      related=st.related if st else frozenset())
        self.town.show(view, marks, self.lang)
        repaint(self.query_one("#gv-mapinfo", Static), self._map_info(marks))

    def _map_info(self, marks: Marks) -> str:
        """The line(s) under the map: the route being chosen with the tokens it passes and the
        roll it leads to, or the location under the cursor."""
        view, lang, cur = self.shown, self.lang, self.cursor
        if not cur:
            return ""
        cards = self._cards_here()
        end = marks.route[-1] if marks.route else cur
        rolls = [D.forecast(view, view.decider, card, end, lang) for card in cards]
        if len(cards) > 1:
            rolls = [f"{D.card_chip(card, lang)} {roll}" for card, roll in zip(cards, rolls, strict=True)]
        if marks.route:  # the route being chosen, step by step, and the roll at its end
            roads = D.roads_count(len(marks.route) - 1, lang)
            # small terminals keep one line under the map: the map itself shows the tokens
            chars, _ = D.figures_at(view, end)
            tail = [D.char_chip(view.chars[i].id, lang) for i in chars]
            # the whole route; on a small table (the map draws it) its ends alone if need be
            route = marks.route
            paths = [D.route_steps(view, route, lang, tokens=not self.small)]
            if self.small and len(route) > 2:
                paths.append(" → … → ".join(esc(D.short(x, lang)) for x in (route[0], route[-1])))
            said = [text("gravity.route", lang, roads=roads, path=p) for p in paths]
            return self._fitted([f"[b $route]{x}[/]" for x in said], rolls, tail)
        return self._fitted([D.place_line(view, cur, lang)], rolls, [])

    def _fitted(self, heads: list[str], rolls: list[str], tail: list[str]) -> str:
        """The map's line: on a small table (one line) the first of `heads` that lets it fit,
        with as many of the cards' rolls as it holds (the rest end in "…"; the prompt lists
        every card)."""
        room = self.size.width - 2 if self.small else 0

        def line(head: str, k: int) -> str:
            shown = ", ".join(rolls[:k]) + (", …" if k < len(rolls) else "")
            roll = text("gravity.forecast.at", self.lang, dice=shown) if k else ""
            return " · ".join(b for b in [head, roll, *tail] if b)

        def fits(said: str) -> bool:
            return room <= 0 or Content.from_markup(said).cell_length <= room

        for head in heads:
            for k in range(len(rolls), 0, -1) if rolls else [0]:
                if fits(line(head, k)):
                    return line(head, k)
        return line(heads[-1], min(len(rolls), 1))

    def describe(self) -> str:
        if self.view is None or self.cursor is None:
            return ""
        body = D.place_details(self.view, self.cursor, self.lang)
        chars, _ = D.figures_at(self.view, self.cursor)
        names = self.ctx.names
        return body + "".join("\n\n" + D.char_details(self.view, i, names, self.lang) for i in chars)

    def decider_name(self, seat: int) -> str:
        return D.person_names(self.shown, self.ctx.names)[seat]

    def bot_thinking(self, seat: int) -> str:
        ch = char_name(self.shown.chars[seat].id, self.lang)
        return text("gravity.bot_thinking", self.lang, name=self.decider_name(seat), ch=ch)

    def prompt_prefix(self, seat: int) -> bool:
        """Several people at the keyboard: say whose decision it is."""
        return len({self.shown.controllers[i] for i, k in enumerate(self.ctx.kinds) if k == "human"}) > 1

    def pick_keys(self, stage: Stage, compact: bool) -> list[str]:
        lang = self.lang
        if compact:  # one line at 80 columns, whatever the decision (no jumping layout)
            if stage.places:
                return [text("gravity.keys.short_map", lang)]
            return [text("gravity.keys.short_enter", lang)] if stage.default is not None else []
        if stage.places:
            parts = [text("gravity.keys.pick", lang)]
            if stage.more:
                parts.append(text("gravity.keys.more", lang, k=stage.more))
            return parts
        if stage.default is None:
            return []
        label = next((o.label for o in stage.options if o.result == stage.default), "")
        return [text("gravity.keys.enter", lang, what=esc(label)) if label
                else text("keys.line_enter", lang)]

    def key_text(self, name: str, compact: bool, **args: object) -> str:
        if compact:  # the short forms; one key names the numbers however many there are
            return text(f"gravity.keys.short_{'numbers' if name == 'number' else name}",
                        self.lang, **args)
        return super().key_text(name, compact, **args)

    def key_allowed(self, action: str) -> bool | None:
        if action == "toggle_map":
            return self.small
        return None

    # --- input ------------------------------------------------------------------------------

    def move(self, dx: int, dy: int) -> None:
        if self.view is None or not self.view.chars:
            return
        here = self.cursor or self.view.chars[self.view.active].loc
        self.cursor = step_toward(here, dx, dy)
        self._show_marks()

    def pick(self, stage: Stage) -> Pick:
        loc = self.cursor
        if not stage.places:
            return Pick()
        if loc in stage.places:
            return Pick(result=stage.places[loc], chosen=True)
        probe = stage.probe_place(loc) if stage.probe_place is not None and loc else None
        if probe is not None:
            return Pick(probe=probe)
        return Pick(message=text("gravity.no_pick_here", self.lang))

    def show_hint(self, hints: list[Hint]) -> str:
        loc = action_place(hints[0].action)
        moved = D.short(loc, self.lang) if loc is not None and loc != self.cursor else ""
        if loc is not None:
            self.cursor = loc
            self._show_marks()
        return moved

    def on_location_picked(self, event: LocationPicked) -> None:
        event.stop()
        if self.mode != "table":  # the replay: the clicked place's line, or back to the move's
            self.cursor = None if self.cursor == event.loc else event.loc
            self._show_replay_map()
            return
        self.cursor = event.loc
        self._show_marks()
        self.post_message(self.PickHere())

    def on_character_picked(self, event: CharacterPicked) -> None:
        from tui.screens.dialogs import InfoScreen

        event.stop()
        body = D.char_details(self.shown, event.seat, self.ctx.names, self.lang)
        self.app.push_screen(InfoScreen(body, self.lang))

    def action_toggle_map(self) -> None:
        self.map_shown = not self.map_shown
        self.post_message(self.Relayout())
