"""A row of cards drawn by one widget: a card growing, coming or going repaints the row and
lays out nothing else in it.

A seat's row used to be a grid of card widgets, and Textual lays a screen out by arranging
every widget on it: a replay step where a card grew, came or left paid for a layout of every
card of the table, and a mounted or removed card for a second one. Here a `CardBoard`
holds `DrawnCard`s (plain objects: a frame's title and subtitle, a text, classes) and renders
them itself, line by line (Textual's line API): a change repaints the cards that changed, and
asks for a layout of the screen only when the row's height changes.

Each card looks as a widget with its classes would, to the cell: its CSS (the border by its
marks, the background, the opacity of a dimmed card) is resolved by Textual's stylesheet for
a stand-in widget with the card's classes, attached under the board but never mounted (as
Textual resolves a widget's component classes), and the card is framed by Textual's own
`StylesCache`. The cards lie in a grid as `CardGrid` laid them: as many equal columns as
fit (`MIN_CELL`), a cell between them, or columns of a fixed width (`CELL`); each line of
cards as tall as its tallest card.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, TypeVar, cast

from textual._resolve import resolve
from textual._styles_cache import StylesCache
from textual.content import Content
from textual.css.scalar import Scalar, Unit
from textual.geometry import Offset, Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from tui.widgets.cursor import Picked

if TYPE_CHECKING:
    from textual import events
    from textual.color import Color
    from textual.css.styles import RenderStyles
    from textual.style import Style

A = TypeVar("A")  # what a card is made from (its number)
C = TypeVar("C", bound="DrawnCard")
LOOKS_KEPT = 4  # drawings kept per card: plain, under the cursor, a target, …


@lru_cache(maxsize=1024)  # the same texts come back at every step of a replay
def parsed(markup: str) -> Content:
    return Content.from_markup(markup)


def _height(styles: RenderStyles, natural: int) -> int:
    """A card's height: its CSS height in cells if it has one, else as tall as its text and
    frame (at least its min-height in cells)."""
    height, least = styles.height, styles.min_height
    if height is not None and height.unit == Unit.CELLS:
        return int(height.value)
    return max(int(least.value) if least is not None and least.unit == Unit.CELLS else 1, natural)


class DrawnCard:
    """A card on a `CardBoard`: what a card widget showed, without the widget. A game's card
    sets its frame's title and subtitle (`frame`), its text (`paint`) and its classes
    (`set_class`); the board draws it with the CSS of `CSS_CLASS` and those classes."""

    CSS_CLASS: ClassVar[str] = ""  # the class its CSS is written for ("cl-animal")
    key = ""  # the cursor's key for it ("a:3")

    def __init__(self, card_id: str) -> None:
        self.card_id = card_id
        self.board: CardBoard | None = None
        self.classes: frozenset[str] = frozenset({self.CSS_CLASS})
        self.border_title: str | None = None
        self.border_subtitle: str | None = None
        self.body = ""
        self._marks: tuple[bool, bool, bool, bool] | None = None

    def has_class(self, name: str) -> bool:
        return name in self.classes

    def set_class(self, on: bool, name: str) -> None:
        if (name in self.classes) != on:
            self.classes = self.classes | {name} if on else self.classes - {name}
            self._changed()

    def frame(self, title: str | None = None, subtitle: str | None = None) -> None:
        """The frame's title and subtitle (markup); None leaves one as it is."""
        changed = False
        if title is not None and title != self.border_title:
            self.border_title, changed = title, True
        if subtitle is not None and subtitle != self.border_subtitle:
            self.border_subtitle, changed = subtitle, True
        if changed:
            self._changed()

    def paint(self, markup: str) -> None:
        """The card's text (markup)."""
        if markup != self.body:
            self.body = markup
            self._changed()

    def mark(self, cursor: bool, target: bool, picked: bool, dim: bool) -> None:
        """The cursor's marks (`TableItem.mark`): the classes of the cursor, a target, what
        was picked and what cannot be."""
        marks = (cursor, target, picked, dim)
        if marks == self._marks:  # a cursor key re-marks every item; most stay as they were
            return
        self._marks = marks
        for on, name in zip(marks, ("-cursor", "-target", "-picked", "-dim"), strict=True):
            self.set_class(on, name)

    def render(self) -> Content:
        """Its text, as a Static's `render` gave it."""
        return parsed(self.body)

    @property
    def region(self) -> Region:
        """Where it is on the screen (empty when not laid out)."""
        board = self.board
        if board is None:
            return Region()
        return board.card_region(self).translate(board.content_region.offset - board.scroll_offset)

    @property
    def virtual_region(self) -> Region:
        """Where it is on its board, scrolled or not (as a widget's is in its container)."""
        return self.board.card_region(self) if self.board is not None else Region()

    def scroll_visible(self, animate: bool = False) -> None:
        if self.board is not None:
            self.board.scroll_card_visible(self)

    def _changed(self) -> None:
        if self.board is not None:
            self.board.card_changed(self)


class _Look(Widget):
    """A stand-in for a card with some classes: Textual resolves its CSS and its colours as
    for a widget in the board's place (it is attached there, never mounted)."""


class CardBoard(Widget):
    """Cards in a grid, drawn by this one widget. `sync` sets its cards and `settle` lays
    them out; a card's own changes repaint it (`card_changed`); `columns` says how many a
    line holds as laid out now."""

    DEFAULT_CSS = "CardBoard { height: auto; }"
    MIN_CELL: ClassVar[int] = 22  # equal columns: the narrowest (with the gap after it)
    CELL: ClassVar[int] = 0  # else columns of this width, a card one cell narrower
    GAP: ClassVar[int] = 1  # between equal columns

    def __init__(self, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[DrawnCard] = []
        self._looks: dict[frozenset[str], _Look] = {}
        self._resolved_in: object = None  # what the looks were resolved in
        # per card: (its look, width, frame and text) -> (height, lines), the last few drawn:
        # a cursor key changes two cards' looks, and the cursor comes back to the same cards
        self._drawn: dict[int, dict[tuple[object, ...], tuple[int, list[Strip]]]] = {}
        self._places: dict[int, Region] = {}
        self._lines: list[tuple[int, int, list[DrawnCard]]] = []  # (y, height, cards) of each line
        self._laid: int | None = None  # the width the cards were laid out at
        self._height = 0
        self._columns = 1
        self.min_cell = self.MIN_CELL
        self._stale = False  # cards came, went or moved since the last `settle`
        self._changed: dict[int, DrawnCard] = {}  # cards changed since (by id)

    # --- the cards ----------------------------------------------------------------------------

    def sync(self, items: list[tuple[str, A]], make: Callable[[A, str], C]) -> list[C]:
        """Make the cards exactly `items` (ids in order), keeping those it has; returns them."""
        have = {c.card_id: c for c in self.cards}
        cards: list[C] = []
        for wid, arg in items:
            kept = have.pop(wid, None)
            if kept is None:
                card = make(arg, wid)
                card.board = self
            else:
                card = cast("C", kept)  # made by `make` for this board
            cards.append(card)
        for gone in have.values():
            gone.board = None
            self._drawn.pop(id(gone), None)
        if cards != self.cards:
            self.cards = list(cards)
            self._stale = True
        return cards

    def settle(self, again: bool = False) -> None:
        """After `sync` and the cards' changes: lay the cards out again if they came, went or
        moved, or `again`; else repaint those that changed (all of them if one's height did)."""
        changed, self._changed = self._changed, {}
        if self._stale or again:
            self._reshape()
            return
        if not changed or not self.is_attached:
            return
        regions = []
        for card in changed.values():
            place = self._places.get(id(card))
            if place is None or self._draw(card, place.width)[0] != place.height:
                self._reshape()
                return
            regions.append(Region(place.x, place.y, place.width, self._line_height(place.y))
                           .translate(-self.scroll_offset))
        self.refresh(*regions)

    @property
    def columns(self) -> int:
        return self._columns

    def card_changed(self, card: DrawnCard) -> None:
        """A card's frame, text or classes changed: repainted once the changes are made (a
        card's `show` makes several), at `settle`, or else before the next frame."""
        if not self._changed and self.is_attached:
            self.call_later(self.settle)
        self._changed[id(card)] = card

    def _reshape(self) -> None:
        """The cards or a card's height changed: lay them out again (the screen only when the
        board's height changes)."""
        self._laid = None
        width = self.size.width
        self._stale = False
        if not width or not self.is_attached:
            self.refresh(layout=True)
            return
        before = self._height
        self._lay_out(width)
        self.refresh(layout=self._height != before)

    # --- looks ---------------------------------------------------------------------------------

    def _look(self, classes: frozenset[str]) -> _Look:
        look = self._looks.get(classes)
        if look is None:
            look = self._looks[classes] = _Look(classes=" ".join(sorted(classes)))
            look._attach(self)
            self.app.stylesheet.apply(look)
        return look

    def _check_context(self) -> None:
        """The looks hold for the classes of the board's ancestors and the theme they were
        resolved in (a narrow terminal's cards are slimmer)."""
        context = (self.app.theme, id(self.app.stylesheet.rules),
                   tuple(node._classes for node in self.ancestors_with_self))
        if context != self._resolved_in:
            self._resolved_in = context
            self._looks.clear()
            self._drawn.clear()
            self._laid = None

    def notify_style_update(self) -> None:
        """Restyled (a theme chosen, a class of a container above changed): the cards' looks
        are resolved again, and their sizes with them."""
        super().notify_style_update()
        self._looks.clear()
        self._drawn.clear()
        self._laid = None
        if self.is_mounted:
            self.refresh(layout=True)

    # --- layout ---------------------------------------------------------------------------------

    def _widths(self, width: int) -> list[tuple[int, int]]:
        """Each column's (x, card width) at `width`."""
        if self.CELL:
            self._columns = max(1, width // self.CELL)
            return [(i * self.CELL, self.CELL - 1) for i in range(self._columns)]
        self._columns = max(1, (width + self.GAP) // self.min_cell)
        size = Size(width, 0)
        fr = Scalar(1, Unit.FRACTION, Unit.WIDTH)
        return resolve([fr] * self._columns, width, self.GAP, size, size)

    def _lay_out(self, width: int) -> None:
        self._check_context()
        columns = self._widths(width)
        n = len(columns)
        places: dict[int, Region] = {}
        lines: list[tuple[int, int, list[DrawnCard]]] = []
        y = 0
        for start in range(0, len(self.cards), n):
            line = self.cards[start:start + n]
            drawn = [self._draw(c, w)[0] for c, (_, w) in zip(line, columns, strict=False)]
            tall = max(drawn)
            for card, (x, w), h in zip(line, columns, drawn, strict=False):
                places[id(card)] = Region(x, y, w, h)
            lines.append((y, tall, line))
            y += tall
        self._places, self._lines, self._height = places, lines, y
        self._laid = width

    def _line_height(self, y: int) -> int:
        return next((h for top, h, _ in self._lines if top == y), 0)

    def card_region(self, card: DrawnCard) -> Region:
        """Where `card` is on the board."""
        return self._places.get(id(card), Region())

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self._laid != width:
            self._lay_out(width)
        return self._height

    def on_resize(self) -> None:
        if self._laid != self.size.width:
            self._reshape()

    # --- drawing ---------------------------------------------------------------------------------

    def _draw(self, card: DrawnCard, width: int) -> tuple[int, list[Strip]]:
        """The card's height at `width`, and its lines."""
        look = self._look(card.classes)
        key = (look, width, card.border_title, card.border_subtitle, card.body)
        kept = self._drawn.get(id(card))
        if kept is None:
            kept = self._drawn[id(card)] = {}
        else:
            found = kept.get(key)
            if found is not None:
                return found
        styles = look.styles
        gutter = styles.gutter
        inner = max(0, width - gutter.width)
        content = parsed(card.body)
        lines = Visual.to_strips(look, content, inner, None, look.visual_style)
        tall = _height(styles, len(lines) + gutter.height)
        pad = Strip.blank(inner, look.visual_style.rich_style)
        base, background = look.background_colors

        def label(markup: str | None, info: Callable[[Color], tuple[Color, Color, Style]]
                  ) -> tuple[Content, Color, Color, Style] | None:
            if markup is None:
                return None
            return (look.render_str(markup).expand_tabs(4).split()[0], *info(base))

        app = self.app
        strips = StylesCache().render(
            styles, Size(width, tall), base, background,
            lambda y: lines[y] if y < len(lines) else pad,
            [], label(card.border_title, look._get_title_style_information),
            label(card.border_subtitle, look._get_subtitle_style_information),
            content_size=Size(inner, tall - gutter.height), padding=styles.padding,
            crop=Region(0, 0, width, tall), opacity=styles.opacity,
            ansi_theme=app.ansi_theme, native_ansi=app.native_ansi_color)
        if len(kept) >= LOOKS_KEPT:
            del kept[next(iter(kept))]  # the oldest
        kept[key] = (tall, strips)
        return tall, strips

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._laid != width:
            self._lay_out(width)
        return self._row_line(y, width)

    def _row_line(self, y: int, width: int) -> Strip:
        """Line `y` of the cards, `width` cells from the board's left edge."""
        blank = self.visual_style.rich_style
        line = next(((top, h, cards) for top, h, cards in self._lines if top <= y < top + h), None)
        if line is None:
            return Strip.blank(width, blank)
        top, _, cards = line
        parts: list[Strip] = []
        x = 0
        for card in cards:
            place = self._places[id(card)]
            if place.x > x:
                parts.append(Strip.blank(place.x - x, blank))
            _, lines = self._draw(card, place.width)
            dy = y - top
            parts.append(lines[dy] if dy < len(lines) else Strip.blank(place.width, blank))
            x = place.right
        if x < width:
            parts.append(Strip.blank(width - x, blank))
        return Strip.join(parts).crop(0, width)

    # --- the mouse and the scroll ----------------------------------------------------------------

    def card_at(self, offset: Offset) -> DrawnCard | None:
        return next((c for c in self.cards if self.card_region(c).contains_point(offset)), None)

    def on_click(self, event: events.Click) -> None:
        card = self.card_at(Offset(event.x, event.y) + self.scroll_offset)
        if card is not None and card.key:
            event.stop()
            self.post_message(Picked(card.key))

    def scroll_card_visible(self, card: DrawnCard) -> None:
        """Scroll the containers above so that the card is in sight (as `scroll_visible`
        does for a widget), once laid out."""
        self.call_after_refresh(self._scroll_card_into_view, card)

    def _scroll_card_into_view(self, card: DrawnCard) -> None:
        region = self.card_region(card)
        if not region or card.board is not self or not self.is_attached:
            return
        widget: Widget = self
        region = region.translate(self.virtual_region_with_margin.offset)
        while isinstance(widget.parent, Widget):
            container = widget.parent
            offset = Offset(0, 0) if widget.styles.dock != "none" else container.scroll_to_region(
                region, spacing=widget.dock_gutter, animate=False, immediate=True)
            region = (region.translate(-offset)
                      .translate(container.styles.margin.top_left)
                      .translate(container.styles.border.spacing.top_left)
                      .translate(container.virtual_region_with_margin.offset)
                      .grow(container.styles.margin)
                      .intersection(container.virtual_region_with_margin))
            widget = container


class StripBoard(CardBoard, ScrollView, can_focus=False):
    """Cards side by side on one line that scrolls sideways (a hand, which would take the
    table's rows), drawn by this one widget: a card played or drawn repaints the strip and
    lays out nothing else (the screen only when its scroll bar comes or goes, or it empties).
    A card is as wide as its CSS says, its right margin the gap after it."""

    DEFAULT_CSS = "StripBoard { height: auto; overflow-x: auto; overflow-y: hidden; }"
    # Its cards' width, set by the board itself: no layout of the screen (the scroll bar's
    # own size is updated by `_reshape`).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def _lay_out(self, width: int) -> None:
        self._check_context()
        places: dict[int, Region] = {}
        x = tall = 0
        for card in self.cards:
            styles = self._look(card.classes).styles
            wide = styles.width
            w = int(wide.value) if wide is not None and wide.unit == Unit.CELLS else self.MIN_CELL
            h = self._draw(card, w)[0]
            places[id(card)] = Region(x, 0, w, h)
            x += w + styles.margin.right
            tall = max(tall, h)
        self._places, self._height, self._laid = places, tall, width
        self._lines = [(0, tall, list(self.cards))] if self.cards else []
        self._columns = max(1, len(self.cards))
        self.virtual_size = Size(x, tall)

    def _reshape(self) -> None:
        super()._reshape()
        if self.is_attached and self.container_size:
            # the scroll bar's thumb, and the scroll kept within the cards (a bar coming or
            # going changes the height: Textual lays the screen out then)
            self._scroll_update(self.virtual_size)
            self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._laid != width:
            self._lay_out(width)
        x = round(self.scroll_x)
        return self._row_line(y, max(self.virtual_size.width, x + width)).crop(x, x + width)

    def scroll_card_visible(self, card: DrawnCard) -> None:
        """Scroll the strip so that the card and the gap after it are in sight (as a widget's
        `scroll_visible` does, margin included)."""
        region = self.card_region(card)
        if region:
            gap = self._look(card.classes).styles.margin.right
            self.scroll_to_region(region.grow((0, gap, 0, 0)), animate=False, immediate=True)
