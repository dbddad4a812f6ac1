"""The «Эволюция» table's widgets that the games with rows of cards share: a seat's row (its
header and its cards in as many columns as fit), the bottom seat's hand (a strip of whole cards
scrolling with the cursor, folding into a line on a short terminal) and the details panel. A
game subclasses each, naming its ids' prefix, its card widget and how a card is shown; the
header's bits and the hand's folded line are the game's own. Each widget renders what it is
given and knows neither the rules nor the session (ARCHITECTURE: UI notes)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from tui.i18n import text
from tui.markup import esc
from tui.widgets.card_board import CardBoard, DrawnCard, StripBoard
from tui.widgets.framed_lines import KeepsLines, KeptByText
from tui.widgets.hand import ScrolledHand
from tui.widgets.repaint import BoardText, LaidOutOnce, repaint, titles


class AnimalCard(DrawnCard):
    """An animal: its number and food on the frame, its properties inside, its state under
    it; the predator and the prey of the attack under way marked."""

    describe: ModuleType  # animal_title(a), animal_status(a, lang), animal_body(a, lang)
    attack_steps: ClassVar[tuple[str, ...]] = ("defend",)  # while the attack's roles show

    def __init__(self, uid: int, card_id: str) -> None:
        super().__init__(card_id)
        self.key = f"a:{uid}"
        self.uid = uid
        self._last: tuple[object, ...] | None = None

    def marks(self, a: Any) -> dict[str, bool]:
        """The card's classes by what the animal is now (a game's own)."""
        return {"-fed": a.fed}

    def show(self, a: Any, view: Any, lang: str) -> None:
        at = view.attack
        role = ""
        if at is not None and view.step in self.attack_steps:
            role = "predator" if at.predator == a.uid else "prey" if at.prey == a.uid else ""
        sig = (a, role, lang)
        if sig == self._last:
            return  # unchanged: skip the repaint (keeps a keypress cheap)
        self._last = sig
        D = self.describe
        self.frame(D.animal_title(a), D.animal_status(a, lang))
        for mark, on in self.marks(a).items():
            self.set_class(on, mark)
        self.set_class(role == "prey", "-prey")
        self.set_class(role == "predator", "-predator")
        self.paint(D.animal_body(a, lang))


class HandCard(DrawnCard):
    """A card in the bottom seat's hand, numbered on its frame (a game's `show` paints it)."""

    prefix: ClassVar[str]

    def __init__(self, card: int, card_id: str = "") -> None:
        super().__init__(card_id)
        self.classes = frozenset({f"{self.prefix}-handcard"})
        self.key = f"h:{card}"
        self.card = card
        self._last: object = None

    def paint_once(self, sig: object, body: Callable[[], str]) -> None:
        """`body()` inside, unless what it depends on (`sig`) is as last time."""
        if sig == self._last:
            return
        self._last = sig
        self.frame(f"{self.card}")
        self.paint(body())


class CardStrip(LaidOutOnce, StripBoard):
    """The hand's cards on one line scrolling sideways (it would take the table's rows), drawn
    by one widget: a card played or drawn lays out nothing (`StripBoard`)."""


class CardGrid(LaidOutOnce, CardBoard):
    """Cards in as many equal columns as fit (`MIN_CELL`: a game's longest property name with
    its marks), wrapping onto further lines: every one stays in sight, left to right as in
    the row. One widget draws them all (`CardBoard`)."""


def mark_turn(header: Static, deciding: bool) -> None:
    """The header of the seat deciding now, in bold. A style of its own, not a class: a class
    makes Textual match the stylesheet against the header again (about a millisecond, at
    nearly every replay step), a style only repaints it."""
    if (header.styles.get_rule("text_style") is not None) != deciding:
        header.styles.text_style = "bold" if deciding else None


def owner_bits(names: list[str], kinds: list[str], seat: int, bottom: bool, lang: str,
               seat_name: Callable[..., str]) -> list[str]:
    """The start of a seat's header: its name (and "you" on the bottom row)."""
    bits = [seat_name(names, seat, capital=True)]
    if bottom and kinds[seat] == "human":
        bits[0] += f" [dim]{text('table.you', lang)}[/]"
    return bits


class SeatRow(LaidOutOnce, Vertical):
    """One seat: a header and its cards (a game's `show` makes the header and calls `lay_out`)."""

    DEFAULT_CSS = "SeatRow { height: auto; }"
    prefix: ClassVar[str]  # of the game's ids and classes ("cl")
    grid_type: ClassVar[type[CardGrid]] = CardGrid
    grid_class: ClassVar[str]  # the grid's class ("cl-animals")
    card_id: ClassVar[str]  # a card's id less its number ("cl-a-")

    def __init__(self, seat: int) -> None:
        p = self.prefix
        super().__init__(id=f"{p}-row-{seat}", classes=f"{p}-seatrow")
        self.seat = seat
        self.cards: list[Any] = []
        self.header = BoardText(classes=f"{p}-seat-header")
        self.grid = self.grid_type(classes=self.grid_class)
        self.empty = BoardText(classes=f"{p}-empty-row")

    def compose(self) -> ComposeResult:
        yield self.header
        yield self.grid
        yield self.empty

    def lay_out(self, bits: list[str], deciding: bool, row: list[int], card: type,
                show: Callable[[Any], None], empty: str) -> None:
        """The header of `bits` (marked while the seat decides), a `card` for each uid of
        `row` shown by `show(card)`, or the `empty` line (markup) when there is none."""
        repaint(self.header, " · ".join(bits))
        mark_turn(self.header, deciding)
        self.cards = self.grid.sync([(f"{self.card_id}{u}", u) for u in row], card)
        for c in self.cards:
            show(c)
        self.grid.settle()
        self.grid.display = bool(row)
        self.empty.display = not row
        repaint(self.empty, empty)


class HandRow(LaidOutOnce, ScrolledHand, Vertical):
    """The bottom seat's hand. A hand wider than the screen scrolls with the cursor, and the
    title counts the cards out of sight on either side; folded (a short terminal, no card to
    play now) it is one line."""

    DEFAULT_CSS = "HandRow { height: auto; }"
    prefix: ClassVar[str]
    strip_type: ClassVar[type[CardStrip]] = CardStrip
    cell: ClassVar[int]  # a hand card's width and its gap (game.tcss)

    def __init__(self) -> None:
        p = self.prefix
        super().__init__(id=f"{p}-hand")
        self.cards: list[Any] = []
        self.strip = self.strip_type(classes=f"{p}-handcards")
        self.empty = BoardText(classes=f"{p}-empty-hand")

    def compose(self) -> ComposeResult:
        yield self.strip
        yield self.empty

    def on_mount(self) -> None:
        self.follow_scrolling()

    def fit_laid_out(self) -> None:  # ScrolledHand's, and first the strip's width:
        # whole cards only: the strip is as wide as the cards that fit, none shows cut.
        fit = max(1, self.content_region.width // self.cell) * self.cell
        if self.strip.styles.width is None or self.strip.styles.width.value != fit:
            self.strip.styles.width = fit
        self.retitle()

    def lay_out(self, hand: list[int] | None, lang: str, title: str, folded: bool, card: type,
                show: Callable[[Any], None], folded_line: Callable[[], str],
                instead: str = "", note: str = "") -> None:
        """The cards of `hand` (None: hidden) shown by `show(card)`; folded, `folded_line()`
        in their place; with no cards, `instead` (markup) or why; `note` under them."""
        self._title, self._lang = title, lang
        self.cards = self.strip.sync([(f"{self.prefix}-h-{c}", c) for c in hand or []], card)
        for c in self.cards:
            show(c)
        self.strip.settle()
        if folded:
            self.cards = []  # out of the cursor's way
        self.strip.display = bool(hand) and not folded
        self.empty.display = not hand or folded or bool(note)
        if hand and folded:
            line = folded_line()
        elif hand:
            line = ""
        elif instead:
            line = instead
        else:
            why = "table.hand_hidden" if hand is None else "table.hand_empty"
            line = f"[dim]{text(why, lang)}[/]"
        if note:
            line = f"{line}\n{note}" if line else note
        repaint(self.empty, line)
        self.retitle()
        self.call_after_refresh(self.retitle)  # new cards have a place only once laid out


class Details(KeepsLines, Static):
    """What the cursor rests on, in full (`<game>.details.title`); text that does not fit
    ends with a pointer to the Info key, which shows it whole."""

    game: ClassVar[str]
    _whole = ("", "en")  # the text last shown, uncut, and its language

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache: KeptByText = KeptByText()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles_cache.forget()

    def show(self, markup: str, lang: str) -> None:
        titles(self, text(f"{self.game}.details.title", lang))
        self._whole = (markup, lang)
        self._paint(self._cut(markup, lang))

    def on_resize(self) -> None:
        self._paint(self._cut(*self._whole))

    def _cut(self, markup: str, lang: str) -> str:
        more = text(f"{self.game}.details.more", lang)
        return cut(markup, more, self.content_region.width, self.content_region.height)

    def _paint(self, markup: str) -> None:
        """Like `repaint` (its height is fixed: never a layout), with the markup parsed once
        per text: the cursor comes back to the same few items."""
        if markup == getattr(self, "_evo_markup", None):
            return
        self._evo_markup = markup
        self._styles_cache.text = markup
        self.update(_parsed(markup), layout=False)


@lru_cache(maxsize=256)
def _parsed(markup: str) -> Content:
    return Content.from_markup(markup)


@lru_cache(maxsize=256)  # the cursor comes back to the same few items
def cut(markup: str, more: str, width: int, height: int) -> str:
    """`markup` as it fits `height` lines of `width`: cut, the last line saying `more`."""
    if width <= 0 or height <= 1:
        return markup
    lines = Content.from_markup(markup).wrap(width)
    if len(lines) <= height:
        return markup
    kept = [line.markup for line in lines[: height - 1]]
    return "\n".join([*kept, f"[dim]{esc(more)}[/]"])
