"""The table: where a game of `magic` is played.

The screen owns the cursor and the partial selection (`Sel`) of the pending decision; the
widgets only render the view. Every change of the game goes through the controller (and so
the session): a move, an undo, a redo. Bots think in a worker thread and their moves are
shown one by one at the player's chosen pace.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer

from core.games.magic import actions as A
from tui.bots import informed
from tui.controller import GameController
from tui.i18n import text
from tui.magic import describe as D
from tui.magic.stages import Sel, Stage, action_target, attack_is_futile, build_stage
from tui.magic.widgets import (
    CreatureCard,
    Details,
    EnergySource,
    HandCard,
    HandRow,
    Picked,
    Rows,
    SeatRow,
    SourceLine,
    StatusLine,
)
from tui.markup import esc
from tui.screens.game_table import GameTable
from tui.widgets.event_log import EventLog, log_entries
from tui.widgets.prompt_bar import Choice, PromptBar
from tui.widgets.repaint import wrapped_lines

NARROW = 100  # below this width the side panel folds into one line and a log screen
SHORT = 32  # below this height the details panel is left out
DETAILS_MIN = 6  # rows of the details panel, frame included, even with little to say
LOG_MIN = 6  # rows the log keeps under the details panel


class TableScreen(GameTable):
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
        Binding("u", "undo", "undo"),
        Binding("u", "undo_why", show=False),
        Binding("r", "redo", "redo"),
        Binding("r", "redo_why", show=False),
        Binding("f", "fast", "fast"),
        Binding("h", "hint", "hint"),
        Binding("i", "info", "info"),
        Binding("l", "log", "log"),
        Binding("s", "save_as", "save"),
        Binding("m", "menu", "menu"),
    ]

    def __init__(self, ctl: GameController) -> None:
        super().__init__(ctl)
        self.stage: Stage | None = None
        self.cursor: str | None = None
        self._details_fit: tuple[int, int, str] | None = None  # width, room, extra text
        self._hint: tuple[int, Any] = (-1, None)  # the last hint's best move, at its position
        n = len(ctl.session.header.seats)
        self.rows = {seat: SeatRow(seat) for seat in range(n)}
        self.status = StatusLine(id="status")
        self.source = EnergySource(id="source")
        self.source_line = SourceLine(id="source-line")
        self.details = Details(id="details")
        self.log_view = EventLog(id="log")
        self.hand = HandRow()
        self.prompt = PromptBar(id="prompt")

    # --- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self.status
        with Horizontal(id="main"):
            with Rows(id="rows"):
                yield from (self.rows[s] for s in self.row_order())
            with Vertical(id="side"):
                yield self.source
                yield self.details
                yield self.log_view
        yield self.source_line
        yield self.hand
        yield self.prompt
        yield Footer(show_command_palette=False)

    def on_resize(self) -> None:
        self._fit(self.size.width, self.size.height)
        self.call_after_refresh(self._size_details)  # once the side panel has its new size

    def _size_details(self, shown: str = "") -> None:
        """Make the details panel as tall as the longest text the cursor can bring up in this
        position (and `shown`), so that moving the cursor never resizes it: a resize lays out
        the whole screen. The log below keeps the rest, at least LOG_MIN rows."""
        if not self.is_attached or self.has_class("-narrow") or self.has_class("-short"):
            return
        width, room = self._details_room()
        if width <= 0 or room <= 0:
            return  # not laid out yet: on_resize sizes it
        texts = [self.describe(key) for key in self._items()]
        need = max(wrapped_lines(t, width) for t in [shown, *texts])
        frame = self.details.outer_size.height - self.details.content_region.height
        self.details.styles.height = max(DETAILS_MIN, min(need + frame, room - LOG_MIN))
        self._details_fit = (width, room, shown)
        self.call_after_refresh(self._check_details_fit)

    def _details_room(self) -> tuple[int, int]:
        """The details panel's text width, and the rows it shares with the log."""
        side = self.query_one("#side").content_region.height
        return self.details.content_region.width, side - self.source.outer_size.height

    def _check_details_fit(self) -> None:
        """The source panel above may have changed height with its new text: size again."""
        fit = self._details_fit
        if fit is not None and self.is_attached and self._details_room() != fit[:2]:
            self._size_details(fit[2])

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < NARROW, "-narrow")
        self.set_class(height < SHORT, "-short")
        self.refresh_bindings()

    def row_order(self) -> list[int]:
        """Other seats clockwise from the bottom seat, top to bottom; the bottom seat last."""
        n = len(self.rows)
        bottom = self.ctl.bottom_seat()
        return [(bottom + k) % n for k in range(1, n)] + [bottom]

    def _arrange_rows(self) -> None:
        box = self.query_one("#rows")
        for i, seat in enumerate(self.row_order()):
            row = self.rows[seat]
            if list(box.children).index(row) != i:
                box.move_child(row, before=i)

    # --- rendering ------------------------------------------------------------------

    def refresh_all(self) -> None:
        ctl, lang = self.ctl, self.lang
        view = self.view = ctl.view()
        names = ctl.names()
        bottom = ctl.bottom_seat()
        self.status.show(view, names, lang)
        for seat, row in self.rows.items():
            row.show(view, names, ctl.kinds, seat == bottom, lang)
        me = view.players[bottom]
        if ctl.perspective is None and not ctl.bots_only:
            title = text("table.hand_title_hidden", lang)
        elif ctl.kinds[bottom] == "human" and not ctl.hotseat:
            title = text("table.hand_title_you", lang, k=me.hand_size)
        else:
            title = text("table.hand_title", lang, name=names[bottom], k=me.hand_size)
        self.hand.show(me.hand, lang, title)
        self.source.show(view, lang)
        self.source_line.show(view, lang)
        self.log_view.border_title = text("log.title", lang)
        self.log_view.set_entries(log_entries(ctl))
        self._update_stage()
        self._size_details()

    def _update_stage(self) -> None:
        if self.ctl.my_decision() and self.view is not None:
            self.stage = build_stage(self.view, self.legal(), self.sel, self.lang)
        else:
            self.stage = None
        self._place_cursor()
        self._mark_all()
        self._show_prompt()
        self._show_details()
        self.refresh_bindings()

    def _items(self) -> dict[str, Any]:
        items: dict[str, Any] = {}
        for seat in self.row_order():
            for card in self.rows[seat].cards:
                items[card.key] = card
        for card in self.hand.cards:
            items[card.key] = card
        return items

    def zones(self) -> list[list[str]]:
        """The cursor's lines, top to bottom: each line of creatures as wrapped on the screen,
        then the hand."""
        z = []
        for seat in self.row_order():
            row = self.rows[seat]
            keys, step = [c.key for c in row.cards], row.strip.columns
            z += [keys[i:i + step] for i in range(0, len(keys), step)]
        z.append([c.key for c in self.hand.cards])
        return [zone for zone in z if zone]

    def targets(self) -> set[str]:
        st = self.stage
        if st is None:
            return set()
        return {f"h:{c}" for c in st.cards} | {f"c:{u}" for u in st.creatures}

    def _place_cursor(self) -> None:
        zones = self.zones()
        flat = [k for z in zones for k in z]
        targets = self.targets()
        if targets and self.cursor not in targets:
            st = self.stage
            assert st is not None
            pool = flat
            if st.zone == "hand":
                pool = [k for k in flat if k.startswith("h:")] + flat
            elif st.zone == "mine":
                pool = [f"c:{u}" for u in self.view.players[self.ctl.bottom_seat()].row] + flat
            hinted = self._hinted_item()
            self.cursor = hinted if hinted in targets else next((k for k in pool if k in targets),
                                                                self.cursor)
        elif self.cursor not in flat:
            if self.stage is not None and self.stage.zone == "hand" and self.hand.cards:
                self.cursor = self.hand.cards[0].key
            else:
                self.cursor = flat[-1] if flat else None

    def _hinted_item(self) -> str | None:
        """Where the hinted move goes on once its card is picked: the creature it is for."""
        token, action = self._hint
        if token == self.ctl.token and isinstance(action, A.Add) and self.sel.card == action.card:
            return f"c:{action.creature}"
        return None

    def _mark_all(self) -> None:
        targets = self.targets()
        st = self.stage
        picked = set()
        if st is not None:
            if st.picked_card is not None:
                picked.add(f"h:{st.picked_card}")
            if st.picked_creature is not None:
                picked.add(f"c:{st.picked_creature}")
        for key, w in self._items().items():
            w.mark(key == self.cursor, key in targets, key in picked, bool(targets) and key not in targets)
        self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        w = self._items().get(self.cursor or "")
        if w is None:
            return
        row = next((r for r in self.rows.values() if w in r.cards), None)
        if row is not None:
            row.scroll_visible(animate=False)  # the seat's header too, when it fits
        w.scroll_visible(animate=False)

    def _show_prompt(self) -> None:
        ctl, lang = self.ctl, self.lang
        names = ctl.names()
        st = self.stage
        msg, err = self.message
        pend = ctl.pending()
        if pend is None:
            self.prompt.show(text("table.over", lang), [], "", msg, err)
            return
        if st is None:
            who = names[pend.seat]
            if ctl.is_bot_turn():
                prompt = text("table.bot_thinking", lang, name=who)
                keys = text("keys.bot_line", lang)
            else:
                prompt = text("table.waiting", lang, name=who)
                keys = ""
            self.prompt.show(prompt, [], keys, msg, err)
            return
        prompt = st.prompt
        if ctl.hotseat:
            prompt = f"{names[pend.seat]}: {prompt}"
        choices = [Choice(o.key, o.label, o.enabled, o.order, o.tick) for o in st.options]
        parts = []
        if st.cards or st.creatures:
            parts.append(text("keys.line_pick", lang))
        elif st.default is not None:
            parts.append(text("keys.line_enter", lang))
        if len(st.options) == 1:
            parts.append(text("keys.line_number", lang))
        elif st.options:
            parts.append(text("keys.line_numbers", lang, k=st.options[-1].key))
        if st.back is not None:
            parts.append(text("keys.line_back", lang))
        parts.append(text("keys.line_help", lang))
        self.prompt.show(prompt, choices, " · ".join(parts), msg, err)

    def _show_details(self) -> None:
        if self.has_class("-narrow") or self.has_class("-short"):
            return
        self.details.show(self.describe(self.cursor), self.lang)

    def describe(self, key: str | None) -> str:
        view = self.view
        if key is None or view is None:
            return ""
        kind, _, ident = key.partition(":")
        if kind == "c" and int(ident) in view.creatures:
            return D.creature_details(view.creatures[int(ident)], view, self.ctl.names(), self.lang)
        if kind == "h":
            return D.card_details(int(ident), self.lang)
        return ""

    # --- the flow of the game -------------------------------------------------------

    def _after_change(self) -> None:
        if not self.is_attached:
            return
        ctl = self.ctl
        self.refresh_all()
        if ctl.outcome() is not None:
            self._game_over()
            return
        seat = ctl.needs_handover()
        if seat is not None:
            from tui.screens.handover import HandoverScreen

            self.push_screen_wait_handover(HandoverScreen(ctl.names()[seat], self.lang), seat)
            return
        if ctl.my_decision():
            self._fast = False
        if ctl.is_bot_turn():
            self._start_bot()

    def push_screen_wait_handover(self, screen: Any, seat: int) -> None:
        def done(_: Any) -> None:
            self.ctl.confirm_handover(seat)
            self.sel = Sel()
            self.cursor = None
            self._arrange_rows()
            self._after_change()

        self.app.push_screen(screen, done)

    # --- bots -----------------------------------------------------------------------

    # --- input: cursor, picks, options ------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        zones = self.zones()
        if not zones:
            return
        pos = next(((zi, zone.index(self.cursor)) for zi, zone in enumerate(zones) if self.cursor in zone),
                   None)
        if pos is None:
            self.cursor = zones[-1][0]
        else:
            zi, ii = pos
            if dx:
                ii = max(0, min(len(zones[zi]) - 1, ii + dx))
            if dy:
                nz = max(0, min(len(zones) - 1, zi + dy))
                if nz != zi:
                    ii = round(ii * (len(zones[nz]) - 1) / max(1, len(zones[zi]) - 1)) \
                        if len(zones[zi]) > 1 else min(ii, len(zones[nz]) - 1)
                    zi = nz
            self.cursor = zones[zi][ii]
        self.message = ("", False)
        self._mark_all()
        self._show_prompt()
        self._show_details()

    def on_picked(self, event: Picked) -> None:
        event.stop()
        self.cursor = event.key
        self._mark_all()
        self._show_details()
        self.action_pick()

    def action_pick(self) -> None:
        st = self.stage
        if st is None:
            self._not_your_turn()
            return
        key = self.cursor or ""
        kind, _, ident = key.partition(":")
        results = st.cards if kind == "h" else st.creatures if kind == "c" else {}
        if ident and int(ident) in results:
            self._apply(results[int(ident)])
            return
        if (st.cards or st.creatures) and ident:
            probe = st.probe_card if kind == "h" else st.probe_creature
            self._refuse(probe(int(ident)) if probe else None)
            return
        if st.default is not None:
            self._apply(st.default)
            return
        self.say_how_to_choose(st)

    def _not_your_turn(self) -> None:
        pend = self.ctl.pending()
        if pend is not None:
            self.say(text("table.not_your_turn", self.lang, name=self.ctl.names()[pend.seat]))

    def _refuse(self, action: Any) -> None:
        exc = self.ctl.explain(action) if action is not None else None
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
        if isinstance(result, A.AttackWith) and attack_is_futile(self.view, result):
            from tui.screens.dialogs import ConfirmScreen

            t = f"c{result.target}"
            question = text("futile.text", self.lang, t=t, c=f"c{self.view.active}")

            def confirmed(yes: bool | None) -> None:
                if yes:
                    self.submit(result)

            title = text("futile.title", self.lang)
            self.app.push_screen(ConfirmScreen(title, question, self.lang), confirmed)
            return
        self.submit(result)

    # --- undo, redo, fast-forward -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.ctl.undo_refusal() is None else None
        if action == "redo":
            return True if self.ctl.can_redo() else None
        if action == "fast":
            return self.ctl.is_bot_turn()
        if action == "hint":
            return informed(self.ctl.rules) and self.ctl.my_decision()  # hidden, not greyed
        if action == "log":
            return self.has_class("-narrow")
        return True

    def _show_hint(self, token: int, hints: list[Any], error: str) -> None:
        if token != self.ctl.token or not self.is_attached:
            return  # the game moved on while the hint was thought about
        if not hints:
            self.say(text("hint.none", self.lang, error=error), error=bool(error))
            return
        best = hints[0]
        self._hint = (token, best.action)
        target = action_target(best.action)
        if target is not None and target in self._items():
            self.cursor = target
            self._mark_all()
        # The top moves with their shares and reasons: in the details panel, or over the
        # table when the terminal is too small for the panel.
        lines = [f"[b]{esc(text('hint.title', self.lang))}[/]"]
        lines += [esc(text("hint.item", self.lang, rank=i, move=h.notation, reason=h.reason,
                           share=round(h.share * 100))) for i, h in enumerate(hints, 1)]
        if self.has_class("-narrow") or self.has_class("-short"):
            from tui.screens.dialogs import InfoScreen

            self.app.push_screen(InfoScreen("\n".join(lines), self.lang))
        else:  # the hint first, then what the cursor (now on the best move's item) is
            about = self.describe(self.cursor)
            shown = "\n".join(lines) + (f"\n\n{about}" if about else "")
            self._size_details(shown)
            self.details.show(shown, self.lang)
        self.say(text("hint.line", self.lang, reason=best.reason, move=best.notation,
                      share=round(best.share * 100)))

    # --- other screens ------------------------------------------------------------------

    def action_help(self) -> None:
        from tui.magic.help import decision_help
        from tui.screens.dialogs import MarkdownScreen

        body = decision_help(self.view, self.stage, self.ctl, self.lang)
        self.app.push_screen(MarkdownScreen(text("help.title", self.lang), body, self.lang))

    def action_info(self) -> None:
        from tui.screens.dialogs import InfoScreen

        body = self.describe(self.cursor)
        if body:
            self.app.push_screen(InfoScreen(body, self.lang))


__all__ = ["CreatureCard", "HandCard", "TableScreen", "log_entries"]
