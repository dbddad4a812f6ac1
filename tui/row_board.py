"""The kit's row board: what every board whose items lie in seat rows shares.

A row board shows each seat's row (creatures, animals, species), the bottom seat's row docked
at the foot and always in sight (`SeatRows`), the bottom seat's hand, a side panel with the
details of what the cursor is on above the log, and whatever a game puts above, beside or
below the rows (a food base, habitats, a watering hole, an energy source). It folds to a
compact layout on a short (`-short`) or narrow (`-narrow`) terminal: the details leave, and
the narrow table shows the log's latest line instead of the log.

On the table the board owns the cursor over the game's items, the rows (as wrapped on the
screen) and the hand: where it starts in a decision, the marks of what may be picked, what
was picked and what is out of the question, the details panel sized once per position (so
that a cursor move never lays out the screen), hints, and `/` to find a hand card.

A game's board (`tui/games/<g>/board.py`) subclasses `RowBoard` with what is its own: its
widgets (`ROW`, `HAND`, `DETAILS`, and its parts around the rows), how its rows and hand are
shown, the keys of its items (`targets`, `picked_keys`), what a pick means (`pick_kind`, `lead_message`), the
details of an item (`describe_item`) and where a hinted move goes on (`hint_next`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from tui.board import (
    DETAILS_MIN,
    LOG_MIN,
    Board,
    BoardContext,
    BoardKey,
    Pick,
    Sl,
    St,
    V,
    hint_lines,
    use_numbers,
)
from tui.i18n import text
from tui.markup import esc
from tui.widgets.card_board import DrawnCard
from tui.widgets.cursor import TableItem, ZoneCursor
from tui.widgets.event_log import EventLog
from tui.widgets.hand import FIND_KEY, HandFinder
from tui.widgets.repaint import FoldingStatic, LaidOutOnce, repaint, wrapped_lines
from tui.widgets.rows import SeatRows

if TYPE_CHECKING:
    from core.bots.hint import Hint
    from core.engine.protocol import Action

K = TypeVar("K")  # an item's id as a stage keys its results (a card number, a place)

Item = TableItem | DrawnCard  # what the cursor rests on: a widget, or a card a row draws
SHORT = 32  # below this height the details panel is left out (and a game may fold more)


class _Main(LaidOutOnce, Horizontal):
    """The rows and the side panel."""


class _Side(LaidOutOnce, Vertical):
    """The side panel: a game's parts, the details, the log."""


class RowBoard(HandFinder, ZoneCursor, Board[V, St, Sl]):
    PREFIX: ClassVar[str] = ""  # the game's ids start with it ("cl-"): "cl-rows", "cl-side"
    ROW: ClassVar[type[Any]]  # a seat's row, made with its seat: `.cards` (items with `.key`)
    HAND: ClassVar[type[Any]]  # the bottom seat's hand: `.cards`, `.strip`
    DETAILS: ClassVar[type[Any]]  # the details panel: `.show(markup, lang)`
    ROW_KIND: ClassVar[str]  # the cursor keys of row items start with it and a colon ("a")
    # a move -> the item it starts from, to point the cursor at a hint (the game's stages say)
    HINT_TARGET: ClassVar[Callable[[Action], str | None]]
    # (names, seat) -> the seat's name as markup (its colour)
    SEAT_NAME: ClassVar[Callable[[list[str], int], str]]
    HAND_CELL: ClassVar[int] = 0  # a hand card's width: the hand scrolls by whole cards (0: any)
    SHORT_REPLAY: ClassVar[bool] = False  # the replay takes the short layout too
    LAST_LINE: ClassVar[bool] = True  # the narrow table shows the latest line of the log
    DIM_BY_KIND: ClassVar[bool] = True  # dim only items of the kinds being chosen (else all)
    ITEM_LABELS: ClassVar[dict[str, str]] = {}  # an item kind -> the letter its id is said with
    ENTER_DEFAULT: ClassVar[str | None] = None  # the keys line where Enter plays the default
    MOVE_DEFAULT: ClassVar[str | None] = None  # …on what was picked, where that is its meaning
    ENTER_ON_PICKED: ClassVar[bool] = True  # options only: Enter away from what was picked says
    # how to choose (rather than play the default on something the cursor is not on)
    # "/" finds a hand card (big hands scroll): named in the hand's title, not in the footer.
    KEYS: ClassVar[list[BoardKey]] = [FIND_KEY]

    def __init__(self, ctx: BoardContext, mode: str) -> None:
        super().__init__(ctx, mode)
        p = self.PREFIX
        self.rows = {seat: type(self).ROW(seat) for seat in range(self.seats)}
        self.hand = type(self).HAND()
        self.hand.findable = mode == "table"
        self.details = type(self).DETAILS(id=f"{p}details")
        self.log_view = EventLog(id="log")
        self.last = FoldingStatic(id=f"{p}last")  # narrow table: the latest event (the log is folded)
        self.cursor: str | None = None
        self.view: V | None = None
        self.stage: St | None = None
        self.short_now = False  # the short layout, as `fit` last found it
        self._short = False  # a short terminal (the replay's too): a game may fold its parts
        self._details_fit: tuple[int, int, str] | None = None  # width, room, extra text
        self._hint: tuple[int, Action | None] = (-1, None)  # the last hint's best move, at its position
        self._hand_index = -1  # where the cursor last was in the hand
        self._own_height = 0  # the own row's height before it gave way to another's tall card
        self._described: dict[str | None, str] = {}  # the details of this position, by item

    # --- what a game's board adds ------------------------------------------------------------

    def top_widgets(self) -> Iterable[Widget]:
        """Above the rows (a line for the narrow layout, habitats, a watering hole)."""
        return ()

    def side_widgets(self) -> Iterable[Widget]:
        """In the side panel, above the details (a food base, an energy source)."""
        return ()

    def bottom_widgets(self) -> Iterable[Widget]:
        """Between the rows and the hand."""
        return ()

    def show_parts(self, view: V) -> None:
        """Render the game's own parts (its status line, what is above or beside the rows)."""

    def show_row(self, row: Any, view: V, you: bool) -> None:
        row.show(view, self.ctx.names, self.ctx.kinds, you, self.lang)

    def show_hand(self, view: V) -> None:
        """Render the bottom seat's hand (`hand_title` names it)."""
        raise NotImplementedError

    def row_columns(self, row: Any) -> int:
        """How many items a line of `row` holds as laid out now."""
        return int(row.grid.columns)

    def lead_items(self) -> Mapping[str, Item]:
        """The items before the rows, in the cursor's order (a food base, habitats)."""
        return {}

    def lead_zones(self) -> list[list[str]]:
        """Their lines, top to bottom."""
        return [list(self.lead_items())]

    def targets(self) -> set[str]:
        """The keys of the items the stage lets the player pick."""
        raise NotImplementedError

    def picked_keys(self, stage: St) -> list[str]:
        """The items picked so far in this decision (marked), in the order picked."""
        return []

    def stays(self, stage: St) -> bool:
        """Whether the cursor stays where it is in this stage, on any item (not only a target)."""
        return False

    def zone_pool(self, zone: str, flat: list[str]) -> list[str] | None:
        """Where the cursor looks first for a target in a zone of the game's own."""
        return None

    def hint_next(self, action: Action, sel: Sl) -> str | None:
        """Where the hinted move goes on once its first part is picked (as `sel` says)."""
        return None

    def switches(self, stage: St) -> Mapping[str, object]:
        """The items that change the mind (another card, animal or prey) -> the new selection."""
        return {}

    def dims(self, stage: St) -> bool:
        """Whether the items that cannot be picked now are dimmed."""
        return True

    def pickable(self, stage: St) -> bool:
        """Whether the stage lets the player pick items on the board (else options only)."""
        raise NotImplementedError

    def describe_item(self, key: str) -> str:
        """The details of the item under `key` (markup), "" for none."""
        return ""

    def cursor_moved(self) -> None:
        """The cursor moved (a game may say more about the item under it in the prompt)."""

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        p, table = self.PREFIX, self.mode == "table"
        yield from self.top_widgets()
        if table and self.LAST_LINE:
            yield self.last
        with _Main(id=f"{p}main"):
            with SeatRows(id=f"{p}rows"):
                yield from (self.rows[s] for s in self.row_order())
            with _Side(id=f"{p}side"):
                yield from self.side_widgets()
                if table:
                    yield self.details
                yield self.log_view
        yield from self.bottom_widgets()
        yield self.hand

    def fit(self, width: int, height: int) -> dict[str, bool]:
        classes = super().fit(width, height)
        short = height < SHORT
        classes["-short"] = self.short_now = short and (self.mode == "table" or self.SHORT_REPLAY)
        if short != self._short:
            self._short = short
            if self.view is not None and self.is_attached:
                self.show(self.view)  # what folds on a short terminal folds or unfolds
                if self.mode == "table":
                    self.stage_shown(self.stage)
        return classes

    def settled(self) -> None:
        self._size_details()

    @property
    def shown(self) -> V:
        """The view shown: what a board is asked about once `show` gave it one."""
        assert self.view is not None, "nothing shown yet"
        return self.view

    def compact(self) -> bool:
        """The compact layout: no details panel (hints and details come up over the table)."""
        return self.narrow_now or self.short_now

    def _size_details(self, shown: str = "") -> None:
        """Make the details panel as tall as the longest text the cursor can bring up in this
        position (and `shown`), so that moving the cursor never resizes it: a resize lays out
        the whole screen. The log below keeps the rest, at least LOG_MIN rows."""
        if self.mode != "table" or not self.is_attached or self.compact():
            return
        width, room = self._details_room()
        if width <= 0 or room <= 0:
            return  # not laid out yet (or being taken down): the resize sizes it
        texts = [self.describe_key(key) for key in self.items()]
        need = max(wrapped_lines(t, width) for t in [shown, *texts])
        frame = self.details.outer_size.height - self.details.content_region.height
        self.details.styles.height = max(DETAILS_MIN, min(need + frame, room - LOG_MIN))
        self._details_fit = (width, room, shown)
        self.call_after_refresh(self._check_details_fit)

    def _details_room(self) -> tuple[int, int]:
        """The details panel's text width, and the rows it shares with the log."""
        sides = self.query(f"#{self.PREFIX}side")
        if not sides:  # the screen is being taken down (the game ended, the menu)
            return 0, 0
        above = sum(w.outer_size.height for w in self.side_widgets())
        return self.details.content_region.width, sides.first().content_region.height - above

    def _check_details_fit(self) -> None:
        """A panel above may have changed height with its new text: size again."""
        fit = self._details_fit
        if fit is None or not self.is_attached:
            return
        room = self._details_room()
        if room != (0, 0) and room != fit[:2]:
            self._size_details(fit[2])

    def row_order(self) -> list[int]:
        """Other seats clockwise from the bottom seat, top to bottom; the bottom seat last."""
        n, bottom = len(self.rows), self.ctx.bottom
        return [(bottom + k) % n for k in range(1, n)] + [bottom]

    def seats_rearranged(self) -> None:
        box = self.query_one(f"#{self.PREFIX}rows")
        for i, seat in enumerate(self.row_order()):
            row = self.rows[seat]
            if list(box.children).index(row) != i:
                box.move_child(row, before=i)

    # --- rendering ------------------------------------------------------------------------

    def show(self, view: V) -> None:
        self.view = view
        self._described = {}
        bottom, table = self.ctx.bottom, self.mode == "table"
        self.show_parts(view)
        for seat, row in self.rows.items():
            self.show_row(row, view, table and seat == bottom)
            row.set_class(seat == bottom, "-own-row")
        self.show_hand(view)
        if table and self.LAST_LINE:
            self._show_last()

    def hand_title(self, k: int) -> str:
        """The hand's title: whose it is and how many cards (hidden before a hand-over)."""
        ctx, lang = self.ctx, self.lang
        ctl, name = ctx.ctl, ctx.names[ctx.bottom]
        if ctl is None:  # a replay
            return text("table.hand_title", lang, name=name, k=k)
        if ctl.perspective is None and not ctl.bots_only:
            return text("table.hand_title_hidden", lang)
        if ctl.kinds[ctx.bottom] == "human" and not ctl.hotseat:
            return text("table.hand_title_you", lang, k=k)
        return text("table.hand_title", lang, name=name, k=k)

    def _show_last(self) -> None:
        """The latest line of the log, for the narrow table (its log is behind the log key)."""
        ctl = self.ctx.ctl
        log = ctl.log if ctl is not None else []
        if not log:
            repaint(self.last, "")
            return
        line = log[-1]
        who = f"{type(self).SEAT_NAME(self.ctx.names, line.seat)} · " if line.seat is not None else ""
        repaint(self.last, f"[dim]▶[/] {who}{esc(line.text)}")

    def log_widget(self) -> EventLog:
        return self.log_view

    # --- the decision: what the cursor may pick ----------------------------------------------

    def stage_shown(self, stage: St | None) -> None:
        self.stage = stage
        self._described = {}
        self._place_cursor()
        self._size_details()  # a new choice: its texts (an attack's preview) may be longer
        self.cursor_placed()
        self.call_after_refresh(self._scroll_to_cursor)  # new cards are laid out by then

    def items(self) -> dict[str, Item]:
        items: dict[str, Item] = dict(self.lead_items())
        for seat in self.row_order():
            for card in self.rows[seat].cards:
                items[card.key] = card
        for card in self.hand.cards:
            items[card.key] = card
        return items

    def zones(self) -> list[list[str]]:
        """The cursor's lines, top to bottom: the game's lead items, each line of the rows as
        wrapped on the screen, then the hand."""
        z = self.lead_zones()
        for seat in self.row_order():
            row = self.rows[seat]
            keys, step = [c.key for c in row.cards], self.row_columns(row)
            z += [keys[i:i + step] for i in range(0, len(keys), step)]
        z.append([c.key for c in self.hand.cards])
        return [zone for zone in z if zone]

    def _place_cursor(self) -> None:
        """Where the cursor starts in a new stage: on it still if it may be picked (or the
        stage keeps it), else on the hinted item or the first target in the stage's zone;
        off a vanished item, on what was picked or on its neighbour in the hand."""
        flat = [k for z in self.zones() for k in z]
        targets, st = self.targets(), self.stage
        if targets and self.cursor not in targets and not (st is not None and self.stays(st)
                                                            and self.cursor in flat):
            pool = self._pool(st.zone if st is not None else "none", flat)
            hinted = self._hinted_item()
            left = self.cursor
            self.cursor = hinted if hinted in targets else next((k for k in pool if k in targets),
                                                                self.cursor)
            self.jumped = (left, self.cursor) if left is not None and self.cursor is not None else None
            return
        if self.cursor in flat:
            return
        picked = [k for k in self.picked_keys(st) if k.startswith(f"{self.ROW_KIND}:")] \
            if st is not None and not targets else []
        hand = [c.key for c in self.hand.cards]
        if picked:
            self.cursor = picked[-1]
        elif self._hand_index >= 0 and hand:  # a card left the hand: its neighbour
            self.cursor = hand[min(self._hand_index, len(hand) - 1)]
        else:
            self.cursor = flat[-1] if flat else None

    def _pool(self, zone: str, flat: list[str]) -> list[str]:
        """The items in the order the cursor looks for its first target in `zone`."""
        if zone == "hand":
            hand = [c.key for c in self.hand.cards]
            i = self._hand_index
            near = hand[min(i, len(hand) - 1):] if i >= 0 else []
            return near + hand + flat  # where the cursor last was in the hand, if it can
        mine = [c.key for c in self.rows[self.ctx.bottom].cards]
        if zone == "mine":
            return mine + flat
        if zone == "others":
            return [k for k in flat if k.startswith(f"{self.ROW_KIND}:") and k not in mine] + flat
        return self.zone_pool(zone, flat) or flat

    def _hinted_item(self) -> str | None:
        token, action = self._hint
        ctl = self.ctx.ctl
        if ctl is None or token != ctl.token or action is None or self.sel is None:
            return None
        return self.hint_next(action, self.sel)

    def key_allowed(self, action: str) -> bool | None:
        if action == "find_card":
            return self.can_find()
        return None

    def cursor_placed(self) -> None:
        self.cursor_moved()
        self._mark_all()
        self._show_details()

    def _mark_all(self) -> None:
        hand = [c.key for c in self.hand.cards]
        if self.cursor in hand:
            self._hand_index = hand.index(self.cursor)
        targets, st = self.targets(), self.stage
        picked = set(self.picked_keys(st)) if st is not None else set()
        items = self.items()
        dim = self._dimmed(items, targets, picked)
        for key, w in items.items():
            w.mark(key == self.cursor, key in targets, key in picked, key in dim)
        self._scroll_to_cursor()

    def _dimmed(self, items: dict[str, Item], targets: set[str], picked: set[str]) -> set[str]:
        """The items that cannot be picked now, dimmed: those of the kinds being chosen, not
        picked (or, not by kind, everything on the rows and in the hand)."""
        st = self.stage
        if not targets or st is None or not self.dims(st):
            return set()
        if not self.DIM_BY_KIND:
            return set(items) - targets - set(self.lead_items())
        kinds = {t.partition(":")[0] for t in targets}
        return {k for k in items if k.partition(":")[0] in kinds} - targets - picked

    def _scroll_to_cursor(self) -> None:
        w = self.items().get(self.cursor or "")
        if w is None:
            return
        row = next((r for r in self.rows.values() if w in r.cards), None)
        if row is not None:
            # the cursor on another's card too tall for the room the own row leaves: the own
            # row gives way (table.tcss); laid out anew, then scrolled to
            box, own = row.parent, self.rows[self.ctx.bottom]
            if box is not None:
                shrunk = box.has_class("-others")
                if not shrunk:
                    self._own_height = own.outer_size.height
                room = box.size.height - self._own_height - 1  # a line for the sticky header
                want = row is not own and w.virtual_region.height > room
                if want != shrunk:
                    box.set_class(want, "-others")
                    self.call_after_refresh(self._scroll_to_cursor)
            row.scroll_visible(animate=False)  # the seat's header too, when it fits
            w.scroll_visible(animate=False)
        elif w in self.hand.cards:
            self._scroll_hand(self.hand.cards.index(w))

    def _scroll_hand(self, index: int) -> None:
        """Scroll the hand by whole cards, so that no card shows cut at the left edge."""
        cell, cards = self.HAND_CELL, self.hand.cards
        if not cell:
            cards[index].scroll_visible(animate=False)
            return
        strip = self.hand.strip
        visible = max(1, strip.size.width // cell)
        first = round(strip.scroll_x / cell)
        if index < first:
            first = index
        elif index >= first + visible:
            first = index - visible + 1
        first = max(0, min(first, len(cards) - visible))
        if first * cell != strip.scroll_x:
            strip.scroll_to(x=first * cell, animate=False, immediate=True)

    def _show_details(self) -> None:
        if not self.compact():
            self.details.show(self.describe(), self.lang)

    def describe(self) -> str:
        return self.describe_key(self.cursor)

    def describe_key(self, key: str | None) -> str:
        got = self._described.get(key)
        if got is None:
            got = self._described[key] = self.describe_item(key) if key and self.view else ""
        return got

    # --- input ------------------------------------------------------------------------------

    def pick(self, stage: St) -> Pick:
        key = self.cursor or ""
        switch = self.switches(stage)
        if key in switch:  # a change of mind: another card, animal or prey
            return Pick(result=switch[key], chosen=True)
        lead = self.lead_message(key, stage)
        if lead:
            return Pick(message=lead)
        if not self.pickable(stage):  # the default, or how to choose
            return (self.elsewhere(key, stage) if self.ENTER_ON_PICKED else None) or Pick()
        if self.MOVE_DEFAULT and stage.default is not None and key in self.picked_keys(stage):
            return Pick()  # Enter on what was picked: the default
        kind, _, ident = key.partition(":")
        return self.pick_kind(kind, ident, stage) if ident else Pick()

    def lead_message(self, key: str, stage: St) -> str:
        """What Enter on a lead item (the food base) says in `stage`; "" to go on."""
        return ""

    def pick_kind(self, kind: str, ident: str, stage: St) -> Pick:
        """Enter on an item of `kind` (its id `ident`) where the stage picks items."""
        raise NotImplementedError

    def elsewhere(self, key: str, stage: St) -> Pick | None:
        """Options only: Enter plays the default on what was picked (or anywhere if nothing
        was); elsewhere it would act on something the cursor is not on: how to choose."""
        picked = self.picked_keys(stage)
        if stage.default is not None and picked and key not in picked and stage.options:
            return Pick(message=use_numbers(stage.options, self.lang))
        return None

    def pick_item(self, ident: K, results: Mapping[K, object], probe: Callable[[K], Action] | None,
                  message: str) -> Pick:
        """Enter on an item of a kind the stage picks: its result, else why not (the probe's
        refusal, or the stage's message)."""
        if ident in results:
            return Pick(result=results[ident], chosen=True)
        if probe is not None:
            return Pick(probe=probe(ident))
        if message:
            return Pick(message=message)
        # where some items are lit, they are what may be picked: say so, not just "no"
        return Pick(message=text("table.not_lit" if self.targets() else "table.not_now", self.lang))

    def pick_keys(self, stage: St, compact: bool) -> list[str]:
        if self.pickable(stage):
            if self.MOVE_DEFAULT and stage.default is not None and \
                    self.cursor in self.picked_keys(stage):
                return [text(self.MOVE_DEFAULT, self.lang)]  # Enter here: the first choice
            return [text("keys.line_pick", self.lang)]
        if self.ENTER_DEFAULT is None:
            return super().pick_keys(stage, compact)
        return [text(self.ENTER_DEFAULT, self.lang)] if stage.default is not None else []

    def show_hint(self, hints: list[Hint]) -> str:
        best = hints[0]
        ctl = self.ctx.ctl
        self._hint = (ctl.token if ctl is not None else -1, best.action)
        target = type(self).HINT_TARGET(best.action)
        moved = ""
        if target is not None and target in self.items():
            moved = self.item_name(target) if target != self.cursor else ""
            self.cursor = target
            self.cursor_moved()
            self._mark_all()
        # The top moves with their shares and reasons: in the details panel, or over the
        # table when the terminal is too small for the panel.
        lines = hint_lines(hints, self.lang)
        if self.compact():
            from tui.screens.dialogs import InfoScreen

            self.app.push_screen(InfoScreen(lines, self.lang))
        else:  # the hint first, then what the cursor (now on the best move's item) is
            about = self.describe()
            shown = lines + (f"\n\n{about}" if about else "")
            self._size_details(shown)
            self.details.show(shown, self.lang)
        return moved

    def item_name(self, key: str) -> str:
        kind, _, ident = key.partition(":")
        label = self.ITEM_LABELS.get(kind)
        return f"{label}{ident}" if label is not None else super().item_name(key)
