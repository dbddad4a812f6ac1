"""The `newworld` board: the habitat row (the stack, then the open habitats left to right),
seat rows of animals with their property cards, the details of what the cursor is on, the
log and the hand — on the table and in the replay.

On the table the cursor moves over the habitats, the animals (row by row, as wrapped on the
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
from tui.games.newworld import describe as D
from tui.games.newworld.stages import Sel, Stage, action_target, build_stage
from tui.games.newworld.widgets import (
    HAND_CELL,
    Details,
    HabitatRow,
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

SHORT = 32  # below this height the details panel is left out and the hand folds in feeding


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"newworld.{key}", lang, **args)


class NewWorldBoard(HandFinder, ZoneCursor, Board):
    SEL: ClassVar[Any] = Sel
    SIDE_PANEL = "nw-side"
    # "/" finds a hand card (big hands scroll): named in the hand's title, not in the footer.
    KEYS: ClassVar[list[BoardKey]] = [FIND_KEY]

    def __init__(self, seats: int, mode: str) -> None:
        super().__init__(seats, mode)
        self.rows = {seat: SeatRow(seat) for seat in range(seats)}
        self.status = StatusLine(id="nw-status")
        self.habitats = HabitatRow()
        self.last = Static(id="nw-last")  # narrow table: the latest event (the log is folded away)
        self.details = Details(id="nw-details")
        self.log_view = EventLog(id="log")
        self.hand = HandRow()
        self.hand.findable = mode == "table"
        self.view: Any = None
        self.stage: Stage | None = None
        self._details_fit: tuple[int, int, str] | None = None  # width, room, extra text
        self._hint: tuple[int, Any] = (-1, None)  # the last hint's best move, at its position
        self._hand_index = -1  # where the cursor last was in the hand
        self._short = False  # a short terminal: the hand folds while no card can be played
        self._described: dict[str | None, str] = {}  # the details of this position, by item

    # --- layout ---------------------------------------------------------------------------

    def status_widgets(self) -> list[Widget]:
        return [self.status]

    def compose(self) -> ComposeResult:
        yield self.habitats
        if self.mode == "table":
            yield self.last
        with Horizontal(id="nw-main"):
            with SeatRows(id="nw-rows"):
                yield from (self.rows[s] for s in self.row_order())
            with Vertical(id="nw-side"):
                if self.mode == "table":
                    yield self.details
                yield self.log_view
        yield self.hand

    def fit(self, width: int, height: int) -> None:
        self.host.set_class(height < SHORT, "-short")  # the replay folds habitats too
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
        side = self.query_one("#nw-side").content_region.height
        return self.details.content_region.width, side

    def _check_details_fit(self) -> None:
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
        box = self.query_one("#nw-rows")
        for i, seat in enumerate(self.row_order()):
            row = self.rows[seat]
            if list(box.children).index(row) != i:
                box.move_child(row, before=i)

    # --- rendering ------------------------------------------------------------------------

    def show(self, view: Any) -> None:
        host, lang = self.host, self.lang
        self.view = view
        self._described = {}
        names, kinds = host.seat_names(), host.seat_kinds()
        bottom = self._bottom()
        self.status.show(view, lang)
        self.habitats.show(view, lang, self._short)
        table = self.mode == "table"
        for seat, row in self.rows.items():
            row.show(view, names, kinds, table and seat == bottom, lang)
            row.set_class(seat == bottom, "-own-row")
        me = view.players[bottom]
        playing = view.step in ("develop", "discard") or (view.step == "feed" and any(
            "transformation" in view.animals[u].traits for u in me.row))
        folded = self._short and not playing
        pool, title = "", self._hand_title(me, names[bottom])
        if view.scenario == "mutations":
            title = _t("hand.pool_title", lang, k=me.pool_size)
            pool = self._pool_line(view, me)
        self.hand.show(me.hand, lang, title, folded, pool)
        if table:
            self._show_last(names)

    def _pool_line(self, view: Any, me: Any) -> str:
        """Случайные мутации: what stands for the hand — the gene pool (its cards only in the
        omniscient replay) and the card revealed now (markup)."""
        lang = self.lang
        pool = _t("hand.pool", lang, k=me.pool_size)
        if me.pool is not None:  # the cards, the top one first
            pool = _t("hand.pool_seen", lang, cards=", ".join(
                f"{c} " + " / ".join(D.prop_name(t, lang) for t in D.card_face(c))
                for c in reversed(me.pool)))
        if not view.reveal:
            return f"[dim]{esc(pool)}[/]"
        face = " / ".join(D.chip(t, lang) for t in D.card_face(view.reveal))
        return f"[b]{esc(_t('hand.revealed', lang, card=view.reveal))}[/] {face} · [dim]{esc(pool)}[/]"

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
        self._described = {}
        self._place_cursor()
        self._mark_all()
        self._size_details()  # a new choice: its texts (an attack's preview) may be longer
        self._show_details()
        self.call_after_refresh(self._scroll_to_cursor)  # new cards are laid out by then

    def items(self) -> dict[str, Any]:
        return self._items()

    def _items(self) -> dict[str, Any]:
        items: dict[str, Any] = {"stack": self.habitats.stack}
        for card in self.habitats.cards:
            items[card.key] = card
        for seat in self.row_order():
            for card in self.rows[seat].cards:
                items[card.key] = card
        for card in self.hand.cards:
            items[card.key] = card
        return items

    def zones(self) -> list[list[str]]:
        """The cursor's lines, top to bottom: the habitat row as wrapped on the screen (the
        stack first), each line of animals as wrapped, then the hand."""
        hab = ["stack", *(c.key for c in self.habitats.cards)]
        step = self.habitats.columns
        z = [hab[i:i + step] for i in range(0, len(hab), step)]
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
        return ({f"h:{c}" for c in st.cards} | {f"a:{u}" for u in st.animals}
                | {f"hb:{k}" for k in st.habitats})

    def _place_cursor(self) -> None:
        zones = self.zones()
        flat = [k for z in zones for k in z]
        targets = self.targets()
        st = self.stage
        if targets and self.cursor not in targets and not (st is not None and st.stay
                                                           and self.cursor in flat):
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
            elif st.zone == "habitats":
                pool = [k for k in flat if k.startswith("hb:")] + flat
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
        from core.games.newworld import actions as A

        token, action = self._hint
        ctl = self.host.ctl
        if ctl is None or token != ctl.token:
            return None
        sel = self.host.sel
        if isinstance(action, A.Add) and sel.card == action.card:
            return f"a:{action.animal}"
        if isinstance(action, A.Create) and sel.card == action.card and action.before:
            return f"a:{action.before}"
        if isinstance(action, A.Pair) and sel.card == action.card:
            return f"a:{action.b if sel.first == action.a else action.a}"
        if isinstance(action, (A.Feed, A.Shelter)) and sel.animal == action.animal:
            return f"hb:{action.habitat}"
        if isinstance(action, A.Attack) and sel.animal == action.predator:
            return f"a:{action.prey}"
        if isinstance(action, A.Pirate) and sel.animal == action.animal:
            return f"a:{action.victim}"
        if isinstance(action, A.Transform) and sel.animal == action.animal and action.card:
            return f"h:{action.card}"
        return None

    def check_action(self, action: str) -> bool | None:
        if action == "find_card":
            return self.can_find()
        return None

    def card_names(self, card: int) -> list[str]:
        return [D.prop_name(p, lang) for p in D.card_face(card) for lang in ("ru", "en")]

    def cursor_placed(self) -> None:
        self._mark_all()
        self._show_details()

    def _mark_all(self) -> None:
        hand = [c.key for c in self.hand.cards]
        if self.cursor in hand:
            self._hand_index = hand.index(self.cursor)
        targets = self.targets()
        st = self.stage
        picked = self._picked(st) if st is not None else set()
        # Dim only the items of the kind being chosen that cannot be chosen (a habitat an
        # animal may not enter, an animal that cannot be the prey).
        kinds = {k.split(":")[0] for k in targets} if st is not None and st.dim else set()
        for key, w in self._items().items():
            kind = key.split(":")[0]
            w.mark(key == self.cursor, key in targets, key in picked,
                   kind in kinds and key not in targets and key not in picked)
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
        got = self._described.get(key)
        if got is None:
            got = self._described[key] = self._describe(key)
        return got

    def _describe(self, key: str | None) -> str:
        view = self.view
        if key is None or view is None:
            return ""
        names = self.host.seat_names()
        if key == "stack":
            return D.stack_details(view, self.lang)
        kind, _, ident = key.partition(":")
        if kind == "hb":
            h = next((x for x in view.habitats if x.key == ident), None)
            if h is None:
                return ""
            playing = self.mode == "table" and view.step not in ("", "over")
            seat = view.decider if playing else self._bottom()
            return D.habitat_details(h, view, names, self.lang, seat)
        if kind == "a" and int(ident) in view.animals:
            st = self.stage
            attacker = None
            if st is not None and st.attacker is not None and (
                    int(ident) in st.animals or key in st.switch or int(ident) in st.picked[1:]):
                attacker = st.attacker
            return D.animal_details(view.animals[int(ident)], view, names, self.lang,
                                    attacker=attacker)
        if kind == "h":
            return D.card_details(int(ident), self.lang)
        return ""

    # --- input ------------------------------------------------------------------------------

    def pick(self, stage: Any) -> Pick:
        key = self.cursor or ""
        if key in stage.switch:  # a change of mind: another card, animal or prey
            return Pick(result=stage.switch[key], chosen=True)
        if not (stage.cards or stage.animals or stage.habitats):
            # Options only: Enter is the default on what was picked (or anywhere if nothing
            # was); elsewhere it would act on something the cursor is not on.
            picked = self._picked(stage)
            if stage.default is not None and picked and key not in picked and stage.options:
                return Pick(message=use_numbers(stage.options, self.lang))
            if stage.default is None and key == "stack":
                return Pick(message=_t("msg.stack", self.lang))
            return Pick()  # the default, or how to choose
        if key == "stack":
            return Pick(message=_t("msg.stack", self.lang))
        if stage.default is not None and key in self._picked(stage):
            return Pick()  # Enter on what was picked: the default
        kind, _, ident = key.partition(":")
        if not ident:
            return Pick()
        if kind == "hb":
            if ident in stage.habitats:
                return Pick(result=stage.habitats[ident], chosen=True)
            if stage.probe_habitat is not None:
                return Pick(probe=stage.probe_habitat(ident))
            return Pick(message=stage.habitat_message or text("table.not_now", self.lang))
        uid = int(ident)
        results = stage.cards if kind == "h" else stage.animals
        if uid in results:
            return Pick(result=results[uid], chosen=True)
        probe = stage.probe_card if kind == "h" else stage.probe_animal
        if probe is not None:
            return Pick(probe=probe(uid))
        message = stage.card_message if kind == "h" else stage.animal_message
        return Pick(message=message or text("table.not_now", self.lang))

    @staticmethod
    def _picked(stage: Any) -> set[str]:
        """The items picked so far in this decision ("a:…", "h:…", "hb:…")."""
        picked = {f"a:{u}" for u in stage.picked}
        if stage.picked_card is not None:
            picked.add(f"h:{stage.picked_card}")
        if stage.picked_habitat is not None:
            picked.add(f"hb:{stage.picked_habitat}")
        return picked

    def pick_keys(self, stage: Any, compact: bool) -> list[str]:
        if stage.cards or stage.animals or stage.habitats:
            if stage.default is not None and self.cursor in self._picked(stage):
                return [_t("keys.move_default", self.lang)]  # Enter here: the first choice
            return [text("keys.line_pick", self.lang)]
        if stage.default is not None:
            return [_t("keys.enter_default", self.lang)]
        return []

    def show_hint(self, hints: list[Any]) -> None:
        best = hints[0]
        self._hint = (self.host.ctl.token, best.action)
        target = action_target(best.action)
        if target is not None and target in self._items():
            self.cursor = target
            self._mark_all()
        lines = hint_lines(hints, self.lang)
        if self._compact():
            from tui.screens.dialogs import InfoScreen

            self.app.push_screen(InfoScreen(lines, self.lang))
        else:  # the hint first, then what the cursor (now on the best move's item) is
            about = self.describe()
            shown = lines + (f"\n\n{about}" if about else "")
            self._size_details(shown)
            self.details.show(shown, self.lang)
