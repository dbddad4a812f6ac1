"""The `magic` board: seat rows of creature cards, the energy source, the details of what the
cursor is on, the log and the hand — on the table and in the replay.

On the table the cursor moves over the creatures (row by row, as wrapped on the screen) and
the hand; the stage says which of them may be picked and what picking each leads to.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from core.games.magic import actions as A
from tui.board import DETAILS_MIN, LOG_MIN, Board, BoardKey, Pick, hint_lines
from tui.games.magic import describe as D
from tui.games.magic.stages import (
    PASS_ROUND,
    Sel,
    Stage,
    action_target,
    all_asleep,
    attack_is_futile,
    build_stage,
)
from tui.games.magic.widgets import (
    Details,
    EnergySource,
    HandRow,
    SeatRow,
    SourceLine,
    StatusLine,
)
from tui.i18n import text
from tui.markup import esc
from tui.widgets.cursor import ZoneCursor
from tui.widgets.event_log import EventLog
from tui.widgets.hand import FIND_KEY, HandFinder
from tui.widgets.repaint import wrapped_lines
from tui.widgets.rows import SeatRows

SHORT = 32  # below this height the details panel is left out


class MagicBoard(HandFinder, ZoneCursor, Board):
    SEL: ClassVar[Any] = Sel
    SIDE_PANEL = "side"
    PROPORTIONAL: ClassVar[bool] = True  # rows of creatures differ in length
    # "/" finds a hand card (big hands scroll): named in the hand's title, not in the footer,
    # which is full at 80 columns.
    KEYS: ClassVar[list[BoardKey]] = [FIND_KEY]

    def __init__(self, seats: int, mode: str) -> None:
        super().__init__(seats, mode)
        self.rows = {seat: SeatRow(seat) for seat in range(seats)}
        self.status = StatusLine(id="status")
        self.source = EnergySource(id="source")
        self.source_line = SourceLine(id="source-line")
        self.details = Details(id="details")
        self.log_view = EventLog(id="log")
        self.hand = HandRow()
        self.view: Any = None
        self.stage: Stage | None = None
        self._details_fit: tuple[int, int, str] | None = None  # width, room, extra text
        self._hint: tuple[int, Any] = (-1, None)  # the last hint's best move, at its position
        self._passing: tuple[int, int] | None = None  # (seat, round) whose turns are passed
        self._line = 0  # moves on the line when last looked: fewer means an undo
        self._prompt = ""  # the stage's own prompt (the attack preview is added after it)
        self.hand.findable = mode == "table"

    # --- layout ---------------------------------------------------------------------------

    def status_widgets(self) -> list[Widget]:
        return [self.status]

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with SeatRows(id="rows"):
                yield from (self.rows[s] for s in self.row_order())
            with Vertical(id="side"):
                yield self.source
                if self.mode == "table":
                    yield self.details
                yield self.log_view
        yield self.source_line
        yield self.hand

    def fit(self, width: int, height: int) -> None:
        self.host.set_class(self.mode == "table" and height < SHORT, "-short")

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
        side = self.query_one("#side").content_region.height
        return self.details.content_region.width, side - self.source.outer_size.height

    def _check_details_fit(self) -> None:
        """The source panel above may have changed height with its new text: size again."""
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
        box = self.query_one("#rows")
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
        self.status.show(view, names, lang)
        table = self.mode == "table"
        for seat, row in self.rows.items():
            row.show(view, names, kinds, table and seat == bottom, lang)
            row.set_class(seat == bottom, "-own-row")
        me = view.players[bottom]
        self.hand.show(me.hand, lang, self._hand_title(me, names[bottom]))
        self.source.show(view, lang)
        self.source_line.show(view, lang)

    def check_action(self, action: str) -> bool | None:
        if action == "find_card":
            return self.can_find()
        return None

    def card_names(self, card: int) -> list[str]:
        return D.card_names(card)

    def cursor_placed(self) -> None:
        self._preview_in_prompt()
        self._mark_all()
        self._show_details()

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
        if sel.mode == PASS_ROUND:  # the option was chosen: pass this decision and the rest
            self._passing = (view.decider, view.round)
            self._line = len(self.host.ctl.session.line)
            sel = Sel()
        return build_stage(view, legal, sel, self.lang)

    def stage_shown(self, stage: Any) -> None:
        self.stage = stage
        self._prompt = stage.prompt if stage is not None else ""
        self._place_cursor()
        self._preview_in_prompt()
        self._mark_all()
        self._show_details()
        if self.mode == "table":
            self._pass_on(stage)

    # --- the attack preview while a target is chosen -------------------------------------------

    def _previewed(self, key: str | None) -> int | None:
        """The attack target under `key` whose attack the stage previews, if any."""
        st = self.stage
        if st is None or not st.preview_props or not (key or "").startswith("c:"):
            return None
        uid = int(key[2:])  # type: ignore[index]
        return uid if uid in st.creatures else None

    def _preview_in_prompt(self) -> None:
        """The attack on the creature under the cursor, worked out, after the prompt (the screen
        shows the stage's prompt after every cursor move)."""
        st, uid = self.stage, self._previewed(self.cursor)
        if st is None or not st.preview_props:
            return
        st.prompt = self._prompt
        if uid is not None:
            st.prompt += " · " + D.attack_preview(self.view, self.view.active, uid, st.preview_props,
                                                  self.lang, plain=True)

    # --- passing to the end of the round -----------------------------------------------------

    def _pass_on(self, stage: Stage | None) -> None:
        """While the round the player chose to pass lasts and the seat's creatures all sleep,
        answer its create/add decisions with Pass (each one journaled as the player's move).
        A new round, an awake creature (roused, or created by someone's choice), a decision of
        another kind or an undo ends it."""
        if self._passing is None:
            return
        ctl, view = self.host.ctl, self.view
        seat, rnd = self._passing
        line = len(ctl.session.line)
        undone, self._line = line < self._line, line
        if undone or view is None or view.round != rnd or ctl.outcome() is not None:
            self._stop_passing()
            return
        if stage is None or view.decider != seat:
            return  # another seat decides: wait for this one's next turn
        if view.step not in ("create", "add") or not all_asleep(view, seat) or \
                A.PASS not in self.host.legal():
            self._stop_passing()
            return
        self.call_after_refresh(self._pass_now, ctl.token)

    def _pass_now(self, token: int) -> None:
        host = self.host
        if self._passing is None or not self.is_attached or host.ctl.token != token or host.stage is None:
            return
        host.submit(A.PASS)
        if self._passing is not None:
            host.say(text("magic.pass_round.on", self.lang))

    def _stop_passing(self) -> None:
        self._passing = None
        if self.host.message[0] == text("magic.pass_round.on", self.lang):
            self.host.say("")

    def items(self) -> dict[str, Any]:
        return self._items()

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
                pool = [f"c:{u}" for u in self.view.players[self._bottom()].row] + flat
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
        sel = self.host.sel
        if token == self.host.ctl.token and isinstance(action, A.Add) and sel.card == action.card:
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
        kind, _, ident = key.partition(":")
        if kind == "c" and int(ident) in view.creatures:
            body = D.creature_details(view.creatures[int(ident)], view, self.host.seat_names(), self.lang)
            target = self._previewed(key)
            if target is not None and self.stage is not None:  # the attack on it, before it is made
                title = text("magic.preview.title", self.lang)
                ahead = D.attack_preview(view, view.active, target, self.stage.preview_props, self.lang)
                body = f"[b]{esc(title)}:[/] {ahead}\n\n{body}"
            return body
        if kind == "h":
            return D.card_details(int(ident), self.lang)
        return ""

    # --- input ------------------------------------------------------------------------------

    def pick(self, stage: Any) -> Pick:
        kind, _, ident = (self.cursor or "").partition(":")
        results = stage.cards if kind == "h" else stage.creatures if kind == "c" else {}
        if ident and int(ident) in results:
            return Pick(result=results[int(ident)], chosen=True)
        if (stage.cards or stage.creatures) and ident:
            probe = stage.probe_card if kind == "h" else stage.probe_creature
            if probe is not None:
                return Pick(probe=probe(int(ident)))
            return Pick(message=text("table.not_now", self.lang))
        return Pick()

    def pick_keys(self, stage: Any, compact: bool) -> list[str]:
        if stage.cards or stage.creatures:
            return [text("keys.line_pick", self.lang)]
        return super().pick_keys(stage, compact)

    def confirm(self, result: Any) -> tuple[str, str] | None:
        if isinstance(result, A.AttackWith) and attack_is_futile(self.view, result):
            question = text("magic.futile.text", self.lang, t=f"c{result.target}", c=f"c{self.view.active}")
            return text("magic.futile.title", self.lang), question
        return None

    def show_hint(self, hints: list[Any]) -> None:
        best = hints[0]
        self._hint = (self.host.ctl.token, best.action)
        target = action_target(best.action)
        if target is not None and target in self._items():
            self.cursor = target
            self._preview_in_prompt()
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
