"""The table: where a game of `gravity` is played.

Wide terminals (≥ 110 × 34) show the town map beside the alarm track, the monster row, the
monsters, details and the log, with a panel per character below. Smaller ones show the map
or the panels, toggled with Tab (the map comes up by itself when a location must be picked).

The screen owns the map cursor and the partial selection (`Sel`) of the pending decision; the
widgets only render the view. Every change of the game goes through the controller (and so
the session): a move, an undo, a redo. Bots think in a worker thread, shown at the chosen pace.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from core.games.gravity import actions as A
from core.games.gravity.data import board
from core.games.gravity.texts import char_name
from tui.bots import informed
from tui.controller import GameController
from tui.gravity import describe as D
from tui.gravity.map_widget import LocationPicked, TownMap
from tui.gravity.stages import Sel, Stage, action_place, build_stage
from tui.gravity.town import Marks
from tui.gravity.widgets import (
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
from tui.screens.game_table import GameTable
from tui.widgets.event_log import EventLog, log_entries
from tui.widgets.prompt_bar import Choice, PromptBar
from tui.widgets.repaint import repaint

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


class GravityTableScreen(GameTable):
    SEL = Sel

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("enter", "pick", show=False),
        Binding("escape", "back", show=False),
        *[Binding(k, f"choose('{k}')", show=False) for k in "1234567890"],
        Binding("f1,question_mark", "help", "help", key_display="?"),
        Binding("tab", "toggle_map", "map_toggle", key_display="Tab"),
        Binding("u", "undo", "undo"),
        Binding("u", "undo_why", show=False),
        Binding("r", "redo", "redo"),
        Binding("r", "redo_why", show=False),
        Binding("f", "fast", "fast"),
        Binding("h", "hint", "hint", show=False),  # in the help: the footer is full at 80 columns
        Binding("i", "info", "info"),
        Binding("l", "log", "log"),
        Binding("s", "save_as", "save"),
        Binding("m", "menu", "menu"),
    ]

    def __init__(self, ctl: GameController) -> None:
        super().__init__(ctl, id="gravity-table")
        self.stage: Stage | None = None
        self.cursor: int | None = None
        self.map_shown = True  # small terminals: the map (True) or the panels (False)
        self._asked: tuple[int, Sel] | None = None  # the decision the map was last brought up for
        n = len(ctl.session.header.seats)
        self.town = TownMap(id="gv-map")
        self.panels = [CharacterPanel(seat) for seat in range(n)]
        self.small_panels = [CharacterPanel(seat, "char-small") for seat in range(n)]
        self.prompt = PromptBar(id="prompt")

    @property
    def small(self) -> bool:
        return self.has_class("-narrow")

    # --- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield GravityStatus(id="gv-status")
        yield TurnSteps(id="gv-steps")
        yield DiceLine(id="gv-dice")
        with Horizontal(id="gv-main"):
            with Vertical(id="gv-left"):
                yield self.town
                yield Static(id="gv-mapinfo")
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
                yield EventLog(id="gv-log")
        with Horizontal(id="gv-chars"):
            yield from self.panels
        yield self.prompt
        yield Footer(show_command_palette=False)

    def on_resize(self) -> None:
        self._fit(self.size.width, self.size.height)
        if self.view is not None:
            self.refresh_all()

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < WIDE_W or height < WIDE_H, "-narrow")
        self._show_map_or_panels()
        self.refresh_bindings()

    def _show_map_or_panels(self) -> None:
        self.set_class(self.small and not self.map_shown, "-panels")

    # --- rendering ------------------------------------------------------------------

    def refresh_all(self) -> None:
        ctl, lang = self.ctl, self.lang
        view = self.view = ctl.view()
        names = ctl.names()
        small = self.small
        self.query_one(GravityStatus).show(view, names, lang, compact=small)
        self.query_one(TurnSteps).show(view, lang, compact=small)
        self.query_one(DiceLine).show(view, lang)
        if small:
            self.query_one("#gv-alarm-line", AlarmTrack).show(view, lang, compact=True)
            self.query_one("#gv-row-line", MonsterRow).show(view, lang, compact=True)
            self.query_one("#gv-monsters-small", MonsterCards).show(view, lang)
            log = self.query_one("#gv-log-small", EventLog)
        else:
            self.query_one("#gv-alarm", AlarmTrack).show(view, lang)
            self.query_one("#gv-row", MonsterRow).show(view, lang)
            self.query_one("#gv-monsters", MonsterCards).show(view, lang)
            log = self.query_one("#gv-log", EventLog)
        log.border_title = text("log.title", lang)
        log.set_entries(log_entries(ctl))
        self._update_stage()

    def _show_panels(self) -> None:
        view, lang = self.view, self.lang
        card = self.stage.card if self.stage is not None else ""
        names, kinds = self.ctl.names(), self.ctl.kinds
        for p in self.small_panels if self.small else self.panels:
            p.show(view, names, kinds, lang, card if p.seat == view.decider else "", compact=self.small)

    def _update_stage(self) -> None:
        view = self.view
        if self.ctl.my_decision() and view is not None:
            self.stage = build_stage(view, self.legal(), self.sel, self.lang)
        else:
            self.stage = None
        self._place_cursor()
        asked = (self.ctl.token, self.sel)
        if self.stage is not None and self.stage.places and asked != self._asked:
            self._asked = asked
            if self.small and not self.map_shown:  # a location must be picked: bring up the map
                self.map_shown = True
                self._show_map_or_panels()
        self._show_panels()
        self._show_marks()
        self._show_prompt()
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Redraw the footer only when a key's availability changed (it is slow to rebuild)."""
        sig = tuple(self.check_action(a, ()) for a in ("undo", "redo", "fast", "hint", "log", "toggle_map"))
        if sig != getattr(self, "_footer_sig", None):
            self._footer_sig = sig
            self.refresh_bindings()

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

    def _route(self) -> tuple[int, ...]:
        st, cur = self.stage, self.cursor
        if st is None or cur is None or cur not in st.places:
            return ()
        result = st.places[cur]
        if isinstance(result, A.Play):
            card = result.card
        elif isinstance(result, Sel) and result.dest:  # several cards reach it: show the first walk
            card = next((a.card for a in self.legal() if isinstance(a, A.Play) and a.dest == cur
                         and a.card != "tp"), "")
        else:
            card = st.route_card
        return D.route(self.view, self.view.decider, card, cur) if card else ()

    def _show_marks(self) -> None:
        view, st = self.view, self.stage
        if view is None or not view.chars:
            return
        marks = Marks(cursor=self.cursor, targets=frozenset(st.places) if st else frozenset(),
                      route=self._route(), here=view.chars[view.active].loc,
                      related=st.related if st else frozenset())
        self.town.show(view, marks, self.lang)
        info = D.place_line(view, self.cursor, self.lang) if self.cursor else ""
        if marks.route:  # the route being chosen, step by step, before the place it ends on
            path = " → ".join(D.short(x, self.lang) for x in marks.route)
            roads = D.roads_count(len(marks.route) - 1, self.lang)
            info = f"[b $route]{esc(text('gravity.route', self.lang, path=path, roads=roads))}[/] · {info}"
        repaint(self.query_one("#gv-mapinfo", Static), info)

    def describe(self) -> str:
        if self.view is None or self.cursor is None:
            return ""
        return D.place_details(self.view, self.cursor, self.lang)

    def _keys_line(self, st: Stage) -> str:
        lang = self.lang
        if self.small:  # one line at 80 columns, whatever the decision (no jumping layout)
            keys = [text("gravity.keys.short_map", lang)] if st.places else []
            if st.default is not None and not st.places:
                keys.append(text("gravity.keys.short_enter", lang))
            if st.options:
                keys.append(text("gravity.keys.short_numbers", lang, k=st.options[-1].key))
            if st.back is not None:
                keys.append(text("gravity.keys.short_back", lang))
            keys.append(text("gravity.keys.short_help", lang))
            return " · ".join(keys)
        parts = []
        if st.places:
            parts.append(text("gravity.keys.pick", lang))
            if st.more:
                parts.append(text("gravity.keys.more", lang, k=st.more))
        elif st.default is not None:
            label = next((o.label for o in st.options if o.result == st.default), "")
            parts.append(text("gravity.keys.enter", lang, what=esc(label)) if label
                         else text("keys.line_enter", lang))
        if len(st.options) == 1:
            parts.append(text("keys.line_number", lang))
        elif st.options:
            parts.append(text("keys.line_numbers", lang, k=st.options[-1].key))
        if st.back is not None:
            parts.append(text("keys.line_back", lang))
        parts.append(text("keys.line_help", lang))
        return " · ".join(parts)

    def _show_prompt(self) -> None:
        ctl, lang = self.ctl, self.lang
        st = self.stage
        msg, err = self.message
        pend = ctl.pending()
        if pend is None:
            self.prompt.show(text("table.over", lang), [], "", msg, err)
            return
        view = self.view
        who = D.person_names(view, ctl.names())[pend.seat]
        if st is None:
            ch = char_name(view.chars[pend.seat].id, lang)
            if ctl.is_bot_turn():
                prompt = text("gravity.bot_thinking", lang, name=who, ch=ch)
                keys = text("keys.bot_line", lang)
            else:
                prompt = text("table.waiting", lang, name=who)
                keys = ""
            self.prompt.show(prompt, [], keys, msg, err)
            return
        prompt = st.prompt
        if len({view.controllers[i] for i, k in enumerate(ctl.kinds) if k == "human"}) > 1:
            prompt = f"{who} — {prompt}"  # several people at the keyboard: say whose decision
        choices = [Choice(o.key, o.label, o.enabled, 1 if o.ticked else 0, o.tick, ordered=False)
                   for o in st.options]
        self.prompt.show(prompt, choices, self._keys_line(st), msg, err)

    # --- the flow of the game -------------------------------------------------------

    def _after_change(self) -> None:
        if not self.is_attached:
            return
        ctl = self.ctl
        self.refresh_all()
        if ctl.outcome() is not None:
            self._game_over()
            return
        if ctl.my_decision():
            self._fast = False
        if ctl.is_bot_turn():
            self._start_bot()

    # --- bots -----------------------------------------------------------------------

    # --- input: the map cursor, picks, options ----------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        if self.view is None or not self.view.chars:
            return
        here = self.cursor or self.view.chars[self.view.active].loc
        self.cursor = step_toward(here, dx, dy)
        self.message = ("", False)
        self._show_marks()
        self._show_prompt()

    def on_location_picked(self, event: LocationPicked) -> None:
        event.stop()
        self.cursor = event.loc
        self._show_marks()
        self.action_pick()

    def on_character_picked(self, event: CharacterPicked) -> None:
        from tui.screens.dialogs import InfoScreen

        event.stop()
        body = D.char_details(self.view, event.seat, self.ctl.names(), self.lang)
        self.app.push_screen(InfoScreen(body, self.lang))

    def action_pick(self) -> None:
        st = self.stage
        if st is None:
            self._not_your_turn()
            return
        loc = self.cursor
        if st.places:
            if loc in st.places:
                self._apply(st.places[loc])
                return
            probe = st.probe_place(loc) if st.probe_place is not None and loc else None
            if probe is not None:
                self._refuse(probe)
            else:
                self.say(text("gravity.no_pick_here", self.lang), error=True)
            return
        if st.default is not None:
            self._apply(st.default)
            return
        self.say_how_to_choose(st)

    def _not_your_turn(self) -> None:
        pend = self.ctl.pending()
        if pend is not None:
            who = D.person_names(self.view, self.ctl.names())[pend.seat]
            self.say(text("table.not_your_turn", self.lang, name=who))

    def _refuse(self, action: Any) -> None:
        exc = self.ctl.explain(action)
        if exc is None:
            self.say(text("table.not_now", self.lang), error=True)
        else:
            self.say(f"{exc.message} [{exc.rule_id}]", error=True)

    def _apply(self, result: Any) -> None:
        if isinstance(result, Sel):
            self.sel = result
            self.message = ("", False)
            self._update_stage()
            return
        self.submit(result)

    # --- undo, redo, fast-forward, the view toggle -------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.ctl.undo_refusal() is None else None
        if action == "redo":
            return True if self.ctl.can_redo() else None
        if action == "fast":
            return self.ctl.is_bot_turn()
        if action == "hint":
            return informed(self.ctl.rules) and self.ctl.my_decision()
        if action in ("log", "toggle_map"):
            return self.small
        return True

    def action_toggle_map(self) -> None:
        self.map_shown = not self.map_shown
        self._show_map_or_panels()
        self.refresh_all()

    def _show_hint(self, token: int, hints: list[Any], error: str) -> None:
        if token != self.ctl.token or not self.is_attached:
            return
        if not hints:
            self.say(text("hint.none", self.lang, error=error), error=bool(error))
            return
        best = hints[0]
        loc = action_place(best.action)
        if loc is not None:
            self.cursor = loc
            self._show_marks()
        self.say(text("hint.line", self.lang, reason=best.reason, move=best.notation,
                      share=round(best.share * 100)))

    # --- other screens ------------------------------------------------------------------

    def action_help(self) -> None:
        from tui.gravity.help import decision_help
        from tui.screens.dialogs import MarkdownScreen

        body = decision_help(self.view, self.stage, self.ctl, self.lang)
        self.app.push_screen(MarkdownScreen(text("help.title", self.lang), body, self.lang))

    def action_info(self) -> None:
        from tui.screens.dialogs import InfoScreen

        if self.view is None:
            return
        body = self.describe()
        chars, _ = D.figures_at(self.view, self.cursor or 0)
        body += "".join("\n\n" + D.char_details(self.view, i, self.ctl.names(), self.lang) for i in chars)
        if body:
            self.app.push_screen(InfoScreen(body, self.lang))


def _nearest(start: int, places: list[int]) -> int:
    locs = board().locations
    x0, y0 = locs[start].x, locs[start].y
    return min(places, key=lambda p: ((locs[p].x - x0) ** 2 + (locs[p].y - y0) ** 2, p))
