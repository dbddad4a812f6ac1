"""The `northstar` board: the watering hole, seat rows of species boards left to right, the
details of what the cursor is on, the log and the hand — on the table and in the replay.

On the table the cursor moves over the watering hole, the species (row by row, as wrapped on
the screen) and the hand; the stage says which of them may be picked and what picking each
leads to. In the short variant the bottom seat's row and hand show its secret plan applied
(the view's draft), which only that seat sees.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from core.games.northstar.data import card_traits
from tui.board import DETAILS_MIN, LOG_MIN, Board, BoardKey, Pick, hint_lines, use_numbers
from tui.games.northstar import describe as D
from tui.games.northstar.stages import Sel, Stage, action_target, build_stage
from tui.games.northstar.widgets import (
    HAND_CELL,
    Details,
    HandRow,
    HoleCard,
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

SHORT = 32  # below this height species boards fold their traits onto one line


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"northstar.{key}", lang, **args)


class NorthStarBoard(HandFinder, ZoneCursor, Board):
    SEL: ClassVar[Any] = Sel
    SIDE_PANEL = "ns-side"
    # "/" finds a hand card (big hands scroll): named in the hand's title, not in the footer.
    KEYS: ClassVar[list[BoardKey]] = [FIND_KEY]

    def __init__(self, seats: int, mode: str) -> None:
        super().__init__(seats, mode)
        self.rows = {seat: SeatRow(seat) for seat in range(seats)}
        self.status = StatusLine(id="ns-status")
        self.hole = HoleCard(id="ns-hole", classes="ns-hole")
        self.last = Static(id="ns-last")  # narrow table: the latest event (the log is folded)
        self.details = Details(id="ns-details")
        self.log_view = EventLog(id="log")
        self.hand = HandRow()
        self.hand.findable = mode == "table"
        self.view: Any = None
        self.stage: Stage | None = None
        self._details_fit: tuple[int, int, str] | None = None
        self._hint: tuple[int, Any] = (-1, None)
        self._hand_index = -1
        self._short = False
        self._need_hand = False  # the stage picks a hand card: the hand never folds
        self._described: dict[str | None, str] = {}

    # --- layout ---------------------------------------------------------------------------

    def status_widgets(self) -> list[Widget]:
        return [self.status]

    def compose(self) -> ComposeResult:
        yield self.hole
        if self.mode == "table":
            yield self.last
        with Horizontal(id="ns-main"):
            with SeatRows(id="ns-rows"):
                yield from (self.rows[s] for s in self.row_order())
            with Vertical(id="ns-side"):
                if self.mode == "table":
                    yield self.details
                yield self.log_view
        yield self.hand

    def fit(self, width: int, height: int) -> None:
        short = height < SHORT
        self.host.set_class(short, "-short")
        if short != self._short:
            self._short = short
            if self.view is not None and self.is_attached:
                self.show(self.view)
                if self.mode == "table":
                    self.stage_shown(self.stage)

    def settled(self) -> None:
        self._size_details()

    def _compact(self) -> bool:
        return self.host.has_class("-narrow") or self.host.has_class("-short")

    def _size_details(self, shown: str = "") -> None:
        """As tall as the longest text the cursor can bring up in this position, so moving
        the cursor never resizes it (a resize lays out the whole screen)."""
        if self.mode != "table" or not self.is_attached or self._compact():
            return
        width, room = self._details_room()
        if width <= 0 or room <= 0:
            return
        texts = [self.describe_key(key) for key in self._items()]
        need = max(wrapped_lines(t, width) for t in [shown, *texts])
        frame = self.details.outer_size.height - self.details.content_region.height
        self.details.styles.height = max(DETAILS_MIN, min(need + frame, room - LOG_MIN))
        self._details_fit = (width, room, shown)
        self.call_after_refresh(self._check_details_fit)

    def _details_room(self) -> tuple[int, int]:
        sides = self.query("#ns-side")
        if not sides:  # the screen is being taken down (the game ended, the menu)
            return 0, 0
        return self.details.content_region.width, sides.first().content_region.height

    def _check_details_fit(self) -> None:
        fit = self._details_fit
        if fit is None or not self.is_attached:
            return
        room = self._details_room()
        if room != (0, 0) and room != fit[:2]:
            self._size_details(fit[2])

    def row_order(self) -> list[int]:
        """Other seats clockwise from the bottom seat, top to bottom; the bottom seat last."""
        n = len(self.rows)
        bottom = self._bottom()
        return [(bottom + k) % n for k in range(1, n)] + [bottom]

    def _bottom(self) -> int:
        return self.host.bottom_seat() if self.is_attached else 0

    def seats_rearranged(self) -> None:
        box = self.query_one("#ns-rows")
        for i, seat in enumerate(self.row_order()):
            row = self.rows[seat]
            if list(box.children).index(row) != i:
                box.move_child(row, before=i)

    # --- rendering ------------------------------------------------------------------------

    def _draft(self, seat: int) -> Any:
        """The seat's secret plan applied, when the view holds it (its owner only)."""
        view = self.view
        if view is not None and view.draft is not None and view.viewer == seat:
            return view.draft
        return None

    def species_of(self, uid: int) -> Any:
        draft = self._draft(self._bottom())
        if draft is not None and uid in draft.species:
            return draft.species[uid]
        return self.view.species.get(uid)

    def show(self, view: Any) -> None:
        host, lang = self.host, self.lang
        self.view = view
        self._described = {}
        names, kinds = host.seat_names(), host.seat_kinds()
        bottom = self._bottom()
        self.status.show(view, lang)
        self.hole.show(view, names, lang, self._short)
        table = self.mode == "table"
        for seat, row in self.rows.items():
            draft = self._draft(seat)
            order = draft.row if draft is not None else view.players[seat].row
            species = {**view.species, **draft.species} if draft is not None else view.species
            row.show(view, names, kinds, table and seat == bottom, lang, order, species,
                     self._short)
            row.set_class(seat == bottom, "-own-row")
        me = view.players[bottom]
        draft = self._draft(bottom)
        hand = draft.hand if draft is not None else me.hand
        # A short terminal folds the hand into one line unless a card is to be picked.
        playing = view.step in ("food", "play", "plan") or self._need_hand
        folded = self._short and not playing
        extra = self._plan_line(me) if view.short and view.phase == "play" else ""
        k = len(hand) if hand is not None else me.hand_size  # a plan's draft: what is left
        self.hand.show(hand, lang, self._hand_title(k, names[bottom]), folded, extra)
        if table:
            self._show_last(names)

    def _plan_line(self, me: Any) -> str:
        """The short variant: the bottom seat's secret list so far (markup)."""
        if me.plan is None:
            return ""
        if not me.plan:
            return f"[dim]{esc(_t('hand.plan_empty', self.lang))}[/]"
        from core.games.northstar.narration import what

        words = "; ".join(what(step, self.lang) for step in me.plan)
        return f"[b]{esc(_t('hand.plan', self.lang))}[/] " + esc(words)

    def _show_last(self, names: list[str]) -> None:
        log = self.host.ctl.log
        if not log:
            repaint(self.last, "")
            return
        line = log[-1]
        who = f"{D.seat_name(names, line.seat)} · " if line.seat is not None else ""
        repaint(self.last, f"[dim]▶[/] {who}{esc(line.text)}")

    def _hand_title(self, k: int, name: str) -> str:
        ctl, lang = self.host.ctl, self.lang
        if ctl is None:
            return text("table.hand_title", lang, name=name, k=k)
        if ctl.perspective is None and not ctl.bots_only:
            return text("table.hand_title_hidden", lang)
        if ctl.kinds[self._bottom()] == "human" and not ctl.hotseat:
            return text("table.hand_title_you", lang, k=k)
        return text("table.hand_title", lang, name=name, k=k)

    def log_widget(self) -> EventLog:
        return self.log_view

    # --- the decision: what the cursor may pick ----------------------------------------------

    def build_stage(self, view: Any, legal: list[Any], sel: Any) -> Stage:
        return build_stage(view, legal, sel, self.lang)

    def stage_shown(self, stage: Any) -> None:
        self.stage = stage
        need = stage is not None and bool(stage.cards)
        if need != self._need_hand:
            self._need_hand = need
            if self._short and self.view is not None:
                self.show(self.view)  # the hand unfolds for Intelligence's card
        self._described = {}
        self._place_cursor()
        self._mark_all()
        self._size_details()
        self._show_details()
        self.call_after_refresh(self._scroll_to_cursor)

    def items(self) -> dict[str, Any]:
        return self._items()

    def _items(self) -> dict[str, Any]:
        items: dict[str, Any] = {"hole": self.hole}
        for seat in self.row_order():
            for card in self.rows[seat].cards:
                items[card.key] = card
        for card in self.hand.cards:
            items[card.key] = card
        return items

    def zones(self) -> list[list[str]]:
        """The cursor's lines, top to bottom: the watering hole, each line of species as
        wrapped, then the hand."""
        z = [["hole"]]
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
        return {f"h:{c}" for c in st.cards} | {f"s:{u}" for u in st.species}

    def _place_cursor(self) -> None:
        zones = self.zones()
        flat = [k for z in zones for k in z]
        targets = self.targets()
        st = self.stage
        if targets and self.cursor not in targets and not (st is not None and st.stay
                                                           and self.cursor in flat):
            assert st is not None
            bottom = self._bottom()
            rows = self.rows[bottom].cards
            mine = [c.key for c in rows]
            pool = flat
            if st.zone == "hand":
                hand = [c.key for c in self.hand.cards]
                near = hand[min(self._hand_index, len(hand) - 1):] if self._hand_index >= 0 else []
                pool = near + hand + flat
            elif st.zone == "mine":
                pool = mine + flat
            elif st.zone == "others":
                pool = [k for k in flat if k.startswith("s:") and k not in mine] + flat
            hinted = self._hinted_item()
            self.cursor = hinted if hinted in targets else next((k for k in pool if k in targets),
                                                                self.cursor)
        elif not targets and st is not None and st.picked and self.cursor not in flat:
            self.cursor = f"s:{st.picked[-1]}"
        elif self.cursor not in flat:
            hand = [c.key for c in self.hand.cards]
            if self._hand_index >= 0 and hand:
                self.cursor = hand[min(self._hand_index, len(hand) - 1)]
            else:
                self.cursor = flat[-1] if flat else None

    def _hinted_item(self) -> str | None:
        """Where the hinted move goes on once its first part is picked."""
        from core.games.northstar import actions as A

        token, action = self._hint
        ctl = self.host.ctl
        if ctl is None or token != ctl.token:
            return None
        sel = self.host.sel
        if isinstance(action, A.Place) and sel.card == action.card and not sel.mode:
            return f"s:{action.species}"
        if isinstance(action, A.Grow) and sel.card == action.card and sel.mode == action.track:
            return f"s:{action.species}"  # not before +1 is chosen: Enter there places a trait
        if isinstance(action, A.Attack) and sel.species == action.attacker:
            return f"s:{action.target}"
        if isinstance(action, A.Smart) and sel.species == action.species:
            return f"h:{action.card}"
        return None

    def check_action(self, action: str) -> bool | None:
        if action == "find_card":
            return self.can_find()
        return None

    def card_names(self, card: int) -> list[str]:
        trait = card_traits()[card]
        return [D.trait_name(trait, lang) for lang in ("ru", "en")]

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
        # Dim only the items of the kind being chosen that cannot be chosen (a species a
        # carnivore may not attack, a card that cannot pay).
        kinds = {k.split(":")[0] for k in targets} if st is not None else set()
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
            row.scroll_visible(animate=False)
            w.scroll_visible(animate=False)
        elif w in self.hand.cards:
            self._scroll_hand(self.hand.cards.index(w))
            # Choosing a card, one's own species (the last row) stay in sight.
            rows = self.query_one("#ns-rows")
            if rows.scroll_y < rows.max_scroll_y:
                rows.scroll_end(animate=False, immediate=True)

    def _scroll_hand(self, index: int) -> None:
        """Scroll the hand by whole cards, so that no card shows cut at the left edge."""
        strip = self.hand.strip
        visible = max(1, strip.size.width // HAND_CELL)
        first = round(strip.scroll_x / HAND_CELL)
        if index < first:
            first = index
        elif index >= first + visible:
            first = index - visible + 1
        first = max(0, min(first, len(self.hand.cards) - visible))
        if first * HAND_CELL != strip.scroll_x:
            strip.scroll_to(x=first * HAND_CELL, animate=False, immediate=True)

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
        if key == "hole":
            return D.hole_details(view, names, self.lang)
        kind, _, ident = key.partition(":")
        if kind == "s":
            x = self.species_of(int(ident))
            if x is None:
                return ""
            st = self.stage
            attacker = None
            if st is not None and st.attacker is not None:
                attacker = st.attacker
            return D.species_details(x, view, names, self.lang, attacker=attacker)
        if kind == "h":
            return D.card_details(int(ident), self.lang)
        return ""

    # --- input ------------------------------------------------------------------------------

    def pick(self, stage: Any) -> Pick:
        key = self.cursor or ""
        if key in stage.switch:
            return Pick(result=stage.switch[key], chosen=True)
        if not (stage.cards or stage.species):
            picked = self._picked(stage)
            if stage.default is not None and picked and key not in picked and stage.options:
                return Pick(message=use_numbers(stage.options, self.lang))
            if stage.default is None and key == "hole":
                return Pick(message=_t("msg.hole", self.lang))
            return Pick()
        if key == "hole":
            return Pick(message=_t("msg.hole", self.lang))
        if stage.default is not None and key in self._picked(stage):
            return Pick()
        kind, _, ident = key.partition(":")
        if not ident:
            return Pick()
        uid = int(ident)
        results = stage.cards if kind == "h" else stage.species
        if uid in results:
            return Pick(result=results[uid], chosen=True)
        probe = stage.probe_card if kind == "h" else stage.probe_species
        if probe is not None:
            return Pick(probe=probe(uid))
        message = stage.card_message if kind == "h" else stage.species_message
        return Pick(message=message or text("table.not_now", self.lang))

    @staticmethod
    def _picked(stage: Any) -> set[str]:
        picked = {f"s:{u}" for u in stage.picked}
        if stage.picked_card is not None:
            picked.add(f"h:{stage.picked_card}")
        return picked

    def pick_keys(self, stage: Any, compact: bool) -> list[str]:
        if stage.cards or stage.species:
            if stage.default is not None and self.cursor in self._picked(stage):
                return [_t("keys.move_default", self.lang)]
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
        else:
            about = self.describe()
            shown = lines + (f"\n\n{about}" if about else "")
            self._size_details(shown)
            self.details.show(shown, self.lang)
