"""The `newworld` table, widget by widget. Each renders part of a NewWorldView and posts a
message when clicked; none of them knows the rules or the session (ARCHITECTURE: UI notes).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual.app import ComposeResult
from textual.containers import Container, HorizontalScroll, Vertical
from textual.content import Content
from textual.widgets import Static

from tui.games.newworld import describe as D
from tui.i18n import text
from tui.markup import esc
from tui.widgets.cards import CardSet
from tui.widgets.cursor import TableItem
from tui.widgets.hand import ScrolledHand
from tui.widgets.repaint import repaint, titles

PHASES = ("develop", "habitats", "feed", "extinction")
HAND_CELL = 19  # a hand card's width (game.tcss: .nw-handcard)
HAND_TEXT = 16  # the cells inside it (less its border and left padding)


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"newworld.{key}", lang, **args)


class AnimalCard(TableItem):
    def __init__(self, uid: int, id: str | None = None) -> None:
        super().__init__(id=id or f"nw-a-{uid}", classes="nw-animal")
        self.key = f"a:{uid}"
        self.uid = uid
        self._last: tuple[Any, ...] | None = None

    def show(self, a: Any, view: Any, lang: str) -> None:
        at = view.attack
        role = ""
        if at is not None and view.step in ("defend", "scavenger"):
            role = "predator" if at.predator == a.uid else "prey" if at.prey == a.uid else ""
        sig = (a, role, lang)
        if sig == self._last:
            return  # unchanged: skip the repaint (keeps a keypress cheap)
        self._last = sig
        titles(self, D.animal_title(a))
        titles(self, subtitle=D.animal_status(a, lang))
        self.set_class(a.fed, "-fed")
        self.set_class(a.shelter, "-sheltered")
        self.set_class(role == "prey", "-prey")
        self.set_class(role == "predator", "-predator")
        repaint(self, D.animal_body(a, lang))


class HandCard(TableItem):
    def __init__(self, card: int, id: str | None = None) -> None:
        super().__init__(id=id or f"nw-h-{card}", classes="nw-handcard")
        self.key = f"h:{card}"
        self.card = card
        self._last = ""

    def show(self, lang: str) -> None:
        if lang == self._last:
            return
        self._last = lang
        titles(self, f"{self.card}")
        main, short = D.card_face(self.card)  # each name whole or cut as a typesetter would
        repaint(self, f"{D.chip(main, lang, HAND_TEXT)}\n[dim]/[/] {D.chip(short, lang, HAND_TEXT - 2)}")


class HabitatCard(TableItem):
    """One open habitat (a single card, or one half of a double card): its name, its key,
    the red food and shelter discs it holds, and who may use it."""

    def __init__(self, key: str, id: str | None = None) -> None:
        super().__init__(id=id or f"nw-hb-{key}", classes="nw-habitat")
        self.key = f"hb:{key}"
        self.hkey = key
        self._last: tuple[Any, ...] | None = None

    def show(self, h: Any, lang: str, leaving: bool, compact: bool) -> None:
        """`compact`: one line, no frame (a short terminal)."""
        sig = (h, lang, leaving, compact)
        if sig == self._last:
            return
        self._last = sig
        titles(self, "" if compact else D.habitat_title(h, lang))
        titles(self, subtitle="" if compact else D.habitat_need(h, lang))
        self.set_class(leaving, "-leaving")
        self.set_class(bool(h.needs) and not h.swamp, "-restricted")
        repaint(self, D.habitat_line(h, lang) if compact else D.habitat_body(h))


class StackCard(TableItem):
    """The habitat stack (new habitats come from it onto the left end), with the deck."""

    key = "stack"

    def show(self, view: Any, lang: str, compact: bool) -> None:
        left = _t("stack.left", lang, k=view.hstack_size)
        deck = _t("stack.deck", lang, k=view.deck_size)
        if compact:
            titles(self, "", "")
            repaint(self, f"[b]{esc(_t('stack.short', lang))} {view.hstack_size}[/]")
            return
        titles(self, _t("stack.short", lang))
        titles(self, subtitle=f"[dim]{esc(deck)}[/]")
        repaint(self, f"[b]{esc(left)}[/]")


class _Cards(CardSet):
    """Cards reconciled in place (tui/widgets/cards.py); the stack stays first."""

    def is_card(self, widget: Any) -> bool:
        return isinstance(widget, TableItem) and widget.key != "stack"


class _Strip(_Cards, HorizontalScroll, can_focus=False):
    """A horizontally scrolling strip of cards (the hand: it would take the table's rows)."""

    DEFAULT_CSS = "_Strip { height: auto; }"


class _Grid(_Cards, Container):
    """Items in as many equal columns as fit, wrapping onto further lines: every one stays in
    sight."""

    DEFAULT_CSS = """
    _Grid { layout: grid; grid-size: 3; grid-columns: 1fr; grid-rows: auto; grid-gutter: 0 1; height: auto; }
    """
    MIN_CELL = 26  # the narrowest column (the longest property name with its marks)

    @property
    def columns(self) -> int:
        return self.styles.grid_size_columns or 1

    def on_resize(self) -> None:
        columns = max(1, (self.size.width + 1) // self.MIN_CELL)
        if columns != self.styles.grid_size_columns:
            self.styles.grid_size_columns = columns


class _HabitatGrid(_Grid):
    MIN_CELL = 20  # the longest habitat name in the frame ("Тропический лес")
    COMPACT_CELL = 26  # one line: key, name, tokens and the property needed

    def compact(self, on: bool) -> None:
        self.MIN_CELL = self.COMPACT_CELL if on else type(self).MIN_CELL
        self.on_resize()


class HabitatRow(Vertical):
    """The habitat stack, then the open habitats left to right (new ones come in on the
    left, the rightmost leaves at the end of the epoch)."""

    DEFAULT_CSS = "HabitatRow { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="nw-habitats")
        self.stack = StackCard(id="nw-stack", classes="nw-stack")
        self.grid = _HabitatGrid(id="nw-habitat-grid")
        self.cards: list[HabitatCard] = []

    def compose(self) -> ComposeResult:
        with self.grid:
            yield self.stack

    def show(self, view: Any, lang: str, compact: bool = False) -> None:
        self.grid.compact(compact)
        self.stack.show(view, lang, compact)
        self.cards = self.grid.sync([(f"nw-hb-{h.key}", h.key) for h in view.habitats],
                                    HabitatCard)
        last = view.habitats[-1].card if view.habitats else -1
        leaving = view.phase in ("feed", "extinction")
        by_key = {h.key: h for h in view.habitats}
        for card in self.cards:
            h = by_key[card.hkey]
            card.show(h, lang, leaving and h.card == last, compact)

    @property
    def columns(self) -> int:
        return self.grid.columns


class SeatRow(Vertical):
    """One seat: a header (name, hand or gene pool, points, markers) and its animals."""

    DEFAULT_CSS = "SeatRow { height: auto; }"

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"nw-row-{seat}", classes="nw-seatrow")
        self.seat = seat
        self.cards: list[AnimalCard] = []
        self.header = Static(classes="nw-seat-header")
        self.grid = _Grid(classes="nw-animals")
        self.empty = Static(classes="nw-empty-row")

    def compose(self) -> ComposeResult:
        yield self.header
        yield self.grid
        yield self.empty

    def show(self, view: Any, names: list[str], kinds: list[str], bottom: bool, lang: str) -> None:
        p = view.players[self.seat]
        bits = [D.seat_name(names, self.seat, capital=True)]
        if bottom and kinds[self.seat] == "human":
            bits[0] += f" [dim]{text('table.you', lang)}[/]"
        if kinds[self.seat] == "bot":
            bits.append(f"[dim]{text('table.bot', lang)}[/]")
        if view.scenario == "mutations":
            bits.append(_t("seat.pool", lang, k=p.pool_size))
        else:
            bits.append(_t("seat.hand", lang, k=p.hand_size))
        bits += score_bits(view, self.seat, lang)
        if view.first == self.seat:
            bits.append(f"[$accent]{text('table.first', lang)}[/]")
        if view.phase in ("develop", "feed") and p.passed:
            bits.append(f"[dim]{_t('seat.passed', lang)}[/]")
        deciding = view.decider == self.seat and view.step not in ("", "over")
        if deciding:
            bits.append(f"[b $accent]{_t('seat.deciding', lang)}[/]")
        repaint(self.header, " · ".join(bits))
        self.set_class(deciding, "-turn")
        self.cards = self.grid.sync([(f"nw-a-{u}", u) for u in p.row], AnimalCard)
        for card in self.cards:
            card.show(view.animals[card.uid], view, lang)
        self.grid.display = bool(p.row)
        self.empty.display = not p.row
        repaint(self.empty, f"[dim]{_t('seat.no_animals', lang)}[/]")


class HandRow(ScrolledHand, Vertical):
    """The bottom seat's hand: each card's main and short property. A hand wider than the
    screen scrolls with the cursor, and the title counts the cards out of sight on either
    side. On a short terminal, while no card can be played, the hand folds into one line."""

    DEFAULT_CSS = "HandRow { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="nw-hand")
        self.cards: list[HandCard] = []
        self.strip = _Strip(classes="nw-handcards")
        self.empty = Static(classes="nw-empty-hand")

    def compose(self) -> ComposeResult:
        yield self.strip
        yield self.empty

    def on_mount(self) -> None:
        self.follow_scrolling()

    def show(self, hand: list[int] | None, lang: str, title: str, folded: bool = False,
             pool: str = "") -> None:
        self._title, self._lang = title, lang
        self.cards = self.strip.sync([(f"nw-h-{c}", c) for c in (hand or [])], HandCard)
        for card in self.cards:
            card.show(lang)
        if folded:
            self.cards = []  # out of the cursor's way
        self.strip.display = bool(hand) and not folded
        self.empty.display = not hand or folded
        if hand and folded:
            line = " · ".join(f"[b]{c}[/] " + " / ".join(D.chip(t, lang) for t in D.card_face(c))
                              for c in hand)
        elif pool:
            line = pool
        else:
            why = "table.hand_hidden" if hand is None else "table.hand_empty"
            line = f"[dim]{text(why, lang)}[/]"
        repaint(self.empty, line)
        self.retitle()
        self.call_after_refresh(self.retitle)  # new cards have a place only once laid out

    def on_resize(self) -> None:
        # Whole cards only: the strip is as wide as the cards that fit, none shows cut.
        fit = max(1, self.content_region.width // HAND_CELL) * HAND_CELL
        if self.strip.styles.width is None or self.strip.styles.width.value != fit:
            self.strip.styles.width = fit
        self.retitle()


class StatusLine(Static):
    """The epoch (of N, the last one marked), the phase track, what is under way, the piles."""

    def show(self, view: Any, lang: str) -> None:
        if view.scenario == "cataclysm":
            epoch = _t("status.cataclysm", lang)
        else:
            epoch = _t("status.epoch", lang, k=max(1, view.epoch), n=epochs(view))
            if view.scenario == "mutations":
                epoch = _t("status.mutations", lang) + " · " + epoch
        if view.last and view.step != "over":
            epoch += " " + _t("status.last", lang)
        room = self.app.size.width - 2  # the screen's width less the padding
        now = _phase(view)
        track = [(f"[b reverse $accent] {esc(_t(f'phase.{ph}', lang))} [/]" if ph == now
                  else f"[dim]{esc(_t(f'phase.{ph}', lang))}[/]") for ph in PHASES]
        piles = _t("status.deck", lang, k=view.deck_size) + " · " + \
            _t("status.discard", lang, k=len(view.discard))
        deck = _t("status.deck", lang, k=view.deck_size)
        current = [f"[b $accent]{esc(_t(f'phase.{now}', lang))}[/]"] if now else []
        under = under_way(view, lang)
        if view.step == "over":
            current = [_t("status.over", lang)]
            track = []
        extra = [under] if under else []
        # As much as fits: the whole track and both piles, then the deck only, then the
        # current phase alone (the stack's details have the piles too).
        tries = [[epoch, " › ".join(track), *extra, piles], [epoch, " › ".join(track), *extra, deck],
                 [epoch, *current, *extra, deck], [epoch, *current, *extra]]
        line = " · ".join(tries[-1])
        for bits in tries if track else tries[-2:]:
            candidate = " · ".join(bits)
            if Content.from_markup(candidate).cell_length <= room:
                line = candidate
                break
        repaint(self, line)


def epochs(view: Any) -> int:
    """How many epochs the game lasts: one per habitat card still in the stack, after this
    one (whose card leaves the stack at its habitat phase, after development)."""
    if view.step == "over":
        return view.epoch
    return view.epoch + view.hstack_size - (1 if view.phase == "develop" else 0)


def _phase(view: Any) -> str:
    if view.phase in ("develop", "feed", "extinction"):
        return view.phase
    return ""


def under_way(view: Any, lang: str) -> str:
    """An attack in progress or food triggers waiting, else "" (markup)."""
    at = view.attack
    if at is not None and view.step in ("defend", "scavenger"):
        attack = _t("status.attack", lang, c=f"c{at.predator}", t=f"c{at.prey}")
        return f"[$nw-attack]{esc(attack)}[/]"
    if view.frames and view.step == "trigger":
        f = view.frames[-1]
        return esc(_t("status.triggers", lang, c=f"c{f.animal}", h=f"h{f.habitat}"))
    if view.reveal and view.step == "side":
        return esc(_t("status.revealed", lang, card=view.reveal, c=f"c{view.target}"))
    return ""


class Details(Static):
    """What the cursor rests on, in full: properties with their effects."""

    _whole = ("", "en")  # the text last shown, uncut, and its language

    def show(self, markup: str, lang: str) -> None:
        titles(self, _t("details.title", lang))
        self._whole = (markup, lang)
        self._paint(self._cut(markup, lang))

    def on_resize(self) -> None:
        self._paint(self._cut(*self._whole))

    def _cut(self, markup: str, lang: str) -> str:
        return _cut(markup, lang, self.content_region.width, self.content_region.height)

    def _paint(self, markup: str) -> None:
        """Like `repaint` (its height is fixed: never a layout), with the markup parsed once
        per text: the cursor comes back to the same few items."""
        if markup == getattr(self, "_evo_markup", None):
            return
        self._evo_markup = markup
        self.update(_parsed(markup), layout=False)


@lru_cache(maxsize=256)
def _parsed(markup: str) -> Content:
    return Content.from_markup(markup)


@lru_cache(maxsize=256)  # the cursor comes back to the same few items
def _cut(markup: str, lang: str, width: int, height: int) -> str:
    """Text that does not fit ends with a pointer to the Info key, which shows it whole."""
    if width <= 0 or height <= 1:
        return markup
    lines = Content.from_markup(markup).wrap(width)
    if len(lines) <= height:
        return markup
    kept = [line.markup for line in lines[: height - 1]]
    return "\n".join([*kept, f"[dim]{esc(_t('details.more', lang))}[/]"])


def score_bits(view: Any, seat: int, lang: str) -> list[str]:
    """A seat's points as its row and the round's summary show them (markup)."""
    p = view.players[seat]
    return [_t("seat.score", lang, k=p.score) if view.step == "over" else _t("seat.points", lang, k=p.points)]
