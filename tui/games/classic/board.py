"""The `classic` board: seat rows of animals with their property cards, the food base, the
details of what the cursor is on, the log and the hand — on the table and in the replay.

On the table the cursor moves over the food base, the animals (row by row, as wrapped on the
screen) and the hand; the stage says which of them may be picked and what picking each leads
to.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from tui.board import DETAILS_MIN, LOG_MIN, Board, BoardKey, Pick, hint_lines, use_numbers
from tui.games.classic import describe as D
from tui.games.classic.stages import Sel, Stage, action_target, build_stage
from tui.games.classic.widgets import (
    HAND_CELL,
    BaseLine,
    Details,
    FoodBase,
    HandRow,
    SeatRow,
    StatusLine,
)
from tui.i18n import text
from tui.markup import esc
from tui.widgets.cursor import ZoneCursor
from tui.widgets.event_log import EventLog
from tui.widgets.hand import FIND_KEY, HandFinder
from tui.widgets.repaint import repaint, wrapped_lines
from tui.widgets.rows import SeatRows

SHORT = 32  # below this height the details panel is left out


class ClassicBoard(HandFinder, ZoneCursor, Board):
    SEL: ClassVar[Any] = Sel
    SIDE_PANEL = "cl-side"
    # "/" finds a hand card (big hands scroll): named in the hand's title, not in the footer.
    KEYS: ClassVar[list[BoardKey]] = [FIND_KEY]

    def __init__(self, seats: int, mode: str) -> None:
        super().__init__(seats, mode)
        self.rows = {seat: SeatRow(seat) for seat in range(seats)}
        self.status = StatusLine(id="cl-status")
        self.base = FoodBase(id="cl-base")
        self.base_line = BaseLine(id="cl-base-line")
        self.last = Static(id="cl-last")  # narrow table: the latest event (the log is folded away)
        self.details = Details(id="cl-details")
        self.log_view = EventLog(id="log")
        self.hand = HandRow()
        self.hand.findable = mode == "table"
        self.view: Any = None
        self.stage: Stage | None = None
        self._details_fit: tuple[int, int, str] | None = None  # width, room, extra text
        self._hint: tuple[int, Any] = (-1, None)  # the last hint's best move, at its position
        self._hand_index = -1  # where the cursor last was in the hand
        self._short = False  # a short terminal: the hand folds while no card can be played

    # --- layout ---------------------------------------------------------------------------

    def status_widgets(self) -> list[Widget]:
        return [self.status]

    def compose(self) -> ComposeResult:
        yield self.base_line
        if self.mode == "table":
            yield self.last
        with Horizontal(id="cl-main"):
            with SeatRows(id="cl-rows"):
                yield from (self.rows[s] for s in self.row_order())
            with Vertical(id="cl-side"):
                yield self.base
                if self.mode == "table":
                    yield self.details
                yield self.log_view
        yield self.hand

    def fit(self, width: int, height: int) -> None:
        self.host.set_class(self.mode == "table" and height < SHORT, "-short")
        short = height < SHORT
        if short != self._short:
            self._short = short
            if self.view is not None and self.is_attached:
                self.show(self.view)  # the hand folds or unfolds
                if self.mode == "table":
                    self.stage_shown(self.stage)

    def settled(self) -> None:
        self._size_details()

    def _compact(self) -> bool:
        return self.host.has_class("-narrow") or self.host.has_class("-short")

    def _size_details(self, shown: str = "") -> None:
        """Make the details panel as tall as the longest text the cursor can bring up in this
        position (and `shown`), so that moving the cursor never resizes it: a resize lays out
        the whole screen. The log below keeps the rest, at least LOG_MIN rows."""
        if self.mode != "table" or not self.is_attached or self._compact():
            return
        width, room = self._details_room()
        if width <= 0 or room <= 0:
            return  # not laid out yet: the resize sizes it
        texts = [self.describe_key(key) for key in self._items()]
        need = max(wrapped_lines(t, width) for t in [shown, *texts])
        frame = self.details.outer_size.height - self.details.content_region.height
        self.details.styles.height = max(DETAILS_MIN, min(need + frame, room - LOG_MIN))
        self._details_fit = (width, room, shown)
        self.call_after_refresh(self._check_details_fit)

    def _details_room(self) -> tuple[int, int]:
        """The details panel's text width, and the rows it shares with the log."""
        side = self.query_one("#cl-side").content_region.height
        return self.details.content_region.width, side - self.base.outer_size.height

    def _check_details_fit(self) -> None:
        """The base panel above may have changed height with its new text: size again."""
        fit = self._details_fit
        if fit is not None and self.is_attached and self._details_room() != fit[:2]:
            self._size_details(fit[2])

    def row_order(self) -> list[int]:
        """Other seats clockwise from the bottom seat, top to bottom; the bottom seat last."""
        n = len(self.rows)
        bottom = self._bottom()
        return [(bottom + k) % n for k in range(1, n)] + [bottom]

    def _bottom(self) -> int:
        return self.host.bottom_seat() if self.is_attached else 0

    def seats_rearranged(self) -> None:
        box = self.query_one("#cl-rows")
        for i, seat in enumerate(self.row_order()):
            row = self.rows[seat]
            if list(box.children).index(row) != i:
                box.move_child(row, before=i)

    # --- rendering ------------------------------------------------------------------------

    def show(self, view: Any) -> None:
        host, lang = self.host, self.lang
        self.view = view
        names, kinds = host.seat_names(), host.seat_kinds()
        bottom = self._bottom()
        self.status.show(view, lang)
        table = self.mode == "table"
        for seat, row in self.rows.items():
            row.show(view, names, kinds, table and seat == bottom, lang)
            row.set_class(seat == bottom, "-own-row")
        me = view.players[bottom]
        folded = self._short and view.step not in ("develop", "discard")
        self.hand.show(view, me.hand, lang, self._hand_title(me, names[bottom]), folded)
        self.base.show(view, lang)
        self.base_line.show(view, lang)
        if table:
            self._show_last(names)

    def _show_last(self, names: list[str]) -> None:
        """The latest line of the log, for the narrow table (its log is behind the log key)."""
        log = self.host.ctl.log
        if not log:
            repaint(self.last, "")
            return
        line = log[-1]
        who = f"{D.seat_name(names, line.seat)} · " if line.seat is not None else ""
        repaint(self.last, f"[dim]▶[/] {who}{esc(line.text)}")

    def _hand_title(self, me: Any, name: str) -> str:
        ctl, lang = self.host.ctl, self.lang
        if ctl is None:  # a replay
            return text("table.hand_title", lang, name=name, k=me.hand_size)
        if ctl.perspective is None and not ctl.bots_only:
            return text("table.hand_title_hidden", lang)
        if ctl.kinds[self._bottom()] == "human" and not ctl.hotseat:
            return text("table.hand_title_you", lang, k=me.hand_size)
        return text("table.hand_title", lang, name=name, k=me.hand_size)

    def log_widget(self) -> EventLog:
        return self.log_view

    # --- the decision: what the cursor may pick ----------------------------------------------

    def build_stage(self, view: Any, legal: list[Any], sel: Any) -> Stage:
        return build_stage(view, legal, sel, self.lang)

    def stage_shown(self, stage: Any) -> None:
        self.stage = stage
        self._place_cursor()
        self._mark_all()
        self._show_details()
        self.call_after_refresh(self._scroll_to_cursor)  # new cards are laid out by then

    def _base_item(self) -> Any:
        return self.base_line if self.host.has_class("-narrow") else self.base

    def items(self) -> dict[str, Any]:
        return self._items()

    def _items(self) -> dict[str, Any]:
        items: dict[str, Any] = {"base": self._base_item()}
        for seat in self.row_order():
            for card in self.rows[seat].cards:
                items[card.key] = card
        for card in self.hand.cards:
            items[card.key] = card
        return items

    def zones(self) -> list[list[str]]:
        """The cursor's lines, top to bottom: the food base, each line of animals as wrapped
        on the screen, then the hand."""
        z = [["base"]]
        for seat in self.row_order():
            row = self.rows[seat]
            keys, step = [c.key for c in row.cards], row.grid.columns
            z += [keys[i:i + step] for i in range(0, len(keys), step)]
        z.append([c.key for c in self.hand.cards])
        return [zone for zone in z if zone]

    def targets(self) -> set[str]:
        st = self.stage
        if st is None:
            return set()
        return {f"h:{c}" for c in st.cards} | {f"a:{u}" for u in st.animals}

    def _place_cursor(self) -> None:
        zones = self.zones()
        flat = [k for z in zones for k in z]
        targets = self.targets()
        st = self.stage
        if targets and self.cursor not in targets:
            assert st is not None
            view, bottom = self.view, self._bottom()
            mine = [f"a:{u}" for u in view.players[bottom].row]
            pool = flat
            if st.zone == "hand":
                hand = [c.key for c in self.hand.cards]
                near = hand[min(self._hand_index, len(hand) - 1):] if self._hand_index >= 0 else []
                pool = near + hand + flat  # where the cursor last was in the hand, if it can
            elif st.zone == "mine":
                pool = mine + flat
            elif st.zone == "others":
                pool = [k for k in flat if k.startswith("a:") and k not in mine] + flat
            hinted = self._hinted_item()
            self.cursor = hinted if hinted in targets else next((k for k in pool if k in targets),
                                                                self.cursor)
        elif not targets and st is not None and st.picked and self.cursor not in flat:
            self.cursor = f"a:{st.picked[-1]}"
        elif self.cursor not in flat:
            hand = [c.key for c in self.hand.cards]
            if self._hand_index >= 0 and hand:  # a card left the hand: its neighbour
                self.cursor = hand[min(self._hand_index, len(hand) - 1)]
            else:
                self.cursor = flat[-1] if flat else None

    def _hinted_item(self) -> str | None:
        """Where the hinted move goes on once its first part is picked."""
        from core.games.classic import actions as A

        token, action = self._hint
        ctl = self.host.ctl
        if ctl is None or token != ctl.token:
            return None
        sel = self.host.sel
        if isinstance(action, A.Add) and sel.card == action.card:
            return f"a:{action.animal}"
        if isinstance(action, A.Pair) and sel.card == action.card:
            return f"a:{action.b if sel.first == action.a else action.a}"
        if isinstance(action, A.Attack) and sel.animal == action.predator:
            return f"a:{action.prey}"
        if isinstance(action, A.Pirate) and sel.animal == action.animal:
            return f"a:{action.victim}"
        return None

    def check_action(self, action: str) -> bool | None:
        if action == "find_card":
            return self.can_find()
        return None

    def card_names(self, card: int) -> list[str]:
        return [D.prop_name(p, lang) for p in D.card_face(self.view, card) for lang in ("ru", "en")]

    def cursor_placed(self) -> None:
        self._mark_all()
        self._show_details()

    def _mark_all(self) -> None:
        hand = [c.key for c in self.hand.cards]
        if self.cursor in hand:
            self._hand_index = hand.index(self.cursor)
        targets = self.targets()
        st = self.stage
        picked = set()
        if st is not None:
            if st.picked_card is not None:
                picked.add(f"h:{st.picked_card}")
            picked |= {f"a:{u}" for u in st.picked}
        for key, w in self._items().items():
            w.mark(key == self.cursor, key in targets, key in picked,
                   bool(targets) and key not in targets and key != "base")
        self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        w = self._items().get(self.cursor or "")
        if w is None:
            return
        row = next((r for r in self.rows.values() if w in r.cards), None)
        if row is not None:
            row.scroll_visible(animate=False)  # the seat's header too, when it fits
            w.scroll_visible(animate=False)
        elif w in self.hand.cards:
            self._scroll_hand(self.hand.cards.index(w))

    def _scroll_hand(self, index: int) -> None:
        """Scroll the hand by whole cards, so that no card shows cut at the left edge."""
        strip = self.hand.strip
        cell = HAND_CELL
        visible = max(1, strip.size.width // cell)
        first = round(strip.scroll_x / cell)
        if index < first:
            first = index
        elif index >= first + visible:
            first = index - visible + 1
        first = max(0, min(first, len(self.hand.cards) - visible))
        if first * cell != strip.scroll_x:
            strip.scroll_to(x=first * cell, animate=False, immediate=True)

    def _show_details(self) -> None:
        if self._compact():
            return
        self.details.show(self.describe(), self.lang)

    def describe(self) -> str:
        return self.describe_key(self.cursor)

    def describe_key(self, key: str | None) -> str:
        view = self.view
        if key is None or view is None:
            return ""
        if key == "base":
            return D.base_details(view, self.host.seat_names(), self.lang)
        kind, _, ident = key.partition(":")
        if kind == "a" and int(ident) in view.animals:
            st = self.stage
            attacker = None
            if st is not None and st.attacker is not None and (
                    int(ident) in st.animals or key in st.switch or int(ident) in st.picked[1:]):
                attacker = st.attacker
            return D.animal_details(view.animals[int(ident)], view, self.host.seat_names(),
                                    self.lang, attacker=attacker)
        if kind == "h":
            return D.card_details(int(ident), view, self.lang)
        return ""

    # --- input ------------------------------------------------------------------------------

    def pick(self, stage: Any) -> Pick:
        key = self.cursor or ""
        if key in stage.switch:  # a change of mind: another card, animal or prey
            return Pick(result=stage.switch[key], chosen=True)
        if not (stage.cards or stage.animals):
            # Options only: Enter is the default on what was picked (or anywhere if nothing
            # was); elsewhere it would act on something the cursor is not on.
            picked = {f"a:{u}" for u in stage.picked}
            if stage.picked_card is not None:
                picked.add(f"h:{stage.picked_card}")
            if stage.default is not None and picked and key not in picked and stage.options:
                return Pick(message=use_numbers(stage.options, self.lang))
            return Pick()  # the default, or how to choose
        if key == "base":
            return Pick(message=text("classic.msg.base", self.lang))
        kind, _, ident = key.partition(":")
        if not ident:
            return Pick()
        uid = int(ident)
        results = stage.cards if kind == "h" else stage.animals
        if uid in results:
            return Pick(result=results[uid], chosen=True)
        probe = stage.probe_card if kind == "h" else stage.probe_animal
        if probe is not None:
            return Pick(probe=probe(uid))
        message = stage.card_message if kind == "h" else stage.animal_message
        return Pick(message=message or text("table.not_now", self.lang))

    def pick_keys(self, stage: Any, compact: bool) -> list[str]:
        if stage.cards or stage.animals:
            return [text("keys.line_pick", self.lang)]
        if stage.default is not None:
            return [text("classic.keys.enter_default", self.lang)]
        return []

    def show_hint(self, hints: list[Any]) -> None:
        best = hints[0]
        self._hint = (self.host.ctl.token, best.action)
        target = action_target(best.action)
        if target is not None and target in self._items():
            self.cursor = target
            self._mark_all()
        # The top moves with their shares and reasons: in the details panel, or over the
        # table when the terminal is too small for the panel.
        lines = hint_lines(hints, self.lang)
        if self._compact():
            from tui.screens.dialogs import InfoScreen

            self.app.push_screen(InfoScreen(lines, self.lang))
        else:  # the hint first, then what the cursor (now on the best move's item) is
            about = self.describe()
            shown = lines + (f"\n\n{about}" if about else "")
            self._size_details(shown)
            self.details.show(shown, self.lang)
